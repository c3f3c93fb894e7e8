package echomq.sql;

import echomq.domain.eventtime.EventTime;
import echomq.domain.eventtime.TimeFormat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The random cases of {@link Queries} by event time: the same query with {@code DESCRIPTOR(ts)} and
 * {@code ts} predicates in place of {@code _time}, over a stream whose entries carry their time in
 * {@code ts} (in a random format) at ids up to the lead before and the lateness after it, and beside
 * them entries the rule leaves out (late, early, untimed) that no answer may hold. The brute force
 * reads the rows by their own time ({@link Oracle} over the rows' event times), never by the ids.
 */
final class EventTimeCases {

    /** One entry as written: its id and fields (the event time in {@code ts}, if any). */
    record Entry(long ms, long seq, Map<String, String> fields) {
    }

    /**
     * A case: the query by event time, the declaration, the entries written, and how many the rule leaves out.
     *
     * @param base     the case by the ids' time, whose rows' times are the event times here
     * @param sql      the query by event time
     * @param time     the declaration
     * @param entries  what the stream holds, in id order
     * @param leftOut  the entries written that the rule leaves out
     * @param timeOnly whether the query bounds no time (then every left-out entry is counted)
     */
    record Case(Queries.Case base, String sql, EventTime time, List<Entry> entries, long leftOut, boolean timeOnly) {
        @Override
        public String toString() {
            return "seed " + base.seed() + " (" + entries.size() + " entries, " + leftOut + " left out, " + time + "): " + sql;
        }
    }

    private EventTimeCases() {
    }

    static Case next(Random seeds, String table) {
        Queries.Case c = Queries.next(seeds, table);
        Random r = new Random(c.seed() ^ 0x5DEECE66DL);
        long lateness = new long[]{0, 1_000, 30_000, 300_000}[r.nextInt(4)];
        long lead = new long[]{0, 1_000, 10_000}[r.nextInt(3)];
        TimeFormat format = TimeFormat.values()[r.nextInt(TimeFormat.values().length)];
        EventTime time = EventTime.field("ts").format(format).lateness(Duration.ofMillis(lateness)).lead(Duration.ofMillis(lead));
        // on time: each event millisecond written at one id millisecond in [e - E, e + L], its rows in their order
        Map<Long, Long> delay = new HashMap<>();
        List<long[]> order = new ArrayList<>(); // id ms, kind (0 on time, 1 left out), event ms, index
        List<Map<String, String>> fields = new ArrayList<>();
        for (Oracle.Row row : c.rows()) {
            long d = delay.computeIfAbsent(row.ms(), e -> -lead + (long) (r.nextDouble() * (lead + lateness + 1)));
            Map<String, String> f = new LinkedHashMap<>(row.fields());
            f.put("ts", written(format, row.ms()));
            order.add(new long[]{row.ms() + d, 0, row.ms(), fields.size()});
            fields.add(f);
        }
        int out = c.rows().isEmpty() ? 0 : r.nextInt(1 + c.rows().size() / 4);
        for (int i = 0; i < out; i++) {
            long m = Queries.T0 + (long) (r.nextDouble() * c.span());
            Map<String, String> f = new LinkedHashMap<>(c.rows().get(r.nextInt(c.rows().size())).fields());
            switch (r.nextInt(4)) {
                case 0 -> f.put("ts", written(format, m - lateness - 1 - r.nextInt(60_000)));      // late
                case 1 -> f.put("ts", written(format, m + lead + 1 + r.nextInt(60_000)));          // early
                case 2 -> f.put("ts", "soon");                                                   // untimed: no time
                default -> { }                                                                   // untimed: no field
            }
            order.add(new long[]{m, 1, m, fields.size()});
            fields.add(f);
        }
        // ids in order; within an id millisecond, on-time rows of one event millisecond stay in their order
        order.sort(Comparator.<long[]>comparingLong(o -> o[0]).thenComparingLong(o -> o[2]).thenComparingLong(o -> o[3]));
        List<Entry> entries = new ArrayList<>();
        long last = -1;
        long seq = 0;
        for (long[] o : order) {
            seq = o[0] == last ? seq + 1 : 0;
            last = o[0];
            entries.add(new Entry(o[0], seq, fields.get((int) o[3])));
        }
        String sql = c.sql().replace("(_time)", "(ts)").replace(" _time ", " ts ");
        boolean timeOnly = !sql.contains(" ts ") && !sql.contains("window_start >=") && !sql.contains("window_end <=");
        return new Case(c, sql, time, entries, out, timeOnly);
    }

    static String written(TimeFormat format, long ms) {
        return switch (format) {
            case EPOCH_MILLIS -> Long.toString(ms);
            case EPOCH_SECONDS -> ms / 1000 + "." + String.format("%03d", ms % 1000);
            case ISO_8601 -> Instant.ofEpochMilli(ms).toString();
        };
    }
}
