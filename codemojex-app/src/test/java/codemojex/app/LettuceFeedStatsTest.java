package codemojex.app;

import codemojex.app.http.RateLimiter;

/** The feed's percentiles and distinct players with the app on Lettuce ({@code --client lettuce}). */
class LettuceFeedStatsTest extends FeedStatsTest {

    @Override
    AppFixture fixture() {
        return new AppFixture(Settings.builder().client(RedisClient.LETTUCE).build(), RateLimiter.unlimited());
    }
}
