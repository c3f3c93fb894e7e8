package codemojex.app.redis;

import codemojex.projections.Channels;
import codemojex.projections.Names;
import echomq.domain.stream.StreamKey;

/** The game's Redis keys besides its streams; all in the {@code {cm}} hash slot, so one script may touch them together. */
public final class Keys {

    private Keys() {
    }

    static String prefix() {
        return StreamKey.prefix(Channels.QUEUE);
    }

    /** The sorted set of a game's bests. */
    public static String board(String game) {
        return prefix() + "board:" + Names.requireId("game", game);
    }

    /** The hash of a game: room, keyboard, secret, status. */
    public static String game(String game) {
        return prefix() + "game:" + Names.requireId("game", game);
    }

    /** The hash of a game's scored guesses: guess id -> score JSON. */
    public static String scores(String game) {
        return prefix() + "scores:" + Names.requireId("game", game);
    }

    public static String stream(String channel) {
        return StreamKey.of(Channels.QUEUE, channel).toString();
    }
}
