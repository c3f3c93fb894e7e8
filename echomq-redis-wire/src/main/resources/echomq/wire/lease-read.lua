-- lease-read.lua: a partition's lease as stored, read-only (no shebang: served while writes are refused).
--
-- KEYS[1]  the lease hash (fields `owner`, `epoch`, `expires`)
--
-- Returns {owner or '', epoch or '0', expires or '0'}.
local h = redis.call('HMGET', KEYS[1], 'owner', 'epoch', 'expires')
return {h[1] or '', h[2] or '0', h[3] or '0'}
