package echomq.domain.id;

import java.time.Clock;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The lock-free, strictly monotonic snowflake minter:
 * {@code (unixMs - 1704067200000) << 22 | node << 12 | seq}.
 *
 * <p>Each mint takes {@code max(now, next(last))}: a burst of more than 4096 mints in one
 * millisecond carries into the next millisecond, and a clock that runs backwards keeps minting
 * from the logical clock, so no two mints of one minter are ever equal or out of order.
 * <pre>{@code
 * Snowflake minter = new Snowflake(7, Clock.systemUTC());
 * BrandedId id = minter.nextId();   // EVT…, its streamId() is <unix ms>-<7 << 12 | seq>
 * }</pre>
 */
public final class Snowflake {

    /** 2024-01-01T00:00:00Z, the EchoMQ epoch. */
    public static final long EPOCH_MS = 1_704_067_200_000L;
    /** Bits of the node: 1024 minters can mint at once without colliding. */
    public static final int NODE_BITS = 10;
    /** Bits of the sequence inside a millisecond: 4096 mints per millisecond before it carries. */
    public static final int SEQ_BITS = 12;
    /** The largest node, 1023. */
    public static final int MAX_NODE = (1 << NODE_BITS) - 1;
    /** The largest sequence, 4095. */
    public static final int MAX_SEQUENCE = (1 << SEQ_BITS) - 1;
    /** The largest millisecond offset from the epoch that fits the 41 bits above node|seq. */
    public static final long MAX_OFFSET_MS = (1L << 41) - 1;

    private final int node;
    private final LongSupplier millis;
    private final AtomicLong last = new AtomicLong(-1);
    /** The lowest snowflake the next mint may take: raised by {@link #observe}, as a hybrid logical clock's. */
    private final AtomicLong floor = new AtomicLong(-1);
    /** Milliseconds added to the clock: how far the fastest writer's ids were seen ahead of it, capped. */
    private final AtomicLong lead = new AtomicLong();

    /**
     * A minter for {@code node} reading the Unix millisecond from {@code millis}.
     *
     * @param node   the node bits, 0..{@value #MAX_NODE}: one per concurrent minter
     * @param millis the clock, in Unix milliseconds
     * @throws IllegalArgumentException when {@code node} is out of range
     */
    public Snowflake(int node, LongSupplier millis) {
        if (node < 0 || node > MAX_NODE) {
            throw new IllegalArgumentException("snowflake node must be 0.." + MAX_NODE + ", got " + node);
        }
        this.node = node;
        this.millis = Objects.requireNonNull(millis, "millis");
    }

    /**
     * A minter for {@code node} reading {@code clock}.
     *
     * @param node  the node bits, 0..{@value #MAX_NODE}: one per concurrent minter
     * @param clock the clock
     * @throws IllegalArgumentException when {@code node} is out of range
     */
    public Snowflake(int node, Clock clock) {
        this(node, Objects.requireNonNull(clock, "clock")::millis);
    }

    /**
     * The node this minter mints for.
     *
     * @return the node bits, 0..{@value #MAX_NODE}
     */
    public int node() {
        return node;
    }

    /**
     * The minter's clock.
     *
     * @return the Unix millisecond it reads now
     */
    public long now() {
        return millis.getAsLong();
    }

    /**
     * Mints the next snowflake. Lock-free: concurrent callers never get the same value.
     *
     * @return a snowflake strictly above every earlier one of this minter and at or above every observed floor
     * @throws IllegalArgumentException when the clock is outside the snowflake range (before 2024)
     * @throws IllegalStateException when the snowflake space is exhausted
     */
    public long next() {
        long floor = Math.max(compose(millis.getAsLong() + lead.get(), node, 0), this.floor.get());
        while (true) {
            long prev = last.get();
            long candidate = prev < 0 ? floor : Math.max(floor, increment(prev));
            if (last.compareAndSet(prev, candidate)) {
                return candidate;
            }
        }
    }

    /**
     * As {@link #observe}, and from now on mints at the clock plus how far {@code top} was ahead of
     * it (at most {@code maxLeadMs}): a writer whose clock trails another's keeps minting beside the
     * faster one's ids instead of below them, so it is not refused again at its next append. The
     * lead only grows (to the cap), so ids stay within {@code maxLeadMs} of this writer's clock.
     * <pre>{@code
     * minter.follow(StreamId.of(minter.now() + 40, 0), 100);   // the top was 40 ms ahead
     * Snowflake.unixMillis(minter.next()) >= minter.now() + 40  // true
     * }</pre>
     *
     * @param top       the id every later mint must be above
     * @param maxLeadMs the most this minter's ids may run ahead of its clock from now on, {@code >= 0}
     * @throws IllegalArgumentException when no snowflake is above {@code top}, or {@code maxLeadMs} is negative
     */
    public void follow(StreamId top, long maxLeadMs) {
        if (maxLeadMs < 0) {
            throw new IllegalArgumentException("max lead must be >= 0 ms, got " + maxLeadMs);
        }
        observe(top);
        long ahead = top.ms() - millis.getAsLong();
        if (ahead > 0) {
            lead.accumulateAndGet(Math.min(ahead, maxLeadMs), Math::max);
        }
    }

