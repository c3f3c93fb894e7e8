package echomq.domain.stream;

import echomq.domain.id.StreamId;

import io.vavr.control.Option;

import java.util.ArrayDeque;
import java.util.Objects;

/**
 * Which requests read the pages of one id range, so that the server has the next request in hand
 * while the client takes the last reply in: the decision an adapter's page read carries out, made
 * here once, with no I/O.
 *
 * <p>A page's request needs the previous page's last id, so pages asked for one after another keep
 * the server idle while each reply is read. Below the stream's top, nothing can be appended any more
 * (Redis refuses an id not above the top), so that part of the range can be cut by time into
 * <em>slices</em> asked for two at a time, each sized from the density of the pages before it to come
 * back a little short of a page (and at most {@link #MAX_SLICE} entries). The plan:
 * <ol>
 *   <li>asks for the range's first page; a short one ends the read (a small range costs one request, as before);</li>
 *   <li>after a full one, asks for the stream's top ({@link Ask.Top}, {@code XREVRANGE key + - COUNT 1})
 *       and the next page;</li>
 *   <li>then reads up to the top in slices, two in flight ({@link #depth()} for pages above {@link #MAX_SLICE}); a slice that comes back full is read on from
 *       its last id, the request sent behind it is dropped when its reply comes ({@link Use#DROP}), and
 *       slices go one at a time until one comes back short (a burst denser than the estimate);</li>
 *   <li>above the top, pages follow one another from each last id, as in {@link RangePages#oneByOne}, so
 *       entries appended meanwhile are read as a read of one page at a time would read them.</li>
 * </ol>
 * Every reply taken starts exactly where the last one taken ended ({@link #cursor}), so the pages are
 * the range's entries in order, each once (INV-PAGE); within a slice and above the top, paging goes on
 * from the successor of the last id read.
 *
 * <p>An adapter sends what {@link #ask} gives until it gives nothing, reads the replies in the order
 * it sent them and answers each ({@link #onPage}, {@link #onTop}); not thread-safe.
 * <pre>{@code
 * PagePlan plan = new PagePlan(from, Option.some(to), 1000);
 * for (Option<Ask> a = plan.ask(); a.isDefined(); a = plan.ask()) send(a.get());
 * // read the first reply sent, then:
 * if (plan.onPage(reply.size(), reply.lastId()) == PagePlan.Use.TAKE) hand(reply);
 * }</pre>
 */
public final class PagePlan {

    /** A request the plan wants sent. */
    public sealed interface Ask {

        /** The one {@link Top}. */
        Top TOP = new Top();

        /**
         * {@code XRANGE key from to COUNT count}.
         *
         * @param from  the lowest id, inclusive
         * @param to    the highest id, inclusive; none: {@code +}
         * @param count at most this many entries, at least 1
         */
        record Page(StreamId from, Option<StreamId> to, int count) implements Ask {
            /**
             * Checks the parts.
             *
             * @param from  the lowest id, inclusive
             * @param to    the highest id, inclusive; none: {@code +}
             * @param count at most this many entries, at least 1
             * @throws IllegalArgumentException when {@code count} is below 1
             */
            public Page {
                Objects.requireNonNull(from, "from");
                Objects.requireNonNull(to, "to");
                if (count <= 0) {
                    throw new IllegalArgumentException("count must be > 0, got " + count);
                }
            }
        }

        /** {@code XREVRANGE key + - COUNT 1}: the stream's top; the range up to it can no longer grow. */
        record Top() implements Ask {
        }
    }

    /** What to do with a page's reply. */
    public enum Use {
        /** Hand its entries out (none, for an empty slice): they continue the range. */
        TAKE,
        /** Read it and drop it: it was asked for behind a slice that came back full. */
        DROP
    }

    /**
     * Slices aim at no more than this many entries, whatever the page size: a reply of a few hundred
     * kilobytes is read and built while it is still in the processor's cache, where a page of 10,000
     * entries (a megabyte) is not. A larger page size keeps as many slices in flight as two pages hold
     * ({@link #depth()}), so a slow link carries as much at a time as before.
     */
    public static final int MAX_SLICE = 2048;

