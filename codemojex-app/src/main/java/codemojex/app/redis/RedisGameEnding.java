package codemojex.app.redis;

import codemojex.app.core.EndedGame;
import codemojex.app.core.GameKeeping;
import codemojex.app.core.port.out.GameEnding;
import codemojex.projections.Board;
import codemojex.projections.Channels;
import codemojex.projections.Code;
import codemojex.projections.GameEvent;
import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import echomq.wire.ClockGuard;
import echomq.wire.LuaScript;
import echomq.wire.Xadd;
import io.vavr.control.Either;
import io.vavr.control.Option;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * {@link GameEnding} over the partition's games set ({@link Keys#games}) and one script per game,
 * {@code game-end.lua}: the {@code game-closed} entry of an open game, its record
 * ({@link Keys#ended}) and the removal of its state, all at once, in its partition's slot.
 */
public final class RedisGameEnding implements GameEnding {

    static final LuaScript END = LuaScript.load(RedisGameEnding.class, "game-end.lua");

    /** The games set is read this many at a time. */
    private static final int PAGE = 1000;

    private final RedisCalls redis;
    private final Keys keys;
    private final Snowflake minter;
    private final Option<ClockGuard> guard;

    /** Over {@code redis}, each game's keys where {@code keys} puts them, minting {@code game-closed} ids with {@code minter}. */
    public RedisGameEnding(RedisCalls redis, Keys keys, Snowflake minter, Option<ClockGuard> guard) {
        this.redis = Objects.requireNonNull(redis, "redis");
        this.keys = Objects.requireNonNull(keys, "keys");
        this.minter = Objects.requireNonNull(minter, "minter");
        this.guard = Objects.requireNonNull(guard, "guard");
    }

    @Override
    public List<GameKeeping.Activity> openedBy(int partition, Instant openedBy, int limit) {
        String set = keys.games(partition);
        List<GameKeeping.Activity> out = new ArrayList<>();
        for (long from = 0; out.size() < limit; from += PAGE) {
            List<RedisCalls.Scored> page = redis.zrangeWithScores(set, from, from + PAGE - 1);
            for (RedisCalls.Scored s : page) {
                if (s.score() > openedBy.toEpochMilli() || out.size() >= limit) {
                    return out;
                }
                Map<String, String> h = redis.hgetAll(keys.game(s.member()));
                String last = h.getOrDefault("last", h.getOrDefault("opened", Long.toString((long) s.score())));
                out.add(new GameKeeping.Activity(s.member(), !"settled".equals(h.get("status")), Instant.ofEpochMilli(Long.parseLong(last))));
            }
            if (page.size() < PAGE) {
                break;
            }
        }
        return out;
    }

    @Override
    public boolean end(GameKeeping.End end, Instant idleBy, Instant now) {
        String game = end.game();
        Map<String, String> h = redis.hgetAll(keys.game(game));
        if (!h.containsKey("secret")) {
            // no state (ended by another instance): the script only takes it out of the games set
            return "ENDED".equals(run(game, idleBy, now, "0-1", List.of()).get(0));
        }
        StreamKey closed = StreamKey.of(keys.partitions().queueOf(game), Channels.GAME_CLOSED);
        GameEvent.GameClosed event = new GameEvent.GameClosed(game, h.get("room"), GameEvent.GameClosed.IDLE, Code.parse(h.get("secret")));
        List<?> reply = MintedAppends.send(minter, end instanceof GameKeeping.End.Close ? guard : Option.none(), closed, attempt -> {
            BrandedId id = minter.nextId();
            List<?> r = run(game, idleBy, now, id.streamId().toString(), Xadd.fields(id, event.fields()));
            return "BEHIND".equals(String.valueOf(r.get(0)))
                    ? Either.left(new MintedAppends.Below(StreamId.parse(String.valueOf(r.get(1))), id.streamId()))
                    : Either.right(r);
        });
        return "ENDED".equals(String.valueOf(reply.get(0)));
    }

    @Override
    public Set<String> endedInCheckpoint(int partition) {
        Set<String> out = new HashSet<>();
        String set = keys.endedGames(partition);
        for (long from = 0; ; from += PAGE) {
            List<RedisCalls.Scored> page = redis.zrangeWithScores(set, from, from + PAGE - 1);
            page.forEach(s -> out.add(s.member()));
            if (page.size() < PAGE) {
                return out;
            }
        }
    }

    @Override
    public void droppedFromCheckpoint(int partition, Set<String> games) {
        List<String> all = List.copyOf(games);
        for (int i = 0; i < all.size(); i += PAGE) { // a script unpacks a few thousand arguments at most
            redis.run(FORGET, List.of(keys.endedGames(partition)), all.subList(i, Math.min(all.size(), i + PAGE)));
        }
    }

    static final LuaScript FORGET = LuaScript.load(RedisGameEnding.class, "ended-forget.lua");

    private List<?> run(String game, Instant idleBy, Instant now, String entryId, List<String> entry) {
        List<String> argv = new ArrayList<>(5 + entry.size());
        argv.add(game);
        argv.add(Long.toString(idleBy.toEpochMilli()));
        argv.add(Long.toString(now.toEpochMilli()));
        argv.add(Integer.toString(EndedGame.TOP));
        argv.add(entryId);
        argv.addAll(entry);
        List<String> k = new ArrayList<>(List.of(keys.game(game), keys.board(game), keys.scores(game), keys.players(game),
                keys.skeletons(game), keys.holders(game), keys.ended(game), keys.gamesOf(game),
                StreamKey.of(keys.partitions().queueOf(game), Channels.GAME_CLOSED).toString(), keys.sessions(game),
                keys.endedGames(keys.partitions().of(game))));
        // its sessions, as read now: the script does nothing when one joined since (it counts them again)
        for (String tokenHash : redis.hgetAll(keys.sessions(game)).keySet()) {
            k.add(keys.session(game, tokenHash));
        }
        return (List<?>) redis.run(END, k, argv).getOrElseThrow(() -> new IllegalStateException("game-end.lua answered nil for " + game));
    }

    /** The record kept of {@code game}, as {@code game-end.lua} writes it. */
    static EndedGame decode(String game, String record) {
        String[] lines = record.split("\n");
        String[] f = lines[0].split("\t", -1);
        if (f.length != 9 || !"v1".equals(f[0])) {
            throw new IllegalStateException("the record kept of game " + game + " is not one this app writes");
        }
        List<Board.Ranked> top = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            int tab = lines[i].indexOf('\t');
            top.add(RedisBoard.place(top.size() + 1, lines[i].substring(tab + 1), Integer.parseInt(lines[i].substring(0, tab))));
        }
        return new EndedGame(game, f[1], Instant.ofEpochMilli(Long.parseLong(f[2])), Instant.ofEpochMilli(Long.parseLong(f[3])),
                "closed".equals(f[4]), Option.of(f[7]).filter(w -> !w.isEmpty()), Option.of(f[8]).filter(w -> !w.isEmpty()),
                Code.parse(f[5]), Long.parseLong(f[6]), top);
    }
}
