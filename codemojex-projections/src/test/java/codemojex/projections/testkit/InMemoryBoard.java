package codemojex.projections.testkit;

import codemojex.projections.Board;
import io.vavr.collection.HashMap;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/** A {@link Board} in memory, for the pure tests: a compare-and-set per game keeps records atomic. */
public final class InMemoryBoard implements Board {

    private final ConcurrentHashMap<String, AtomicReference<HashMap<String, Integer>>> games = new ConcurrentHashMap<>();

    @Override
    public int record(String game, String player, int points) {
        Board.requireRecord(game, player, points);
        HashMap<String, Integer> after = games.computeIfAbsent(game, g -> new AtomicReference<>(HashMap.empty()))
                .updateAndGet(m -> m.put(player, points, Math::max));
        return after.get(player).get();
    }

    @Override
    public List<Ranked> top(String game, int n) {
        Board.requireTop(game, n);
        AtomicReference<HashMap<String, Integer>> ref = games.get(game);
        return ref == null ? List.of() : Board.ranking(ref.get()).take(n).toJavaList();
    }

    @Override
    public List<Ranked> all(String game) {
        Board.requireTop(game, 1);
        AtomicReference<HashMap<String, Integer>> ref = games.get(game);
        return ref == null ? List.of() : Board.ranking(ref.get()).toJavaList();
    }

    @Override
    public long count(String game) {
        Board.requireTop(game, 1);
        AtomicReference<HashMap<String, Integer>> ref = games.get(game);
        return ref == null ? 0 : ref.get().size();
    }
}
