package codemojex.app.core.service;

import codemojex.app.core.BadInputException;
import codemojex.app.core.BoundExceededException;
import codemojex.app.core.DurationFields;
import codemojex.app.core.GoneException;
import codemojex.app.core.NotFoundException;
import codemojex.app.core.PlaySession;
import codemojex.app.core.port.in.SessionsQuery;
import codemojex.app.core.port.out.Games;
import codemojex.projections.Channels;
import codemojex.projections.GameEvent;
import codemojex.projections.GameRecord;
import codemojex.projections.Names;
import echomq.domain.fold.Fold;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Session;
import echomq.domain.window.SessionFold;
import echomq.domain.window.Sessions;
import echomq.domain.window.Window;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A game's play sessions: the library's session fold over the game's partition of
 * {@code guess-scored}, keyed by {@code playerId}, stepping the game's entries only (a partition holds
 * other games too, and a player's guesses in another game are no part of this game's sessions). The
 * pass is kept by the shared projection reader and folded on with what is appended, from the game's
 * opening on, less a minute of clock slack (nothing of the game is before it, so no read reaches back further): a read folds only
 * what was scored since the last one.
 */
public final class SessionsService implements SessionsQuery {

    /** A session's fold: the name its last guess was shown with, its guesses, its best total. */
    public record Played(String player, long guesses, int best) {
        /** No guess yet. */
        public static final Played NONE = new Played("", 0, 0);

        /** With the guess of {@code e}: its name, one more guess, the best of its total and the best so far. */
        public Played step(StreamEntry e) {
            int total = best;
            for (String t : e.field("total")) {
                try {
                    total = Math.max(best, Integer.parseInt(t));
                } catch (NumberFormatException bad) {
                    // an unreadable total counts as a guess that does not raise the best
                }
            }
            return new Played(e.field("player").getOrElse(player), guesses + 1, total);
        }
    }

    /** What each session folds: its guesses. */
    public static final Fold<Played> PLAYED = Fold.of("played", 1, Played.NONE, Played::step);

    /** How far before the game's opening its sessions are read from: clocks of two machines. */
    static final Duration SLACK = Duration.ofMinutes(1);

    private final ProjectionReads reads;
    private final Games games;

    /** Over the shared projection reads and the game store. */
    public SessionsService(ProjectionReads reads, Games games) {
        this.reads = Objects.requireNonNull(reads, "reads");
        this.games = Objects.requireNonNull(games, "games");
    }

    @Override
    public List<PlaySession> sessions(String game, Duration gap) {
        BadInputException.check("game", () -> Names.requireId("game", game));
        DurationFields.requireWithin("gap", gap, MIN_GAP, MAX_GAP);
        GameRecord record = games.find(game).getOrElseThrow(() -> games.ended(game).isDefined()
                ? new GoneException(game) : new NotFoundException("no game " + game));
        // a guess's entry id is the store's millisecond, the opening the app's: read from a little before it
        Instant opened = Instant.ofEpochMilli(Math.max(0, record.openedAt().toEpochMilli() - SLACK.toMillis()));
        // the bounds are the app's, checked below with their names; the library's are its widest, so it refuses nothing first
        Sessions perPlayer = Sessions.of(gap).perKey(GameEvent.PLAYER_ID).longest(Duration.ofMillis(Long.MAX_VALUE / 2))
                .most(Sessions.MAX_SESSIONS);
        SessionFold<Played> pass = perPlayer.foldFrom(opened, PLAYED);
        Fold<SessionFold.State<Played>> ofGame = Fold.of("game " + game + " " + pass.name(), pass.version(), pass.initial(),
                (s, e) -> e.field("game").contains(game) ? pass.step(s, e) : s);
        StreamKey stream = reads.partitions().channel(Channels.GUESS_SCORED).partition(reads.partitions().of(game));
        io.vavr.collection.List<Session<Played>> found;
        Instant now;
        try {
            SessionFold.State<Played> state = reads.foldStream(stream, Window.since(opened), ofGame);
            now = reads.clock().instant();
            found = pass.sessions(state, Window.closed(opened, now.isBefore(opened) ? opened : now));
        } catch (IllegalStateException refused) {
            if (refused.getMessage() != null && refused.getMessage().contains("most sessions")) {
                throw tooMany(game); // more than the library keeps: past the app's bound long before
            }
            throw refused;
        }
        if (found.size() > MOST) {
            throw tooMany(game);
        }
        for (Session<Played> s : found) {
            if (Duration.between(s.from(), s.to()).compareTo(LONGEST) > 0) {
                throw new BoundExceededException("longest", "a session of player " + s.key().get() + " in game " + game + " from "
                        + s.from() + " to " + s.to() + " is longer than the longest session " + DurationFields.format(LONGEST)
                        + " a read answers: ask with a shorter gap");
            }
        }
        return found.map(s -> new PlaySession(s.key().get(), s.value().player(), s.from(), s.to(), s.entries(),
                s.value().best(), now.isBefore(s.to().plus(gap)))).toJavaList(); // open until the clock reaches to + gap
        // (the library's own flag turns a millisecond sooner: it takes the range's end as known whole, the clock's millisecond is not)
    }

    private static BoundExceededException tooMany(String game) {
        return new BoundExceededException("most", "game " + game + " has more than the most sessions a read answers, " + MOST
                + ": ask with a longer gap");
    }
}
