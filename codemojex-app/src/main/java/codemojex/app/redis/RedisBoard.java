package codemojex.app.redis;

import codemojex.projections.Board;
import echomq.redis.RedisFailures;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.resps.Tuple;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@link Board} on a sorted set per game. The score is the negated best, kept with
 * {@code ZADD … LT}: "never lower a best" in one atomic command, and a plain ascending
 * {@code ZRANGE} then ranks best first with ties by player name ascending (Redis orders equal
 * scores by member bytes), with no client-side re-sorting.
 */
public final class RedisBoard implements Board {

    /** ZADD LT and ZSCORE in one script: the best after the record, atomically. */
    static final String RECORD = """
            redis.call('ZADD', KEYS[1], 'LT', ARGV[1], ARGV[2])
            return redis.call('ZSCORE', KEYS[1], ARGV[2])
            """;

    private final UnifiedJedis jedis;

    public RedisBoard(UnifiedJedis jedis) {
        this.jedis = Objects.requireNonNull(jedis, "jedis");
    }

    @Override
    public int record(String game, String player, int points) {
        Board.requireRecord(game, player, points);
        String key = Keys.board(game);
        Object best = RedisFailures.on(key, () -> jedis.eval(RECORD, List.of(key), List.of(Integer.toString(-points), player)));
        return -(int) Double.parseDouble(String.valueOf(best));
    }

    @Override
    public List<Ranked> top(String game, int n) {
        Board.requireTop(game, n);
        String key = Keys.board(game);
        List<Tuple> tuples = RedisFailures.on(key, () -> jedis.zrangeWithScores(key, 0, n - 1));
        List<Ranked> out = new ArrayList<>(tuples.size());
        for (Tuple t : tuples) {
            out.add(new Ranked(out.size() + 1, t.getElement(), -(int) t.getScore()));
        }
        return List.copyOf(out);
    }
}
