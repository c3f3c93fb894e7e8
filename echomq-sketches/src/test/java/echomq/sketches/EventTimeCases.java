package echomq.sketches;

import echomq.domain.eventtime.EventTime;
import echomq.domain.eventtime.LeftOut;
import echomq.domain.eventtime.TimeFormat;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.window.Buckets;
import echomq.domain.window.Window;

import io.vavr.Tuple;
import io.vavr.Tuple2;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * Random streams whose entries carry their own time in {@code ts} (on time, late, early, missing,
 * malformed, in each format), and the brute force of the event-time rule over a whole stream (#57):
 * what a rollup, a closing subscription and its stream of left-out entries must hold, computed from
 * the rule's definition, entry by entry, without the view or the plans.
 */
final class EventTimeCases {

    static final long T = Instant.parse("2026-12-07T10:00:00Z").toEpochMilli();

    static final Aggregates FOLDS = Aggregates.parse("count,sum:amount,min:amount,max:amount,avg:amount,p99:amount,distinct:user,"
            + "range:amount,var:amount,stddev_samp:amount,twa:amount,first:amount,last:amount,median:amount");

    private EventTimeCases() {
    }

    /**
     * One case.
     *
     * @param seed    its seed
     * @param stream  the entries, in id order
     * @param time    the event time declared
     * @param width   the tumbling buckets' width
     * @param skew    the writers' skew
     * @param clocks  the store's clock at each run, rising; the last is past every bucket
     */
    record Case(long seed, List<StreamEntry> stream, EventTime time, long width, Duration skew, List<Long> clocks) {
        Buckets buckets() {
            return Buckets.tumbling(Duration.ofMillis(width));
        }

        @Override
        public String toString() {
            return "seed " + seed + ": " + stream.size() + " entries by " + time + ", buckets of " + width + " ms, skew " + skew.toMillis()
                    + " ms, " + clocks.size() + " runs";
        }
    }

    static String written(TimeFormat format, long ms, Random r) {
        return switch (format) {
            case EPOCH_MILLIS -> Long.toString(ms);
            case EPOCH_SECONDS -> ms % 1000 == 0 && r.nextBoolean() ? Long.toString(ms / 1000) : ms / 1000 + "." + String.format("%03d", ms % 1000);
            case ISO_8601 -> DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(Instant.ofEpochMilli(ms).atZone(ZoneId.of(r.nextBoolean() ? "UTC" : "Asia/Kolkata")));
        };
    }

    static Case random(long seed, int most) {
        Random r = new Random(seed);
        TimeFormat format = TimeFormat.values()[r.nextInt(3)];
        long lateness = switch (r.nextInt(4)) {
            case 0 -> 0;
            case 1 -> r.nextInt(500);
            case 2 -> r.nextInt(5_000);
            default -> r.nextInt(60_000);
        };
        long lead = r.nextInt(3) == 0 ? 0 : r.nextInt(1_500);
        EventTime time = EventTime.field("ts").format(format).lateness(Duration.ofMillis(lateness)).lead(Duration.ofMillis(lead));
        long width = List.of(100L, 1_000L, 5_000L, 30_000L, 60_000L).get(r.nextInt(5)) + (r.nextInt(4) == 0 ? r.nextInt(1000) : 0);
        int n = r.nextInt(most + 1);
        long spread = Math.max(10, lateness + lead) * 3 / 2;
        List<StreamEntry> stream = new ArrayList<>();
        long ms = T + r.nextInt(60_000);
        long seq = 0;
        for (int i = 0; i < n; i++) {
            if (r.nextInt(4) == 0) {
                seq++;
            } else {
                ms += 1 + (r.nextInt(15) == 0 ? r.nextInt(600_000) : r.nextInt(r.nextBoolean() ? 50 : 3_000));
                seq = r.nextInt(2);
            }
            LinkedHashMap<String, String> fields = LinkedHashMap.of("amount", r.nextInt(12) == 0 ? "n/a" : Integer.toString(r.nextInt(500)),
                    "user", "u" + r.nextInt(6));
            int kind = r.nextInt(25);
            if (kind == 0) {
                // no field
            } else if (kind == 1) {
                fields = fields.put("ts", List.of("", "x", "-5", "1e3", " 12", "+12", "2026-12-07T10:00:00", "1.2.3").get(r.nextInt(8)));
            } else {
                long offset = (long) ((r.nextDouble() * 1.8 - 1.2) * spread); // mostly behind the id, some too far behind or ahead
                fields = fields.put("ts", written(format, Math.max(0, ms + offset), r));
            }
            if (r.nextInt(40) == 0) {
                fields = fields.put("reason", "their own");   // a field the copy of a left-out entry must keep
            }
            stream.add(new StreamEntry(StreamId.of(ms, seq), Option.none(), fields));
        }
        long last = stream.isEmpty() ? T : stream.get(stream.size() - 1).id().ms();
        long first = stream.isEmpty() ? T : stream.get(0).id().ms();
        List<Long> clocks = new ArrayList<>();
        Duration skew = Duration.ofMillis(r.nextInt(3) == 0 ? 0 : r.nextInt(200));
        int runs = 1 + r.nextInt(4);
        for (int i = 0; i < runs; i++) {
            clocks.add(first + (long) (r.nextDouble() * (last - first + lateness + 2 * width)));
        }
        clocks.sort(Comparator.naturalOrder());
        clocks.add(last + lateness + skew.toMillis() + 3 * width + 1_000);
        return new Case(seed, stream, time, width, skew, clocks);
    }

    /** Where the entry stands by the rule, spelled out. */
    static Option<LeftOut.Reason> leftOut(Case c, StreamEntry e) {
        Option<Long> t = e.field("ts").flatMap(c.time().format()::millis);
        if (t.isEmpty()) {
            return Option.some(LeftOut.Reason.UNTIMED);
        }
        long m = e.id().ms();
        if (t.get() < m - c.time().lateness().toMillis()) {
            return Option.some(LeftOut.Reason.LATE);
        }
        if (t.get() > m + c.time().lead().toMillis()) {
            return Option.some(LeftOut.Reason.EARLY);
        }
        return Option.none();
    }

    /** Every entry on time, in event-time order (then id order), at {@code <e>-<k>}. */
    static List<StreamEntry> byEventTime(Case c) {
        List<Tuple2<Long, StreamEntry>> on = new ArrayList<>();
        for (StreamEntry e : c.stream()) {
            if (leftOut(c, e).isEmpty()) {
                on.add(Tuple.of(e.field("ts").flatMap(c.time().format()::millis).get(), e));
            }
        }
        on.sort(Comparator.<Tuple2<Long, StreamEntry>>comparingLong(p -> p._1).thenComparing(p -> p._2.id()));
        List<StreamEntry> out = new ArrayList<>();
        long previous = -1;
        int k = 0;
        for (Tuple2<Long, StreamEntry> p : on) {
            k = p._1 == previous ? k + 1 : 0;
            previous = p._1;
            out.add(p._2.at(StreamId.of(p._1, k)));
        }
        return out;
    }

    /** The fold of the entries on time whose event time lies in {@code w}, in event-time order ({@code byEventTime} sorted so). */
    static AggregateState fold(List<StreamEntry> byEventTime, Window.Closed w) {
        AggregateState s = FOLDS.empty();
        int i = firstAtOrAfter(byEventTime, w.t0().toEpochMilli());
        for (; i < byEventTime.size() && byEventTime.get(i).id().ms() <= w.t1().toEpochMilli(); i++) {
            s = FOLDS.fold().step(s, byEventTime.get(i));
        }
        return s;
    }

    private static int firstAtOrAfter(List<StreamEntry> sorted, long ms) {
        int lo = 0;
        int hi = sorted.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted.get(mid).id().ms() < ms) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The last millisecond of the last bucket closed at {@code clock}: its end is before {@code clock - skew - L}. */
    static long closedUpTo(Case c, long clock) {
        long cut = clock - c.skew().toMillis() - c.time().lateness().toMillis();  // a bucket ending at t1 closed when cut > t1
        return Math.floorDiv(cut, c.width()) * c.width() - 1;
    }

    /** What the rollup's target holds at {@code clock}: each closed bucket with an entry on time, its fields. */
    static List<StreamEntry> target(Case c, long clock) {
        return target(c, byEventTime(c), clock);
    }

    static List<StreamEntry> target(Case c, List<StreamEntry> events, long clock) {
        List<StreamEntry> out = new ArrayList<>();
        long upTo = closedUpTo(c, clock);
        java.util.TreeSet<Long> starts = new java.util.TreeSet<>();
        for (StreamEntry e : events) {
            long start = Math.floorDiv(e.id().ms(), c.width()) * c.width();
            if (start + c.width() - 1 <= upTo) {
                starts.add(start);
            }
        }
        for (long start : starts) {
            Window.Closed w = Window.closed(Instant.ofEpochMilli(start), Instant.ofEpochMilli(start + c.width() - 1));
            out.add(new StreamEntry(StreamId.of(start, 0), Option.none(), fold(events, w).rollupFields(start + c.width() - 1)));
        }
        return out;
    }

    /** The copies of the entries left out whose id lies at or below {@code upToMs}, in id order, as written to the stream of them. */
    static List<StreamEntry> copies(Case c, long upToMs) {
        List<StreamEntry> out = new ArrayList<>();
        for (StreamEntry e : c.stream()) {
            Option<LeftOut.Reason> why = leftOut(c, e);
            if (e.id().ms() <= upToMs && why.isDefined()) {
                LinkedHashMap<String, String> f = LinkedHashMap.empty();
                for (var p : e.fields()) {
                    f = f.put(p._1.equals("reason") ? "source_reason" : p._1, p._2);
                }
                out.add(new StreamEntry(e.id(), Option.none(), f.put("reason", why.get().name().toLowerCase(java.util.Locale.ROOT))));
            }
        }
        return out;
    }

    /** The brute-force counts of the entries left out whose id lies in {@code [fromMs, toMs]}. */
    static LeftOut counts(Case c, long fromMs, long toMs) {
        LeftOut n = LeftOut.NONE;
        for (StreamEntry e : c.stream()) {
            if (e.id().ms() >= fromMs && e.id().ms() <= toMs) {
                for (LeftOut.Reason why : leftOut(c, e)) {
                    n = n.plus(why);
                }
            }
        }
        return n;
    }
}
