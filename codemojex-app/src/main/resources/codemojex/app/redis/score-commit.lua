-- score-commit.lua: commits the outcome of one scored guess, all at once (a script runs atomically).
--
-- Appends `guess-scored` (and `game-settled` for a 600), records the player's best on the board,
-- keeps the guess's result and acknowledges the delivery; or, for a guess already committed, only
-- acknowledges it; or, for a game that is no longer open, keeps the rejection and acknowledges.
-- The player's best is read and raised here, by the rule of Referee.best: best = max(previous, total).
-- Every key is in the game's hash slot ({cm}), so the script runs on one Redis Cluster node.
--
-- KEYS[1]  the `guesses` stream (the consumer group's stream)
-- KEYS[2]  the `guess-scored` stream
-- KEYS[3]  the game's board: a sorted set of player -> negated best (ZADD LT keeps the highest best)
-- KEYS[4]  the game's results: a hash of guess id -> stored result
-- KEYS[5]  the game's hash (field `status`: open | settled; `winner`)
-- KEYS[6]  the `game-settled` stream
--
-- ARGV[1]  the consumer group
-- ARGV[2]  the entry id of the delivered guess, to XACK
-- ARGV[3]  the guess id
-- ARGV[4]  the player
-- ARGV[5]  the guess's total, 0..600
-- ARGV[6]  the stored result of a scored guess, without its last part: the best is appended here
-- ARGV[7]  the stored result of a rejected guess
-- ARGV[8]  the entry id of the `guess-scored` entry (host-minted, the A1 mapping of its branded id)
-- ARGV[9]  the entry id of the `game-settled` entry, or '' when the guess does not settle the game
-- ARGV[10] n: how many of the following arguments are the `guess-scored` field items; 0 for a
--          guess the caller already knows to be rejected
-- ARGV[11 .. 10+n]  the `guess-scored` field items (`id`, branded id, then field, value, …)
--                   without the last field, `best`, which is appended here
-- ARGV[11+n .. #ARGV]  the `game-settled` field items, when ARGV[9] is not ''
--
-- Returns {'DUPLICATE'}, {'REJECTED'}, {'APPLIED', previous best} (0 when the player had none), or
-- {'BEHIND', top} when ARGV[8] (or ARGV[9]) is not above the top of its stream (another worker with a
-- faster clock appended there): then nothing was written, and the caller mints above the top and
-- calls again. The check comes before the first write, as a script that fails halfway keeps what it
-- wrote.

-- The stream's last generated id when `id` is not above it, else false. Ids are compared as two
-- numbers: a millisecond and a tail below 2^22 are exact in Lua's doubles.
local function behind(key, id)
  if redis.call('EXISTS', key) == 0 then
    return false
  end
  local info = redis.call('XINFO', 'STREAM', key)
  local top
  for i = 1, #info, 2 do
    if info[i] == 'last-generated-id' then
      top = info[i + 1]
    end
  end
  local tms, tseq = string.match(top, '^(%d+)-(%d+)$')
  local ims, iseq = string.match(id, '^(%d+)-(%d+)$')
  tms, tseq, ims, iseq = tonumber(tms), tonumber(tseq), tonumber(ims), tonumber(iseq)
  if ims > tms or (ims == tms and iseq > tseq) then
    return false
  end
  return top
end

if redis.call('HEXISTS', KEYS[4], ARGV[3]) == 1 then
  redis.call('XACK', KEYS[1], ARGV[1], ARGV[2])
  return {'DUPLICATE'}
end
local n = tonumber(ARGV[10])
if n == 0 or redis.call('HGET', KEYS[5], 'status') ~= 'open' then
  redis.call('HSET', KEYS[4], ARGV[3], ARGV[7])
  redis.call('XACK', KEYS[1], ARGV[1], ARGV[2])
  return {'REJECTED'}
end
local top = behind(KEYS[2], ARGV[8])
if not top and ARGV[9] ~= '' then
  top = behind(KEYS[6], ARGV[9])
end
if top then
  return {'BEHIND', top}
end
local total = tonumber(ARGV[5])
local stored = redis.call('ZSCORE', KEYS[3], ARGV[4])
local previous = 0
if stored then
  previous = 0 - tonumber(stored) -- not -x: -0 would print as "-0"
end
local best = math.max(previous, total)
local scored = {}
for i = 11, 10 + n do
  scored[#scored + 1] = ARGV[i]
end
scored[#scored + 1] = 'best'
scored[#scored + 1] = tostring(best)
redis.call('XADD', KEYS[2], ARGV[8], unpack(scored))
redis.call('ZADD', KEYS[3], 'LT', 0 - total, ARGV[4])
redis.call('HSET', KEYS[4], ARGV[3], ARGV[6] .. tostring(best))
if ARGV[9] ~= '' then
  local settled = {}
  for i = 11 + n, #ARGV do
    settled[#settled + 1] = ARGV[i]
  end
  redis.call('HSET', KEYS[5], 'status', 'settled', 'winner', ARGV[4])
  redis.call('XADD', KEYS[6], ARGV[9], unpack(settled))
end
redis.call('XACK', KEYS[1], ARGV[1], ARGV[2])
return {'APPLIED', tostring(previous)}
