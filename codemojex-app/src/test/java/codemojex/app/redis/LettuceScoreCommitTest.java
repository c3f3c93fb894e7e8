package codemojex.app.redis;

import codemojex.app.redis.lettuce.LettuceConnection;

/** The commit script's tests again, with the app's adapters on Lettuce. */
class LettuceScoreCommitTest extends RedisScoreCommitTest {

    @Override
    Connection open(String uri) {
        return LettuceConnection.open(uri);
    }
}
