-- score-commit.lua: commits the outcomes of a batch of scored guesses, all at once (a script runs
-- atomically), in the order given.
--
-- For each guess: appends `guess-scored` (and `game-settled` for a 600), records the player's best on
-- the board, keeps the guess's result and acknowledges the delivery; or, for a guess already
-- committed, only acknowledges it; or, for a game that is no longer open (also when an earlier guess
-- of the batch settled it), keeps the rejection and acknowledges. The player's best is read and
-- raised here, by the rule of Referee.best: best = max(previous, total). Every key is in the game
-- queue's hash slot ({cm}), so the script runs on one Redis Cluster node.
--
-- KEYS[1]  the `guesses` stream (the consumer group's stream)
-- KEYS[2]  the `guess-scored` stream
-- KEYS[3]  the `game-settled` stream
-- KEYS[4 + 3(i-1)]  guess i's game board: a sorted set of player -> negated best (ZADD LT keeps the highest best)
-- KEYS[5 + 3(i-1)]  guess i's game results: a hash of guess id -> stored result
-- KEYS[6 + 3(i-1)]  guess i's game hash (field `status`: open | settled; `winner`)
--
-- ARGV[1]  the consumer group
-- ARGV[2]  k: how many guesses the batch holds
-- then one block per guess, in order (numbered from 1 within the block):
--   1  the entry id of the delivered guess, to XACK
--   2  the guess id
--   3  the player
--   4  the guess's total, 0..600
--   5  the stored result of a scored guess, without its last part: the best is appended here
--   6  the stored result of a rejected guess
--   7  the entry id of the `guess-scored` entry (host-minted, the A1 mapping of its branded id)
--   8  the entry id of the `game-settled` entry, or '' when the guess does not settle the game
--   9  n: how many of the following arguments are the `guess-scored` field items; 0 for a guess the
--      caller already knows to be rejected
--   10 .. 9+n  the `guess-scored` field items (`id`, branded id, then field, value, …) without the
--              last field, `best`, which is appended here
--   10+n  m: how many of the following arguments are the `game-settled` field items
--   11+n .. 10+n+m  the `game-settled` field items, when entry 8 is not ''
--
-- The host mints the entry ids in order, each above the one before. Returns, per guess in order,
-- {'DUPLICATE'}, {'REJECTED'} or {'APPLIED', previous best} (0 when the player had none); or
-- {'BEHIND', top} when the first `guess-scored` (or `game-settled`) id is not above the top of its
-- stream (another worker with a faster clock appended there): then nothing was written, and the caller
-- mints above the top and calls again. That check comes before the first write, as a script that
-- fails halfway keeps what it wrote.

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

-- the blocks, parsed once
local k = tonumber(ARGV[2])
local blocks = {}
local at = 3
for i = 1, k do
  local n = tonumber(ARGV[at + 8])
  local m = tonumber(ARGV[at + 9 + n])
  blocks[i] = {first = at, n = n, m = m}
  at = at + 10 + n + m
end

-- before any write: the first ids that may be appended must be above the tops
local scoredChecked, settledChecked = false, false
for i = 1, k do
  local b = blocks[i].first
  if not scoredChecked and blocks[i].n > 0 then
    scoredChecked = true
    local top = behind(KEYS[2], ARGV[b + 6])
    if top then
      return {'BEHIND', top}
    end
  end
  if not settledChecked and ARGV[b + 7] ~= '' then
    settledChecked = true
    local top = behind(KEYS[3], ARGV[b + 7])
    if top then
      return {'BEHIND', top}
    end
  end
end

-- a game's status read once per batch: only this script changes it (on a 600), and it notes that here
local statuses = {}
local function status(game)
  if statuses[game] == nil then
    statuses[game] = redis.call('HGET', game, 'status') or false
  end
  return statuses[game]
end

local out = {}
local acks = {}
for i = 1, k do
  local b = blocks[i].first
  local n = blocks[i].n
  local board, results, game = KEYS[4 + 3 * (i - 1)], KEYS[5 + 3 * (i - 1)], KEYS[6 + 3 * (i - 1)]
  local delivery, guess, player = ARGV[b], ARGV[b + 1], ARGV[b + 2]
  acks[#acks + 1] = delivery
  if redis.call('HEXISTS', results, guess) == 1 then
    out[i] = {'DUPLICATE'}
  elseif n == 0 or status(game) ~= 'open' then
    redis.call('HSET', results, guess, ARGV[b + 5])
    out[i] = {'REJECTED'}
  else
    local total = tonumber(ARGV[b + 3])
    local stored = redis.call('ZSCORE', board, player)
    local previous = 0
    if stored then
      previous = 0 - tonumber(stored) -- not -x: -0 would print as "-0"
    end
    local best = math.max(previous, total)
    local scored = {}
    for j = b + 9, b + 8 + n do
      scored[#scored + 1] = ARGV[j]
    end
    scored[#scored + 1] = 'best'
    scored[#scored + 1] = tostring(best)
    redis.call('XADD', KEYS[2], ARGV[b + 6], unpack(scored))
    redis.call('ZADD', board, 'LT', 0 - total, player)
    redis.call('HSET', results, guess, ARGV[b + 4] .. tostring(best))
    if ARGV[b + 7] ~= '' then
      local settled = {}
      for j = b + 10 + n, b + 9 + n + blocks[i].m do
        settled[#settled + 1] = ARGV[j]
      end
      redis.call('HSET', game, 'status', 'settled', 'winner', player)
      statuses[game] = 'settled'
      redis.call('XADD', KEYS[3], ARGV[b + 7], unpack(settled))
    end
    out[i] = {'APPLIED', tostring(previous)}
  end
end
-- every delivery of the batch acknowledged at once, in the same atomic step as its outcome
redis.call('XACK', KEYS[1], ARGV[1], unpack(acks))
return out