    /** Slices are at most this many milliseconds wide (about 35 years), so that their ends never overflow. */
    private static final long MAX_WIDTH = 1L << 40;

    private final Option<StreamId> to;
    private final int pageSize;
    /** Entries a slice aims at: what it may hold (a page, at most {@link #MAX_SLICE}) less three standard deviations of a Poisson count, so few come back full. */
    private final double target;
    private final int depth;
    private final ArrayDeque<Ask> inFlight = new ArrayDeque<>();
    private int pagesInFlight;
    /** Where the next entry to hand out is; none once the range is done. */
    private Option<StreamId> cursor;
    /** Where the next page request starts; none while the reply to the one in flight decides it. */
    private Option<StreamId> planned;
    /** The top read: nothing at or below it can be appended any more. None until read. */
    private Option<StreamId> settled = Option.none();
    private boolean topWanted;
    private boolean topAsked;
    /** Whether the last slice came back full: slices then go one at a time until one comes back short. */
    private boolean dense;
    private long widthMs = 1;

    /**
     * The plan of the range {@code [from, to]} in pages of at most {@code pageSize} entries.
     *
     * @param from     the lowest id, inclusive
     * @param to       the highest id, inclusive; none: up to {@code +}
     * @param pageSize entries per page, at least 1
     * @throws IllegalArgumentException when {@code pageSize} is below 1
     */
    public PagePlan(StreamId from, Option<StreamId> to, int pageSize) {
        Objects.requireNonNull(from, "from");
        this.to = Objects.requireNonNull(to, "to");
        if (pageSize <= 0) {
            throw new IllegalArgumentException("page size must be > 0, got " + pageSize);
        }
        this.pageSize = pageSize;
        int slice = Math.min(pageSize, MAX_SLICE);
        this.target = Math.max(1, slice - 3 * Math.sqrt(slice));
        this.depth = Math.max(2, 2 * pageSize / MAX_SLICE);
        boolean empty = to.exists(t -> t.isBefore(from));
        this.cursor = empty ? Option.none() : Option.some(from);
        this.planned = cursor;
    }

    /**
     * The next request to send now, recorded as sent; none when nothing more may be sent until a reply
     * is answered (or the range is done).
     *
     * @return the request
     */
    public Option<Ask> ask() {
        if (cursor.isEmpty()) {
            return Option.none();
        }
        if (topWanted && !topAsked) {
            topAsked = true;
            inFlight.add(Ask.TOP);
            return Option.some(Ask.TOP);
        }
        int limit = settled.isDefined() && !dense ? depth : 1;
        if (planned.isEmpty() || pagesInFlight >= limit) {
            return Option.none();
        }
        StreamId from = planned.get();
        // requests in flight together ask for at most MAX_SLICE entries each: two pages' worth in all
        int count = limit == 1 ? pageSize : Math.min(pageSize, MAX_SLICE);
        Ask.Page page;
        if (settled.isDefined() && !from.isAfter(settled.get())) {
            StreamId bound = to.filter(t -> t.isBefore(settled.get())).getOrElse(settled.get());
            // a slice that starts inside a millisecond (after a page's last id) takes the rest of it and then its width
            long span = from.seq() == 0 ? widthMs - 1 : widthMs;
            long endMs = from.ms() > Long.MAX_VALUE - span ? Long.MAX_VALUE : from.ms() + span;
            StreamId end = StreamId.of(endMs, Long.MAX_VALUE);
            if (!end.isBefore(bound)) {
                end = bound;
            }
            page = new Ask.Page(from, Option.some(end), count);
            planned = endsRange(end) ? Option.none() : Option.some(end.successor());
        } else {
            page = new Ask.Page(from, to, count);
            planned = Option.none();
        }
        inFlight.add(page);
        pagesInFlight++;
        return Option.some(page);
    }

