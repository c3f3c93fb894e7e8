package codemojex.app.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The JSON of event frames, written once per change and shared by every client that is sent it:
 * a change is one object handed to every listener (a live value's update, a closed bucket), so the
 * frame is kept under the kind and that object's identity, the most recent {@value #KEPT} of them.
 */
final class Frames {

    static final int KEPT = 256;

    private final ObjectMapper json;
    private final Traffic traffic;
    private final Map<Key, Frame> recent = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Frame> eldest) {
            return size() > KEPT;
        }
    };

    Frames(ObjectMapper json, Traffic traffic) {
        this.json = Objects.requireNonNull(json, "json");
        this.traffic = Objects.requireNonNull(traffic, "traffic");
    }

    /** The JSON of {@code change} as a {@code kind} event, its body made by {@code body}: written at the first call only. */
    String of(String kind, Object change, Supplier<Object> body) {
        Frame f;
        synchronized (recent) {
            f = recent.computeIfAbsent(new Key(kind, change), k -> new Frame());
        }
        return f.json(() -> {
            traffic.framesBuilt.incrementAndGet();
            return write(body.get());
        });
    }

    private String write(Object body) {
        try {
            return json.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A kind and a change, the change by identity (two equal values of two changes are two frames: their ids differ). */
    private record Key(String kind, Object change) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.kind.equals(kind) && k.change == change;
        }

        @Override
        public int hashCode() {
            return kind.hashCode() * 31 + System.identityHashCode(change);
        }
    }

    /** One frame, written by the first client that needs it; the others wait for it. */
    private static final class Frame {
        private String json;

        synchronized String json(Supplier<String> write) {
            if (json == null) {
                json = write.get();
            }
            return json;
        }
    }
}
