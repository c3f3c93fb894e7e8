package echomq.wire;

import echomq.domain.checkpoint.Checkpoint;
import echomq.domain.id.BrandedId;
import echomq.domain.id.StreamId;
import echomq.domain.stream.EntryMark;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Window;
import echomq.domain.stream.StreamState;
import io.vavr.control.Option;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a checkpoint is kept in Redis, whatever the client: one hash per checkpoint,
 * {@code emq:{queue}:checkpoint:<stream>:<projection>:<window>}, and a set indexing a stream's
 * checkpoints, {@code emq:{queue}:checkpoints:<stream>}; all in the queue's hash slot, beside the
 * stream. Saved by {@link Scripts#CHECKPOINT_SAVE}.
 */
public final class CheckpointHash {

    private CheckpointHash() {
    }

    /**
     * The key of a checkpoint.
     *
     * @param stream     the checkpointed stream
     * @param projection the projection's name
     * @param window     the sealed window
     * @return the hash's key, in the stream's slot
     * @throws IllegalArgumentException when the projection name is not a valid one
     */
    public static String key(StreamKey stream, String projection, Window.Fixed window) {
        return stream.ownKeysPrefix() + "checkpoint:" + stream.name() + ":" + Checkpoint.requireName(projection) + ":" + window.bounds();
    }

    /**
     * The set of a stream's checkpoint keys.
     *
     * @param stream the stream
     * @return the index set's key, in the stream's slot
     */
    public static String index(StreamKey stream) {
        return stream.ownKeysPrefix() + "checkpoints:" + stream.name();
    }

    /**
     * The save script's KEYS: the checkpoint, its stream, the index.
     *
     * @param c the checkpoint to save
     * @return {@code [checkpoint key, stream key, index key]}
     */
    public static List<String> saveKeys(Checkpoint c) {
        return List.of(key(c.stream(), c.projection(), c.window()), c.stream().toString(), index(c.stream()));
    }

    /**
     * The save script's ARGV: up-to id, ttl in ms (0: none), version, then the hash's fields.
     *
     * @throws IllegalArgumentException when a ttl is given and under 1 ms
     * @param c   the checkpoint to save
     * @param ttl how long the hash lives, none: for ever
     * @return the script's ARGV
     */
    public static List<String> saveArgs(Checkpoint c, Option<Duration> ttl) {
        long ttlMs = ttl.map(Duration::toMillis).getOrElse(0L);
        if (ttlMs < 0 || (ttl.isDefined() && ttlMs == 0)) {
            throw new IllegalArgumentException("checkpoint ttl must be at least 1 ms, got " + ttl.get());
        }
        List<String> argv = new ArrayList<>(List.of(c.upTo().id().toString(), Long.toString(ttlMs), Integer.toString(c.version())));
        fields(c).forEach((k, v) -> {
            argv.add(k);
            argv.add(v);
        });
        return argv;
    }

    /**
     * The hash's fields.
     *
     * @param c the checkpoint
     * @return its fields by name, in a fixed order
     */
    public static Map<String, String> fields(Checkpoint c) {
        StreamState s = c.seen();
        Map<String, String> f = new LinkedHashMap<>();
        f.put("projection", c.projection());
        f.put("version", Integer.toString(c.version()));
        f.put("window", c.window().bounds());
        f.put("state", c.state());
        f.put("up-to", c.upTo().id().toString());
        f.put("up-to-branded", c.upTo().branded().map(BrandedId::toString).getOrElse(""));
        f.put("saved-at", Long.toString(c.savedAt().toEpochMilli()));
        f.put("length", Long.toString(s.length()));
        f.put("first", text(s.first()));
        f.put("last", text(s.last()));
        f.put("last-generated", s.lastGenerated().toString());
        f.put("entries-added", s.entriesAdded().map(String::valueOf).getOrElse(""));
        f.put("max-deleted", text(s.maxDeletedEntryId()));
        f.put("recorded-first", text(s.recordedFirstEntryId()));
        f.put("last-branded", s.lastBranded().map(BrandedId::toString).getOrElse(""));
        return f;
    }

    private static String text(Option<StreamId> id) {
        return id.map(StreamId::toString).getOrElse("");
    }

    /**
     * The checkpoint hash {@code h}, read at {@code key}.
     *
     * @throws IllegalStateException when it is not a hash this library writes
     * @param stream the stream the checkpoint is of
     * @param key    the hash's key, for the error message
     * @param h      the hash's fields ({@code HGETALL})
     * @return the checkpoint
     */
    public static Checkpoint parse(StreamKey stream, String key, Map<String, String> h) {
        try {
            StreamState seen = new StreamState(Long.parseLong(h.get("length")), id(h.get("first")), id(h.get("last")),
                    StreamId.parse(h.get("last-generated")), Option.of(h.get("entries-added")).filter(s -> !s.isEmpty()).map(Long::parseLong),
                    id(h.get("max-deleted")), id(h.get("recorded-first")), branded(h.get("last-branded")));
            return new Checkpoint(stream, h.get("projection"), Integer.parseInt(h.get("version")), Window.ofBounds(h.get("window")), h.get("state"),
                    new EntryMark(StreamId.parse(h.get("up-to")), branded(h.get("up-to-branded"))), seen,
                    Instant.ofEpochMilli(Long.parseLong(h.get("saved-at"))));
        } catch (RuntimeException e) {
            throw new IllegalStateException("checkpoint " + key + " is not one this library writes: " + e.getMessage(), e);
        }
    }

    private static Option<StreamId> id(String s) {
        return s == null || s.isEmpty() ? Option.none() : Option.some(StreamId.parse(s));
    }

    private static Option<BrandedId> branded(String s) {
        return s == null || s.isEmpty() ? Option.none() : Option.some(BrandedId.parse(s));
    }
}
