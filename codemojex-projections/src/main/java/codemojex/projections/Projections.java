package codemojex.projections;

import codemojex.projections.GameEvent.GameSettled;
import codemojex.projections.GameEvent.GuessScored;
import codemojex.projections.GameEvent.RoomOpened;
import echomq.domain.fold.CombinableFold;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.window.Window;
import io.vavr.collection.HashMap;
import io.vavr.collection.HashSet;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;
import io.vavr.control.Option;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;

/**
 * The game's projections: pure folds of its channels over Vavr's persistent collections, each
 * combinable (panes of a window fold apart and combine). A malformed entry fails the fold with a
 * {@link MalformedEntryException}; wrap a projection in {@link echomq.domain.fold.Tally#counting}
 * (what the app does) to count and skip such entries instead.
 */
public final class Projections {

    private Projections() {
    }

    // ---- room openings -------------------------------------------------------------------------

    /**
     * {@code room-opened} -> room -> number of games opened. A count, so it retracts (a room whose
     * count goes back to 0 leaves the map): a sliding window of it is kept running.
     */
    public static echomq.domain.fold.InvertibleFold<Map<String, Integer>> roomOpenings() {
        return echomq.domain.fold.InvertibleFold.of("room-openings", 1, HashMap.empty(),
                (acc, e) -> acc.put(RoomOpened.decode(e).room(), 1, Integer::sum),
                (a, b) -> a.merge(b, Integer::sum),
                (acc, e) -> {
                    String room = RoomOpened.decode(e).room();
                    int left = acc.get(room).getOrElse(0) - 1;
                    return left == 0 ? acc.remove(room) : acc.put(room, left);
                });
    }

    // ---- the lobby ------------------------------------------------------------------------------

    /**
     * A game as the lobby lists it when it opened.
     *
     * @param id   its {@code room-opened} entry, which orders openings across partitions
     * @param game the game
     * @param room its room
     */
    public record Opening(StreamId id, String game, String room) {
    }

    /** {@code room-opened} -> the newest {@code size} openings, newest first. */
    public static CombinableFold<Vector<Opening>> recentOpenings(int size) {
        if (size <= 0 || size > 1000) {
            throw new IllegalArgumentException("size must be 1..1000, got " + size);
        }
        return fold("recent-openings-" + size, 1, Vector.empty(),
                (acc, e) -> {
                    RoomOpened o = RoomOpened.decode(e);
                    return acc.prepend(new Opening(e.id(), o.game(), o.room())).take(size);
                },
                (earlier, later) -> later.appendAll(earlier).take(size));
    }

    /**
     * {@code guess-scored} -> game -> scored guesses: the lobby's activity, over its recent window
     * ({@link Lobby#mostGuessed}).
     */
    public static echomq.domain.fold.InvertibleFold<Map<String, Long>> guessesByGame() {
        echomq.domain.fold.InvertibleFold<Long> count = echomq.domain.fold.InvertibleFold.of("scored-guesses", 1, 0L,
                (n, e) -> n + 1, Long::sum, (n, e) -> n - 1);
        return echomq.domain.fold.KeyedFolds.groupBy("game", e -> Option.some(GuessScored.decode(e).game()), count);
    }

    /** The openings of two sets of partitions as one, newest first by entry id (a tie to the higher partition). */
    public static BinaryOperator<Vector<Opening>> mergeOpenings(int size) {
        return (earlier, later) -> later.appendAll(earlier).sortBy(java.util.Comparator.<StreamId>reverseOrder(), Opening::id).take(size);
    }

    // ---- the day's results ---------------------------------------------------------------------

    /**
     * A settled game and when it settled.
     *
     * @param id        its {@code game-settled} entry, which orders results across partitions
     * @param settledAt the instant of that entry
     * @param settled   the event
     */
    public record Result(StreamId id, Instant settledAt, GameSettled settled) {
    }

