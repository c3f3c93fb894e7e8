package echomq.cli.command;

import echomq.domain.stream.StreamKey;
import picocli.CommandLine.Option;

import java.time.ZoneId;

/**
 * A command over one stream: {@code --stream KEY} beside {@link RedisCommand}'s {@code --redis},
 * {@code --format} and {@code --zone}. The key is checked first, with the other options, before Redis.
 */
public abstract class StreamCommand extends RedisCommand {

    @Option(names = "--stream", paramLabel = "KEY", required = true, description = "the stream's key, e.g. orders")
    String stream;

    private StreamKey key;

    /** For picocli. */
    protected StreamCommand() {
    }

    /**
     * Reads and checks this command's own options; nothing is sent to Redis.
     *
     * @param key  the stream
     * @param zone the zone of dates given
     * @return what the command does with Redis
     * @throws BadArgumentException naming the option that is wrong
     */
    protected abstract Answer prepare(StreamKey key, ZoneId zone);

    @Override
    protected final Answer prepare(ZoneId zone) {
        key = Inputs.stream(stream);
        return prepare(key, zone);
    }

    @Override
    protected final String subject() {
        return String.valueOf(key);
    }

    /**
     * What the command does over a key that does not exist, for the note on stderr.
     *
     * @return by default, {@code nothing to read}
     */
    protected String whenMissing() {
        return "nothing to read";
    }

    @Override
    protected void before(RedisConnection c, Terminal terminal, String shown) {
        if (c.states().state(key).isEmpty()) {
            // an answer of 0 entries is right for a key that does not exist, but a mistyped key or database
            // reads exactly so: the note tells them apart, on stderr, and the exit stays 0
            terminal.err().println("note: there is no stream at \"" + key + "\" on " + shown + " (the key does not exist): " + whenMissing());
            terminal.err().flush();
        }
    }
}
