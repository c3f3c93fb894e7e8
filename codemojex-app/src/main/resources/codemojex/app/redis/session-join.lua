#!lua
-- (#!lua: a script that writes, refused whole before it runs by a Redis refusing writes: OOM, MISCONF)
-- session-join.lua: gives a player name in a game to a new session, atomically, unless a session
-- that has not expired holds it, or holds a name that looks like it (a look in common: the UTS #39
-- skeleton, or the skeleton of the case fold, computed by the app: PlayerName.looks). Expiry is
-- decided by the app's clock (ARGV[4]), not Redis's: the players hash keeps each name's expiry; the
-- session's own TTL only lets Redis forget it later. The skeletons hash keeps, per look, the name
-- that last took it: that name's expiry in the players hash says whether the look is still held. The player id is minted by the app
-- (a new one for every session: the session is the identity); the session's hash keeps it, and the
-- holders hash says which player id holds each name now.
--
-- KEYS[1]  the game's players hash (player -> expiry, epoch ms)
-- KEYS[2]  the new session's hash (named by the hash of its token)
-- KEYS[3]  the game's skeletons hash (look -> player: a skeleton, or "fold:" and the skeleton of the case fold)
-- KEYS[4]  the game's holders hash (player -> the player id of the session that last claimed the name)
-- KEYS[5]  the game's sessions hash (the hash of a session's token -> its expiry, epoch ms), so that
--          `serve --keep` removes a game's sessions with it (#48); left out, not kept
-- ARGV[1]  the player name
-- ARGV[2]  the game id
-- ARGV[3]  the session's expiry, epoch ms
-- ARGV[4]  now, epoch ms
-- ARGV[5]  how long Redis keeps the session hash, ms
-- ARGV[6]  the name's skeleton
-- ARGV[7]  the new session's player id (PLR…)
-- ARGV[8 ..]  the name's other looks ("fold:" and the skeleton of its case fold); none from an app before #54
--
-- Returns 1 when the name was given to the session; else the live name in the way: ARGV[1] itself
-- when a live session holds it, or the other live name of the same skeleton.

local now = tonumber(ARGV[4])
local held = redis.call('HGET', KEYS[1], ARGV[1])
if held and tonumber(held) > now then
  return ARGV[1]
end
local looks = {ARGV[6]}
for i = 8, #ARGV do
  looks[#looks + 1] = ARGV[i]
end
for _, look in ipairs(looks) do
  local owner = redis.call('HGET', KEYS[3], look)
  if owner and owner ~= ARGV[1] then
    local until_ms = redis.call('HGET', KEYS[1], owner)
    if until_ms and tonumber(until_ms) > now then
      return owner
    end
  end
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
for _, look in ipairs(looks) do
  redis.call('HSET', KEYS[3], look, ARGV[1])
end
redis.call('HSET', KEYS[4], ARGV[1], ARGV[7])
redis.call('HSET', KEYS[2], 'game', ARGV[2], 'player', ARGV[1], 'id', ARGV[7], 'expires', ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[5])
if KEYS[5] then
  redis.call('HSET', KEYS[5], string.match(KEYS[2], ':([^:]+)$'), ARGV[3])
end
return 1
