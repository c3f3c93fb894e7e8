package echomq.sql;

import echomq.sql.model.Numbers;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * A brute-force reading of the documented semantics of a query (docs/13-sql.md), written without
 * the module's code: every row tested, every window enumerated from the definition, every aggregate
 * computed from the rows it holds. Shared by the property tests in memory and on Redis.
 */
public final class Oracle {

    private Oracle() {
    }

    /** A row: its id and fields. */
    public record Row(long ms, long seq, Map<String, String> fields) {
        String get(String f) {
            return fields.get(f);
        }

        String id() {
            return ms + "-" + seq;
        }
    }

    /** A three-valued predicate: TRUE, FALSE or null (UNKNOWN). */
    interface Pred extends Function<Row, Boolean> {
    }

    /** A window: [start, end), for sessions also its key. */
    record W(long start, long end) {
    }

    /** How rows are windowed. */
    sealed interface Kind permits Tumble, Hop, Cumulate, Session, Whole {
    }

    record Tumble(long size, long offset) implements Kind {
    }

    record Hop(long slide, long size) implements Kind {
    }

    record Cumulate(long step, long size) implements Kind {
    }

    record Session(long gap, String partition) implements Kind {
    }

    record Whole() implements Kind {
    }

    /** An aggregate, by name: COUNT_ALL, COUNT, SUM, MIN, MAX, AVG, DISTINCT, APPROX_DISTINCT, STDDEV_POP, …, PERCENTILE, FIRST, LAST. */
    record Agg(String kind, String field, double p) {
    }

    /** Column sources of the aggregate's row. */
    sealed interface Col permits WinCol, KeyCol, AggCol {
    }

    record WinCol(String which) implements Col {
    }

    record KeyCol(int index) implements Col {
    }

    record AggCol(int index) implements Col {
    }

    /** The query as the oracle reads it. */
    record Spec(Kind kind, List<String> keys, List<Agg> aggs, List<Col> cols, Pred where, long lower, long upper,
                Function<W, Boolean> windowWhere, int topN, int rankBy, List<int[]> orderBy, int limit) {
    }

    static long floor(long t, long step, long origin) {
        return t - Math.floorMod(t - origin, step);
    }

    /** The answer's rows, each a list of values (Long, BigDecimal, Double, String, W-start Long, null). */
    static List<List<Object>> answer(Spec s, List<Row> all, long lastMs) {
        // the rows the WHERE keeps (its time predicates included)
        List<Row> kept = new ArrayList<>();
        for (Row r : all) {
            if (Boolean.TRUE.equals(s.where().apply(r))) {
                kept.add(r);
            }
        }
        // windows -> key -> rows, windows in time order
        TreeMap<W, Map<List<String>, List<Row>>> groups = new TreeMap<>(Comparator.comparingLong(W::start).thenComparingLong(W::end));
        Kind k = s.kind();
        if (k instanceof Session ses) {
            // sessions over every row read (ms <= the range's end), per partition; those whose last row lies in the range
            Map<String, List<Row>> parts = new LinkedHashMap<>();
            for (Row r : all) {
                if (r.ms() > s.upper()) {
                    continue;
                }
                String p = ses.partition() == null ? "" : r.get(ses.partition());
                if (p == null) {
                    continue; // no session without its key
                }
                parts.computeIfAbsent(p, x -> new ArrayList<>()).add(r);
            }
            for (List<Row> rows : parts.values()) {
                List<Row> cur = new ArrayList<>();
                for (Row r : rows) {
                    if (!cur.isEmpty() && r.ms() - cur.get(cur.size() - 1).ms() >= ses.gap()) {
                        session(s, ses, cur, groups);
                        cur = new ArrayList<>();
                    }
                    cur.add(r);
                }
                if (!cur.isEmpty()) {
                    session(s, ses, cur, groups);
                }
            }
        } else {
            for (Row r : kept) {
                for (W w : windowsOf(k, r.ms())) {
                    groups.computeIfAbsent(w, x -> new LinkedHashMap<>()).computeIfAbsent(key(s, r), x -> new ArrayList<>()).add(r);
                }
            }
        }
        if (k instanceof Whole && s.keys().isEmpty() && groups.isEmpty()) {
            // SQL's aggregate without GROUP BY (Flink's too): one row over no row, COUNT 0 and the others NULL
            groups.put(new W(0, 1), new LinkedHashMap<>(Map.of(List.of(), List.of())));
        }
        List<List<Object>> out = new ArrayList<>();
        for (Map.Entry<W, Map<List<String>, List<Row>>> g : groups.entrySet()) {
            W w = g.getKey();
            if (!(k instanceof Whole) && !s.windowWhere().apply(w)) {
                continue;
            }
            List<Map.Entry<List<String>, List<Row>>> byKey = new ArrayList<>(g.getValue().entrySet());
            byKey.sort((a, b) -> compareKeys(a.getKey(), b.getKey()));
            for (Map.Entry<List<String>, List<Row>> e : byKey) {
                List<Object> values = new ArrayList<>();
                for (Agg a : s.aggs()) {
                    values.add(aggregate(a, e.getValue()));
                }
                List<Object> row = new ArrayList<>();
                for (Col c : s.cols()) {
                    if (c instanceof WinCol wc) {
                        row.add(wc.which().equals("window_start") ? w.start() : wc.which().equals("window_end") ? w.end() : w.end() - 1);
                    } else if (c instanceof KeyCol kc) {
                        row.add(e.getKey().get(kc.index()));
                    } else {
                        row.add(values.get(((AggCol) c).index()));
                    }
                }
                out.add(row);
            }
        }
        if (s.topN() > 0) {
            out = topN(s, out);
        }
        if (!s.orderBy().isEmpty()) {
            out.sort((a, b) -> {
                for (int[] o : s.orderBy()) {
                    int c = compare(a.get(o[0]), b.get(o[0]));
                    if (c != 0) {
                        return o[1] == 1 ? -c : c;
                    }
                }
                return 0;
            });
        }
        if (s.limit() >= 0 && out.size() > s.limit()) {
            out = new ArrayList<>(out.subList(0, s.limit()));
        }
        return out;
    }

