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
import echomq.domain.stream.StreamEntry;
import echomq.redis.RedisStreamAppend;
import io.vavr.control.Option;
import echomq.redis.RedisScript;
import redis.clients.jedis.UnifiedJedis;

import java.util.List;
import java.util.Objects;

/**
 * {@link ScoreCommit} as one Lua script ({@code score-commit.lua}, beside this class; see
 * {@link RedisScript} for how it is sent). The script reads the
 * player's stored best and raises it by {@link Referee#best}; the answer here is
 * {@link Referee#decide} for the previous best it saw, which is exactly what it wrote.
 */
public final class RedisScoreCommit implements ScoreCommit {

    static final RedisScript SCRIPT = RedisScript.load(RedisScoreCommit.class, "score-commit.lua");

    private final UnifiedJedis jedis;
    private final Snowflake minter;

    /** Over {@code jedis}, minting the ids of the entries it appends with {@code minter}. */
    public RedisScoreCommit(UnifiedJedis jedis, Snowflake minter) {
        this.jedis = Objects.requireNonNull(jedis, "jedis");
        this.minter = Objects.requireNonNull(minter, "minter");
    }

    /**
     * Commits the guess. When another worker (another process, another clock) appended above the
     * ids minted here, the script writes nothing and answers the top: the ids are minted again above
     * it ({@link Snowflake#observe}) and the script called again, up to
     * {@link RedisStreamAppend#MAX_REMINTS} times; past that, a {@link NonMonotonicAppendException}.
     */
    @Override
    public Result commit(StreamEntry delivery, GuessSubmitted guess, String guessId, GameRecord game) {
        GuessOutcome provisional = Referee.decide(guess, guessId, Option.some(game), 0);
        List<?> reply;
        BrandedId scoredId;
        for (int attempt = 0; ; attempt++) {
            scoredId = minter.nextId();
            Option<BrandedId> settledId = provisional instanceof GuessOutcome.ScoredAndSettled ? Option.some(minter.nextId()) : Option.none();
            CommitArgs args = CommitArgs.of(RedisGuessInbox.GROUP, delivery.id(), guess, provisional, scoredId, settledId);
            reply = (List<?>) SCRIPT.run(jedis, args.keys(), args.argv());
            if (!"BEHIND".equals(String.valueOf(reply.get(0)))) {
                break;
            }
            StreamId top = StreamId.parse(String.valueOf(reply.get(1)));
            if (attempt >= RedisStreamAppend.MAX_REMINTS) {
                throw new NonMonotonicAppendException(CommitArgs.scoredStream(), scoredId.streamId(),
                        new IllegalStateException("still below the top " + top + " after " + attempt + " new ids"));
            }
            minter.observe(StreamId.of(top.ms() + attempt, top.seq())); // one ms further each time the others moved on
        }
        return switch (String.valueOf(reply.get(0))) {
            case "DUPLICATE" -> new AlreadyScored(guessId);
            case "REJECTED" -> new Applied(provisional instanceof GuessOutcome.Rejected r ? r
                    : new GuessOutcome.Rejected(guessId, guess.game(), guess.player(), Referee.SETTLED));
            case "APPLIED" -> new Applied(Referee.decide(guess, guessId, Option.some(game), Integer.parseInt(String.valueOf(reply.get(1)))));
            default -> throw new IllegalStateException("score-commit.lua answered " + reply);
        };
    }
}
