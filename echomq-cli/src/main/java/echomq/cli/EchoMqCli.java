package echomq.cli;

import echomq.cli.command.Commands;
import echomq.cli.command.RedisCommand;
import echomq.cli.command.Terminal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Map;

/**
 * {@code java -jar echomq-cli.jar COMMAND …}: windowed questions of any Redis stream. Exit codes:
 * 0 answered, 2 bad input (named, refused before Redis is reached), 1 Redis failed (one line, no
 * stack trace). The answer alone goes to stdout; errors and progress to stderr.
 */
@Command(name = "echomq", mixinStandardHelpOptions = true, version = "echomq 0.1.0",
        description = "Windowed questions of any Redis stream: folds of a window, series of buckets, sessions, a live tail; rollups; and SQL.",
        subcommands = CommandLine.HelpCommand.class)
public final class EchoMqCli implements Runnable {

    /** Exit code of bad input. */
    public static final int BAD_INPUT = 2;
    /** Exit code of a failure of Redis (or anything else after the input was accepted). */
    public static final int FAILED = 1;

    private static final Logger LOG = LoggerFactory.getLogger(EchoMqCli.class);

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** For picocli. */
    public EchoMqCli() {
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name a command: window, series, sessions, tail, rollup or sql");
    }

    /**
     * The process's entry point.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        System.exit(run(System.out, System.err, System.getenv(), args));
    }

    /**
     * Runs one command line.
     *
     * @param out  where the answer goes
     * @param err  where errors and progress go
     * @param env  the environment ({@code REDIS_URL})
     * @param args the command line
     * @return the exit code: 0, {@link #FAILED} or {@link #BAD_INPUT}
     */
    public static int run(PrintStream out, PrintStream err, Map<String, String> env, String... args) {
        Terminal terminal = new Terminal(out, err, env);
        CommandLine cli = new CommandLine(new EchoMqCli(), Commands.factory(terminal));
        for (Class<? extends RedisCommand> c : Commands.ALL) {
            cli.addSubcommand(c);
        }
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        cli.setParameterExceptionHandler((e, args1) -> {
            err.println("error: " + e.getMessage().replace('\n', ' '));
            err.println("(" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help lists the options)");
            return BAD_INPUT;
        });
        cli.setExecutionExceptionHandler((e, commandLine, parsed) -> {
            LOG.debug("{} failed", commandLine.getCommandSpec().qualifiedName(), e);
            err.println("error: " + oneLine(e));
            return e instanceof IllegalArgumentException ? BAD_INPUT : FAILED;
        });
        return cli.execute(args);
    }

    private static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.replace('\n', ' ').replace('\r', ' ');
    }
}
