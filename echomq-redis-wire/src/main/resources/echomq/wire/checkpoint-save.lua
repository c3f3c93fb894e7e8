#!lua
-- (#!lua: a script that writes, refused whole before it runs by a Redis refusing writes: OOM, MISCONF)
-- checkpoint-save.lua: writes a projection's checkpoint whole (a script runs atomically), unless the
-- stored one is of the same version, folded at least as far, and still holds (its last entry is in
-- the stream with the same branded id): two savers can never move a checkpoint back.
--
-- KEYS[1]  the checkpoint hash (emq:{queue}:checkpoint:<stream>:<projection>:<window>)
-- KEYS[2]  the stream it folds
-- KEYS[3]  the stream's index of checkpoints (a set of checkpoint keys)
--
-- ARGV[1]  the id the new checkpoint is folded up to, <ms>-<seq>
-- ARGV[2]  time to live in milliseconds, '0' for none
-- ARGV[3]  the projection's version
-- ARGV[4 .. #ARGV]  the checkpoint's hash fields: field, value, …
--
-- Returns 1 when saved, 0 when the stored checkpoint was kept.

-- ids are <ms>-<seq> in decimal without leading zeros: compare by length, then by digits
local function above(a, b)
  local am, as = string.match(a, '^(%d+)-(%d+)$')
  local bm, bs = string.match(b, '^(%d+)-(%d+)$')
  if #am ~= #bm then return #am > #bm end
  if am ~= bm then return am > bm end
  if #as ~= #bs then return #as > #bs end
  return as > bs
end

local stored = redis.call('HGET', KEYS[1], 'up-to')
if stored and redis.call('HGET', KEYS[1], 'version') == ARGV[3] and not above(ARGV[1], stored) then
  local branded = redis.call('HGET', KEYS[1], 'up-to-branded') or ''
  local at = redis.call('XRANGE', KEYS[2], stored, stored)
  if #at == 1 then
    local id = ''
    local fields = at[1][2]
    for i = 1, #fields, 2 do
      if fields[i] == 'id' then id = fields[i + 1] end
    end
    if id == branded then
      return 0
    end
  end
end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], unpack(ARGV, 4))
if ARGV[2] ~= '0' then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
redis.call('SADD', KEYS[3], KEYS[1])
return 1
