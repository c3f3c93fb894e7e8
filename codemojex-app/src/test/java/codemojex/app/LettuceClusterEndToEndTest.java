package codemojex.app;

import codemojex.app.http.RateLimiter;
import echomq.testkit.RedisClusterProcess;

/** The same end-to-end play with the app on Lettuce, on a local three-master Redis Cluster. */
class LettuceClusterEndToEndTest extends EndToEndTest {

    @Override
    AppFixture fixture() {
        RedisClusterProcess cluster = RedisClusterProcess.start();
        return new AppFixture(cluster.uri(), cluster, Settings.builder().client(RedisClient.LETTUCE).build(),
                RateLimiter.unlimited());
    }
}
