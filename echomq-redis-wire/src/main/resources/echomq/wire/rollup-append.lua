#!lua
-- rollup-append.lua: appends an entry at the caller's id, or answers the stream's top when the id is
-- not above it, with nothing written: a rollup's one write (a bucket's entry at <start ms>-0).
--
-- KEYS[1]   the stream (created when it does not exist)
-- ARGV[1]   the entry id, <ms>-<seq>, above 0-0
-- ARGV[2..] the fields: name, value, name, value, ...
--
-- Returns {'OK', id} when the entry was appended; {'TOP', last-generated-id} when Redis refused the id
-- as not above the stream's top (the last generated id, which a deleted top entry leaves where it was).
-- Any other refusal (WRONGTYPE, OOM, ...) is the script's error reply.
local added = redis.pcall('XADD', KEYS[1], unpack(ARGV))
if type(added) == 'table' and added.err then
  if string.find(added.err, 'equal or smaller than the target stream top', 1, true) then
    local info = redis.call('XINFO', 'STREAM', KEYS[1])
    for i = 1, #info, 2 do
      if info[i] == 'last-generated-id' then
        return {'TOP', info[i + 1]}
      end
    end
  end
  return added
end
return {'OK', added}
