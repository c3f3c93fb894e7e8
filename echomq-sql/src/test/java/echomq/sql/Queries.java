package echomq.sql;

import echomq.sql.model.Numbers;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Random streams of orders and random queries of every supported shape, each written twice: as SQL
 * text for the module, and as the {@link Oracle}'s own reading of it.
 */
public final class Queries {

    static final long T0 = Instant.parse("2026-12-04T10:00:00Z").toEpochMilli();
    static final DateTimeFormatter TS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    /** A stream and a query over it. */
    public record Case(long seed, List<Oracle.Row> rows, String sql, Oracle.Spec spec, long span) {
        @Override
        public String toString() {
            return "seed " + seed + " (" + rows.size() + " rows): " + sql;
        }
    }

    private Queries() {
    }

    static List<Oracle.Row> rows(Random r, long span, boolean flink) {
        int n = r.nextInt(10) == 0 ? 0 : 1 + r.nextInt(250);
        List<Long> ms = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ms.add(T0 + (long) (r.nextDouble() * span));
        }
        ms.sort(null);
        List<Oracle.Row> out = new ArrayList<>();
        long last = -1;
        long seq = 0;
        for (long m : ms) {
            seq = m == last ? seq + 1 : 0;
            last = m;
            Map<String, String> f = new LinkedHashMap<>();
            if (r.nextInt(8) != 0) {
                f.put("user", "u" + r.nextInt(4));
            }
            if (r.nextInt(5) != 0) {
                f.put("region", new String[]{"eu", "us", "ap"}[r.nextInt(3)]);
            }
            int a = r.nextInt(12);
            if (flink && a < 2) {
                a = 2; // Flink's table types its amount: a text there is no decimal, so this stream has none
            }
            if (a == 0) {
                f.put("amount", "n/a");
            } else if (a == 1) {
                f.put("amount", r.nextInt(9) + "e1");
            } else if (a > 2) {
                f.put("amount", BigDecimal.valueOf(r.nextInt(50_000) - 5_000, r.nextInt(3)).toPlainString());
            }
            f.put("note", "x" + r.nextInt(3)); // a field no query asks for
            out.add(new Oracle.Row(m, seq, f));
        }
        return out;
    }

    static String ts(long ms) {
        return "TIMESTAMP '" + TS.format(Instant.ofEpochMilli(ms)) + "'";
    }

    static Case next(Random seeds, String table) {
        return next(seeds, table, false);
    }

    /**
     * A random stream and query.
     *
     * @param seeds where the case's seed comes from
     * @param table the stream's key
     * @param flink only what Flink's batch mode answers as we do: no SESSION (batch refuses it), no
     *              FIRST_VALUE or LAST_VALUE (batch takes rows in no order), no text where a number goes,
     *              no COUNT(DISTINCT) beside APPROX_COUNT_DISTINCT (batch's planner refuses the pair)
     * @return the case
     */
    public static Case next(Random seeds, String table, boolean flink) {
        return of(seeds.nextLong(), table, flink);
    }

    /**
     * The case of one seed, as {@link #next} printed it ({@code seed N (…)}): replays a single case.
     *
     * @param seed  the case's seed
     * @param table the stream's key
     * @param flink as {@link #next}'s
     * @return the case
     */
    public static Case of(long seed, String table, boolean flink) {
        Random r = new Random(seed);
        long span = new long[]{20_000, 300_000, 1_800_000}[r.nextInt(3)];
        List<Oracle.Row> rows = rows(r, span, flink);
        long unit = Math.max(1, span / (2 + r.nextInt(19)));
        int k = flink ? new int[]{0, 1, 2, 4}[r.nextInt(4)] : r.nextInt(5);
        Oracle.Kind kind;
        String from;
        String t = "TABLE `" + table + "`";
        switch (k) {
            case 0 -> {
                long offset = r.nextBoolean() ? 0 : r.nextLong(unit);
                kind = new Oracle.Tumble(unit, offset);
                    from = "TABLE(TUMBLE(" + t + ", DESCRIPTOR(_time), " + iv(unit) + (offset > 0 ? ", " + iv(offset) : "") + "))";
            }
            case 1 -> {
                long size = unit * (1 + r.nextInt(4));
                kind = new Oracle.Hop(unit, size);
                from = "TABLE(HOP(" + t + ", DESCRIPTOR(_time), " + iv(unit) + ", " + iv(size) + "))";
            }
            case 2 -> {
                long size = unit * (1 + r.nextInt(5));
                kind = new Oracle.Cumulate(unit, size);
                from = "TABLE(CUMULATE(" + t + ", DESCRIPTOR(_time), " + iv(unit) + ", " + iv(size) + "))";
            }
            case 3 -> {
                boolean byUser = r.nextBoolean();
                long gap = Math.max(1, unit / (1 + r.nextInt(4)));
                kind = new Oracle.Session(gap, byUser ? "user" : null);
                from = "TABLE(SESSION(" + t + (byUser ? " PARTITION BY `user`" : "") + ", DESCRIPTOR(_time), " + iv(gap) + "))";
            }
            default -> {
                kind = new Oracle.Whole();
                from = "`" + table + "`";
            }
        }
        boolean windowed = !(kind instanceof Oracle.Whole);
        List<String> keys = switch (r.nextInt(3)) {
            case 0 -> List.of();
            case 1 -> List.of("user");
            default -> List.of("user", "region");
        };
        // the aggregates
        String[][] all = {{"COUNT_ALL", null, "COUNT(*)"}, {"COUNT", "amount", "COUNT(amount)"}, {"SUM", "amount", "SUM(amount)"},
                {"MIN", "amount", "MIN(amount)"}, {"MAX", "amount", "MAX(amount)"}, {"AVG", "amount", "AVG(amount)"},
                {"DISTINCT", "region", "COUNT(DISTINCT region)"}, {"APPROX_DISTINCT", "user", "APPROX_COUNT_DISTINCT(`user`)"},
                {"STDDEV_POP", "amount", "STDDEV_POP(amount)"}, {"STDDEV_SAMP", "amount", "STDDEV_SAMP(amount)"},
                {"VAR_POP", "amount", "VAR_POP(amount)"}, {"VAR_SAMP", "amount", "VAR_SAMP(amount)"},
                {"PERCENTILE", "amount", "PERCENTILE(amount, %s)"}, {"FIRST", "region", "FIRST_VALUE(region)"},
                {"LAST", "amount", "LAST_VALUE(amount)"}};
        boolean top = windowed && !keys.isEmpty() && r.nextInt(4) == 0;
        List<Oracle.Agg> aggs = new ArrayList<>();
        List<String> aggSql = new ArrayList<>();
        int n = 1 + r.nextInt(4);
        for (int i = 0; i < n; i++) {
            String[] a = i == 0 && top ? all[0] : all[r.nextInt(flink ? all.length - 2 : all.length)];
            while (flink && bothDistincts(aggs, a[0])) {
                a = all[r.nextInt(all.length - 2)]; // Flink's batch planner refuses COUNT(DISTINCT) with APPROX_COUNT_DISTINCT
            }
            double p = new double[]{0, 0.25, 0.5, 0.9, 1}[r.nextInt(5)];
            aggs.add(new Oracle.Agg(a[0], a[1], p));
            aggSql.add(String.format(java.util.Locale.ROOT, a[2], BigDecimal.valueOf(p).stripTrailingZeros().toPlainString()) + " AS a" + i);
        }
        // the columns
        boolean withTime = windowed && r.nextInt(3) == 0;
        List<Oracle.Col> cols = new ArrayList<>();
        List<String> colSql = new ArrayList<>();
        if (windowed) {
            cols.add(new Oracle.WinCol("window_start"));
            colSql.add("window_start");
            cols.add(new Oracle.WinCol("window_end"));
            colSql.add("window_end");
            if (withTime) {
                cols.add(new Oracle.WinCol("window_time"));
                colSql.add("window_time");
            }
        }
        for (int i = 0; i < keys.size(); i++) {
            cols.add(new Oracle.KeyCol(i));
            colSql.add("`" + keys.get(i) + "`");
        }
        int firstAgg = cols.size();
        for (int i = 0; i < aggs.size(); i++) {
            cols.add(new Oracle.AggCol(i));
            colSql.add(aggSql.get(i));
        }
        // the predicates
        List<String> where = new ArrayList<>();
        List<Oracle.Pred> preds = new ArrayList<>();
        long lower = rows.isEmpty() ? 0 : rows.get(0).ms();
        long upper = rows.isEmpty() ? 0 : rows.get(rows.size() - 1).ms();
        boolean needLower = !windowed || r.nextInt(3) == 0;
        if (needLower) {
            long at = T0 - span / 8 + (long) (r.nextDouble() * span * 0.6);
            boolean strict = r.nextBoolean();
            where.add("_time " + (strict ? ">" : ">=") + " TO_TIMESTAMP_LTZ(" + at + ", 3)");
            preds.add(row -> strict ? row.ms() > at : row.ms() >= at);
            lower = strict ? at + 1 : at;
        }
        if (r.nextInt(4) == 0) {
            long at = T0 + span / 2 + (long) (r.nextDouble() * span * 0.6);
            boolean strict = r.nextBoolean();
            where.add("_time " + (strict ? "<" : "<=") + " TO_TIMESTAMP_LTZ(" + at + ", 3)");
            preds.add(row -> strict ? row.ms() < at : row.ms() <= at);
            upper = Math.min(upper, strict ? at - 1 : at);
        }
        for (int i = r.nextInt(3); i > 0; i--) {
            int which = r.nextInt(8);
            switch (which) {
                case 0 -> {
                    where.add("amount > 10");
                    preds.add(row -> num(row.get("amount"), d -> d.compareTo(BigDecimal.TEN) > 0));
                }
                case 1 -> {
                    where.add("region = 'eu'");
                    preds.add(row -> text(row.get("region"), v -> v.equals("eu")));
                }
                case 2 -> {
                    where.add("`user` IN ('u0', 'u1')");
                    preds.add(row -> text(row.get("user"), v -> Set.of("u0", "u1").contains(v)));
                }
                case 3 -> {
                    where.add("amount IS NULL");
                    preds.add(row -> row.get("amount") == null);
                }
                case 4 -> {
                    where.add("NOT (region = 'us')");
                    preds.add(row -> not(text(row.get("region"), v -> v.equals("us"))));
                }
                case 5 -> {
                    where.add("(region = 'eu' OR amount < 100)");
                    preds.add(row -> or(text(row.get("region"), v -> v.equals("eu")), num(row.get("amount"), d -> d.compareTo(BigDecimal.valueOf(100)) < 0)));
                }
                case 6 -> {
                    where.add("`user` LIKE 'u%1'");
                    Pattern like = Pattern.compile("u.*1");
                    preds.add(row -> text(row.get("user"), v -> like.matcher(v).matches()));
                }
                default -> {
                    where.add("`user` <> 'u2'");
                    preds.add(row -> text(row.get("user"), v -> !v.equals("u2")));
                }
            }
        }
        java.util.function.Function<Oracle.W, Boolean> windowWhere = w -> true;
        if (windowed && r.nextInt(4) == 0) {
            long at = T0 + (long) (r.nextDouble() * span);
            if (r.nextBoolean()) {
                where.add("window_start >= " + ts(at));
                windowWhere = w -> w.start() >= at;
            } else {
                where.add("window_end <= " + ts(at));
                windowWhere = w -> w.end() <= at;
            }
        }
        Oracle.Pred all3 = row -> {
            Boolean t3 = Boolean.TRUE;
            for (Oracle.Pred p : preds) {
                t3 = and(t3, p.apply(row));
            }
            return t3;
        };
        String group = windowed ? "GROUP BY window_start, window_end" + (withTime ? ", window_time" : "") + keys.stream().map(f -> ", `" + f + "`").reduce("", String::concat)
                : keys.isEmpty() ? "" : "GROUP BY " + String.join(", ", keys.stream().map(f -> "`" + f + "`").toList());
        String sql = "SELECT " + String.join(", ", colSql) + " FROM " + from + (where.isEmpty() ? "" : " WHERE " + String.join(" AND ", where))
                + (group.isEmpty() ? "" : " " + group);
        int topN = 0;
        List<int[]> order = new ArrayList<>();
        int limit = -1;
        int width = cols.size();
        if (top) {
            topN = 1 + r.nextInt(3);
            // ranked by the first aggregate, then by the keys: a total order, as Flink's rank of ties is arbitrary
            String byKeys = keys.stream().map(f -> ", `" + f + "`").reduce("", String::concat);
            sql = "SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY a0 DESC" + byKeys + ") AS rownum FROM (" + sql
                    + ")) WHERE rownum <= " + topN;
            width++;
        }
        if (r.nextInt(3) == 0) {
            // a total order: the first aggregate descending, then every column
            List<String> by = new ArrayList<>();
            order.add(new int[]{firstAgg, 1});
            by.add((firstAgg + 1) + " DESC");
            for (int i = 0; i < width; i++) {
                order.add(new int[]{i, 0});
                by.add(Integer.toString(i + 1));
            }
            sql += " ORDER BY " + String.join(", ", by);
            if (r.nextBoolean()) {
                limit = r.nextInt(10);
                sql += " LIMIT " + limit;
            }
        }
        Oracle.Spec spec = new Oracle.Spec(kind, keys, aggs, cols, all3, lower, upper, windowWhere, topN, firstAgg, order, limit);
        return new Case(seed, rows, sql, spec, span);
    }

    /** Whether adding an aggregate of {@code kind} would put {@code COUNT(DISTINCT)} and {@code APPROX_COUNT_DISTINCT} in one query. */
    static boolean bothDistincts(List<Oracle.Agg> aggs, String kind) {
        String other = kind.equals("DISTINCT") ? "APPROX_DISTINCT" : kind.equals("APPROX_DISTINCT") ? "DISTINCT" : null;
        return other != null && aggs.stream().anyMatch(a -> a.kind().equals(other));
    }

    /** An interval as Flink reads any length: {@code INTERVAL 'd hh:mm:ss.SSS' DAY TO SECOND(3)} ({@code '300' SECOND} is past SECOND's precision there). */
    static String iv(long ms) {
        long s = ms / 1000;
        return String.format(java.util.Locale.ROOT, "INTERVAL '%d %02d:%02d:%02d.%03d' DAY TO SECOND(3)", s / 86_400, s / 3600 % 24, s / 60 % 60, s % 60, ms % 1000);
    }

    static Boolean num(String v, java.util.function.Predicate<BigDecimal> p) {
        BigDecimal d = v == null ? null : Numbers.orNull(v);
        return d == null ? null : p.test(d);
    }

    static Boolean text(String v, java.util.function.Predicate<String> p) {
        return v == null ? null : p.test(v);
    }

    static Boolean not(Boolean b) {
        return b == null ? null : !b;
    }

    static Boolean or(Boolean a, Boolean b) {
        if (Boolean.TRUE.equals(a) || Boolean.TRUE.equals(b)) {
            return true;
        }
        return a == null || b == null ? null : false;
    }

    static Boolean and(Boolean a, Boolean b) {
        if (Boolean.FALSE.equals(a) || Boolean.FALSE.equals(b)) {
            return false;
        }
        return a == null || b == null ? null : true;
    }
}
