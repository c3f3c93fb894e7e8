package echomq.spring.boot;

import java.util.Objects;

/**
 * EchoMQ cannot be configured as the application stands: a property is missing or wrong, or a
 * library on the classpath is of a version the starter cannot run on. The application fails to
 * start; Spring Boot's failure report prints {@link #getMessage()} and {@link #action()}.
 */
public class EchoMqConfigurationException extends RuntimeException {

    /** The serial form's version. */
    private static final long serialVersionUID = 1L;

    /** What to do about it. */
    private final String action;

    /**
     * A failure saying what is wrong and what to do.
     *
     * @param description what is wrong, naming the property or the library and its version
     * @param action      what to do about it
     */
    public EchoMqConfigurationException(String description, String action) {
        super(Objects.requireNonNull(description, "description"));
        this.action = Objects.requireNonNull(action, "action");
    }

    /**
     * As {@link #EchoMqConfigurationException(String, String)}, with the failure underneath.
     *
     * @param description what is wrong
     * @param action      what to do about it
     * @param cause       the failure underneath
     */
    public EchoMqConfigurationException(String description, String action, Throwable cause) {
        super(Objects.requireNonNull(description, "description"), cause);
        this.action = Objects.requireNonNull(action, "action");
    }

    /**
     * What to do about it.
     *
     * @return the action, for the failure report
     */
    public String action() {
        return action;
    }
}
