package echomq.cli.command;

import echomq.cli.output.Format;
import echomq.cli.output.Progress;
import echomq.cli.output.Report;
import echomq.domain.stream.StreamStoreException;
import echomq.wire.RedisUris;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Mixin;

import java.time.ZoneId;
import java.util.Objects;
import java.util.concurrent.Callable;

/**
 * A command that reads Redis: {@code --redis}, {@code --format}, {@code --zone}. It runs in two steps,
 * so that bad input never reaches Redis: {@link #prepare} reads and checks every option (a
 * {@link BadArgumentException} or any {@link IllegalArgumentException}, exit 2), then the {@link Answer} it
 * returns reads Redis. A Redis failure is a {@link StoreFailedException} naming the Redis (exit 1).
 */
public abstract class RedisCommand implements Callable<Integer> {

    private static final Logger LOG = LoggerFactory.getLogger(RedisCommand.class);

    @Mixin
    RedisOptions redis;

    @Mixin
    OutputOptions output;

    private Terminal terminal;

    /** For picocli. */
    protected RedisCommand() {
    }

    /**
     * What a command does once its options are checked: it reads Redis through the connection.
     */
    @FunctionalInterface
    protected interface Answer {
        /**
         * Reads and prints.
         *
         * @param connection the Redis
         * @param terminal   where to print
         * @param format     how
         * @param zone       the zone times are shown in
         */
        void run(RedisConnection connection, Terminal terminal, Format format, ZoneId zone);

        /**
         * An answer printed once, at the end: a progress line on stderr while a read takes long, when a
         * person watches ({@link Terminal#interactive()}).
         *
         * @param read the read
         * @return the answer
         */
        static Answer report(java.util.function.Function<RedisConnection, Report> read) {
            return (connection, terminal, format, zone) -> {
                Report r;
                try (Progress p = Progress.start(terminal.err(), connection::read, terminal.interactive())) {
                    r = read.apply(connection);
                }
                format.write(r, terminal.out(), zone);
            };
        }
    }

    /**
     * Reads and checks this command's options; nothing is sent to Redis.
     *
     * @param zone the zone of dates given and times shown
     * @return what the command does with Redis
     * @throws BadArgumentException naming the option that is wrong
     */
    protected abstract Answer prepare(ZoneId zone);

    /**
     * What the command reads, for the debug log.
     *
     * @return e.g. the stream's key
     */
    protected abstract String subject();

    /**
     * What the command says before its answer, once Redis is reached: nothing by default.
     *
     * @param c        the Redis
     * @param terminal where to print
     * @param shown    the Redis' address, its password masked
     */
    protected void before(RedisConnection c, Terminal terminal, String shown) {
    }

    /**
     * Where the command prints and what it reads of the environment.
     *
     * @param terminal the terminal
     */
    void use(Terminal terminal) {
        this.terminal = Objects.requireNonNull(terminal, "terminal");
    }

    @Override
    public final Integer call() {
        Format format = output.format();
        ZoneId zone = output.zone();
        Answer answer = prepare(zone);
        String url = redis.url(terminal.env());
        String shown = RedisUris.mask(url);
        LOG.debug("{} on {} at {}", getClass().getSimpleName(), subject(), shown);
        try (RedisConnection c = RedisConnection.open(url)) {
            before(c, terminal, shown);
            answer.run(c, terminal, format, zone);
        } catch (StreamStoreException | redis.clients.jedis.exceptions.JedisException failed) {
            String why = RedisUris.maskSecrets(oneLine(failed));
            // the adapters' "Redis is unreachable: …" reads as "Redis at redis://host:port is unreachable: …"
            throw new StoreFailedException(why.startsWith("Redis is ") ? "Redis at " + shown + " is " + why.substring(9)
                    : "Redis at " + shown + ": " + why, failed);
        }
        return 0;
    }

    /** The message of {@code e} on one line; a wrapped store failure's own. */
    static String oneLine(Throwable e) {
        Throwable t = e;
        while (t instanceof echomq.domain.window.FoldInterruptedException && t.getCause() != null) {
            t = t.getCause();
        }
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        return m.replace('\n', ' ').replace('\r', ' ');
    }
}
