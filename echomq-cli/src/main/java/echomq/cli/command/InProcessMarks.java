package echomq.cli.command;

import echomq.domain.closing.BucketMarkPort;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Window;

/**
 * The last bucket handed out, kept in this process only: a {@code tail} or an {@code sql --follow}
 * starts from now (or its query's lower bound) every time, so it writes nothing into the Redis it reads.
 */
final class InProcessMarks implements BucketMarkPort {
    private final java.util.Map<String, Window.Closed> last = new java.util.HashMap<>();

    @Override
    public synchronized io.vavr.control.Option<Window.Closed> last(StreamKey stream, String subscription) {
        return io.vavr.control.Option.of(last.get(stream + "\n" + subscription));
    }

    @Override
    public synchronized void handedOut(StreamKey stream, String subscription, Window.Closed bucket) {
        last.put(stream + "\n" + subscription, bucket);
    }
}
