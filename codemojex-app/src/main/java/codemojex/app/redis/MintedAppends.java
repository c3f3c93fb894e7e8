package codemojex.app.redis;

import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.stream.NonMonotonicAppendException;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamKey;
import echomq.wire.ClockGuard;
import io.vavr.control.Either;
import io.vavr.control.Option;

import java.util.function.IntFunction;

/**
 * The rule of the app's scripts that append under ids this process mints ({@code score-commit.lua},
 * {@code room-open.lua}), as the library's appender follows it: the writer's clock is checked against
 * its bound once, before anything is sent; a script that answers that its ids are not above the
 * stream's top (and wrote nothing) is sent again with ids minted above that top
 * ({@link StreamAppendPort#aimAbove}), up to {@link StreamAppendPort#MAX_REMINTS} times; past that
 * the refusal stands, a {@link NonMonotonicAppendException}.
 */
final class MintedAppends {

    /**
     * A script's answer that its ids were not above the stream's top: nothing was written.
     *
     * @param top     the stream's last generated id
     * @param refused the first id it was sent with
     */
    record Below(StreamId top, StreamId refused) {
    }

    private MintedAppends() {
    }

    /**
     * Sends attempt 0, 1, … ({@code attempt} mints its ids when it is called) until one is answered,
     * moving {@code minter} above the top after each refusal.
     *
     * @throws echomq.domain.stream.StreamStoreException.ClockAhead before anything is sent, when
     *                                                              {@code guard} refuses the writer's clock
     * @throws NonMonotonicAppendException when the ids are still below the top after the last attempt
     */
    static <R> R send(Snowflake minter, Option<ClockGuard> guard, StreamKey stream, IntFunction<Either<Below, R>> attempt) {
        guard.forEach(g -> g.check(stream, minter.now()));
        for (int a = 0; ; a++) {
            Either<Below, R> answered = attempt.apply(a);
            if (answered.isRight()) {
                return answered.get();
            }
            Below below = answered.getLeft();
            if (a >= StreamAppendPort.MAX_REMINTS) {
                throw new NonMonotonicAppendException(stream.toString(), below.refused(),
                        new IllegalStateException("still below the top " + below.top() + " after " + a + " new ids"));
            }
            StreamAppendPort.aimAbove(minter, below.top(), a);
        }
    }
}
