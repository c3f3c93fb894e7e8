package codemojex.app.cli;


import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code java -jar codemojex-app.jar <command>}: the Codemojex CLI. */
@Command(name = "codemojex", mixinStandardHelpOptions = true, version = "codemojex 0.1.0",
        description = "Codemojex: crack a secret of six emojis; a showcase of EchoMQ-J windowed folds over Redis streams.",
        subcommands = {ServeCommand.class, SimulateCommand.class, FeedCommand.class, FeedSeriesCommand.class, BoardCommand.class, RoomsCommand.class,
                ResultsCommand.class, RebuildBoardCommand.class, TrimCommand.class, CommandLine.HelpCommand.class})
public final class CodemojexCli implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name a command, for example: serve");
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the CLI; returns the exit code. Errors are one line on stderr. */
    public static int run(String... args) {
        CommandLine cli = new CommandLine(new CodemojexCli()).setCaseInsensitiveEnumValuesAllowed(true); // --client lettuce
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            commandLine.getErr().println("error: " + oneLine(e));
            return 1;
        });
        return cli.execute(args);
    }

    static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.replace('\n', ' ');
    }
}
