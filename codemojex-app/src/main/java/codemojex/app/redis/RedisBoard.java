package codemojex.app.redis;

import codemojex.projections.Board;
import codemojex.projections.PlayerIds;
import echomq.wire.LuaScript;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@link Board} on a sorted set per game. The score is the negated best, kept with
 * {@code ZADD … LT}: "never lower a best" in one atomic command, and a plain ascending
 * {@code ZRANGE} then ranks best first with ties by member bytes (Redis orders equal scores so),
 * with no client-side re-sorting. A member is a player: its name, a TAB and its player id
 * ({@link #member}); a name holds no character below a space, so member order is
 * {@link Board#ORDER}: by name, then the name alone (a player of the data before player ids,
 * whose member it was) first, then by player id. One read answers both who and what is shown.
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

    /**
     * The board member of a player: {@code name<TAB>playerId}; the name alone for the id derived
     * from it ({@link PlayerIds#derived}), the member such a player had on the boards written before
     * player ids, so those boards go on as they were.
     *
     * @param playerId the player id
     * @param player   its name
     * @return the member
     */
    static String member(String playerId, String player) {
        return PlayerIds.derived(playerId, player) ? player : player + "\t" + playerId;
    }

    /** The place of {@code member} (see {@link #member}) at {@code rank} with {@code best}. */
    static Ranked place(int rank, String member, int best) {
        int tab = member.indexOf('\t');
        return tab < 0 ? new Ranked(rank, PlayerIds.ofName(member), member, best)
                : new Ranked(rank, member.substring(tab + 1), member.substring(0, tab), best);
    }

    @Override
    public int record(String game, String playerId, String player, int points) {
        Board.requireRecord(game, playerId, player, points);
        String key = keys.board(game);
        Object best = redis.run(RECORD, List.of(key), List.of(Integer.toString(-points), member(playerId, player)))
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
            out.add(place(out.size() + 1, t.member(), -(int) t.score()));
        }
        return page.size();
    }
}
