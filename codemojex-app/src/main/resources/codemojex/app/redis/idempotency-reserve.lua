#!lua
-- (#!lua: a script that writes, refused whole before it runs by a Redis refusing writes: OOM, MISCONF)
-- idempotency-reserve.lua: holds an Idempotency-Key for one attempt of its first request, unless
-- the key's record exists; atomic, so that of N attempts with one key at once exactly one runs.
-- When the record exists it writes nothing and answers what it holds: the app decides (a replay,
-- a 422 for another request, a 409 while the first runs). The record is named by the hash of the
-- scope and the key (neither is stored) in the slot of the request's game, or {cm} for a room.
--
-- KEYS[1]  the key's record (a hash: state running|done, fingerprint, owner, answer)
-- ARGV[1]  the request's fingerprint (SHA-256 of its method, path and body)
-- ARGV[2]  the attempt's owner id (random)
-- ARGV[3]  the lease, ms: how long the key is held while the attempt runs
--
-- Returns 1 when the key is now held for ARGV[2]; else {state, fingerprint, answer} of the record
-- (no answer while it runs).

local held = redis.call('HMGET', KEYS[1], 'state', 'fingerprint', 'answer')
if held[1] then
  return held
end
redis.call('HSET', KEYS[1], 'state', 'running', 'fingerprint', ARGV[1], 'owner', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
