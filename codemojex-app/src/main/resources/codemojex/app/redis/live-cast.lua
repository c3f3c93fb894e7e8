#!lua
-- (#!lua: a script that writes, refused whole before it runs by a Redis refusing writes: OOM, MISCONF)
-- live-cast.lua: casts one live value for every instance to push to its pages (#54): appended to the
-- casts stream (trimmed to about its last ARGV[1] entries: the casts are read as they come), and, for
-- a value a page gets as it connects (the feed, the lobby), kept as the latest of its kind.
--
-- KEYS[1]  the casts stream
-- KEYS[2]  the latest casts (hash: <kind> -> its entry id, <kind>:game, <kind>:id, <kind>:data)
-- ARGV[1]  the entries the stream keeps, about
-- ARGV[2]  the kind          ARGV[3]  the game ('' for every page)
-- ARGV[4]  the event id      ARGV[5]  the event data
-- ARGV[6]  '1' to keep it as the latest of its kind
-- ARGV[7]  how long both keys live after this cast, in ms: an idle deployment's casts go with their hour
--          (the lead keeps the latest alive while it leads: live-keep.lua)
--
-- Returns the cast's entry id.

local at = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'kind', ARGV[2], 'game', ARGV[3], 'event', ARGV[4], 'data', ARGV[5])
if ARGV[6] == '1' then
    redis.call('HSET', KEYS[2], ARGV[2], at, ARGV[2] .. ':game', ARGV[3], ARGV[2] .. ':id', ARGV[4], ARGV[2] .. ':data', ARGV[5])
    redis.call('PEXPIRE', KEYS[2], ARGV[7])
end
redis.call('PEXPIRE', KEYS[1], ARGV[7])
return at
