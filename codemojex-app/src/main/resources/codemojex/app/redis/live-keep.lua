#!lua
-- (#!lua: a script that writes, refused whole before it runs by a Redis refusing writes: OOM, MISCONF)
-- live-keep.lua: keeps the latest live casts readable while their lead leads (#54). The latest hash
-- lives ARGV[1] ms after its last cast (live-cast.lua): a value that does not change (an idle lobby)
-- would be gone for an instance that starts later. So the lead calls this at its lease's rounds: past
-- half its life the hash is given its whole life again, and a hash gone meanwhile (expired while no
-- instance led, or deleted) is written again from what the lead cast last. Otherwise nothing is
-- written: a round with the hash young enough costs one PTTL.
--
-- KEYS[1]  the latest casts (hash: <kind> -> its entry id, <kind>:game, <kind>:id, <kind>:data)
-- ARGV[1]  how long it lives, in ms
-- ARGV[2..] the lead's latest casts, five values each: kind, entry id, game, event id, event data
--
-- Returns 0 (young enough: nothing written), 1 (its life renewed) or 2 (written again).
local ttl = redis.call('PTTL', KEYS[1])
if ttl > tonumber(ARGV[1]) / 2 then
    return 0
end
local out = 1
if ttl == -2 then
    if #ARGV < 6 then
        return 0 -- nothing to write again
    end
    for i = 2, #ARGV, 5 do
        redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1], ARGV[i] .. ':game', ARGV[i + 2], ARGV[i] .. ':id', ARGV[i + 3], ARGV[i] .. ':data', ARGV[i + 4])
    end
    out = 2
end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return out
