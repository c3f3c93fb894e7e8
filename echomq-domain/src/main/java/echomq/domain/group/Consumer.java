package echomq.domain.group;

import java.util.Objects;

/**
 * One consumer of a {@link ConsumerGroup}: what a {@link ConsumerGroupPort} reads as.
 *
 * @param group the group
 * @param name  the consumer's name: 1..200 printable ASCII characters without spaces
 */
public record Consumer(ConsumerGroup group, String name) {

    /**
     * Checks the group and the name, naming a bad one.
     *
     * @param group the group
     * @param name  the consumer's name
     * @throws NullPointerException when {@code group} is missing
     * @throws IllegalArgumentException when the name is not 1..200 printable ASCII without spaces
     */
    public Consumer {
        Objects.requireNonNull(group, "group");
        ConsumerGroup.requireName("consumer", name);
    }
}
