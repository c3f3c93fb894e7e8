package codemojex.app;

import codemojex.app.http.RateLimiter;
import echomq.testkit.RedisClusterProcess;

/** The same end-to-end play on a local three-master Redis Cluster ({@code redis-cluster://…}). */
class ClusterEndToEndTest extends EndToEndTest {

    @Override
    AppFixture fixture() {
        RedisClusterProcess cluster = RedisClusterProcess.start();
        return new AppFixture(cluster.uri(), cluster, Settings.defaults(), RateLimiter.unlimited());
    }
}