    private static void session(Spec s, Session ses, List<Row> rows, TreeMap<W, Map<List<String>, List<Row>>> groups) {
        long last = rows.get(rows.size() - 1).ms();
        if (last < s.lower() || last > s.upper()) {
            return;
        }
        W w = new W(rows.get(0).ms(), last + ses.gap());
        for (Row r : rows) {
            if (Boolean.TRUE.equals(s.where().apply(r))) {
                groups.computeIfAbsent(w, x -> new LinkedHashMap<>()).computeIfAbsent(key(s, r), x -> new ArrayList<>()).add(r);
            }
        }
    }

    private static List<String> key(Spec s, Row r) {
        List<String> k = new ArrayList<>();
        for (String f : s.keys()) {
            k.add(r.get(f));
        }
        return k;
    }

    /** Every window holding millisecond t, from the definition. */
    static List<W> windowsOf(Kind k, long t) {
        List<W> ws = new ArrayList<>();
        if (k instanceof Tumble tu) {
            long s = floor(t, tu.size(), tu.offset());
            ws.add(new W(s, s + tu.size()));
        } else if (k instanceof Hop h) {
            for (long s = floor(t, h.slide(), 0); s > t - h.size(); s -= h.slide()) {
                ws.add(new W(s, s + h.size()));
            }
        } else if (k instanceof Cumulate c) {
            long s = floor(t, c.size(), 0);
            for (long e = s + c.step(); e <= s + c.size(); e += c.step()) {
                if (t < e) {
                    ws.add(new W(s, e));
                }
            }
        } else {
            ws.add(new W(0, 1));
        }
        return ws;
    }

