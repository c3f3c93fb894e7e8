package echomq.engine.projection;

import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamKey;
import echomq.testkit.InMemoryStreams;

import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** The proof of a stream's history: kept while it continues, new when the stream is not the one read before. */
class LineagesTest {

    final StreamKey key = StreamKey.of("eng", "lineage");
    final InMemoryStreams streams = new InMemoryStreams();
    final AtomicLong ms = new AtomicLong(Snowflake.EPOCH_MS + 1_000);
    final Snowflake ids = new Snowflake(1, ms::get);
    final Lineages lineages = new Lineages(streams, new ReaderMetrics());

    BrandedId append() {
        ms.incrementAndGet();
        BrandedId id = ids.nextId();
        streams.append(key, id, LinkedHashMap.of("k", "v"));
        return id;
    }

    @Test
    void appendsContinueTheLineage() {
        append();
        long first = lineages.read(key).lineage();
        append();
        append();
        assertThat(lineages.read(key).lineage()).isEqualTo(first);
        assertThat(lineages.started()).isEqualTo(1);
    }

    @Test
    void aStreamDeletedAndCreatedAgainIsANewLineage() {
        append();
        long first = lineages.read(key).lineage();
        streams.drop(key);
        assertThat(lineages.read(key).state()).isEmpty();
        append();
        assertThat(lineages.read(key).lineage()).isNotEqualTo(first);
    }

    @Test
    void aStreamWhoseAnchorEntryWasDeletedIsANewLineage() {
        append();
        BrandedId last = append();
        long first = lineages.read(key).lineage();
        streams.delete(key, last.streamId());
        assertThat(lineages.read(key).lineage()).isNotEqualTo(first);
    }

    @Test
    void anEmptyOrMissingStreamHasNoAnchorSoEachReadStartsAfresh() {
        long a = lineages.read(key).lineage();
        long b = lineages.read(key).lineage();
        assertThat(a).isNotEqualTo(b);
    }
}
