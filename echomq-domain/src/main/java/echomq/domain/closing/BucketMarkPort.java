package echomq.domain.closing;

import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamStoreException;
import echomq.domain.window.Window;

import io.vavr.control.Option;

/**
 * Where a subscription to closing buckets keeps the last bucket it handed out, so that after a
 * restart it resumes after it, skipping none. On Redis a hash in the stream's hash slot,
 * {@code emq:{queue}:closed:<stream name>}, one field per subscription.
 */
public interface BucketMarkPort {

    /**
     * The last bucket {@code subscription} handed out for {@code stream}.
     *
     * @param stream       the stream
     * @param subscription the subscription's name
     * @return the bucket, none before the first
     * @throws StreamStoreException when the store cannot be reached, or the kept mark is unreadable
     */
    Option<Window.Closed> last(StreamKey stream, String subscription);

    /**
     * Keeps {@code bucket} as the last one {@code subscription} handed out for {@code stream}.
     *
     * @param stream       the stream
     * @param subscription the subscription's name
     * @param bucket       the bucket just handed out
     * @throws StreamStoreException when the store cannot be reached
     */
    void handedOut(StreamKey stream, String subscription, Window.Closed bucket);

    /**
     * Checks a subscription's name: 1..200 characters, none of them a control character.
     *
     * @param subscription the name
     * @return the name
     * @throws IllegalArgumentException naming the bad name
     */
    static String requireName(String subscription) {
        if (subscription == null || subscription.isEmpty() || subscription.length() > 200
                || subscription.chars().anyMatch(Character::isISOControl)) {
            throw new IllegalArgumentException("subscription name '" + subscription + "' must be 1..200 characters with no control character");
        }
        return subscription;
    }
}
