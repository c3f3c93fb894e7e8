#!lua
-- members-leave.lua: a member leaves at once (a clean stop), without waiting for its heartbeat to lapse.
--
-- KEYS[1]  the members' sorted set
-- ARGV[1]  the member
--
-- Returns 1 when it was a member, else 0.
return redis.call('ZREM', KEYS[1], ARGV[1])
