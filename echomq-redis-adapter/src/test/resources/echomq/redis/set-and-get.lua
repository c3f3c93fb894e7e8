-- KEYS[1]: a key; ARGV[1]: a value. Sets it and answers what it holds now (the connection's script runner, tested).
redis.call('SET', KEYS[1], ARGV[1])
return redis.call('GET', KEYS[1])
