package echomq.lettuce;

import echomq.testkit.LostReplyContract;

import java.time.Duration;

/** The lost-reply contract through Lettuce (which sends again what was in flight when it reconnects), on one server and a cluster. */
class LettuceLostReplyTest extends LostReplyContract {

    @Override
    protected Ports connect(String uri) {
        LettuceRedis redis = LettuceConnections.connect(uri, Duration.ofSeconds(2));
        return Ports.of(LettucePorts.over(redis), redis::close);
    }
}
