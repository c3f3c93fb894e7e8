package echomq.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * 15. {@code simulate} end to end (issue #29): the app's own load command, HTTP, sessions and
 * scoring on one instance, of this build against a baseline build (the app as it was when #29 was
 * filed), each run as an OS process of its own with the same arguments, rounds alternating. Each
 * {@code simulate} starts its server and a private Redis of its own and prints the guesses scored
 * per second end to end; the ratio is this build's median over the baseline's.
 *
 * <p>The baseline is a shaded {@code codemojex-app.jar} named by {@code -Dbench.baseline=PATH}
 * (the bench profile passes it on to the bench's process); build it with
 * {@code git worktree add /tmp/baseline 0030494 && mvn -B -ntp -q -f /tmp/baseline -pl codemojex-app -am -DskipTests package}.
 * Without one the case runs this build alone and says so.
 */
final class SimulateCase {

    private SimulateCase() {
    }

    /** The end-to-end rate a {@code simulate} prints: {@code all scored after N ms (R guesses/s end to end)}. */
    private static final Pattern END_TO_END = Pattern.compile("all scored after (\\d+) ms \\((\\d+) guesses/s end to end\\)");

    static void run(Harness h, boolean quick, int rounds, Path target) throws Exception {
        int guesses = quick ? 3_000 : 4_000;
        String baseline = System.getProperty("bench.baseline", "");
        List<String> jvm = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx1g");
        List<String> args = List.of("simulate", "--players", "200", "--games", "20", "--guesses", Integer.toString(guesses), "--threads", "8",
                "--seed", "29");
        List<String> labels = new ArrayList<>();
        List<List<String>> commands = new ArrayList<>();
        if (!baseline.isBlank()) {
            if (!Files.isReadable(Path.of(baseline))) {
                throw new IllegalArgumentException("bench.baseline names no readable jar: " + baseline);
            }
            labels.add("baseline build (" + Path.of(baseline).getFileName() + ")");
            List<String> c = new ArrayList<>(jvm);
            c.addAll(List.of("-jar", baseline));
            c.addAll(args);
            commands.add(c);
        } else {
            System.out.println("15. no baseline build (-Dbench.baseline=PATH to a codemojex-app.jar): this build alone, no ratio");
        }
        labels.add("this build");
        List<String> c = new ArrayList<>(jvm);
        c.addAll(List.of("-cp", System.getProperty("java.class.path"), "codemojex.app.cli.CodemojexCli"));
        c.addAll(args);
        commands.add(c);

        double[][] rates = new double[commands.size()][rounds];
        for (int round = 0; round < rounds; round++) { // every simulate is a JVM of its own, cold alike: no warm-up round
            for (int i = 0; i < commands.size(); i++) {
                int v = (i + round) % commands.size();
                rates[v][round] = simulate(commands.get(v), target.resolve("simulate-" + v + ".log"));
            }
        }
        String title = "15. simulate end to end (" + guesses + " guesses, 200 players, 20 games, 8 client threads, one instance)";
        double base = Harness.median(rates[0]);
        List<Harness.Row> out = new ArrayList<>();
        for (int v = 0; v < commands.size(); v++) {
            double rate = Harness.median(rates[v]);
            double[] millis = java.util.Arrays.stream(rates[v]).map(r -> guesses / r * 1000).toArray();
            out.add(new Harness.Row(title, labels.get(v) + (v == 0 && commands.size() > 1 ? " (baseline)" : ""), guesses,
                    guesses / rate * 1000, rate, rate / base, millis));
        }
        h.record(out);
    }

    /** Runs one {@code simulate} process to its end and answers the guesses per second it printed. */
    private static double simulate(List<String> command, Path log) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IllegalStateException("simulate ran over 10 minutes: " + command + "\n" + tail(log));
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        Matcher m = END_TO_END.matcher(output);
        if (p.exitValue() != 0 || !m.find()) {
            throw new IllegalStateException("simulate exited " + p.exitValue() + " without its end-to-end rate: " + command + "\n" + tail(log));
        }
        return Double.parseDouble(m.group(2));
    }

    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    }
}
