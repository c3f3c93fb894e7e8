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
     * @throws BadInputException naming the option that is wrong
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
}
