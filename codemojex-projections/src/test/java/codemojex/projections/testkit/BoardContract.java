package codemojex.projections.testkit;

import codemojex.projections.Board;
import codemojex.projections.PlayerIds;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The contract of {@link Board}, run against every implementation. */
public abstract class BoardContract {

    protected abstract Board board();

    /** A player id for a name in these tests (not the derived one: that is the data before player ids). */
    protected static String id(String name) {
        return new echomq.domain.id.BrandedId(PlayerIds.BRAND, (name.hashCode() & 0xFFFFFFFFL) + 1_000_000_000L).toString();
    }

    protected String game() {
        return "g-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Test
    void recordKeepsTheBestAndReturnsIt() {
        String g = game();
        assertThat(board().record(g, id("ada"), "ada", 200)).isEqualTo(200);
        assertThat(board().record(g, id("ada"), "ada", 100)).isEqualTo(200);
        assertThat(board().record(g, id("ada"), "ada", 480)).isEqualTo(480);
        assertThat(board().top(g, 10)).containsExactly(new Board.Ranked(1, id("ada"), "ada", 480));
    }

    @Test
    void topIsHighestFirstTiesByPlayerAscending() {
        String g = game();
        board().record(g, id("zoë"), "zoë", 300);
        board().record(g, id("bob"), "bob", 300);
        board().record(g, id("Ann"), "Ann", 300);
        board().record(g, id("carl"), "carl", 600);
        board().record(g, id("dan"), "dan", 0);
        board().record(g, id("émile"), "émile", 300);
        assertThat(board().top(g, 10)).containsExactly(
                new Board.Ranked(1, id("carl"), "carl", 600),
                new Board.Ranked(2, id("Ann"), "Ann", 300),
                new Board.Ranked(3, id("bob"), "bob", 300),
                new Board.Ranked(4, id("zoë"), "zoë", 300),
                new Board.Ranked(5, id("émile"), "émile", 300),
                new Board.Ranked(6, id("dan"), "dan", 0));
        assertThat(board().top(g, 2)).extracting(Board.Ranked::player).containsExactly("carl", "Ann");
        assertThat(board().top(game(), 5)).isEmpty();
    }

    @Test
    void twoPlayersOfOneNameAreTwoPlacesTiesByNameThenTheDerivedIdThenId() {
        String g = game();
        String older = new echomq.domain.id.BrandedId(PlayerIds.BRAND, 7).toString();
        String newer = new echomq.domain.id.BrandedId(PlayerIds.BRAND, 8).toString();
        String before = PlayerIds.ofName("ada"); // the data before player ids
        assertThat(board().record(g, newer, "ada", 300)).isEqualTo(300);
        assertThat(board().record(g, older, "ada", 480)).isEqualTo(480);
        assertThat(board().record(g, id("ad"), "ad", 300)).isEqualTo(300);
        assertThat(board().record(g, id("ada b"), "ada b", 300)).isEqualTo(300);
        assertThat(board().record(g, before, "ada", 300)).isEqualTo(300);
        assertThat(board().record(g, newer, "ada", 100)).as("each id keeps its own best").isEqualTo(300);
        assertThat(board().top(g, 10)).containsExactly(
                new Board.Ranked(1, older, "ada", 480),
                new Board.Ranked(2, id("ad"), "ad", 300),
                new Board.Ranked(3, before, "ada", 300),
                new Board.Ranked(4, newer, "ada", 300),
                new Board.Ranked(5, id("ada b"), "ada b", 300));
        assertThat(board().top(g, 10)).isSortedAccordingTo(Board.ORDER);
        assertThat(board().count(g)).isEqualTo(5);
    }

    @Test
    void allIsTheWholeBoardPastTheLimitOfTop() {
        String g = game();
        for (int i = 0; i < 1_050; i++) {
            board().record(g, id(String.format("p%04d", i)), String.format("p%04d", i), (i % 31) * 20);
        }
        List<Board.Ranked> all = board().all(g);
        assertThat(all).hasSize(1_050);
        assertThat(all.subList(0, 1000)).isEqualTo(board().top(g, 1000));
        assertThat(all).isSortedAccordingTo(Board.ORDER);
        assertThat(all).extracting(Board.Ranked::rank).containsExactlyElementsOf(
                java.util.stream.IntStream.rangeClosed(1, 1_050).boxed().toList());
        assertThat(board().all(game())).isEmpty();
        assertThat(board().count(g)).isEqualTo(1_050);
        assertThat(board().count(game())).isZero();
    }

    @Test
    void concurrentRecordsNeverLowerABest() throws Exception {
        String g = game();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int offset = t;
                done.add(pool.submit(() -> {
                    go.await();
                    for (int i = 0; i < 200; i++) {
                        int points = ((i * 7 + offset * 13) % 31) * 20 % 620;
                        int best = board().record(g, id("p" + (i % 5)), "p" + (i % 5), Math.min(points, 600));
                        assertThat(best).isGreaterThanOrEqualTo(Math.min(points, 600));
                    }
                    board().record(g, id("p0"), "p0", 600);
                    return null;
                }));
            }
            go.countDown();
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(board().top(g, 1)).containsExactly(new Board.Ranked(1, id("p0"), "p0", 600));
        assertThat(board().record(g, id("p0"), "p0", 20)).isEqualTo(600);
    }

    @Test
    void badArgumentsAreRefused() {
        assertThatThrownBy(() -> board().record("bad game", id("p"), "p", 10)).hasMessageContaining("\"bad game\"");
        assertThatThrownBy(() -> board().record(game(), id(""), "", 10)).hasMessageContaining("player");
        assertThatThrownBy(() -> board().record(game(), id("p"), "p", 601)).hasMessageContaining("601");
        assertThatThrownBy(() -> board().record(game(), "EVT0KHTOWnGLuC", "p", 10)).hasMessageContaining("PLR");
        assertThatThrownBy(() -> board().top(game(), 0)).hasMessageContaining("got 0");
    }
}
