package codemojex.app.core.service;

import codemojex.app.core.port.in.LobbyQuery;
import codemojex.app.core.port.out.Games;
import codemojex.projections.Board;
import codemojex.projections.Channels;
import codemojex.projections.GameRecord;
import codemojex.projections.Lobby;
import codemojex.projections.Projections;
import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.InvertibleFold;
import echomq.domain.fold.Tally;
import echomq.domain.window.Window;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;
import io.vavr.control.Option;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * The lobby: the open games people play first ({@link Lobby#rank}: players, then guesses in the last
 * {@link #ACTIVITY}, then newest), with their players and best. The candidates are the newest
 * {@code size} games opened in the last {@link #WINDOW} and the {@code size} with the most recent
 * guesses, so that rooms opened empty, however many, cannot push a played game out (#27); at most
 * {@code 2 * size} games are read.
 */
public final class LobbyService implements LobbyQuery {

    /** The newest games the lobby considers: opened in the last day. */
    public static final Duration WINDOW = Duration.ofDays(1);

    /** The lobby's activity: guesses scored in the last hour (a game with some is considered, however old the game). */
    public static final Duration ACTIVITY = Duration.ofHours(1);

    /**
     * The fold of the lobby's activity: game -> scored guesses, skipping unreadable entries. Invertible,
     * as the count is, so the lobby's sliding hour is kept running.
     */
    static final InvertibleFold<Tally<Map<String, Long>>> GUESSES = Tally.counting(Projections.guessesByGame());

    private final ProjectionReads reads;
    private final Games games;
    private final Board board;

    /** Over the shared reads, the game store and the live board. */
    public LobbyService(ProjectionReads reads, Games games, Board board) {
        this.reads = Objects.requireNonNull(reads, "reads");
        this.games = Objects.requireNonNull(games, "games");
        this.board = Objects.requireNonNull(board, "board");
    }

    @Override
    public List<LobbyGame> lobby(int size) {
        CombinableFold<Tally<Vector<Projections.Opening>>> openings = Tally.counting(Projections.recentOpenings(size));
        Vector<Projections.Opening> newest = reads.fold(Channels.ROOM_OPENED, Window.last(WINDOW).inPanesOf(Duration.ofHours(1)), openings,
                Tally.merging(Projections.mergeOpenings(size))).value();
        Map<String, Long> recent = reads.fold(Channels.GUESS_SCORED, Window.last(ACTIVITY).inPanesOf(Duration.ofMinutes(1)), GUESSES,
                GUESSES::combine).value();
        LinkedHashSet<String> considered = new LinkedHashSet<>();
        newest.forEach(o -> considered.add(o.game()));
        Lobby.mostGuessed(recent, size).forEach(considered::add);
        List<Lobby.Candidate> candidates = new ArrayList<>();
        for (String id : considered) {
            Option<GameRecord> g = games.find(id);
            if (g.isDefined() && !g.get().settled()) {
                candidates.add(new Lobby.Candidate(id, g.get().room(), board.count(id), recent.get(id).getOrElse(0L), g.get().openedAt()));
            }
        }
        List<LobbyGame> out = new ArrayList<>();
        for (Lobby.Candidate c : Lobby.rank(candidates, size)) {
            List<Board.Ranked> top = board.top(c.game(), 1);
            out.add(new LobbyGame(c.game(), c.room(), c.players(), top.isEmpty() ? 0 : top.get(0).best()));
        }
        return out;
    }
}
