#!lua
-- (#!lua: a script that writes, refused whole before it runs by a Redis refusing writes: OOM, MISCONF)
-- board-record.lua: records a player's points on a game's board and returns the best after it,
-- atomically. The board holds the negated best, so ZADD LT ("only if lower") keeps the highest
-- best, and an ascending ZRANGE ranks best first, ties by member bytes (Redis orders equal scores
-- so): a member is the player's name, a TAB and its player id, so ties rank by name, then by id.
--
-- KEYS[1]  the game's board (sorted set of player member -> negated best)
-- ARGV[1]  the negated points of this record
-- ARGV[2]  the player's member: name TAB player id (the name alone for a player of the data
--          written before player ids)
--
-- Returns the negated best after the record, as ZSCORE answers it.

redis.call('ZADD', KEYS[1], 'LT', ARGV[1], ARGV[2])
return redis.call('ZSCORE', KEYS[1], ARGV[2])
