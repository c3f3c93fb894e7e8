#!lua
-- (#!lua: a script that writes, refused whole before it runs by a Redis refusing writes: OOM, MISCONF)
-- score-commit.lua: applies the decided outcomes of a batch of guesses, all at once (a script runs
-- atomically), in the order given. It decides nothing of the game: the score, whether a guess
-- settles the game and why a guess is rejected are Referee.decide's, sent here as events to
-- append and results to keep. Here is only what must be checked inside Redis, at commit time:
--   - the guess not applied yet (its result is kept; HSETNX keeps it only if none is): a
--     redelivery is only acknowledged, so each guess is applied exactly once;
--   - its game still open (also when an earlier guess of the batch settled it): else the guess is
--     kept as rejected, with the rejection it carries;
--   - the player's best (on the board by player id, the member carrying the name shown). It is
--     raised here and only here, to the higher of the stored best and the guess's total (the rule
--     Referee.best states for the pure model; ZSCORE, then ZADD only when the total is higher), and
--     the best written in `guess-scored` and in the result is that higher one. The best
--     stays in the script because two workers of the group may commit guesses of one player at
--     once: a best read before the script could be stale. So the Java side reads no best and
--     decides nothing again: it takes the best this script answers (GuessOutcome.withBest).
-- Every key is in the slot of the games' partition, so the script runs on one Redis Cluster node.
-- The arguments are written, and the reply read, by CommitCodec only.
--
-- KEYS[1]  the `guesses` stream (the consumer group's stream)
-- KEYS[2]  the `guess-scored` stream
-- KEYS[3]  the `game-settled` stream
-- KEYS[4]  the partition's lease hash (the library's PartitionLeases: field `epoch`, absent before the
--          first lease), in the partition's slot
-- KEYS[5 + 3(i-1)]  guess i's game board: a sorted set of player member (name TAB player id) -> negated best
--                   (so that equal bests rank by member)
-- KEYS[6 + 3(i-1)]  guess i's game results: a hash of guess id -> stored result
-- KEYS[7 + 3(i-1)]  guess i's game hash (field `status`: open | settled; `winner`, `winnerId`; `last`: the epoch ms of
--                   its last scored guess, which `serve --keep` reads)
--
-- ARGV[1]  the consumer group
-- ARGV[2]  k: how many guesses the batch holds
-- ARGV[3]  the caller's fencing epoch: the epoch of the lease it holds on the partition (0 for a
--          partition never leased)
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
--   12 .. 11+n  the `guess-scored` field items (`id`, branded id, then field, value, …), the last
--              field `best`, whose value (the last item) is replaced here by the board's best; the
--              block ends here when e is 1
--   12+n  the entry id of the `game-settled` entry
--   13+n  m: how many of the following arguments are the `game-settled` field items
--   14+n .. 13+n+m  the `game-settled` field items
--
-- First of all, before any read of the batch or any write: the caller must hold the partition's
-- current lease. When the stored epoch is not ARGV[3] (another worker took the partition over since
-- the caller's lease was granted), it returns {'FENCED', stored epoch} and writes nothing: a stale
-- owner's commit is refused whole, and the guesses stay pending for the owner.
--
-- The host mints the entry ids in order, each above the one before. Returns, per guess in order,
-- {'SCORED', best} (the player's best on the board after the guess), {'REJECTED'} (the decided
-- rejection was kept), {'CLOSED'} (the game was no longer open: the rejection was kept; or its hash is
-- gone, ended by `serve --keep`, and nothing was kept) or
-- {'DUPLICATE'} (applied before: only acknowledged); or {'BEHIND', top} when the first
-- `guess-scored` (or `game-settled`) id is not above the top of its stream (another worker with a
-- faster clock appended there): then nothing was written, and the caller mints above the top and
-- calls again. That check comes before the first write, as a script that fails halfway keeps what
-- it wrote: the first `guess-scored` entry is appended before any other write, found by reads
-- alone, and Redis' own refusal of an id not above the top is the check (no `XINFO` per call; a
-- `game-settled` id, appended only on a 600, is compared with its stream's top read first).

-- The stream's last generated id (the top an appended id must be above), or false for no stream.
local function top(key)
  if redis.call('EXISTS', key) == 0 then
    return false
  end
  local info = redis.call('XINFO', 'STREAM', key)
  for i = 1, #info, 2 do
    if info[i] == 'last-generated-id' then
      return info[i + 1]
    end
  end
  return false
end

-- The stream's top when `id` is not above it, else false. Ids are compared as two numbers: a
-- millisecond and a tail below 2^22 are exact in Lua's doubles.
local function behind(key, id)
  local t = top(key)
  if not t then
    return false
  end
  local tms, tseq = string.match(t, '^(%d+)-(%d+)$')
  local ims, iseq = string.match(id, '^(%d+)-(%d+)$')
  tms, tseq, ims, iseq = tonumber(tms), tonumber(tseq), tonumber(ims), tonumber(iseq)
  if ims > tms or (ims == tms and iseq > tseq) then
    return false
  end
  return t
end

-- fenced: the caller's epoch is not the partition's (checked before anything else is read or written)
local stored = redis.call('HGET', KEYS[4], 'epoch') or '0'
if stored ~= ARGV[3] then
  return {'FENCED', stored}
end

-- the blocks' offsets in ARGV, found in one pass (no argument is copied: the appends pass ARGV's
-- own slices), and whether any settles a game
local k = tonumber(ARGV[2])
local starts = {}
local firstSettled
local at = 4
for i = 1, k do
  starts[i] = at
  local entries = tonumber(ARGV[at + 6])
  at = at + 7
  if entries > 0 then
    at = at + 4 + tonumber(ARGV[at + 3])
    if entries > 1 then
      firstSettled = firstSettled or ARGV[at]
      at = at + 2 + tonumber(ARGV[at + 1])
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

