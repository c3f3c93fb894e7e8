#!lua
-- (#!lua: a script that writes, refused whole before it runs by a Redis refusing writes: OOM, MISCONF)
-- idempotency-release.lua: lets an Idempotency-Key go after its attempt failed having written
-- nothing, so that a retry runs again; only the attempt holding the key, and never an answered one.
--
-- KEYS[1]  the key's record (a hash: state, fingerprint, owner, answer)
-- ARGV[1]  the attempt's owner id
--
-- Returns 1 when the key was let go, 0 when the attempt no longer held it.

if redis.call('HGET', KEYS[1], 'owner') ~= ARGV[1] or redis.call('HGET', KEYS[1], 'state') ~= 'running' then
  return 0
end
redis.call('DEL', KEYS[1])
return 1
