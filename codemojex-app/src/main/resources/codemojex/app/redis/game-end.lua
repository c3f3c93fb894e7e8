#!lua
-- (#!lua: a script that writes, refused whole before it runs by a Redis refusing writes: OOM, MISCONF)
-- game-end.lua: ends a game idle for `serve --keep` (#48), in one step (a script runs atomically):
-- an open game is closed first (its `game-closed` entry appended), then, open or cracked, one small
-- record is kept (room, times, status, winner, secret, how many guesses, the final board's top) and
-- every key of its state removed (UNLINK: freed off the main thread), and it leaves its partition's
-- games. Nothing is done when a guess was scored after the idle bound (the Java side decided on a
-- read made before): the game is active again. Every key is in the game's partition's slot.
--
-- KEYS[1]  the game hash (status, opened, last, room, secret, winner, winnerId)
-- KEYS[2]  the game's board (sorted set: member name TAB player id -> negated best)
-- KEYS[3]  the game's results (hash: guess id -> stored result)
-- KEYS[4]  the game's players hash
-- KEYS[5]  the game's skeletons hash
-- KEYS[6]  the game's holders hash
-- KEYS[7]  the records kept of the partition's ended games (hash: game id -> record), its record written here
-- KEYS[8]  the partition's games (sorted set: game id -> opened, epoch ms)
-- KEYS[9]  the partition's `game-closed` stream
-- KEYS[10] the game's sessions hash (the hash of a session's token -> expiry)
-- KEYS[11] the partition's games ended and not yet dropped from the boards checkpoint (sorted set:
--          game id -> ended, epoch ms): the checkpointer drops each once it saved a checkpoint without it
-- KEYS[12 ..] the game's session hashes, one per field of KEYS[10] as the caller read it
--
-- ARGV[1]       the game id
-- ARGV[2]       the idle bound, epoch ms: a game whose last activity (`last`, else `opened`) is after it is left
-- ARGV[3]       now, epoch ms: when a closed game ended
-- ARGV[4]       n: how many places of the board the record keeps
-- ARGV[5]       the `game-closed` entry's id, <ms>-<seq> (used only when the game is open)
-- ARGV[6 .. ]   the `game-closed` entry's fields and values, in wire order (`id <branded>` first)
--
-- Returns {'ENDED', 'closed' | 'settled'}; {'ACTIVE'} when its last activity is after the bound, or
-- a player joined since the caller read its sessions (nothing written); {'GONE'} when the game has no state (it leaves the games set); {'BEHIND', top}
-- when the entry's id is not above the stream's last generated id (nothing written).

local h = redis.call('HMGET', KEYS[1], 'status', 'opened', 'last', 'room', 'secret', 'winner', 'winnerId')
if not h[1] then
  redis.call('ZREM', KEYS[8], ARGV[1])
  return {'GONE'}
end
local last = h[3] or h[2]
if tonumber(last) > tonumber(ARGV[2]) then
  return {'ACTIVE'}
end
if redis.call('HLEN', KEYS[10]) ~= #KEYS - 11 then
  return {'ACTIVE'}
end
local closing = h[1] ~= 'settled'
if closing then
  local added = redis.pcall('XADD', KEYS[9], ARGV[5], unpack(ARGV, 6, #ARGV))
  if type(added) == 'table' and added.err then
    if string.find(added.err, 'equal or smaller', 1, true) then
      local info = redis.call('XINFO', 'STREAM', KEYS[9])
      for i = 1, #info, 2 do
        if info[i] == 'last-generated-id' then
          return {'BEHIND', info[i + 1]}
        end
      end
    end
    return added
  end
end
local places = redis.call('ZRANGE', KEYS[2], 0, tonumber(ARGV[4]) - 1, 'WITHSCORES')
local top = {}
for i = 1, #places, 2 do
  top[#top + 1] = string.format('%d', 0 - tonumber(places[i + 1])) .. '\t' .. places[i]
end
local status = closing and 'closed' or 'settled'
-- the record: one line of tab-separated values (v1, room, opened, ended, status, secret, guesses,
-- winner, winner id), then a line per place of the board (best TAB member); no value holds a tab or
-- a line break (ids, epoch ms, emojis with spaces, names that refuse control characters)
local record = table.concat({'v1', h[4], h[2], closing and ARGV[3] or last, status, h[5], redis.call('HLEN', KEYS[3]),
  h[6] or '', h[7] or ''}, '\t')
if #top > 0 then
  record = record .. '\n' .. table.concat(top, '\n')
end
redis.call('HSET', KEYS[7], ARGV[1], record)
redis.call('UNLINK', KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[10])
for i = 12, #KEYS do
  redis.call('UNLINK', KEYS[i])
end
redis.call('ZREM', KEYS[8], ARGV[1])
redis.call('ZADD', KEYS[11], closing and ARGV[3] or last, ARGV[1])
return {'ENDED', status}
