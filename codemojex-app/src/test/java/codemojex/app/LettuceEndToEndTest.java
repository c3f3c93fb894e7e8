package codemojex.app;

import codemojex.app.http.RateLimiter;

/** The same end-to-end play with the app on Lettuce ({@code --client lettuce}). */
class LettuceEndToEndTest extends EndToEndTest {

    @Override
    AppFixture fixture() {
        return new AppFixture(Settings.builder().client(RedisClient.LETTUCE).build(), RateLimiter.unlimited());
    }
}
