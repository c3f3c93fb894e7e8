package echomq.cli.output;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The progress line of a long read, on stderr: after {@link #AFTER} with the read still going, the
 * entries read so far and the rate, rewritten in place ({@code \r}) every {@link #EVERY} while the
 * count moves (not once the read has ended and the answer is being built), and wiped at the end, so a
 * terminal is left as it was and stdout (the answer) never sees it.
 * <pre>{@code
 * try (Progress p = Progress.start(System.err, counter::get)) {
 *     ... read ...
 * }
 * }</pre>
 */
public final class Progress implements AutoCloseable {

    /** A read shorter than this shows nothing. */
    public static final Duration AFTER = Duration.ofSeconds(1);
    /** How often the line is rewritten. */
    public static final Duration EVERY = Duration.ofMillis(250);

    private final PrintStream err;
    private final LongSupplier read;
    private final long started = System.nanoTime();
    private final ScheduledExecutorService timer;
    private int shown; // the length of the line on screen, 0 when none; guarded by this
    private long shownEntries = -1; // the entries the line on screen counts; guarded by this

    private Progress(PrintStream err, LongSupplier read, boolean scheduled) {
        this.err = err;
        this.read = read;
        // a daemon thread: a command that ends without close (an error) does not keep the JVM alive
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "progress");
            t.setDaemon(true);
            return t;
        });
        if (scheduled) {
            timer.scheduleAtFixedRate(() -> show(Duration.ofNanos(System.nanoTime() - started)),
                    AFTER.toMillis(), EVERY.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /**
     * Starts counting time; the line appears only once the read has taken {@link #AFTER}.
     *
     * @param err  stderr
     * @param read how many entries were read so far
     * @return the progress, to close when the read is done
     */
    public static Progress start(PrintStream err, LongSupplier read) {
        return new Progress(err, read, true);
    }

    /**
     * As {@link #start(PrintStream, LongSupplier)} when {@code shown}; otherwise a progress that never
     * shows its line (stderr is no terminal a person watches).
     *
     * @param err   stderr
     * @param read  how many entries were read so far
     * @param shown whether the line may appear at all
     * @return the progress, to close when the read is done
     */
    public static Progress start(PrintStream err, LongSupplier read, boolean shown) {
        return new Progress(err, read, shown);
    }

    /** A progress whose line is shown only when the caller says ({@link #show(Duration)}): for tests, with no timing. */
    static Progress manual(PrintStream err, LongSupplier read) {
        return new Progress(err, read, false);
    }

    /**
     * The line shown: {@code read 1,234,567 entries (456,789/s)}.
     *
     * @param entries the entries read
     * @param elapsed how long the read has taken
     * @return the line
     */
    public static String line(long entries, Duration elapsed) {
        long ms = Math.max(1, elapsed.toMillis());
        return String.format(Locale.ROOT, "read %,d entries (%,d/s)", entries, entries * 1000 / ms);
    }

    /** Rewrites the line in place: a shorter line than the last one is padded over it. */
    synchronized void show(Duration elapsed) {
        long entries = read.getAsLong();
        if (entries == 0 && shown == 0) {
            return; // nothing read yet (a slow connection, a TLS handshake): a line of zeros says nothing
        }
        if (entries == shownEntries) {
            // nothing read since the last line: the read has ended and the answer is being built (or the read waits on
            // Redis); rewriting it would only show a rate that falls with the time the answer takes
            return;
        }
        shownEntries = entries;
        String l = line(entries, elapsed);
        err.print("\r" + l + " ".repeat(Math.max(0, shown - l.length())));
        err.flush();
        shown = Math.max(shown, l.length()); // what is on screen: a shorter line was padded to the longer
    }

    /** Stops the line and wipes it, if it was shown. */
    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(1, TimeUnit.SECONDS); // a rewrite under way ends before the wipe
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (this) {
            if (shown > 0) {
                err.print("\r" + " ".repeat(shown) + "\r");
                err.flush();
                shown = 0;
            }
        }
    }
}
