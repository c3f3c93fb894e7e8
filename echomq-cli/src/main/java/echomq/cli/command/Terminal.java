package echomq.cli.command;

import java.io.PrintStream;
import java.util.Map;
import java.util.Objects;

/**
 * Where a command writes and what it reads of its environment: the process's own in {@code main},
 * a test's in-process run its own (so a test reads the answer and the errors apart).
 *
 * @param out the answer (nothing else is written there)
 * @param err errors and the progress line
 * @param env the environment ({@code REDIS_URL})
 */
public record Terminal(PrintStream out, PrintStream err, Map<String, String> env) {

    /**
     * A terminal.
     *
     * @param out the answer
     * @param err errors and progress
     * @param env the environment
     */
    public Terminal {
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(err, "err");
        env = Map.copyOf(env);
    }

    /**
     * Whether a person watches: the process's own stderr, with a console attached. A progress line is
     * for them; a pipe, a file or a CI log gets none (it would be noise between the lines of stderr).
     *
     * @return whether the progress line is shown
     */
    public boolean interactive() {
        return err == System.err && System.console() != null;
    }
}
