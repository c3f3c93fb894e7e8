package echomq.cli.command;

import picocli.CommandLine;

import java.util.List;

/**
 * The commands of the command line, in the order {@code --help} lists them, and how picocli builds
 * them: each with the {@link Terminal} it prints on. A new command is one more entry here.
 */
public final class Commands {

    /** Every command. */
    public static final List<Class<? extends RedisCommand>> ALL =
            List.of(WindowCommand.class, SeriesCommand.class, SessionsCommand.class, TailCommand.class, RollupCommand.class, SqlCommand.class);

    private Commands() {
    }

    /**
     * Builds commands (and their options) for picocli, handing each command {@code terminal}.
     *
     * @param terminal where the commands print
     * @return the factory
     */
    public static CommandLine.IFactory factory(Terminal terminal) {
        CommandLine.IFactory plain = CommandLine.defaultFactory();
        return new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> type) throws Exception {
                K made = plain.create(type);
                if (made instanceof RedisCommand c) {
                    c.use(terminal);
                }
                return made;
            }
        };
    }
}
