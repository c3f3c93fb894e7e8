package echomq.testkit;

import echomq.domain.closing.BucketMarkPort;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Window;

import io.vavr.control.Option;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/** A {@link BucketMarkPort} in memory, for tests of what uses closing buckets without Redis. */
public final class InMemoryBucketMarks implements BucketMarkPort {

    private record Slot(StreamKey stream, String subscription) {
    }

    private final Map<Slot, Window.Closed> marks = new ConcurrentHashMap<>();

    /** No marks yet. */
    public InMemoryBucketMarks() {
    }

    @Override
    public Option<Window.Closed> last(StreamKey stream, String subscription) {
        return Option.of(marks.get(new Slot(Objects.requireNonNull(stream, "stream"), BucketMarkPort.requireName(subscription))));
    }

    @Override
    public void handedOut(StreamKey stream, String subscription, Window.Closed bucket) {
        marks.put(new Slot(Objects.requireNonNull(stream, "stream"), BucketMarkPort.requireName(subscription)),
                Objects.requireNonNull(bucket, "bucket"));
    }
}
