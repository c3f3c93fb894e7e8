package codemojex.app.http;

import codemojex.app.core.DurationFields;
import codemojex.app.core.PlaySession;

import java.time.Duration;
import java.util.List;

/**
 * A game's play sessions, as {@code GET /games/{game}/sessions?gap=2m} answers them (#49).
 *
 * @param game     the game
 * @param gap      the gap of quiet that ends a session, as {@code 2m}
 * @param sessions in order of their first guess, then player id
 */
record SessionsWeb(String game, String gap, List<Item> sessions) {

    /**
     * One session.
     *
     * @param playerId the player
     * @param player   the name shown
     * @param from     its first guess, ISO-8601
     * @param to       its last guess, ISO-8601
     * @param guesses  its scored guesses
     * @param best     its best total, 0..600
     * @param open     true until the clock passes {@code to} plus the gap
     */
    record Item(String playerId, String player, String from, String to, long guesses, int best, boolean open) {
    }

    /**
     * A {@code session} event: one session of {@code game} that closed.
     *
     * @param game    the game
     * @param gap     the gap that closed it, as {@code 2m}
     * @param session the session, {@code open} false
     */
    record Closed(String game, String gap, Item session) {
    }

    /** The {@code session} event of {@code s}, a session of {@code game} closed by {@code gap}. */
    static Closed closed(String game, Duration gap, PlaySession s) {
        return new Closed(game, DurationFields.format(gap), item(s));
    }

    private static Item item(PlaySession s) {
        return new Item(s.playerId(), s.player(), IsoInstant.format(s.from()), IsoInstant.format(s.to()), s.guesses(), s.best(), s.open());
    }

    /** The web model of {@code sessions}, in their order. */
    static SessionsWeb of(String game, Duration gap, List<PlaySession> sessions) {
        return new SessionsWeb(game, DurationFields.format(gap), sessions.stream().map(SessionsWeb::item).toList());
    }
}
