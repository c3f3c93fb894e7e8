package codemojex.app.worker;

import codemojex.app.GameRecord;
import codemojex.app.redis.Keys;
import codemojex.app.redis.RedisGames;
import codemojex.projections.Channels;
import codemojex.projections.GameEvent.GameSettled;
import codemojex.projections.GameEvent.GuessScored;
import codemojex.projections.GameEvent.GuessSubmitted;
import codemojex.projections.MalformedEntryException;
import codemojex.projections.Scoring;
import com.fasterxml.jackson.databind.ObjectMapper;
import echomq.domain.BrandedId;
import echomq.domain.Snowflake;
import echomq.domain.StreamEntry;
import echomq.domain.StreamStoreException;
import echomq.redis.RedisConsumerGroup;
import echomq.redis.RedisFailures;
import echomq.redis.RedisStreamAppend;
import io.vavr.control.Option;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.UnifiedJedis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Scores submitted guesses. Reads {@code guesses} through a consumer group; for each guess, one
 * Lua script appends {@code guess-scored}, records the best on the board, stores the score, settles
 * the game on a 600 and acknowledges the guess, all at once. A crash before the script leaves the
 * guess pending (it is reclaimed and scored later); after it, everything is done. The script also
 * refuses a guess already scored, so none is scored twice.
 */
