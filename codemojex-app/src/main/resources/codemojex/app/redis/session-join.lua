-- session-join.lua: gives a player name in a game to a new session, atomically, unless a session
-- that has not expired holds it. Expiry is decided by the app's clock (ARGV[4]), not Redis's: the
-- players hash keeps each name's expiry; the session's own TTL only lets Redis forget it later.
--
-- KEYS[1]  the game's players hash (player -> expiry, epoch ms)
-- KEYS[2]  the new session's hash (named by the hash of its token)
-- ARGV[1]  the player name
-- ARGV[2]  the game id
-- ARGV[3]  the session's expiry, epoch ms
-- ARGV[4]  now, epoch ms
-- ARGV[5]  how long Redis keeps the session hash, ms
--
-- Returns 1 when the name was given to the session, 0 when a live session holds it.

local held = redis.call('HGET', KEYS[1], ARGV[1])
if held and tonumber(held) > tonumber(ARGV[4]) then
  return 0
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('HSET', KEYS[2], 'game', ARGV[2], 'player', ARGV[1], 'expires', ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[5])
return 1
