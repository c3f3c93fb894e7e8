package codemojex.app.core;

import echomq.domain.fold.Tally;
import echomq.domain.id.StreamId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The unreadable entries the projections skipped, per channel: each is logged once, when first
 * seen (a cached fold reports the same entries on every read), and listed for {@code /health}.
 * At most {@value #MAX_KEPT} are kept; the count of distinct entries goes on.
 */
public final class SkippedEntries {

    private static final Logger log = LoggerFactory.getLogger(SkippedEntries.class);

    /** How many skipped entries are kept by id. */
    public static final int MAX_KEPT = 1000;

    /**
     * One skipped entry.
     *
     * @param channel the stream it is in
     * @param id      the entry
     * @param reason  why it could not be read
     */
    public record Noted(String channel, StreamId id, String reason) {
    }

    private final Map<String, Noted> kept = new LinkedHashMap<>();
    private long distinct;

    /** Notes what {@code tally} skipped in {@code channel}; returns its value. */
    public synchronized <A> A note(String channel, Tally<A> tally) {
        Objects.requireNonNull(channel, "channel");
        for (Tally.Skipped s : tally.examples()) {
            String key = channel + "/" + s.id();
            if (!kept.containsKey(key) && (kept.size() < MAX_KEPT || distinct < MAX_KEPT)) {
                distinct++;
                kept.put(key, new Noted(channel, s.id(), s.reason()));
                log.warn("skipping unreadable entry {} of {}: {}", s.id(), channel, LogSafe.escape(s.reason()));
            }
        }
        return tally.value();
    }

    /** The skipped entries noted so far, oldest first. */
    public synchronized List<Noted> noted() {
        return new ArrayList<>(kept.values());
    }
}