public final class ScoreWorker implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ScoreWorker.class);

    public static final String GROUP = "scorers";

    /** Where a fault can be injected, for the crash tests. */
    public enum Step { BEFORE_COMMIT, AFTER_COMMIT }

    /** A hook called at each step; the default does nothing. */
    @FunctionalInterface
    public interface Faults {
        Faults NONE = (step, guess) -> { };

        void at(Step step, StreamEntry guess);
    }

    /** What became of one guess. */
    public enum Outcome { SCORED, SETTLED, REJECTED, DUPLICATE, MALFORMED }

    /**
     * The commit. KEYS: guesses, guess-scored, board, scores, game, game-settled. ARGV: group, entry
     * id of the guess, guess id, the board score expected now ('' when none), the new board score,
     * player, score JSON, rejection JSON, guess-scored entry id, settle flag, game-settled entry id,
     * the number of guess-scored field items, those items, then the game-settled items.
     */
    static final String COMMIT = """
            if redis.call('HEXISTS', KEYS[4], ARGV[3]) == 1 then
              redis.call('XACK', KEYS[1], ARGV[1], ARGV[2])
              return 'DUPLICATE'
            end
            if redis.call('HGET', KEYS[5], 'status') ~= 'open' then
              redis.call('HSET', KEYS[4], ARGV[3], ARGV[8])
              redis.call('XACK', KEYS[1], ARGV[1], ARGV[2])
              return 'REJECTED'
            end
            local now = redis.call('ZSCORE', KEYS[3], ARGV[6])
            if (now or '') ~= ARGV[4] then
              return 'RETRY'
            end
            local n = tonumber(ARGV[12])
            local scored = {}
            for i = 13, 12 + n do scored[#scored + 1] = ARGV[i] end
            redis.call('XADD', KEYS[2], ARGV[9], unpack(scored))
            redis.call('ZADD', KEYS[3], 'LT', ARGV[5], ARGV[6])
            redis.call('HSET', KEYS[4], ARGV[3], ARGV[7])
            local outcome = 'SCORED'
            if ARGV[10] == '1' then
              local settled = {}
              for i = 13 + n, #ARGV do settled[#settled + 1] = ARGV[i] end
              redis.call('HSET', KEYS[5], 'status', 'settled', 'winner', ARGV[6])
              redis.call('XADD', KEYS[6], ARGV[11], unpack(settled))
              outcome = 'SETTLED'
            end
            redis.call('XACK', KEYS[1], ARGV[1], ARGV[2])
            return outcome
            """;

    private final UnifiedJedis jedis;
    private final RedisConsumerGroup group;
    private final RedisGames games;
    private final Snowflake minter;
    private final ObjectMapper json;
    private final Faults faults;
    private final Duration claimIdle;
    private final AtomicLong scored = new AtomicLong();
    private final AtomicLong rejected = new AtomicLong();
    private volatile boolean running;
    private volatile Thread thread;

    public ScoreWorker(UnifiedJedis jedis, String consumer, RedisGames games, Snowflake minter, ObjectMapper json,
                       Faults faults, Duration claimIdle) {
        this.jedis = Objects.requireNonNull(jedis, "jedis");
        this.group = new RedisConsumerGroup(jedis, Channels.QUEUE, Channels.GUESSES, GROUP, consumer);
        this.games = Objects.requireNonNull(games, "games");
        this.minter = Objects.requireNonNull(minter, "minter");
        this.json = Objects.requireNonNull(json, "json");
        this.faults = Objects.requireNonNull(faults, "faults");
        this.claimIdle = Objects.requireNonNull(claimIdle, "claimIdle");
    }

    /** Creates the consumer group if needed. */
    public void ensureGroup() {
        group.ensure();
    }

    /** Scores what this consumer had pending and what dead consumers left idle past {@code claimIdle}. */
    public int recover() {
        ensureGroup();
        java.util.Map<echomq.domain.StreamId, StreamEntry> todo = new java.util.TreeMap<>();
        group.pending(1000).forEach(e -> todo.put(e.id(), e));
        group.autoClaim(claimIdle, 100).forEach(e -> todo.put(e.id(), e));
        for (StreamEntry e : todo.values()) {
            process(e);
        }
        if (!todo.isEmpty()) {
            log.info("recovered {} pending guess(es)", todo.size());
        }
        return todo.size();
    }

    /** Reads and scores one batch of new guesses, waiting up to {@code block}; returns how many. */
    public int pollOnce(Duration block) {
        List<StreamEntry> batch = group.read(100, block);
        for (StreamEntry e : batch) {
            process(e);
        }
        return batch.size();
    }

    /** Scores one delivered guess. */
    public Outcome process(StreamEntry entry) {
        GuessSubmitted guess;
        try {
            guess = GuessSubmitted.decode(entry);
        } catch (MalformedEntryException e) {
            log.warn("acknowledging a malformed guess: {}", e.getMessage());
            group.ack(entry.id());
            return Outcome.MALFORMED;
        }
        String guessId = entry.branded().map(BrandedId::toString).getOrElse(() -> "E" + entry.id().toString().replace('-', '_'));
        Option<GameRecord> game = games.find(guess.game());
        if (game.isEmpty()) {
            log.warn("guess {} is for unknown game {}: acknowledged, not scored", guessId, guess.game());
            group.ack(entry.id());
            rejected.incrementAndGet();
            return Outcome.REJECTED;
        }
        Scoring.Score score = Scoring.score(game.get().secret(), guess.guess());
        while (true) {
            Outcome o = commit(entry, guess, guessId, game.get(), score);
            if (o != null) {
                if (o == Outcome.REJECTED) {
                    rejected.incrementAndGet();
                    log.info("guess {} for settled game {} acknowledged, not scored", guessId, guess.game());
                } else if (o != Outcome.DUPLICATE) {
                    scored.incrementAndGet();
                    if (o == Outcome.SETTLED) {
                        log.info("game {} settled: {} cracked it with guess {}", guess.game(), guess.player(), guessId);
                    }
                }
                return o;
            }
            // the player's best moved between our read and the script: read again
        }
    }

    private Outcome commit(StreamEntry entry, GuessSubmitted guess, String guessId, GameRecord game, Scoring.Score score) {
        String boardKey = Keys.board(guess.game());
        String prev = RedisFailures.on(boardKey, () -> {
            Double s = jedis.zscore(boardKey, guess.player());
            return s == null ? "" : formatScore(s);
        });
        int best = Math.max(score.total(), prev.isEmpty() ? 0 : -(int) Double.parseDouble(prev));
        BrandedId scoredId = minter.nextId();
        GuessScored event = new GuessScored(guess.game(), guess.room(), guess.player(), guessId, score.total(),
                score.percentage(), best);
        boolean settle = score.cracked();
        BrandedId settledId = settle ? minter.nextId() : scoredId;
        List<String> args = new ArrayList<>(List.of(GROUP, entry.id().toString(), guessId, prev, Integer.toString(-score.total()),
                guess.player(), scoreJson(guessId, guess, score, best), rejectionJson(guessId, guess),
                scoredId.streamId().toString(), settle ? "1" : "0", settledId.streamId().toString()));
        List<String> scoredFields = RedisStreamAppend.xaddFields(scoredId, event.fields());
        args.add(Integer.toString(scoredFields.size()));
        args.addAll(scoredFields);
        if (settle) {
            args.addAll(RedisStreamAppend.xaddFields(settledId, new GameSettled(guess.game(), guess.room(), guess.player(), guessId, game.secret()).fields()));
        }
        List<String> keys = List.of(group.key(), Keys.stream(Channels.GUESS_SCORED), boardKey, Keys.scores(guess.game()),
                Keys.game(guess.game()), Keys.stream(Channels.GAME_SETTLED));
        faults.at(Step.BEFORE_COMMIT, entry);
        Object reply = RedisFailures.on(group.key(), () -> jedis.eval(COMMIT, keys, args));
        faults.at(Step.AFTER_COMMIT, entry);
        String outcome = String.valueOf(reply);
        return "RETRY".equals(outcome) ? null : Outcome.valueOf(outcome);
    }

    /** Redis' text of a score, as ZSCORE answers it (integers without a fraction). */
    private static String formatScore(double s) {
        return s == Math.rint(s) ? Long.toString((long) s) : Double.toString(s);
    }

    private String scoreJson(String guessId, GuessSubmitted guess, Scoring.Score score, int best) {
        List<Map<String, Object>> positions = new ArrayList<>();
        for (Scoring.PositionScore p : score.positions()) {
            Map<String, Object> m = new java.util.LinkedHashMap<>();
            m.put("position", p.position());
            m.put("emoji", p.emoji().text());
            m.put("distance", p.distance().getOrNull());
            m.put("points", p.points());
            m.put("status", p.status().name());
            positions.add(m);
        }
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("status", "scored");
        m.put("guessId", guessId);
        m.put("game", guess.game());
        m.put("player", guess.player());
        m.put("total", score.total());
        m.put("max", score.max());
        m.put("percentage", score.percentage());
        m.put("best", best);
        m.put("cracked", score.cracked());
        m.put("positions", positions);
        return write(m);
    }

    private String rejectionJson(String guessId, GuessSubmitted guess) {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("status", "rejected");
        m.put("guessId", guessId);
        m.put("game", guess.game());
        m.put("player", guess.player());
        m.put("reason", "the game was already settled");
        return write(m);
    }

    private String write(Object o) {
        try {
            return json.writeValueAsString(o);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot write score JSON", e);
        }
    }

    /** Runs the worker on a thread of its own until {@link #stop()}: recovers, then polls; backs off while Redis is down. */
    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        thread = new Thread(this::loop, "score-worker");
        thread.setDaemon(true);
        thread.start();
    }

    private void loop() {
        long backoff = 100;
        boolean recovered = false;
        while (running) {
            try {
                if (!recovered) {
                    recover();
                    recovered = true;
                }
                pollOnce(Duration.ofMillis(500));
                backoff = 100;
            } catch (StreamStoreException e) {
                if (!running) {
                    break;
                }
                log.warn("score worker: {}; retrying in {} ms", e.getMessage(), backoff);
                recovered = false; // after a failure, pick up what may have been delivered and not committed
                sleep(backoff);
                backoff = Math.min(5_000, backoff * 2);
            } catch (RuntimeException e) {
                log.error("score worker: unexpected failure, retrying in {} ms", backoff, e);
                recovered = false;
                sleep(backoff);
                backoff = Math.min(5_000, backoff * 2);
            }
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the loop and waits for the batch in hand to finish. */
    public void stop() {
        running = false;
        Thread t = thread;
        if (t != null) {
            try {
                t.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    public boolean isRunning() {
        Thread t = thread;
        return running && t != null && t.isAlive();
    }

    public long scored() {
        return scored.get();
    }

    public long rejected() {
        return rejected.get();
    }

    public long pending() {
        return group.pendingCount();
    }

    @Override
    public void close() {
        stop();
    }
}
