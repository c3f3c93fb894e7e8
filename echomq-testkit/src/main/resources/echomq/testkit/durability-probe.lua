-- durability-probe.lua: a script that writes one value, for the durability contract to wait on
-- (DurabilityContract): what a script writes is acknowledged once the replicas hold it.
--
-- KEYS[1]  the key to write
-- ARGV[1]  its value
--
-- Returns 1.

redis.call('SET', KEYS[1], ARGV[1])
return 1