    /**
     * How far this minter's ids run ahead of its clock since it {@linkplain #follow followed} a
     * faster writer's top.
     *
     * @return the lead in milliseconds, 0 until then
     */
    public long lead() {
        return lead.get();
    }

    /**
     * Makes every later mint's stream id greater than {@code top} (for example a stream's last id,
     * written by a writer whose clock runs ahead). As in a hybrid logical clock,
     * {@code next = max(now, top + 1)}: the smallest id of this minter above {@code top}, which is in
     * {@code top}'s millisecond when this node's bits are above {@code top}'s tail and in the next
     * millisecond otherwise. Ids so stay close to the writers' clocks rather than racing ahead.
     * <pre>{@code
     * minter.observe(StreamId.parse("1767225600123-5000"));
     * minter.nextId().streamId().compareTo(StreamId.parse("1767225600123-5000")) > 0   // true
     * }</pre>
     *
     * @param top the id every later mint must be above
     * @throws IllegalArgumentException when no snowflake is above {@code top} (past the snowflake range)
     */
    public void observe(StreamId top) {
        Objects.requireNonNull(top, "top");
        if (top.ms() >= EPOCH_MS + MAX_OFFSET_MS) {
            throw new IllegalArgumentException("cannot mint above " + top + ": past the snowflake range");
        }
        long ms = Math.max(top.ms(), EPOCH_MS);
        long sameMs = compose(ms, node, 0);
        long above = top.ms() >= EPOCH_MS && (sameMs & 0x3FFFFFL) > top.seq() ? sameMs : compose(ms + 1, node, 0);
        floor.accumulateAndGet(above, Math::max);
    }

    /**
     * Mints the next {@code EVT} branded id, as {@link #next()}.
     *
     * @return {@code EVT} + base62 of the next snowflake
     */
    public BrandedId nextId() {
        return BrandedId.event(next());
    }

    /**
     * Mints the next branded id in {@code namespace}, as {@link #next()}.
     *
     * @param namespace three ASCII upper-case letters
     * @return the namespace + base62 of the next snowflake
     * @throws IllegalArgumentException when the namespace is not three ASCII upper-case letters
     */
    public BrandedId nextId(String namespace) {
        return new BrandedId(namespace, next());
    }

    /** The seq part advances; past 4095 the millisecond does, so the node bits are never touched. */
    private long increment(long prev) {
        if ((prev & MAX_SEQUENCE) < MAX_SEQUENCE) {
            return prev + 1;
        }
        long offset = (prev >>> (NODE_BITS + SEQ_BITS)) + 1;
        if (offset > MAX_OFFSET_MS) {
            throw new IllegalStateException("snowflake space exhausted at offset " + offset + " ms");
        }
        return offset << (NODE_BITS + SEQ_BITS) | (long) node << SEQ_BITS;
    }

    /**
     * The snowflake of its parts, {@code (unixMs - EPOCH_MS) << 22 | node << 12 | seq}.
     *
     * @param unixMs the Unix millisecond, {@code EPOCH_MS .. EPOCH_MS + MAX_OFFSET_MS}
     * @param node   the node, 0..{@value #MAX_NODE}
     * @param seq    the sequence, 0..{@value #MAX_SEQUENCE}
     * @return the snowflake
     * @throws IllegalArgumentException naming the part out of range
     */
    public static long compose(long unixMs, int node, int seq) {
        long offset = unixMs - EPOCH_MS;
        if (offset < 0 || offset > MAX_OFFSET_MS) {
            throw new IllegalArgumentException("unix ms " + unixMs + " is outside the snowflake range "
                    + EPOCH_MS + ".." + (EPOCH_MS + MAX_OFFSET_MS));
        }
        if (node < 0 || node > MAX_NODE) {
            throw new IllegalArgumentException("snowflake node must be 0.." + MAX_NODE + ", got " + node);
        }
        if (seq < 0 || seq > MAX_SEQUENCE) {
            throw new IllegalArgumentException("snowflake seq must be 0.." + MAX_SEQUENCE + ", got " + seq);
        }
        return offset << (NODE_BITS + SEQ_BITS) | (long) node << SEQ_BITS | seq;
    }

    /**
     * The Unix millisecond a snowflake was minted at.
     *
     * @param snowflake the snowflake
     * @return its top 41 bits plus {@link #EPOCH_MS}
     */
    public static long unixMillis(long snowflake) {
        return (snowflake >>> (NODE_BITS + SEQ_BITS)) + EPOCH_MS;
    }

    /**
     * The node bits of a snowflake.
     *
     * @param snowflake the snowflake
     * @return the node that minted it, 0..{@value #MAX_NODE}
     */
    public static int node(long snowflake) {
        return (int) ((snowflake >>> SEQ_BITS) & MAX_NODE);
    }
}
