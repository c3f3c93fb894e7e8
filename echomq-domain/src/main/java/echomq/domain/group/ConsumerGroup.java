package echomq.domain.group;

import echomq.domain.stream.StreamKey;

import java.util.Objects;

/**
 * A consumer group of one stream: entries are delivered to one of its consumers each.
 * <pre>{@code
 * Consumer worker = ConsumerGroup.of(StreamKey.of("cm", "guesses"), "scorers").consumer("worker-1");
 * }</pre>
 *
 * @param stream the stream the group reads
 * @param name   the group's name: 1..200 printable ASCII characters without spaces
 */
public record ConsumerGroup(StreamKey stream, String name) {

    /**
     * Checks the stream and the name, naming a bad one.
     *
     * @param stream the stream the group reads
     * @param name   the group's name
     * @throws NullPointerException when {@code stream} is missing
     * @throws IllegalArgumentException when the name is not 1..200 printable ASCII without spaces
     */
    public ConsumerGroup {
        Objects.requireNonNull(stream, "stream");
        requireName("group", name);
    }

    /**
     * The group {@code name} of {@code stream}.
     *
     * @param stream the stream
     * @param name   the group's name
     * @return the group
     * @throws IllegalArgumentException naming the name when it is not 1..200 printable ASCII without spaces
     */
    public static ConsumerGroup of(StreamKey stream, String name) {
        return new ConsumerGroup(stream, name);
    }

    /**
     * The consumer {@code name} of this group.
     *
     * @param name the consumer's name
     * @return the consumer
     * @throws IllegalArgumentException naming the name when it is not 1..200 printable ASCII without spaces
     */
    public Consumer consumer(String name) {
        return new Consumer(this, name);
    }

    /**
     * Checks a group or consumer name as Redis and the library's keys take it: 1..200 printable
     * ASCII characters without spaces.
     *
     * @param what what the name is of, for the message ({@code "group"}, {@code "consumer"})
     * @param name the name
     * @return the name
     * @throws IllegalArgumentException naming {@code what} and the bad name
     */
    public static String requireName(String what, String name) {
        if (name == null || name.isEmpty() || name.length() > 200 || !name.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            throw new IllegalArgumentException(what + " must be 1..200 printable ASCII characters without spaces, got \"" + name + "\"");
        }
        return name;
    }
}