    /** {@code game-settled} -> the results in settle order. */
    public static CombinableFold<Vector<Result>> dayResults() {
        return fold("day-results", 3, Vector.empty(),
                (acc, e) -> acc.append(new Result(e.id(), e.instant(), GameSettled.decode(e))),
                Vector::appendAll);
    }

    /**
     * The results of two sets of partitions in one settle order ({@code earlier} holding the lower
     * partitions): by entry id, a tie kept in partition order.
     */
    public static Vector<Result> mergeResults(Vector<Result> earlier, Vector<Result> later) {
        return earlier.appendAll(later).sortBy(Result::id); // a stable sort: equal ids stay in partition order
    }

    /**
     * {@code [start of day, end of day]} in {@code zone}: the window of {@link #dayResults()}. A day
     * that starts before the epoch (1970-01-01 east of UTC) starts at the epoch: no entry is older.
     */
    public static Window.Closed day(LocalDate day, ZoneId zone) {
        Instant local = day.atStartOfDay(zone).toInstant();
        Instant start = local.isBefore(Instant.EPOCH) ? Instant.EPOCH : local;
        Instant end = day.plusDays(1).atStartOfDay(zone).toInstant().minusNanos(1);
        return Window.closed(start, end);
    }

    // ---- the recent activity feed --------------------------------------------------------------

    /**
     * One line of the feed: who scored what, when. No guess content.
     *
     * @param id the {@code guess-scored} entry, which orders items across partitions; {@code at} is its instant
     */
    public record FeedItem(StreamId id, Instant at, String game, String room, String playerId, String player, String guessId,
                           int total, int percentage, int best) {
    }

    /**
     * The feed: the newest items first (at most the feed's size) and totals over the whole window.
     *
     * @param newest  newest first
     * @param guesses scored guesses in the window
     * @param players distinct players in the window, by player id
     */
    public record Feed(Vector<FeedItem> newest, long guesses, HashSet<String> players) {
        public int distinctPlayers() {
            return players.size();
        }
    }

    /** {@code guess-scored} -> the newest {@code size} items and the totals. */
    public static CombinableFold<Feed> recentFeed(int size) {
        if (size <= 0 || size > 1000) {
            throw new IllegalArgumentException("feed size must be 1..1000, got " + size);
        }
        Feed empty = new Feed(Vector.empty(), 0, HashSet.empty());
        return fold("recent-feed-" + size, 3, empty,
                (acc, e) -> {
                    GuessScored s = GuessScored.decode(e);
                    FeedItem item = new FeedItem(e.id(), e.instant(), s.game(), s.room(), s.playerId(), s.player(), s.guessId(),
                            s.total(), s.percentage(), s.best());
                    return new Feed(acc.newest().prepend(item).take(size), acc.guesses() + 1, acc.players().add(s.playerId()));
                },
                (earlier, later) -> new Feed(newestFirst(later.newest(), earlier.newest(), size),
                        earlier.guesses() + later.guesses(), union(earlier.players(), later.players())));
    }

    /** The newest {@code size} of {@code later}, then {@code earlier}: {@code later.appendAll(earlier).take(size)} without the copy when later is full. */
    private static Vector<FeedItem> newestFirst(Vector<FeedItem> later, Vector<FeedItem> earlier, int size) {
        if (later.size() >= size || earlier.isEmpty()) {
            return later.take(size);
        }
        return later.isEmpty() ? earlier.take(size) : later.appendAll(earlier).take(size);
    }

    /**
     * {@code a.union(b)}, built on the larger set: the smaller one's elements added one by one, each
     * only when missing. vavr's {@code union} puts every element of its argument into the receiver's
     * trie, copying a path for each even when it is there already; the panes of a feed share most
     * of their players, so most are.
     */
    static HashSet<String> union(HashSet<String> a, HashSet<String> b) {
        if (a == b || b.isEmpty()) {
            return a;
        }
        if (a.isEmpty()) {
            return b;
        }
        HashSet<String> larger = a.size() >= b.size() ? a : b;
        HashSet<String> smaller = larger == a ? b : a;
        for (String s : smaller) {
            larger = larger.add(s); // the same set when s is in it already
        }
        return larger;
    }

