package codemojex.projections.testkit;

import codemojex.projections.Board;
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

    protected String game() {
        return "g-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Test
    void recordKeepsTheBestAndReturnsIt() {
        String g = game();
        assertThat(board().record(g, "ada", 200)).isEqualTo(200);
        assertThat(board().record(g, "ada", 100)).isEqualTo(200);
        assertThat(board().record(g, "ada", 480)).isEqualTo(480);
        assertThat(board().top(g, 10)).containsExactly(new Board.Ranked(1, "ada", 480));
    }

    @Test
    void topIsHighestFirstTiesByPlayerAscending() {
        String g = game();
        board().record(g, "zoë", 300);
        board().record(g, "bob", 300);
        board().record(g, "Ann", 300);
        board().record(g, "carl", 600);
        board().record(g, "dan", 0);
        board().record(g, "émile", 300);
        assertThat(board().top(g, 10)).containsExactly(
                new Board.Ranked(1, "carl", 600),
                new Board.Ranked(2, "Ann", 300),
                new Board.Ranked(3, "bob", 300),
                new Board.Ranked(4, "zoë", 300),
                new Board.Ranked(5, "émile", 300),
                new Board.Ranked(6, "dan", 0));
        assertThat(board().top(g, 2)).extracting(Board.Ranked::player).containsExactly("carl", "Ann");
        assertThat(board().top(game(), 5)).isEmpty();
    }

    @Test
    void allIsTheWholeBoardPastTheLimitOfTop() {
        String g = game();
        for (int i = 0; i < 1_050; i++) {
            board().record(g, String.format("p%04d", i), (i % 31) * 20);
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
                        int best = board().record(g, "p" + (i % 5), Math.min(points, 600));
                        assertThat(best).isGreaterThanOrEqualTo(Math.min(points, 600));
                    }
                    board().record(g, "p0", 600);
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
        assertThat(board().top(g, 1)).containsExactly(new Board.Ranked(1, "p0", 600));
        assertThat(board().record(g, "p0", 20)).isEqualTo(600);
    }

    @Test
    void badArgumentsAreRefused() {
        assertThatThrownBy(() -> board().record("bad game", "p", 10)).hasMessageContaining("\"bad game\"");
        assertThatThrownBy(() -> board().record(game(), "", 10)).hasMessageContaining("player");
        assertThatThrownBy(() -> board().record(game(), "p", 601)).hasMessageContaining("601");
        assertThatThrownBy(() -> board().top(game(), 0)).hasMessageContaining("got 0");
    }
}
