#!lua
-- (#!lua: a script that writes, refused whole before it runs by a Redis refusing writes: OOM, MISCONF)
-- ended-forget.lua: takes games out of their partition's ended games once a boards checkpoint
-- without them was saved (#48): the checkpoint no longer holds their boards, so nothing need
-- filter them again. One ZREM; a script only because the app's adapters send no plain ZREM.
--
-- KEYS[1]  the partition's ended games (sorted set: game id -> ended, epoch ms)
-- ARGV     the game ids
--
-- Returns how many were taken out.

return redis.call('ZREM', KEYS[1], unpack(ARGV))