    /**
     * The feeds of two sets of partitions as one ({@code earlier} holding the lower partitions): the
     * newest {@code size} items by entry id (a tie goes to the higher partition, the one a merged
     * fold steps last), the totals added up.
     */
    public static BinaryOperator<Feed> mergeFeeds(int size) {
        return (earlier, later) -> new Feed(later.newest().appendAll(earlier.newest())
                .sortBy(java.util.Comparator.<StreamId>reverseOrder(), FeedItem::id).take(size),
                earlier.guesses() + later.guesses(), union(earlier.players(), later.players()));
    }

    /**
     * {@code guess-scored} -> player id -> scored guesses: the fold of one bucket of the feed's series
     * (its size the distinct players, its sum the guesses), a keyed fold of a count, so it combines
     * (partitions merge with {@code combine}) and retracts. An unreadable entry fails the step, for a
     * {@code Tally} to skip.
     */
    public static echomq.domain.fold.InvertibleFold<Map<String, Long>> guessesByPlayer() {
        echomq.domain.fold.InvertibleFold<Long> count = echomq.domain.fold.InvertibleFold.of("scored-guesses", 1, 0L,
                (n, e) -> n + 1, Long::sum, (n, e) -> n - 1);
        return echomq.domain.fold.KeyedFolds.groupBy("playerId", e -> Option.some(GuessScored.decode(e).playerId()), count);
    }

    /**
     * {@code guess-scored} of one game -> its newest {@code size} items, newest first, and how many
     * it scored: what a game's page shows live.
     */
    public static CombinableFold<Feed> gameFeed(String game, int size) {
        Names.requireId("game", game);
        CombinableFold<Feed> feed = recentFeed(size);
        return fold("game-feed-" + game + "-" + size, 2, feed.initial(),
                (acc, e) -> GuessScored.decode(e).game().equals(game) ? feed.step(acc, e) : acc,
                feed::combine);
    }

    // ---- the all-time boards -------------------------------------------------------------------

    /**
     * {@code guess-scored} -> game -> player id -> standing (name and best total): every game's
     * board in one whole-log projection, the one the app checkpoints (retention keeps its tail).
     * Still version 1, as when it was keyed by name: over entries written before player ids, the
     * fold by player id is the fold by name with each name's derived id ({@link PlayerIds#ofName})
     * for key, so a checkpoint of then is a state of this fold, read as such (retention may have
     * removed the entries before it: refusing it would lose them).
     */
    public static CombinableFold<Map<String, Map<String, Board.Standing>>> allTimeBoards() {
        return fold("boards", 1, HashMap.empty(),
                (acc, e) -> {
                    GuessScored s = GuessScored.decode(e);
                    return acc.put(s.game(), acc.get(s.game()).getOrElse(HashMap.empty())
                            .put(s.playerId(), new Board.Standing(s.player(), s.total()), Board.Standing::max));
                },
                (a, b) -> a.merge(b, (x, y) -> x.merge(y, Board.Standing::max)));
    }

    // ---- the all-time board --------------------------------------------------------------------

    /** {@code guess-scored} of one game -> player id -> standing (name and best); {@link Board#ranking} ranks it. */
    public static CombinableFold<Map<String, Board.Standing>> allTimeBoard(String game) {
        Names.requireId("game", game);
        return fold("board-" + game, 2, HashMap.empty(),
                (acc, e) -> {
                    GuessScored s = GuessScored.decode(e);
                    return s.game().equals(game) ? acc.put(s.playerId(), new Board.Standing(s.player(), s.total()), Board.Standing::max) : acc;
                },
                (a, b) -> a.merge(b, Board.Standing::max));
    }

    private static <A> CombinableFold<A> fold(String name, int version, A initial, BiFunction<A, StreamEntry, A> step,
                                              BinaryOperator<A> combine) {
        return CombinableFold.of(name, version, initial, step, combine);
    }
}
