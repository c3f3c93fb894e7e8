-- Answers a reply of the shape ARGV[1] names, to test how replies of every shape are read.
-- KEYS[1]: any key (it routes the call; the script does not touch it)
-- ARGV[1]: integer | bulk | nil | status | empty | nested
-- ARGV[2]: the text the bulk and nested replies carry
local shape = ARGV[1]
if shape == 'integer' then return 42 end
if shape == 'bulk' then return ARGV[2] end
if shape == 'nil' then return false end
if shape == 'status' then return redis.status_reply('OK') end
if shape == 'empty' then return {} end
if shape == 'nested' then return {ARGV[2], 7, {ARGV[2], {}, {1, 2}}, {}} end
return redis.error_reply('unknown shape ' .. shape)
