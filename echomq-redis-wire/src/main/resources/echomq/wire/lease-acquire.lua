#!lua
-- lease-acquire.lua: acquires a partition's lease for an owner, or renews the owner's own. Granted
-- when nobody holds it (never leased, released), when its holder's lease lapsed, or when the caller
-- holds it; the fencing epoch increments on every change of owner and never on a renewal, so a
-- script writing to the partition refuses a caller whose epoch is not the stored one. Expiry is
-- judged by this server's clock (TIME), so the members' clocks need not agree. The hash never
-- expires: its epoch must outlive every owner, or a stale owner's epoch could come round again.
--
-- KEYS[1]  the lease hash, in the partition's slot (fields `owner`, `epoch`, `expires` in Unix ms)
-- ARGV[1]  the owner asking
-- ARGV[2]  the lease's length in milliseconds
--
-- Returns {'GRANTED', owner, epoch, expires} or {'HELD', holder, epoch, expires} (nothing changed).
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local h = redis.call('HMGET', KEYS[1], 'owner', 'epoch', 'expires')
local owner, epoch, expires = h[1], tonumber(h[2] or '0'), tonumber(h[3] or '0')
if owner and owner ~= ARGV[1] and expires > now then
  return {'HELD', owner, string.format('%d', epoch), string.format('%d', expires)}
end
if owner ~= ARGV[1] then
  epoch = epoch + 1
end
local untilMs = now + tonumber(ARGV[2])
redis.call('HSET', KEYS[1], 'owner', ARGV[1], 'epoch', string.format('%d', epoch), 'expires', string.format('%d', untilMs))
return {'GRANTED', ARGV[1], string.format('%d', epoch), string.format('%d', untilMs)}
