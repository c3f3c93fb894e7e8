package codemojex.app.redis;

import codemojex.projections.Board;
import echomq.wire.LuaScript;

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
    static final LuaScript RECORD = LuaScript.load(RedisBoard.class, "board-record.lua");

    private final RedisCalls redis;
    private final Keys keys;

    /** Over {@code redis}, with one partition. */
    public RedisBoard(RedisCalls redis) {
        this(redis, Keys.ONE);
    }

    /** Over {@code redis}, each game's key where {@code keys} puts it. */
    public RedisBoard(RedisCalls redis, Keys keys) {
        this.redis = Objects.requireNonNull(redis, "redis");
        this.keys = Objects.requireNonNull(keys, "keys");
    }

    @Override
    public int record(String game, String player, int points) {
        Board.requireRecord(game, player, points);
        String key = keys.board(game);
        Object best = redis.run(RECORD, List.of(key), List.of(Integer.toString(-points), player))
                .getOrElseThrow(() -> new IllegalStateException("board-record.lua answered nil for " + key));
        return -(int) Double.parseDouble(String.valueOf(best));
    }

    @Override
    public List<Ranked> top(String game, int n) {
        Board.requireTop(game, n);
        List<Ranked> out = new ArrayList<>();
        page(keys.board(game), 0, n, out);
        return List.copyOf(out);
    }

    @Override
    public List<Ranked> all(String game) {
        Board.requireTop(game, 1);
        String key = keys.board(game);
        List<Ranked> out = new ArrayList<>();
        int read;
        do {
            read = page(key, out.size(), PAGE, out); // pages of 1,000: a large board never arrives as one huge reply
        } while (read == PAGE);
        return List.copyOf(out);
    }

    @Override
    public long count(String game) {
        Board.requireTop(game, 1);
        String key = keys.board(game);
        return redis.zcard(key);
    }

    private static final int PAGE = 1000;

    /** Appends up to {@code n} places from rank {@code from + 1} on; returns how many it read. */
    private int page(String key, int from, int n, List<Ranked> out) {
        List<RedisCalls.Scored> page = redis.zrangeWithScores(key, from, from + n - 1L);
        for (RedisCalls.Scored t : page) {
            out.add(new Ranked(out.size() + 1, t.member(), -(int) t.score()));
        }
        return page.size();
    }
}
