#!lua
-- (#!lua: a script that writes, refused whole before it runs by a Redis refusing writes: OOM, MISCONF)
-- score-commit.lua: applies the decided outcomes of a batch of guesses, all at once (a script runs
-- atomically), in the order given. It decides nothing of the game: the score, whether a guess
-- settles the game and why a guess is rejected are Referee.decide's, sent here as events to
-- append and results to keep. Here is only what must be checked inside Redis, at commit time:
--   - the guess not applied yet (its result is kept): a redelivery is only acknowledged, so each
--     guess is applied exactly once;
--   - its game still open (also when an earlier guess of the batch settled it): else the guess is
--     kept as rejected, with the rejection it carries;
--   - the player's best (on the board by player id, the member carrying the name shown). It is
--     raised here and only here: ZADD LT keeps the higher of the stored best and the guess's
--     total (the rule Referee.best states for the pure model), and the best written in
--     `guess-scored` and in the result is the board's, read back after it. The best
--     stays in the script because two workers of the group may commit guesses of one player at
--     once: a best read before the script could be stale. So the Java side reads no best and
--     decides nothing again: it takes the best this script answers (GuessOutcome.withBest).
-- Every key is in the slot of the games' partition, so the script runs on one Redis Cluster node.
-- The arguments are written, and the reply read, by CommitCodec only.
--
-- KEYS[1]  the `guesses` stream (the consumer group's stream)
-- KEYS[2]  the `guess-scored` stream
-- KEYS[3]  the `game-settled` stream
-- KEYS[4 + 3(i-1)]  guess i's game board: a sorted set of player member (name TAB player id) -> negated best
--                   (ZADD LT keeps the highest best)
-- KEYS[5 + 3(i-1)]  guess i's game results: a hash of guess id -> stored result
-- KEYS[6 + 3(i-1)]  guess i's game hash (field `status`: open | settled; `winner`, `winnerId`)
--
-- ARGV[1]  the consumer group
-- ARGV[2]  k: how many guesses the batch holds
-- then one block per guess, in order (numbered from 1 within the block):
--   1  the entry id of the delivered guess, to XACK
--   2  the guess id
--   3  the player's member on the board: the player's name, a TAB and its player id (the name
--      alone for a player of the data written before player ids), so that equal bests rank by name
--   4  the player id (PLR…): the winner's, recorded in the game hash on a 600
--   5  the player's name, recorded beside it
--   6  the stored result of the guess as rejected: kept when the decision is a rejection, or when
--      the game is found no longer open
--   7  e: how many entries the decision appends: 0 (rejected), 1 (`guess-scored`), or 2
--      (`guess-scored` and `game-settled`: a 600 settles the game); the block ends here when 0
--   8  the guess's total, 0..600
--   9  the stored result of the scored guess without its last part: the best is appended here
--   10 the entry id of the `guess-scored` entry (host-minted, the A1 mapping of its branded id)
--   11 n: how many of the following arguments are the `guess-scored` field items
--   12 .. 11+n  the `guess-scored` field items (`id`, branded id, then field, value, …) without the
--              last field, `best`, which is appended here; the block ends here when e is 1
--   12+n  the entry id of the `game-settled` entry
--   13+n  m: how many of the following arguments are the `game-settled` field items
--   14+n .. 13+n+m  the `game-settled` field items
--
-- The host mints the entry ids in order, each above the one before. Returns, per guess in order,
-- {'SCORED', best} (the player's best on the board after the guess), {'REJECTED'} (the decided
-- rejection was kept), {'CLOSED'} (the game was no longer open: the rejection was kept) or
-- {'DUPLICATE'} (applied before: only acknowledged); or {'BEHIND', top} when the first
-- `guess-scored` (or `game-settled`) id is not above the top of its stream (another worker with a
-- faster clock appended there): then nothing was written, and the caller mints above the top and
-- calls again. That check comes before the first write, as a script that fails halfway keeps what
-- it wrote.

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

-- ARGV[from .. from + count - 1] as a table
local function items(from, count)
  local out = {}
  for j = from, from + count - 1 do
    out[#out + 1] = ARGV[j]
  end
  return out
end

-- the blocks, parsed once
local k = tonumber(ARGV[2])
local blocks = {}
local at = 3
for i = 1, k do
  local b = {delivery = ARGV[at], guess = ARGV[at + 1], member = ARGV[at + 2], playerId = ARGV[at + 3],
             player = ARGV[at + 4], rejected = ARGV[at + 5], entries = tonumber(ARGV[at + 6])}
  at = at + 7
  if b.entries > 0 then
    b.total, b.result, b.scoredId = tonumber(ARGV[at]), ARGV[at + 1], ARGV[at + 2]
    local n = tonumber(ARGV[at + 3])
    b.scored = items(at + 4, n)
    at = at + 4 + n
    if b.entries > 1 then
      b.settledId = ARGV[at]
      local m = tonumber(ARGV[at + 1])
      b.settled = items(at + 2, m)
      at = at + 2 + m
    end
  end
  blocks[i] = b
end

-- before any write: the first ids that may be appended must be above the tops
local scoredChecked, settledChecked = false, false
for i = 1, k do
  local b = blocks[i]
  if not scoredChecked and b.entries > 0 then
    scoredChecked = true
    local top = behind(KEYS[2], b.scoredId)
    if top then
      return {'BEHIND', top}
    end
  end
  if not settledChecked and b.entries > 1 then
    settledChecked = true
    local top = behind(KEYS[3], b.settledId)
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
  local b = blocks[i]
  local board, results, game = KEYS[4 + 3 * (i - 1)], KEYS[5 + 3 * (i - 1)], KEYS[6 + 3 * (i - 1)]
  acks[#acks + 1] = b.delivery
  if redis.call('HEXISTS', results, b.guess) == 1 then
    out[i] = {'DUPLICATE'}
  elseif b.entries == 0 then
    redis.call('HSET', results, b.guess, b.rejected)
    out[i] = {'REJECTED'}
  elseif status(game) ~= 'open' then
    redis.call('HSET', results, b.guess, b.rejected)
    out[i] = {'CLOSED'}
  else
    -- the one place the best is raised: only if the total is higher (the board holds negated bests)
    redis.call('ZADD', board, 'LT', 0 - b.total, b.member)
    local best = tostring(0 - tonumber(redis.call('ZSCORE', board, b.member))) -- not -x: -0 would print as "-0"
    b.scored[#b.scored + 1] = 'best'
    b.scored[#b.scored + 1] = best
    redis.call('XADD', KEYS[2], b.scoredId, unpack(b.scored))
    redis.call('HSET', results, b.guess, b.result .. best)
    if b.entries > 1 then
      redis.call('HSET', game, 'status', 'settled', 'winner', b.player, 'winnerId', b.playerId)
      statuses[game] = 'settled'
      redis.call('XADD', KEYS[3], b.settledId, unpack(b.settled))
    end
    out[i] = {'SCORED', best}
  end
end
-- every delivery of the batch acknowledged at once, in the same atomic step as its outcome
redis.call('XACK', KEYS[1], ARGV[1], unpack(acks))
return out
