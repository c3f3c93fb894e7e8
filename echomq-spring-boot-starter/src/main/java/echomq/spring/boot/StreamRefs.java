package echomq.spring.boot;

import echomq.domain.stream.StreamKey;

/** A stream named in a property as {@code queue:name} (a queue has no {@code :}, a name may). */
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
}
