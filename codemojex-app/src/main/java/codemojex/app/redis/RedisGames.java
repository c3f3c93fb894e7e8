package codemojex.app.redis;

import codemojex.app.core.EndedGame;
import codemojex.app.core.port.out.Games;
import codemojex.projections.Channels;
import codemojex.projections.Code;
import codemojex.projections.GameRecord;
import codemojex.projections.Keyboard;
import codemojex.projections.Memo;
import codemojex.projections.PlayerIds;
import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.observe.EchoEvent;
import echomq.domain.observe.EchoListener;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamStoreException;
import echomq.wire.ClockGuard;
import echomq.wire.LuaScript;
import echomq.wire.Xadd;
import io.vavr.control.Either;
import io.vavr.control.Option;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** {@link Games} as one hash per game ({@code emq:{cm}:game:<id>}, in the game's partition): room, keyboard, secret, status, winner (name and player id). */
public final class RedisGames implements Games {

    /** Opens a game all or nothing: its hash and its {@code room-opened} entry (KEYS and ARGV in the script). */
    static final LuaScript OPEN = LuaScript.load(RedisGames.class, "room-open.lua");

    private final RedisCalls redis;
    private final Keys keys;
    private final Option<Snowflake> minter;
    private volatile Option<ClockGuard> guard = Option.none();
    private volatile EchoListener listener = EchoListener.NONE;

    /** Over {@code redis}, with one partition. */
    public RedisGames(RedisCalls redis) {
        this(redis, Keys.ONE);
    }

    /** Over {@code redis}, each game's key where {@code keys} puts it. */
    public RedisGames(RedisCalls redis, Keys keys) {
        this(redis, keys, Option.none());
    }

    /** Over {@code redis}, each game's key where {@code keys} puts it, minting the ids of the entries it appends with {@code minter}. */
    public RedisGames(RedisCalls redis, Keys keys, Snowflake minter) {
        this(redis, keys, Option.some(Objects.requireNonNull(minter, "minter")));
    }

    private RedisGames(RedisCalls redis, Keys keys, Option<Snowflake> minter) {
        this.redis = Objects.requireNonNull(redis, "redis");
        this.keys = Objects.requireNonNull(keys, "keys");
        this.minter = minter;
    }

    /**
     * These games, refusing to open one (a {@code ClockAhead}, nothing written) while the minter's
     * clock runs further ahead of Redis's than {@code g} allows, as the library's appends are.
     */
    public RedisGames guardedBy(ClockGuard g) {
        this.guard = Option.some(Objects.requireNonNull(g, "guard"));
        return this;
    }

    /**
     * These games, telling {@code l} of every {@code room-opened} entry they append and of every id
     * minted again, as the library's appender tells of its appends (the app's append meters count them).
     */
    public RedisGames observedBy(EchoListener l) {
        this.listener = Objects.requireNonNull(l, "listener");
        return this;
    }

    /**
     * One script, {@code room-open.lua}: the hash and the entry, or neither. An id refused as not
     * above the stream's top is minted again above it ({@link StreamAppendPort#aimAbove}) and sent
     * again, up to {@link StreamAppendPort#MAX_REMINTS} times, as the library's appends do.
     */
    @Override
    public void open(GameRecord g, io.vavr.collection.LinkedHashMap<String, String> roomOpened) {
        Snowflake m = minter.getOrElseThrow(() -> new IllegalStateException("these games were made without a minter: they cannot open one"));
        StreamKey stream = StreamKey.of(keys.partitions().queueOf(g.game()), Channels.ROOM_OPENED);
        long t0 = System.nanoTime();
        List<String> hash = new ArrayList<>();
        fields(g).forEach((f, v) -> {
            hash.add(f);
            hash.add(v);
        });
        MintedAppends.send(m, guard, stream, attempt -> {
            if (attempt > 0) {
                EchoListener.tell(listener, new EchoEvent.AppendRefused(stream, EchoEvent.Refusal.REMINTED, 1));
            }
            BrandedId id = m.nextId();
            List<String> argv = new ArrayList<>(3 + hash.size() + 2 * roomOpened.size() + 2);
            argv.add(id.streamId().toString());
            argv.add(Integer.toString(hash.size()));
            argv.addAll(hash);
            argv.addAll(Xadd.fields(id, roomOpened));
            List<?> reply;
            try {
                reply = (List<?>) redis.run(OPEN, List.of(keys.game(g.game()), stream.toString(), keys.gamesOf(g.game())), argv)
                        .getOrElseThrow(() -> new IllegalStateException("room-open.lua answered nil for " + g.game()));
            } catch (StreamStoreException.NotReplicated unconfirmed) {
                if (!(unconfirmed.reply().getOrNull() instanceof List<?> answered) || "OK".equals(String.valueOf(answered.get(0)))) {
                    throw unconfirmed; // opened on the master
                }
                reply = answered; // refused (below the top, or there already): nothing was written, nothing to lose
            }
            String outcome = String.valueOf(reply.get(0));
            if (outcome.equals("EXISTS")) {
                throw new IllegalStateException("game " + g.game() + " exists already");
            }
            return outcome.equals("OK") ? Either.right(id)
                    : Either.left(new MintedAppends.Below(StreamId.parse(String.valueOf(reply.get(1))), id.streamId()));
        });
        EchoListener.tell(listener, new EchoEvent.Appended(stream, 1, System.nanoTime() - t0));
    }

    private static Map<String, String> fields(GameRecord g) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("room", g.room());
        fields.put("keyboard", g.keyboard().text());
        fields.put("secret", g.secret().text());
        fields.put("opened", Long.toString(g.openedAt().toEpochMilli()));
        fields.put("status", "open");
        return fields;
    }

    @Override
    public void create(GameRecord g) {
        String key = keys.game(g.game());
        Map<String, String> fields = fields(g);
        if (!redis.hsetnx(key, "status", "creating")) {
            throw new IllegalStateException("game " + g.game() + " exists already");
        }
        redis.hset(key, fields);
    }

    /**
     * Keyboards and secrets already parsed, by their text: every request about a game reads its hash,
     * and parsing the twelve emojis and six of them again (a grapheme match each) showed in the
     * profile of every route. Parsing is a pure function of the text, so a memo holds; bounded, as a
     * flood of games must not grow it.
     */
    private static final Memo<Keyboard> KEYBOARDS = new Memo<>(10_000, Keyboard::parse);
    private static final Memo<Code> SECRETS = new Memo<>(10_000, Code::parse);

    @Override
    public Option<GameRecord> find(String game) {
        String key = keys.game(game);
        Map<String, String> h = redis.hgetAll(key);
        if (!h.containsKey("secret")) {
            return Option.none();
        }
        return Option.some(new GameRecord(game, h.get("room"), KEYBOARDS.get(h.get("keyboard")),
                SECRETS.get(h.get("secret")),
                Instant.ofEpochMilli(Long.parseLong(h.get("opened"))), Option.of(h.get("winner")),
                // a game settled before player ids has a winner's name only: the id derived from it
                Option.of(h.get("winnerId")).orElse(() -> Option.of(h.get("winner")).map(PlayerIds::ofName))));
    }

    @Override
    public Option<EndedGame> ended(String game) {
        return redis.hget(keys.ended(game), game).map(r -> RedisGameEnding.decode(game, r));
    }
}
