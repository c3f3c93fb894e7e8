#!lua
-- (#!lua: a script that writes, refused whole before it runs by a Redis refusing writes: OOM, MISCONF)
-- idempotency-confirm.lua: before an answer kept for an Idempotency-Key is given again under
-- serve --durability replicated, writes the record again as it is (its expiry set to what is
-- left of it), so that the WAIT after this script, on its connection, answers for the record: it
-- and everything written before it in its slot (the first request's writes) are on the replicas.
-- An answer kept by a request whose replicas were silent is given again only once they hold it.
--
-- KEYS[1]  the key's record (a hash: state, fingerprint, owner, answer)
--
-- Returns 1 when the record was written again, 0 when there is none (it expired meanwhile).

local left = redis.call('PTTL', KEYS[1])
if left <= 0 then
  return 0
end
redis.call('PEXPIRE', KEYS[1], left)
return 1
