package codemojex.app.redis;

import codemojex.app.core.DecidedGuess;
import codemojex.app.core.GuessToScore;
import codemojex.app.core.ScoreResult;
import codemojex.app.core.port.out.ScoreCommit;
import codemojex.projections.GuessOutcome;
import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.lease.LeaseFencedException;
import echomq.domain.stream.NonMonotonicAppendException;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamStoreException;
import echomq.wire.ClockGuard;
import echomq.wire.LuaScript;
import io.vavr.control.Either;
import io.vavr.control.Option;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntToLongFunction;

/**
 * {@link ScoreCommit} as one Lua script ({@code score-commit.lua}, beside this class; sent by its
 * SHA-1 through either client, see {@link RedisCalls#run}). Each guess comes decided by the core
 * ({@code ScoreGuessesService}, with {@code Referee.decide}); the script applies that decision,
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
    private volatile IntToLongFunction epochs = p -> 0;
    private final LongAdder behind = new LongAdder();

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

    /**
     * This commit, carrying the fencing epoch {@code epochOf} gives for a batch's partition (read
     * when the batch is prepared): the script refuses a batch whose epoch is not the partition's
     * lease's, writing nothing ({@link echomq.domain.lease.LeaseFencedException}). Without it, every
     * batch carries epoch 0, that of a partition never leased.
     */
    public RedisScoreCommit fencedBy(IntToLongFunction epochOf) {
        this.epochs = Objects.requireNonNull(epochOf, "epochOf");
        return this;
    }

    /** Script calls answered {@code BEHIND} (another writer appended above the ids minted here; nothing written, minted again). */
    public long behind() {
        return behind.sum();
    }

    /**
     * Mints the ids of the entries the batch appends and builds the script's arguments; the script is
     * called at {@link ScoreCommit.Prepared#send}, in one call. When another worker (another process,
     * another clock) appended above the ids minted here, the script writes nothing and answers the
     * top: the ids are minted again above it ({@link Snowflake#observe}) and the script called again,
     * up to {@link StreamAppendPort#MAX_REMINTS} times; past that, a {@link NonMonotonicAppendException}.
     * When the batch's epoch is not the partition's lease's ({@link #fencedBy}), nothing is written
     * and a {@link LeaseFencedException} is thrown: this worker lost the partition.
     */
    @Override
    public Prepared prepare(List<DecidedGuess> batch) {
        if (batch.isEmpty()) {
            return List::of;
        }
        List<GuessToScore> commits = batch.stream().map(DecidedGuess::guess).toList();
        List<GuessOutcome> decided = batch.stream().map(DecidedGuess::outcome).toList();
        long epoch = epochs.applyAsLong(keys.partitions().of(commits.get(0).guess().game()));
        Minted first = mint(commits, decided, epoch);
        return () -> send(commits, decided, first);
    }

    /** A batch's blocks, with the entry ids minted for them, the epoch it carries, and the script call that carries them. */
    private record Minted(List<CommitCodec.Block> blocks, long epoch, CommitCodec.Call call) {
    }

    /** The batch's blocks with ids minted now (in order, each above the one before, so the script checks only the first against the top), and their call. */
    private Minted mint(List<GuessToScore> commits, List<GuessOutcome> decided, long epoch) {
        List<CommitCodec.Block> blocks = new ArrayList<>(commits.size());
        for (int i = 0; i < commits.size(); i++) {
            List<BrandedId> ids = decided.get(i).events().map(e -> minter.nextId()).toJavaList();
            blocks.add(new CommitCodec.Block(commits.get(i).delivery().id(), commits.get(i).guess(), decided.get(i), ids));
        }
        return new Minted(blocks, epoch, CommitCodec.call(RedisGuessInbox.GROUP, keys, blocks, epoch));
    }

    private List<ScoreResult> send(List<GuessToScore> commits, List<GuessOutcome> decided, Minted prepared) {
        // before anything is written: a clock hours ahead would push every later guess-scored id into the future
        StreamKey stream = CommitCodec.scoredStream(keys, CommitCodec.partitionOf(keys, prepared.blocks()));
        return MintedAppends.send(minter, guard, stream, attempt -> {
            Minted minted = attempt == 0 ? prepared : mint(commits, decided, prepared.epoch());
            List<CommitCodec.Block> blocks = minted.blocks();
            CommitCodec.Reply reply;
            try {
                reply = CommitCodec.reply(redis.run(SCRIPT, minted.call().keys(), minted.call().argv()), blocks.size());
            } catch (StreamStoreException.NotReplicated unconfirmed) {
                reply = CommitCodec.reply(unconfirmed.reply(), blocks.size());
                if (reply instanceof CommitCodec.Answers) {
                    // committed on the master (and the deliveries acknowledged there), its replicas silent: the worker stops
                    // here and backs off; lost with the master, the guesses are pending on the replica and scored again
                    throw unconfirmed;
                }
                // refused (fenced, below the top): nothing was written, nothing to lose
            }
            if (reply instanceof CommitCodec.Answers answers) {
                List<ScoreResult> out = new ArrayList<>(blocks.size());
                for (int i = 0; i < blocks.size(); i++) {
                    out.add(answers.each().get(i).of(blocks.get(i)));
                }
                return Either.right(out);
            }
            if (reply instanceof CommitCodec.Fenced fenced) {
                throw new LeaseFencedException(CommitCodec.partitionOf(keys, blocks), minted.epoch(), fenced.stored());
            }
            behind.increment();
            StreamId top = ((CommitCodec.Behind) reply).top();
            StreamId first = blocks.stream().flatMap(b -> b.scoredId().toJavaStream()).findFirst().map(BrandedId::streamId).orElse(top);
            return Either.left(new MintedAppends.Below(top, first));
        });
    }
}