    /**
     * Answers the first request in flight, a page, with its reply.
     *
     * @param size how many entries the reply holds
     * @param last the reply's last id; none for an empty reply
     * @return whether to hand its entries out or drop them
     * @throws IllegalStateException    when the first request in flight is not a page
     * @throws IllegalArgumentException when the reply does not fit its request (more entries than asked
     *                                  for, a last id outside the range asked for, or missing)
     */
    public Use onPage(int size, Option<StreamId> last) {
        Objects.requireNonNull(last, "last");
        if (!(inFlight.peek() instanceof Ask.Page asked)) {
            throw new IllegalStateException("no page request in flight, but " + inFlight.peek());
        }
        if (size < 0 || size > asked.count() || last.isEmpty() != (size == 0)
                || last.exists(l -> l.isBefore(asked.from()) || asked.to().exists(l::isAfter))) {
            throw new IllegalArgumentException("a reply of " + size + " entries ending at " + last.getOrNull()
                    + " does not answer " + asked);
        }
        inFlight.poll();
        pagesInFlight--;
        if (cursor.isEmpty() || !asked.from().equals(cursor.get())) {
            return Use.DROP;
        }
        boolean slice = settled.isDefined() && !asked.from().isAfter(settled.get());
        if (size == asked.count()) {
            StreamId l = last.get();
            cursor = RangePages.nextStart(l, size, asked.count(), to);
            if (cursor.isDefined() && !(inFlight.peek() instanceof Ask.Page following && following.from().equals(cursor.get()))) {
                planned = cursor; // what was asked for behind this page is dropped when it comes
            }
            if (slice) {
                dense = true;
            } else {
                topWanted = cursor.isDefined();
            }
            estimate(asked.from(), l.ms(), size);
        } else {
            StreamId end = asked.to().getOrElse(StreamId.MAX);
            cursor = endsRange(end) ? Option.none() : Option.some(end.successor());
            if (slice) {
                dense = false;
                estimate(asked.from(), end.ms(), size);
            }
        }
        if (cursor.isEmpty()) {
            planned = Option.none();
        }
        return Use.TAKE;
    }

    /**
     * Answers the first request in flight, the top, with its reply.
     *
     * @param top the stream's last id; none when it has no entry
     * @throws IllegalStateException when the first request in flight is not the top
     */
    public void onTop(Option<StreamId> top) {
        Objects.requireNonNull(top, "top");
        if (!(inFlight.peek() instanceof Ask.Top)) {
            throw new IllegalStateException("no top request in flight, but " + inFlight.peek());
        }
        inFlight.poll();
        settled = top;
    }

    /**
     * Where the next entry to hand out is: the range left to read, for a caller that goes on another way.
     *
     * @return its lowest id; none when the range is done
     */
    public Option<StreamId> cursor() {
        return cursor;
    }

    /**
     * Whether the range is done: every entry has been handed out (requests in flight may remain, to be
     * read and dropped).
     *
     * @return whether nothing more is to be handed out
     */
    public boolean done() {
        return cursor.isEmpty();
    }

    /**
     * The first request in flight, whose reply comes next.
     *
     * @return the request; none when none is in flight
     */
    public Option<Ask> next() {
        return Option.of(inFlight.peek());
    }

    /**
     * How many page requests may be in flight at once below the top: two, or as many slices as two
     * pages hold when the page size is above {@link #MAX_SLICE}.
     * <pre>{@code
     * new PagePlan(from, to, 1000).depth();     // 2
     * new PagePlan(from, to, 10_000).depth();   // 9: slices of at most 2,048 entries
     * }</pre>
     *
     * @return at least 2
     */
    public int depth() {
        return depth;
    }

    /**
     * How many requests are in flight.
     *
     * @return the count: at most {@link #depth()} pages and the top
     */
    public int inFlight() {
        return inFlight.size();
    }

    /** Whether a request ending at {@code end} reaches the range's end. */
    private boolean endsRange(StreamId end) {
        return end.isMax() || to.exists(t -> !end.isBefore(t));
    }

    /** The next slices' width: as many milliseconds as {@link #target} entries took here; twice as many after an empty one. */
    private void estimate(StreamId from, long lastMs, int size) {
        double span = (double) lastMs - from.ms() + 1;
        double width = size == 0 ? 2.0 * widthMs : target * span / size;
        widthMs = (long) Math.max(1, Math.min(MAX_WIDTH, width));
    }
}
