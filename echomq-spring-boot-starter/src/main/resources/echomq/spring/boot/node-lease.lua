#!lua
-- node-lease.lua: leases a snowflake node id (0..1023) to one process, so that writers that were
-- given no echomq.node-id never share one. Expiry is decided by the server's clock (TIME), so the
-- writers' clocks do not matter. One hash holds every lease, in one slot (a cluster runs it whole).
--
-- KEYS[1]  the lease hash, emq:{echomq}:nodes: node -> "<holder> <expires at, ms of the server's clock>"
-- ARGV[1]  the holder: a token of the process (never reused)
-- ARGV[2]  how long the lease lasts, ms
-- ARGV[3]  what to do: 'acquire', 'renew' or 'release'
-- ARGV[4]  acquire: the node to try first (0..1023, random, so processes starting together spread);
--          renew and release: the node held
--
-- Returns, for acquire: the node now held, or -1 when all 1024 are held; for renew: 1 when the
-- lease is still this holder's and was extended, 0 when it was lost (it lapsed and another took
-- it); for release: 1 when this holder's lease was removed, else 0.

local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local holder, ttl, what, node = ARGV[1], tonumber(ARGV[2]), ARGV[3], tonumber(ARGV[4])

local function held_by(n)
  local v = redis.call('HGET', KEYS[1], tostring(n))
  if not v then
    return nil
  end
  local who, until_ms = string.match(v, '^(%S+) (%d+)$')
  if not who or tonumber(until_ms) <= now then
    return nil -- lapsed (or unreadable): free
  end
  return who
end

if what == 'acquire' then
  for i = 0, 1023 do
    local n = (node + i) % 1024
    if held_by(n) == nil then
      redis.call('HSET', KEYS[1], tostring(n), holder .. ' ' .. tostring(now + ttl))
      return n
    end
  end
  return -1
elseif what == 'renew' then
  if held_by(node) ~= holder then
    return 0
  end
  redis.call('HSET', KEYS[1], tostring(node), holder .. ' ' .. tostring(now + ttl))
  return 1
elseif what == 'release' then
  if held_by(node) ~= holder then
    return 0
  end
  redis.call('HDEL', KEYS[1], tostring(node))
  return 1
end
return redis.error_reply('node-lease.lua: unknown action ' .. tostring(what))
