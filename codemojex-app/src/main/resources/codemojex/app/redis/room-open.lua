#!lua
-- (#!lua: a script that writes, refused whole before it runs by a Redis refusing writes: OOM, MISCONF)
-- room-open.lua: opens a game all or nothing: its hash and its `room-opened` entry, in one step (a
-- script runs atomically). Before it, a refusal between the two writes left a game hash no event
-- named (POST /rooms, #48). The entry's id is the app's, minted above the stream's top as it knew it;
-- when it is not above the top now (another writer's clock ran ahead), nothing is written and the
-- top is answered, so that the app mints above it and calls again. The game hash and the stream
-- share the game's partition's hash tag: one Redis Cluster node runs it.
--
-- KEYS[1]  the game hash (emq:{cm…}:game:<id>)
-- KEYS[2]  the partition's `room-opened` stream
-- KEYS[3]  the partition's games (a sorted set: game id -> opened, epoch ms), read by `serve --keep`
--
-- ARGV[1]          the entry's id, <ms>-<seq>
-- ARGV[2]          n: how many field and value items of the game hash follow
-- ARGV[3 .. 2+n]   the game hash's fields and values
-- ARGV[3+n .. ]    the entry's fields and values, in wire order (`id <branded>` first)
-- The game id and its opening are read from the game hash's fields `opened` and from KEYS[1]'s last part.
--
-- Returns {'OK'}; {'EXISTS'} when a game of that id exists (nothing written); {'BEHIND', top} when
-- the id is not above the stream's last generated id (nothing written). Any other error of the XADD
-- is answered as it is, nothing written.

if redis.call('EXISTS', KEYS[1]) == 1 then
  return {'EXISTS'}
end
local n = tonumber(ARGV[2])
local entry = {}
for i = 3 + n, #ARGV do
  entry[#entry + 1] = ARGV[i]
end
local added = redis.pcall('XADD', KEYS[2], ARGV[1], unpack(entry))
if type(added) == 'table' and added.err then
  if string.find(added.err, 'equal or smaller', 1, true) then
    local info = redis.call('XINFO', 'STREAM', KEYS[2])
    for i = 1, #info, 2 do
      if info[i] == 'last-generated-id' then
        return {'BEHIND', info[i + 1]}
      end
    end
  end
  return added
end
local hash = {}
for i = 3, 2 + n do
  hash[#hash + 1] = ARGV[i]
end
redis.call('HSET', KEYS[1], unpack(hash))
if KEYS[3] then
  local opened = redis.call('HGET', KEYS[1], 'opened')
  redis.call('ZADD', KEYS[3], opened, string.match(KEYS[1], ':game:(.+)$'))
end
return {'OK'}
