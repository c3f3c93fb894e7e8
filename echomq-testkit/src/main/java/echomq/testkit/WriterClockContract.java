package echomq.testkit;

import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.stream.AppendBatchException;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStoreException;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The contract of an appender against writers' clocks that jump (#30), on a real store whose clock
 * is the machine's: a writer whose clock steps back by minutes keeps minting above the stream's
 * top, within the writers' skew of the clocks; a writer whose clock runs hours ahead of the store's
 * is refused ({@link StreamStoreException.ClockAhead}, naming both clocks) with nothing appended,
 * for every way to mint and append, and appends again once its clock is right. ({@code appendWithId}
 * is not checked: the id is the caller's, not this writer's clock.) The appenders are made with
 * the library's default {@link echomq.domain.stream.ClockBound} (10 minutes).
 */
public abstract class WriterClockContract {

    /**
     * For a subclass that names the implementation under test.
     */
    public WriterClockContract() {
    }

    /**
     * An appender of the implementation minting with {@code minter} and the default clock bound.
     *
     * @param minter the writer's minter, on a clock the test moves
     * @return the appender
     */
    protected abstract StreamAppendPort appender(Snowflake minter);

    /**
     * Reads back what was appended.
     *
     * @return a range port over the same store
     */
    protected abstract StreamRangePort reader();

    /** The writers' skew the adapters allow by default, plus a round trip's slack. */
    static final long SKEW_MS = StreamAppendPort.DEFAULT_MAX_LEAD.toMillis() + 50;

    private StreamKey key;

    @BeforeEach
    void freshStream() {
        key = StreamKey.of("clocks", "w-" + UUID.randomUUID());
    }

    private List<StreamEntry> all() {
        return reader().rangeFrom(key, StreamId.MIN, 100_000);
    }

    private static LinkedHashMap<String, String> record(String w, int i) {
        return LinkedHashMap.of("w", w, "i", Integer.toString(i));
    }

    /** A clock that is the machine's plus an offset the test moves. */
    static final class Offset {
        final AtomicLong ms = new AtomicLong();

        long now() {
            return System.currentTimeMillis() + ms.get();
        }
    }

    @Test
    void aClockHoursAheadIsRefusedWithNothingAppendedAndAppendsAgainOnceRight() {
        Offset clock = new Offset();
        StreamAppendPort ahead = appender(new Snowflake(11, clock::now));
        ahead.append(key, record("a", 0)); // a right clock appends
        clock.ms.set(Duration.ofHours(3).toMillis());

        assertThatThrownBy(() -> ahead.append(key, record("a", 1)))
                .isInstanceOfSatisfying(StreamStoreException.ClockAhead.class, e -> {
                    assertThat(e.writerMs() - e.serverMs()).isBetween(Duration.ofHours(3).toMillis() - 5_000, Duration.ofHours(3).toMillis() + 5_000);
                    assertThat(e.getMessage()).contains("ahead of the store's", "PT10M", key.toString());
                });
        assertThatThrownBy(() -> ahead.appendBatch(key, List.of(record("a", 2), record("a", 3))))
                .isInstanceOf(StreamStoreException.ClockAhead.class);
        assertThatThrownBy(() -> ahead.appendAsync(key, record("a", 4)).join())
                .isInstanceOf(CompletionException.class).hasCauseInstanceOf(StreamStoreException.ClockAhead.class);
        assertThat(all()).as("nothing of the refused appends landed").hasSize(1);

        clock.ms.set(0); // the clock is fixed (NTP)
        ahead.append(key, record("a", 5));
        assertThat(all()).extracting(e -> e.field("i").get()).containsExactly("0", "5");
        assertThat(all().get(1).id().ms()).as("the top stayed at the store's time").isLessThan(System.currentTimeMillis() + SKEW_MS);
    }

    @Test
    void aClockMinutesAheadWithinTheBoundIsNotRefused() {
        Offset clock = new Offset();
        clock.ms.set(Duration.ofMinutes(9).toMillis());
        BrandedId id = appender(new Snowflake(13, clock::now)).append(key, record("a", 0));
        assertThat(id.streamId().ms()).isGreaterThan(System.currentTimeMillis() + Duration.ofMinutes(8).toMillis());
    }

    @Test
    void aClockSteppedBackByMinutesKeepsMintingAboveTheTopWithinTheSkew() {
        Offset back = new Offset();
        StreamAppendPort stepping = appender(new Snowflake(14, back::now));
        StreamAppendPort steady = appender(new Snowflake(15, System::currentTimeMillis));
        for (int i = 0; i < 40; i++) {
            if (i == 10) {
                back.ms.set(-Duration.ofMinutes(7).toMillis()); // the stepping writer's clock jumps back 7 minutes
            }
            stepping.append(key, record("back", i));
            steady.append(key, record("steady", i));
        }
        List<StreamEntry> all = all();
        assertThat(all).hasSize(80);
        StreamId previous = StreamId.MIN;
        for (StreamEntry e : all) {
            assertThat(e.id()).as("ids increase").isGreaterThan(previous);
            previous = e.id();
            assertThat(e.id().ms()).as("%s: within the skew of the store's clock", e.id())
                    .isLessThanOrEqualTo(System.currentTimeMillis() + SKEW_MS);
        }
        List<StreamEntry> mine = all.stream().filter(e -> e.field("w").contains("back")).toList();
        assertThat(mine).extracting(e -> e.field("i").get())
                .containsExactlyElementsOf(java.util.stream.IntStream.range(0, 40).mapToObj(Integer::toString).toList());
        long lastBefore = mine.get(9).id().ms();
        assertThat(mine.get(39).id().ms()).as("not minted minutes in the past").isGreaterThanOrEqualTo(lastBefore);
    }

    @Test
    void aRefusedBatchIsNotAPartialOne() {
        Offset clock = new Offset();
        clock.ms.set(Duration.ofDays(2).toMillis());
        StreamAppendPort ahead = appender(new Snowflake(16, clock::now));
        assertThatThrownBy(() -> ahead.appendBatch(key, List.of(record("a", 0), record("a", 1), record("a", 2))))
                .isNotInstanceOf(AppendBatchException.class) // nothing landed, so there is no partial receipt to give
                .isInstanceOf(StreamStoreException.ClockAhead.class);
        assertThat(all()).isEmpty();
    }
}
