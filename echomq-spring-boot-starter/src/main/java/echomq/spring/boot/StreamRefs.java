package echomq.spring.boot;

import echomq.domain.stream.StreamKey;

/**
 * A stream named in a property: as {@code queue:name} (a queue has no {@code :}, a name may), the
 * library's {@code emq:{queue}:stream:name}; or, in the properties that take a key
 * ({@code echomq.health.keys}, {@code echomq.consumer-group.key}, {@code echomq.rollups[i].stream} and
 * {@code .into}), as an existing key, whatever its name ({@code orders}).
 */
final class StreamRefs {

    private StreamRefs() {
    }

    /**
     * The stream {@code value} names.
     *
     * @throws EchoMqConfigurationException naming {@code property} when {@code value} is not {@code queue:name} of a valid key
     */
    static StreamKey parse(String property, String value) {
        int colon = value == null ? -1 : value.indexOf(':');
        if (colon < 1 || colon == value.length() - 1) {
            throw new EchoMqConfigurationException(property + " must name a stream as queue:name, got \"" + value + "\".",
                    "Set " + property + " to queue:name, e.g. cm:guess-scored for emq:{cm}:stream:guess-scored.");
        }
        try {
            return StreamKey.of(value.substring(0, colon).trim(), value.substring(colon + 1).trim());
        } catch (IllegalArgumentException e) {
            throw new EchoMqConfigurationException(property + " names no valid stream (\"" + value + "\"): " + e.getMessage(),
                    "Set " + property + " to queue:name of 1..200 bytes each, without braces, whitespace or control characters.", e);
        }
    }

    /**
     * The stream under the existing key {@code value}.
     *
     * @throws EchoMqConfigurationException naming {@code property} when {@code value} is unset or not a valid key
     */
    static StreamKey existing(String property, String value) {
        if (value == null || value.isBlank()) {
            throw new EchoMqConfigurationException(property + " is not set: it names a stream by its key.",
                    "Set " + property + " to the stream's key, e.g. orders.");
        }
        try {
            return StreamKey.existing(value);
        } catch (IllegalArgumentException e) {
            throw new EchoMqConfigurationException(property + " names no valid key (\"" + value + "\"): " + e.getMessage(),
                    "Set " + property + " to the stream's key: 1..1024 bytes, no control characters.", e);
        }
    }

    /**
     * The consumer group's stream: {@code echomq.consumer-group.stream} ({@code queue:name}) or
     * {@code .key} (an existing key), one of them.
     *
     * @throws EchoMqConfigurationException naming both when both are set, or the one that is bad
     */
    static io.vavr.control.Option<StreamKey> consumerGroup(EchoMqProperties.ConsumerGroup g) {
        if (g.getStream() != null && g.getKey() != null) {
            throw new EchoMqConfigurationException("echomq.consumer-group.stream and echomq.consumer-group.key are both set (\""
                    + g.getStream() + "\", \"" + g.getKey() + "\"): the group reads one stream.",
                    "Set echomq.consumer-group.stream (queue:name, a stream of the library) or echomq.consumer-group.key "
                            + "(an existing key), not both.");
        }
        if (g.getStream() != null) {
            return io.vavr.control.Option.some(parse("echomq.consumer-group.stream", g.getStream()));
        }
        if (g.getKey() != null) {
            return io.vavr.control.Option.some(existing("echomq.consumer-group.key", g.getKey()));
        }
        return io.vavr.control.Option.none();
    }
}
