#!lua
-- members-beat.lua: a member's heartbeat. Keeps the member alive until now + ttl (this server's
-- clock), drops the members whose heartbeat lapsed, and answers the live ones. The set itself
-- lapses when no member beats for twice the ttl.
--
-- KEYS[1]  the members' sorted set (member -> Unix ms it counts as alive until), in the channel's slot
-- ARGV[1]  the member
-- ARGV[2]  the ttl in milliseconds
--
-- Returns the live members (in no particular order).
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[2])
redis.call('ZADD', KEYS[1], string.format('%d', now + ttl), ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', string.format('(%d', now))
redis.call('PEXPIRE', KEYS[1], string.format('%d', 2 * ttl))
return redis.call('ZRANGE', KEYS[1], 0, -1)
