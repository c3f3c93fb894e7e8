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
import echomq.wire.LuaScript;
import io.vavr.control.Option;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@link ScoreCommit} as one Lua script ({@code score-commit.lua}, beside this class; sent by its
 * SHA-1 through either client, see {@link RedisCalls#run}). The script reads the
 * player's stored best and raises it by {@link Referee#best}; the answer here is
 * {@link Referee#decide} for the previous best it saw, which is exactly what it wrote.
 */
public final class RedisScoreCommit implements ScoreCommit {

    static final LuaScript SCRIPT = LuaScript.load(RedisScoreCommit.class, "score-commit.lua");

    private final RedisCalls redis;
    private final Snowflake minter;
    private final Keys keys;

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
        List<GuessOutcome> provisional = batch.stream()
                .map(c -> Referee.decide(c.guess(), c.guessId(), Option.some(c.game()), 0)).toList();
        List<?> reply;
        for (int attempt = 0; ; attempt++) {
            List<CommitArgs.Item> items = new ArrayList<>(batch.size());
            BrandedId first = null;
            for (int i = 0; i < batch.size(); i++) {
                // minted in order: each id above the one before, so the script checks only the first against the top
                BrandedId scoredId = minter.nextId();
                first = first == null ? scoredId : first;
                Option<BrandedId> settledId = provisional.get(i) instanceof GuessOutcome.ScoredAndSettled
                        ? Option.some(minter.nextId()) : Option.none();
                items.add(new CommitArgs.Item(batch.get(i).delivery().id(), batch.get(i).guess(), provisional.get(i), scoredId, settledId));
            }
            CommitArgs args = CommitArgs.of(RedisGuessInbox.GROUP, keys, items);
            reply = (List<?>) redis.run(SCRIPT, args.keys(), args.argv()).getOrElse(List.of());
            if (reply.isEmpty() || !"BEHIND".equals(String.valueOf(reply.get(0)))) {
                break;
            }
            StreamId top = StreamId.parse(String.valueOf(reply.get(1)));
            if (attempt >= StreamAppendPort.MAX_REMINTS) {
                throw new NonMonotonicAppendException(CommitArgs.scoredStream(keys, CommitArgs.partitionOf(keys, items)).toString(), first.streamId(),
                        new IllegalStateException("still below the top " + top + " after " + attempt + " new ids"));
            }
            StreamAppendPort.aimAbove(minter, top, attempt);
        }
        if (reply.size() != batch.size()) {
            throw new IllegalStateException("score-commit.lua answered " + reply.size() + " results for " + batch.size() + " guesses");
        }
        List<Result> out = new ArrayList<>(batch.size());
        for (int i = 0; i < batch.size(); i++) {
            out.add(result((List<?>) reply.get(i), batch.get(i), provisional.get(i)));
        }
        return out;
    }

    private static Result result(List<?> reply, Commit c, GuessOutcome provisional) {
        return switch (String.valueOf(reply.get(0))) {
            case "DUPLICATE" -> new AlreadyScored(c.guessId());
            case "REJECTED" -> new Applied(provisional instanceof GuessOutcome.Rejected r ? r
                    : new GuessOutcome.Rejected(c.guessId(), c.guess().game(), c.guess().player(), Referee.SETTLED));
            case "APPLIED" -> new Applied(Referee.decide(c.guess(), c.guessId(), Option.some(c.game()),
                    Integer.parseInt(String.valueOf(reply.get(1)))));
            default -> throw new IllegalStateException("score-commit.lua answered " + reply);
        };
    }
}
