package echomq.engine.live;

import echomq.engine.retry.Backoff;
import echomq.domain.tail.StreamTailPort;

import echomq.domain.observe.EchoEvent;
import echomq.domain.observe.EchoListener;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamState;
import echomq.domain.stream.StreamStatePort;
import io.vavr.control.Option;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * One follower per stream per process, whoever listens: a daemon thread that waits for appends
 * ({@link StreamTailPort}, from the last id it saw) and tells every subscriber of that stream the
 * newest id, or, for a subscriber of some entries ({@link Where}), only when a read brought one of
 * them. The first {@link #follow} of a stream starts its follower at the stream's top.
 *
 * <p>A read that fails (Redis down, restarting, paused past the socket timeout) is retried after a
 * backoff of 100 ms doubling to 5 s, from the last id seen. A stream found below that id after a
 * read that brought nothing (deleted, created again, restarted without its data) is followed from
 * its new top, and the subscribers are told.
 */
public final class StreamFollowers implements AutoCloseable {

    /**
     * What the followers did so far: counts since they were made, all streams together.
     *
     * @param followers streams followed
     * @param wakeups   reads that brought entries
     * @param failures  reads that failed (each followed by a backoff)
     * @param restarts  streams found below the id last seen, followed again from their top
     */
    public record Metrics(int followers, long wakeups, long failures, long restarts) {
    }

    static final int READ_COUNT = 1000;

    private final StreamTailPort tails;
    private final StreamStatePort states;
    private final Duration block;
    private final Map<StreamKey, Follower> followers = new ConcurrentHashMap<>();
    private final AtomicLong wakeups = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicLong restarts = new AtomicLong();
    private volatile boolean running = true;

    /**
     * Followers over {@code tails} and {@code states}; none runs until the first {@link #follow} of
     * its stream.
     * <pre>{@code
     * StreamFollowers followers = new StreamFollowers(tails, states, Duration.ofSeconds(2));
     * AutoCloseable sub = followers.follow(StreamKey.of("cm", "guess-scored"), id -> refresh());
     * }</pre>
     *
     * @param tails  where a follower waits for appends ({@code XREAD BLOCK})
     * @param states where a follower finds the stream's top: at its start, and after a read that
     *               brought nothing (to notice a stream that went below what was seen)
     * @param block  how long one read waits for appends, at least 1 ms; keep it under the client's
     *               socket timeout, or every quiet wait ends as a failure and a backoff
     * @throws IllegalArgumentException when {@code block} is under 1 ms
     */
    public StreamFollowers(StreamTailPort tails, StreamStatePort states, Duration block) {
        this.tails = Objects.requireNonNull(tails, "tails");
        this.states = Objects.requireNonNull(states, "states");
        this.block = Objects.requireNonNull(block, "block");
        if (block.toMillis() < 1) {
            throw new IllegalArgumentException("block must be at least 1 ms, got " + block);
        }
    }

    /**
     * Tells {@code onAppend} (on the follower's thread; keep it short) the newest id of {@code key}
     * after every read that brought entries, and when the stream was found below what was seen,
     * until the returned handle is closed. The first subscriber of a stream starts its follower at
     * the stream's top; later ones share it. Closing the handle unsubscribes only: the follower
     * runs until {@link #close()}.
     * <pre>{@code
     * try (AutoCloseable sub = followers.follow(key, id -> wake.release())) {
     *     ...
     * }
     * }</pre>
     *
     * @param key      the stream to follow
     * @param onAppend told the newest id seen; it runs on the follower's thread, so what it does
     *                 delays the next read
     * @return the subscription; close it to stop hearing of {@code key}
     * @throws IllegalStateException when these followers are closed
     */
    public AutoCloseable follow(StreamKey key, Consumer<StreamId> onAppend) {
        Objects.requireNonNull(onAppend, "onAppend");
        if (!running) {
            throw new IllegalStateException("the followers are closed");
        }
        Follower f = followers.computeIfAbsent(Objects.requireNonNull(key, "key"), Follower::new);
        f.subscribers.add(onAppend);
        return () -> f.subscribers.remove(onAppend);
    }

    /**
     * The entries a subscriber hears of: those whose {@code field} is {@code value} (a game's, a
     * user's). A follower reads every entry once whoever listens; a subscriber of some is told only
     * after a read that brought one of them, so a thousand subscribers of a thousand games cost, for an
     * append, the one subscriber it concerns, not a thousand.
     *
     * @param field the field, at least one character
     * @param value its value
     */
    public record Where(String field, String value) {
        /**
         * Checks the parts.
         *
         * @param field the field, at least one character
         * @param value its value
         * @throws IllegalArgumentException when {@code field} is empty
         */
        public Where {
            Objects.requireNonNull(field, "field");
            Objects.requireNonNull(value, "value");
            if (field.isEmpty()) {
                throw new IllegalArgumentException("a subscriber's field must have a name, got an empty one");
            }
        }
    }

    /**
     * As {@link #follow(StreamKey, Consumer)}, told only after a read that brought an entry
     * {@code where} names (and, as every subscriber, when the stream was found below what was seen:
     * what it missed cannot be known). The follower is the stream's one, shared with every subscriber.
     * <pre>{@code
     * AutoCloseable sub = followers.follow(key, new StreamFollowers.Where("game", "GAM0Sgf"), id -> refresh());
     * }</pre>
     *
     * @param key      the stream to follow
     * @param where    the entries that concern this subscriber
     * @param onAppend told the newest id seen, on the follower's thread (keep it short)
     * @return the subscription; close it to stop hearing of {@code key}
     * @throws IllegalStateException when these followers are closed
     */
    public AutoCloseable follow(StreamKey key, Where where, Consumer<StreamId> onAppend) {
        Objects.requireNonNull(where, "where");
        Objects.requireNonNull(onAppend, "onAppend");
        if (!running) {
            throw new IllegalStateException("the followers are closed");
        }
        Follower f = followers.computeIfAbsent(Objects.requireNonNull(key, "key"), Follower::new);
        List<Consumer<StreamId>> those = f.where.computeIfAbsent(where.field(), k -> new ConcurrentHashMap<>())
                .computeIfAbsent(where.value(), k -> new CopyOnWriteArrayList<>());
        those.add(onAppend);
        return () -> those.remove(onAppend); // an emptied list stays: a later subscriber of the same entries reuses it
    }

    /**
     * The last id the follower of {@code key} saw: its top when it started, then the id of the
     * newest entry read (or the stream's new top after it was found below).
     *
     * @param key the stream
     * @return the id, none when nothing follows {@code key} or its follower has not read yet
     */
    public Option<StreamId> position(StreamKey key) {
        return Option.of(followers.get(key)).flatMap(f -> Option.of(f.after.get()));
    }

    /**
     * What the followers did so far.
     *
     * @return the counts since these followers were made
     */
    public Metrics metrics() {
        return new Metrics(followers.size(), wakeups.get(), failures.get(), restarts.get());
    }

    /**
     * Stops every follower (each thread is interrupted and ends); a later {@link #follow} fails.
     * The subscribers are not told.
     */
    @Override
    public void close() {
        running = false;
        followers.values().forEach(f -> f.thread.interrupt());
    }

    private volatile EchoListener listener = EchoListener.NONE;

    /**
     * Tells {@code l} of every follower that reads its stream again after failures
     * ({@link EchoEvent.Reconnected}), and of every value a {@link LiveValue} on these followers
     * conflates ({@link EchoEvent.Conflated}).
     *
     * @param l the listener, replacing any earlier one
     * @return these followers
     */
    public StreamFollowers observedBy(EchoListener l) {
        this.listener = java.util.Objects.requireNonNull(l, "listener");
        return this;
    }

    /** Who hears these followers (and the live values on them). */
    EchoListener listener() {
        return listener;
    }

    private final class Follower {
        final StreamKey key;
        final List<Consumer<StreamId>> subscribers = new CopyOnWriteArrayList<>();
        /** Subscribers of some entries: field -> value -> subscribers. */
        final Map<String, Map<String, List<Consumer<StreamId>>>> where = new ConcurrentHashMap<>();
        final AtomicReference<StreamId> after = new AtomicReference<>();
        final Thread thread;

        Follower(StreamKey key) {
            this.key = key;
            this.thread = new Thread(this::run, "follow-" + key);
            thread.setDaemon(true);
            thread.start();
        }

        void run() {
            Backoff backoff = Backoff.DEFAULT;
            while (running) {
                try {
                    if (after.get() == null) {
                        after.set(top()); // what is there already, the subscribers' first computation folds
                    }
                    List<StreamEntry> got = tails.readAfter(key, after.get(), READ_COUNT, block);
                    if (!got.isEmpty()) {
                        after.set(got.get(got.size() - 1).id());
                        wakeups.incrementAndGet();
                        tell(got);
                    } else {
                        StreamId top = top();
                        if (top.compareTo(after.get()) < 0) {
                            after.set(top);
                            restarts.incrementAndGet();
                            tellAll();
                        }
                    }
                    if (backoff.isBackingOff()) {
                        EchoListener.tell(listener, new EchoEvent.Reconnected(key));
                    }
                    backoff = backoff.reset();
                } catch (RuntimeException e) {
                    if (!running) {
                        return;
                    }
                    failures.incrementAndGet();
                    backoff = backoff.next();
                    if (!backoff.sleep()) {
                        return; // closed: the interrupt stays set
                    }
                }
            }
        }

        StreamId top() {
            return states.state(key).map(StreamState::lastGenerated).getOrElse(StreamId.MIN);
        }

        /** Tells every subscriber of the whole stream, and each subscriber of some entries once if {@code got} holds one of them. */
        void tell(List<StreamEntry> got) {
            StreamId now = after.get();
            for (Consumer<StreamId> s : subscribers) {
                s.accept(now);
            }
            if (where.isEmpty()) {
                return;
            }
            java.util.Set<Consumer<StreamId>> told = new java.util.LinkedHashSet<>();
            for (Map.Entry<String, Map<String, List<Consumer<StreamId>>>> byField : where.entrySet()) {
                for (StreamEntry e : got) {
                    e.field(byField.getKey()).flatMap(v -> Option.of(byField.getValue().get(v))).forEach(told::addAll);
                }
            }
            told.forEach(s -> s.accept(now));
        }

        /** Tells every subscriber: the stream went below what was seen, what it missed cannot be known. */
        void tellAll() {
            StreamId now = after.get();
            for (Consumer<StreamId> s : subscribers) {
                s.accept(now);
            }
            where.values().forEach(byValue -> byValue.values().forEach(those -> those.forEach(s -> s.accept(now))));
        }
    }
}