    static Object aggregate(Agg a, List<Row> rows) {
        List<BigDecimal> nums = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (Row r : rows) {
            String v = a.field() == null ? null : r.get(a.field());
            if (v != null) {
                texts.add(v);
                BigDecimal d = Numbers.orNull(v);
                if (d != null) {
                    nums.add(d);
                }
            }
        }
        switch (a.kind()) {
            case "COUNT_ALL":
                return (long) rows.size();
            case "COUNT":
                return (long) texts.size();
            case "DISTINCT":
            case "APPROX_DISTINCT":
                return (long) new java.util.HashSet<>(texts).size();
            case "SUM":
                return nums.isEmpty() ? null : nums.stream().reduce(BigDecimal.ZERO, BigDecimal::add);
            case "MIN":
                return nums.stream().min(Comparator.naturalOrder()).orElse(null);
            case "MAX":
                return nums.stream().max(Comparator.naturalOrder()).orElse(null);
            case "AVG":
                return nums.isEmpty() ? null : nums.stream().reduce(BigDecimal.ZERO, BigDecimal::add).divide(BigDecimal.valueOf(nums.size()), MathContext.DECIMAL64);
            case "FIRST":
                return texts.isEmpty() ? null : texts.get(0);
            case "LAST":
                return texts.isEmpty() ? null : texts.get(texts.size() - 1);
            case "PERCENTILE": {
                if (nums.isEmpty()) {
                    return null;
                }
                double[] v = nums.stream().mapToDouble(BigDecimal::doubleValue).sorted().toArray();
                double pos = a.p() * (v.length - 1) + 1;
                int lo = (int) Math.floor(pos);
                int hi = (int) Math.ceil(pos);
                return v[lo - 1] == v[hi - 1] ? v[lo - 1] : (hi - pos) * v[lo - 1] + (pos - lo) * v[hi - 1];
            }
            default: {
                // the moments, two-pass from the mean, exact
                boolean sample = a.kind().endsWith("SAMP");
                int below = sample ? nums.size() - 1 : nums.size();
                if (nums.isEmpty() || below == 0) {
                    return null;
                }
                BigDecimal mean = nums.stream().reduce(BigDecimal.ZERO, BigDecimal::add).divide(BigDecimal.valueOf(nums.size()), MathContext.DECIMAL128);
                BigDecimal ss = BigDecimal.ZERO;
                for (BigDecimal x : nums) {
                    ss = ss.add(x.subtract(mean).pow(2));
                }
                double var = ss.divide(BigDecimal.valueOf(below), MathContext.DECIMAL128).doubleValue();
                return a.kind().startsWith("STDDEV") ? Math.sqrt(var) : var;
            }
        }
    }

    static int compareKeys(List<String> a, List<String> b) {
        for (int i = 0; i < a.size(); i++) {
            int c = compare(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /** NULL first; numbers by value; text by characters. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static int compare(Object a, Object b) {
        if (a == null || b == null) {
            return a == b ? 0 : a == null ? -1 : 1;
        }
        if (a instanceof Number x && b instanceof Number y) {
            return new BigDecimal(x.toString()).compareTo(new BigDecimal(y.toString()));
        }
        return ((Comparable) a).compareTo(b);
    }

    private static List<List<Object>> topN(Spec s, List<List<Object>> rows) {
        Map<List<Object>, List<List<Object>>> parts = new LinkedHashMap<>();
        for (List<Object> r : rows) {
            parts.computeIfAbsent(List.of(r.get(0), r.get(1)), x -> new ArrayList<>()).add(r);
        }
        List<List<Object>> out = new ArrayList<>();
        for (List<List<Object>> p : parts.values()) {
            p.sort((a, b) -> {
                int c = -compare(a.get(s.rankBy()), b.get(s.rankBy()));
                if (c != 0) {
                    return c;
                }
                for (int i = 0; i < a.size(); i++) {
                    c = compare(a.get(i), b.get(i));
                    if (c != 0) {
                        return c;
                    }
                }
                return 0;
            });
            for (int i = 0; i < Math.min(s.topN(), p.size()); i++) {
                List<Object> r = new ArrayList<>(p.get(i));
                r.add((long) (i + 1));
                out.add(r);
            }
        }
        return out;
    }

    static boolean same(Object expected, echomq.sql.result.Value got) {
        if (expected == null) {
            return got.isNull();
        }
        if (got.isNull()) {
            return false;
        }
        if (got instanceof echomq.sql.result.Value.Time t) {
            return Objects.equals(expected, t.value().toEpochMilli());
        }
        if (got instanceof echomq.sql.result.Value.Real r && expected instanceof Double d) {
            return Math.abs(r.value() - d) <= 1e-9 * Math.max(1, Math.abs(d));
        }
        if (got.number().isDefined() && expected instanceof Number n) {
            return got.number().get().compareTo(new BigDecimal(n.toString())) == 0;
        }
        return expected.toString().equals(got.text());
    }
}
