#!lua
-- lease-release.lua: lets go of a partition's lease when the caller holds it, so that another member
-- may acquire it at once. The epoch is kept: the next acquire, by anyone, increments it.
--
-- KEYS[1]  the lease hash (fields `owner`, `epoch`, `expires`)
-- ARGV[1]  the owner letting go
--
-- Returns 1 when the caller held it, else 0 (nothing changed).
if redis.call('HGET', KEYS[1], 'owner') ~= ARGV[1] then
  return 0
end
redis.call('HDEL', KEYS[1], 'owner')
redis.call('HSET', KEYS[1], 'expires', '0')
return 1
