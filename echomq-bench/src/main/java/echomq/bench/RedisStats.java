package echomq.bench;

import redis.clients.jedis.UnifiedJedis;

import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Redis' own account of the commands it ran ({@code INFO commandstats}): calls and microseconds per
 * command, subcommands apart ({@code xinfo|stream}), a script's own commands counted as its own. Two
 * snapshots give what ran between them; the bench's probes ({@code INFO}, {@code CONFIG}, and any
 * command named in {@code probes}) are left out.
 *
 * @param calls calls per command
 * @param usec  microseconds Redis spent in each command
 */
record RedisStats(Map<String, Long> calls, Map<String, Long> usec) {

    private static final Pattern LINE = Pattern.compile("(?m)^cmdstat_([^:]+):calls=(\\d+),usec=(\\d+)");

    static RedisStats of(UnifiedJedis jedis) {
        Map<String, Long> calls = new TreeMap<>();
        Map<String, Long> usec = new TreeMap<>();
        Matcher m = LINE.matcher(jedis.info("commandstats"));
        while (m.find()) {
            calls.put(m.group(1), Long.parseLong(m.group(2)));
            usec.put(m.group(1), Long.parseLong(m.group(3)));
        }
        return new RedisStats(calls, usec);
    }

    /** What ran from {@code before} to this snapshot, without the bench's probes and those named. */
    RedisStats since(RedisStats before, String... probes) {
        java.util.Set<String> left = new java.util.HashSet<>(java.util.List.of(probes));
        left.add("info");
        Map<String, Long> c = new TreeMap<>();
        Map<String, Long> u = new TreeMap<>();
        calls.forEach((k, v) -> {
            if (!left.contains(k) && !k.startsWith("config")) {
                long d = v - before.calls.getOrDefault(k, 0L);
                if (d > 0) {
                    c.put(k, d);
                    u.put(k, usec.getOrDefault(k, 0L) - before.usec.getOrDefault(k, 0L));
                }
            }
        });
        return new RedisStats(c, u);
    }

    /** These figures less {@code other}'s (what ran meanwhile for something else, the bench's checks). */
    RedisStats minus(RedisStats other) {
        Map<String, Long> c = new TreeMap<>(calls);
        Map<String, Long> u = new TreeMap<>(usec);
        other.calls.forEach((k, v) -> c.merge(k, -v, Long::sum));
        other.usec.forEach((k, v) -> u.merge(k, -v, Long::sum));
        c.values().removeIf(v -> v <= 0);
        u.keySet().retainAll(c.keySet());
        return new RedisStats(c, u);
    }

    /** These figures and {@code other}'s together. */
    RedisStats plus(RedisStats other) {
        Map<String, Long> c = new TreeMap<>(calls);
        Map<String, Long> u = new TreeMap<>(usec);
        other.calls.forEach((k, v) -> c.merge(k, v, Long::sum));
        other.usec.forEach((k, v) -> u.merge(k, v, Long::sum));
        return new RedisStats(c, u);
    }

    /** Nothing ran. */
    static RedisStats none() {
        return new RedisStats(new TreeMap<>(), new TreeMap<>());
    }

    long totalCalls() {
        return calls.values().stream().mapToLong(Long::longValue).sum();
    }

    long totalUsec() {
        return usec.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Calls and microseconds per {@code unit} by command, most time first: {@code evalsha 1.0 (12.3 µs)}. */
    String per(long unit) {
        double n = Math.max(1, unit);
        return usec.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .filter(e -> calls.get(e.getKey()) / n >= 0.01 || e.getValue() / n >= 0.05)
                .map(e -> String.format("%s %.2f (%.1f µs)", e.getKey(), calls.get(e.getKey()) / n, e.getValue() / n))
                .collect(Collectors.joining(", "));
    }
}
