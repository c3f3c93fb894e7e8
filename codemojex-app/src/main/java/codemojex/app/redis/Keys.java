package codemojex.app.redis;

import codemojex.projections.Channels;
import codemojex.projections.GamePartitions;
import echomq.wire.PartitionLeases;
import io.vavr.control.Option;

import java.util.Objects;

/**
 * The game's Redis keys besides its streams. Each is in its game's partition's hash slot
 * ({@code {cm}} with one partition, {@code {cm-p<p>}} with more), beside the partition's streams,
 * so that one script may touch them together.
 *
 * @param partitions how games are spread over partitions
 */
public record Keys(GamePartitions partitions) {

    /** The keys of a single partition: all in the {@code {cm}} slot. */
    public static final Keys ONE = new Keys(GamePartitions.ONE);

    public Keys {
        Objects.requireNonNull(partitions, "partitions");
    }

    private String prefix(String game) {
        return partitions.prefixOf(game);
    }

    /**
     * The lease hash of partition {@code p} (of the {@code guesses} channel, whose score workers it
     * fences), in the partition's slot: the library's {@link echomq.wire.PartitionLeases#key}.
     */
    public String lease(int p) {
        return PartitionLeases.key(partitions.channel(Channels.GUESSES), p);
    }

    /** The sorted set of a game's bests. */
    public String board(String game) {
        return prefix(game) + "board:" + game;
    }

    /** The hash of a game: room, keyboard, secret, status. */
    public String game(String game) {
        return prefix(game) + "game:" + game;
    }

    /** The hash of a game's scored guesses: guess id -> score JSON. */
    public String scores(String game) {
        return prefix(game) + "scores:" + game;
    }

    /** The hash of the names taken in a game: player -> when the session holding it expires (epoch ms). */
    public String players(String game) {
        return prefix(game) + "players:" + game;
    }

    /**
     * The hash of the look of the names taken in a game: a name's UTS #39 skeleton -> the name that
     * last took it (live while that name's entry in {@link #players} is).
     */
    public String skeletons(String game) {
        return prefix(game) + "skeletons:" + game;
    }

    /**
     * The hash of who holds each name taken in a game: player -> the player id of the session that
     * last claimed it (the name's current player while that session lives).
     */
    public String holders(String game) {
        return prefix(game) + "holders:" + game;
    }

    /**
     * The hash of the sessions of a game: the hash of a session's token -> its expiry (epoch ms), so
     * that ending the game ({@code serve --keep}) removes its sessions with it.
     */
    public String sessions(String game) {
        return prefix(game) + "sessions:" + game;
    }

    /** The hash of one session of a game (game, player, its player id, expiry), named by the hash of its token, never by the token. */
    public String session(String game, String tokenHash) {
        return prefix(game) + "session:" + game + ":" + tokenHash;
    }

    /**
     * The hash of one {@code Idempotency-Key}'s record ({@code codemojex.app.core.Idempotency}), named by
     * the hash of its scope and key ({@code recordId}): in the slot of {@code game}'s partition, or the
     * app's own ({@code {cm}}) for a request of no game (opening a room).
     */
    public String idempotency(Option<String> game, String recordId) {
        return game.map(this::prefix).getOrElse(ROOMS_PREFIX) + "idempotency:" + recordId;
    }

    /** The prefix of the keys of no game: the {@code {cm}} slot, as the app's own keys ({@code StoredFormat}). */
    static final String ROOMS_PREFIX = "emq:{cm}:";

    /**
     * The sorted set of the games of partition {@code p}: game id -> when it opened (epoch ms), so
     * that {@code serve --keep} finds the games old enough to be idle that long without a scan (#48).
     */
    public String games(int p) {
        return "emq:{" + partitions.queue(p) + "}:games";
    }

    /** The sorted set of the games beside game {@code game}: its partition's {@link #games(int)}. */
    public String gamesOf(String game) {
        return games(partitions.of(game));
    }

    /**
     * The sorted set of the games of partition {@code p} that ended and may still be in the boards
     * checkpoint: game id -> when it ended (epoch ms); each leaves it once a checkpoint without it is saved.
     */
    public String endedGames(int p) {
        return "emq:{" + partitions.queue(p) + "}:ended-games";
    }

    /**
     * The hash of the records kept of the ended games of game {@code game}'s partition, once their
     * state is removed: game id -> room, times, winner, secret, its final board (#48). One hash per
     * partition, not a key per game: a record is a few hundred bytes, a key would add its own overhead.
     */
    public String ended(String game) {
        return "emq:{" + partitions.queueOf(game) + "}:ended";
    }
}
