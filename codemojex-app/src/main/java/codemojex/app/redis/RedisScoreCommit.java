package codemojex.app.redis;

import codemojex.app.core.port.ScoreCommit;
import codemojex.projections.GameEvent.GuessSubmitted;
import codemojex.projections.GameRecord;
import codemojex.projections.GuessOutcome;
import codemojex.projections.Referee;
import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.stream.NonMonotonicAppendException;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamEntry;
import echomq.wire.ClockGuard;
import echomq.wire.LuaScript;
import io.vavr.control.Option;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@link ScoreCommit} as one Lua script ({@code score-commit.lua}, beside this class; sent by its
 * SHA-1 through either client, see {@link RedisCalls#run}). Each guess is decided once, here, by
 * {@link Referee#decide(GuessSubmitted, String, GameRecord)}; the script applies that decision,
 * checking only what must be checked inside Redis (the guess not applied yet, its game still open)
 * and raising the player's stored best, and answers the best that results. Arguments and reply go
 * through {@link CommitCodec}.
 */
public final class RedisScoreCommit implements ScoreCommit {

    static final LuaScript SCRIPT = LuaScript.load(RedisScoreCommit.class, "score-commit.lua");

    private final RedisCalls redis;
    private final Snowflake minter;
    private final Keys keys;
    private volatile Option<ClockGuard> guard = Option.none();

    /** Over {@code redis}, with one partition, minting the ids of the entries it appends with {@code minter}. */
    public RedisScoreCommit(RedisCalls redis, Snowflake minter) {
        this(redis, minter, Keys.ONE);
    }

    /**
     * Over {@code redis}, each game's keys and streams where {@code keys} puts them, minting the ids
     * of the entries it appends with {@code minter}. A batch holds guesses of one partition.
     */
    public RedisScoreCommit(RedisCalls redis, Snowflake minter, Keys keys) {
        this.redis = Objects.requireNonNull(redis, "redis");
        this.minter = Objects.requireNonNull(minter, "minter");
        this.keys = Objects.requireNonNull(keys, "keys");
    }

    /**
     * This commit, refusing a batch (a {@link echomq.domain.stream.StreamStoreException.ClockAhead},
     * nothing written) while the minter's clock runs further ahead of Redis's than {@code g}
     * allows: the guesses stay pending and are scored once the clock is right.
     */
    public RedisScoreCommit guardedBy(ClockGuard g) {
        this.guard = Option.some(Objects.requireNonNull(g, "guard"));
        return this;
    }

    @Override
    public Result commit(StreamEntry delivery, GuessSubmitted guess, String guessId, GameRecord game) {
        return commitAll(List.of(new Commit(delivery, guess, guessId, game))).get(0);
    }

    /**
     * Commits the batch in one script call. When another worker (another process, another clock)
     * appended above the ids minted here, the script writes nothing and answers the top: the ids are
     * minted again above it ({@link Snowflake#observe}) and the script called again, up to
     * {@link StreamAppendPort#MAX_REMINTS} times; past that, a {@link NonMonotonicAppendException}.
     */
    @Override
    public List<Result> commitAll(List<Commit> batch) {
        if (batch.isEmpty()) {
            return List.of();
        }
        List<GuessOutcome> decided = batch.stream().map(c -> Referee.decide(c.guess(), c.guessId(), c.game())).toList();
        for (int attempt = 0; ; attempt++) {
            List<CommitCodec.Block> blocks = new ArrayList<>(batch.size());
            for (int i = 0; i < batch.size(); i++) {
                // minted in order: each id above the one before, so the script checks only the first against the top
                List<BrandedId> ids = decided.get(i).events().map(e -> minter.nextId()).toJavaList();
                blocks.add(new CommitCodec.Block(batch.get(i).delivery().id(), batch.get(i).guess(), decided.get(i), ids));
            }
            if (attempt == 0 && guard.isDefined()) {
                // before anything is written: a clock hours ahead would push every later guess-scored id into the future
                guard.get().check(CommitCodec.scoredStream(keys, CommitCodec.partitionOf(keys, blocks)), minter.now());
            }
            CommitCodec.Call call = CommitCodec.call(RedisGuessInbox.GROUP, keys, blocks);
            CommitCodec.Reply reply = CommitCodec.reply(redis.run(SCRIPT, call.keys(), call.argv()), blocks.size());
            if (reply instanceof CommitCodec.Answers answers) {
                List<Result> out = new ArrayList<>(blocks.size());
                for (int i = 0; i < blocks.size(); i++) {
                    out.add(answers.each().get(i).of(blocks.get(i)));
                }
                return out;
            }
            StreamId top = ((CommitCodec.Behind) reply).top();
            if (attempt >= StreamAppendPort.MAX_REMINTS) {
                StreamId first = blocks.stream().flatMap(b -> b.scoredId().toJavaStream()).findFirst().map(BrandedId::streamId).orElse(top);
                throw new NonMonotonicAppendException(CommitCodec.scoredStream(keys, CommitCodec.partitionOf(keys, blocks)).toString(), first,
                        new IllegalStateException("still below the top " + top + " after " + attempt + " new ids"));
            }
            StreamAppendPort.aimAbove(minter, top, attempt);
        }
    }
}
