package echomq.sql;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.RangePages;
import echomq.testkit.InMemoryBucketMarks;
import echomq.testkit.InMemoryStreams;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/** In-memory streams for the pure tests: entries at chosen ids, Redis' clock where the test puts it, range reads counted. */
final class Streams {

    final InMemoryStreams streams = new InMemoryStreams();
    final AtomicLong read = new AtomicLong();
    final AtomicLong calls = new AtomicLong();
    Instant now = Instant.parse("2026-12-04T12:00:00Z");

    /** Appends an entry at {@code ms-seq} with fields given as name, value, name, value … */
    StreamEntry add(String key, long ms, long seq, String... fields) {
        LinkedHashMap<String, String> f = LinkedHashMap.empty();
        for (int i = 0; i < fields.length; i += 2) {
            f = f.put(fields[i], fields[i + 1]);
        }
        StreamKey k = StreamKey.existing(key);
        streams.appendAt(k, StreamId.of(ms, seq), f);
        return streams.range(k, StreamId.of(ms, seq), StreamId.of(ms, seq), 1).get(0);
    }

    StreamRangePort counted() {
        return new StreamRangePort() {
            @Override
            public java.util.List<StreamEntry> range(StreamKey key, StreamId from, StreamId to, int count) {
                calls.incrementAndGet();
                java.util.List<StreamEntry> page = streams.range(key, from, to, count);
                read.addAndGet(page.size());
                return page;
            }

            @Override
            public java.util.List<StreamEntry> rangeFrom(StreamKey key, StreamId from, int count) {
                calls.incrementAndGet();
                java.util.List<StreamEntry> page = streams.rangeFrom(key, from, count);
                read.addAndGet(page.size());
                return page;
            }

            @Override
            public RangePages pages(StreamKey key, StreamId from, Option<StreamId> to, int pageSize) {
                calls.incrementAndGet();
                return streams.pages(key, from, to, pageSize).around(next -> {
                    java.util.List<StreamEntry> page = next.get();
                    read.addAndGet(page.size());
                    return page;
                });
            }
        };
    }

    EchoSql sql() {
        return new EchoSql(counted(), streams, key -> now, streams, new InMemoryBucketMarks());
    }
}