-- the player's best after a total: the higher of the stored one and the total (the board holds
-- negated bests, so that equal bests rank by member), and whether the board must take the total
local function raise(board, member, total)
  local stored = redis.call('ZSCORE', board, member)
  if stored and 0 - tonumber(stored) >= total then
    return string.format('%d', 0 - tonumber(stored)), false -- not tostring(-x): -0 would print as "-0"
  end
  return string.format('%d', total), true
end

-- before any write: a `game-settled` id must be above its stream's top
if firstSettled then
  local t = behind(KEYS[3], firstSettled)
  if t then
    return {'BEHIND', t}
  end
end

-- the first guess that appends to `guess-scored` (a scored decision, its game open, not applied
-- yet), found by reads alone: no guess before it in the batch writes anything that changes that
local first
for i = 1, k do
  local a = starts[i]
  if tonumber(ARGV[a + 6]) > 0 and status(KEYS[7 + 3 * (i - 1)]) == 'open'
      and redis.call('HEXISTS', KEYS[6 + 3 * (i - 1)], ARGV[a + 1]) == 0 then
    first = i
    break
  end
end

-- its entry appended first, before any other write: Redis refuses an id not above the top
local firstBest, firstRaise
if first then
  local a = starts[first]
  local s = a + 7
  local n = tonumber(ARGV[s + 3])
  firstBest, firstRaise = raise(KEYS[5 + 3 * (first - 1)], ARGV[a + 2], tonumber(ARGV[s]))
  ARGV[s + 3 + n] = firstBest -- the last item is the value of `best`: the board's
  local appended = redis.pcall('XADD', KEYS[2], ARGV[s + 2], unpack(ARGV, s + 4, s + 3 + n))
  if type(appended) == 'table' and appended.err then
    if string.find(appended.err, 'equal or smaller than the target stream top', 1, true) then
      return {'BEHIND', top(KEYS[2])}
    end
    return appended -- nothing written: the error as it is
  end
end

local out = {}
local acks = {}
for i = 1, k do
  local a = starts[i]
  local board, results, game = KEYS[5 + 3 * (i - 1)], KEYS[6 + 3 * (i - 1)], KEYS[7 + 3 * (i - 1)]
  local guess, entries = ARGV[a + 1], tonumber(ARGV[a + 6])
  acks[i] = ARGV[a]
  -- HSETNX keeps a result only for a guess that has none: 0 is a redelivery, applied before
  if entries == 0 or status(game) ~= 'open' then
    if not status(game) then
      out[i] = {'CLOSED'} -- no game hash: ended by serve --keep (#48), nothing of it is kept again
    elseif redis.call('HSETNX', results, guess, ARGV[a + 5]) == 0 then
      out[i] = {'DUPLICATE'}
    else
      out[i] = {entries == 0 and 'REJECTED' or 'CLOSED'}
    end
  else
    local s = a + 7 -- the scored part: total, result without its best, entry id, n, n items
    local member, total, n = ARGV[a + 2], tonumber(ARGV[s]), tonumber(ARGV[s + 3])
    local best, higher
    if i == first then
      best, higher = firstBest, firstRaise -- its entry is appended already
    else
      best, higher = raise(board, member, total)
    end
    if redis.call('HSETNX', results, guess, ARGV[s + 1] .. best) == 0 then
      out[i] = {'DUPLICATE'} -- never the first: it was found not applied, and nothing since wrote its result
    else
      if higher then
        redis.call('ZADD', board, 0 - total, member)
      end
      redis.call('HSET', game, 'last', string.match(ARGV[s + 2], '^(%d+)')) -- its last activity, for serve --keep (#48)
      if i ~= first then
        ARGV[s + 3 + n] = best
        redis.call('XADD', KEYS[2], ARGV[s + 2], unpack(ARGV, s + 4, s + 3 + n))
      end
      if entries > 1 then
        local t = s + 4 + n -- the settled part: entry id, m, m items
        redis.call('HSET', game, 'status', 'settled', 'winner', ARGV[a + 4], 'winnerId', ARGV[a + 3])
        statuses[game] = 'settled'
        redis.call('XADD', KEYS[3], ARGV[t], unpack(ARGV, t + 2, t + 1 + tonumber(ARGV[t + 1])))
      end
      out[i] = {'SCORED', best}
    end
  end
end
-- every delivery of the batch acknowledged at once, in the same atomic step as its outcome
redis.call('XACK', KEYS[1], ARGV[1], unpack(acks))
return out
