#!lua
-- (#!lua: a script that writes, refused whole before it runs by a Redis refusing writes: OOM, MISCONF)
-- idempotency-complete.lua: keeps the answer of an Idempotency-Key's first request, sealed by the
-- app, for as long as retries are answered it again (24 h), if the attempt still holds the key:
-- one whose lease ended may not answer for a key another attempt holds now.
--
-- KEYS[1]  the key's record (a hash: state, fingerprint, owner, answer)
-- ARGV[1]  the attempt's owner id
-- ARGV[2]  the answer, sealed (base64)
-- ARGV[3]  how long the answer is kept, ms
--
-- Returns 1 when the answer is kept, 0 when the attempt no longer holds the key.

if redis.call('HGET', KEYS[1], 'owner') ~= ARGV[1] or redis.call('HGET', KEYS[1], 'state') ~= 'running' then
  return 0
end
redis.call('HSET', KEYS[1], 'state', 'done', 'answer', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
