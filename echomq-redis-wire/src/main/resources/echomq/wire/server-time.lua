-- server-time.lua: the clock of the server that holds a key, for buckets that close on the
-- store's time rather than a process's own.
--
-- KEYS[1]  the stream (only to route the call to the node of its slot on a cluster; not read)
--
-- Returns TIME's reply: {unix seconds, microseconds}, both as strings.

return redis.call('TIME')
