package echomq.domain.retention;

import echomq.domain.stream.StreamKey;

import java.util.List;

/** Reads who still reads a stream through the server: its consumer groups ({@code XINFO GROUPS}, {@code XPENDING}). */
public interface StreamReadersPort {

    /** The consumer groups of the stream at {@code key}, by name; empty when it has none or does not exist. */
    List<GroupPosition> groups(StreamKey key);
}
