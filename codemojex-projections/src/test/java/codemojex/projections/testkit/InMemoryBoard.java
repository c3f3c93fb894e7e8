package codemojex.projections.testkit;

import codemojex.projections.Board;
import io.vavr.collection.HashMap;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/** A {@link Board} in memory, for the pure tests: a compare-and-set per game keeps records atomic. */
public final class InMemoryBoard implements Board {

    private final ConcurrentHashMap<String, AtomicReference<HashMap<String, Standing>>> games = new ConcurrentHashMap<>();

    @Override
    public int record(String game, String playerId, String player, int points) {
        Board.requireRecord(game, playerId, player, points);
        HashMap<String, Standing> after = games.computeIfAbsent(game, g -> new AtomicReference<>(HashMap.empty()))
                .updateAndGet(m -> m.put(playerId, new Standing(player, points), Standing::max));
        return after.get(playerId).get().best();
    }

    @Override
    public List<Ranked> top(String game, int n) {
        Board.requireTop(game, n);
        AtomicReference<HashMap<String, Standing>> ref = games.get(game);
        return ref == null ? List.of() : Board.ranking(ref.get()).take(n).toJavaList();
    }

    @Override
    public List<Ranked> all(String game) {
        Board.requireTop(game, 1);
        AtomicReference<HashMap<String, Standing>> ref = games.get(game);
        return ref == null ? List.of() : Board.ranking(ref.get()).toJavaList();
    }

    @Override
    public long count(String game) {
        Board.requireTop(game, 1);
        AtomicReference<HashMap<String, Standing>> ref = games.get(game);
        return ref == null ? 0 : ref.get().size();
    }
}
