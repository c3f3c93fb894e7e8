#!lua
-- (#!lua: a script that writes, refused whole before it runs by a Redis refusing writes: OOM, MISCONF)
-- write-probe.lua: asks a Redis node whether it accepts writes now, and writes nothing. The shebang
-- declares it a writing script, so a node that refuses writes (out of memory under noeviction,
-- or unable to persist: MISCONF) refuses it before it runs, with the error a write would get; a
-- node that accepts writes runs it, and it returns at once: nothing is written, replicated or
-- appended to the AOF.
--
-- KEYS[1]  a key of the slot whose node is asked (not read: it only routes the call on a cluster)
--
-- Returns 1.

return 1
