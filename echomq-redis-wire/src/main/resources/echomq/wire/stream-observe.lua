-- stream-observe.lua: a stream's XINFO STREAM and the entry at one id, read at one instant
-- (a script runs atomically), for the proof that a cached fold still holds.
--
-- KEYS[1]  the stream
-- ARGV[1]  the id to probe, <ms>-<seq>
--
-- Returns false when there is no such key; else {XINFO STREAM reply, XRANGE reply of the probed
-- id (empty when the stream holds no entry there)}. A key of another type fails with WRONGTYPE.

if redis.call('EXISTS', KEYS[1]) == 0 then
  return false
end
local info = redis.call('XINFO', 'STREAM', KEYS[1])
local probed = redis.call('XRANGE', KEYS[1], ARGV[1], ARGV[1], 'COUNT', 1)
return {info, probed}
