package codemojex.projections;

import codemojex.projections.Scoring.Status;
import echomq.testkit.Seeded;
import io.vavr.collection.Vector;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class ScoringTest {

    static final Code SECRET = Code.parse("🐙🦊🐸🦄🐝🐢");

    @ParameterizedTest(name = "{0} -> {1} ({2} {3})")
    @CsvSource({
            // guess,          total, statuses,                              points
            "🐙🦊🐸🦄🐝🐢, 600, EXACT EXACT EXACT EXACT EXACT EXACT,      100 100 100 100 100 100",
            "🦊🐙🦄🐸🐢🐝, 480, ADJACENT ADJACENT ADJACENT ADJACENT ADJACENT ADJACENT, 80 80 80 80 80 80",
            "🐢🐝🦄🐸🦊🐙, 240, MAX NEAR ADJACENT ADJACENT NEAR MAX,        0 40 80 80 40 0",
            "🦉🐳🦋🐞🦀🐼, 0,   MISS MISS MISS MISS MISS MISS,               0 0 0 0 0 0",
            "🐝🐙🐙🐙🐙🦉, 220, FAR ADJACENT NEAR NEAR FAR MISS,            20 80 60 40 20 0",
            "🐸🐢🐙🦉🦉🦉, 140, NEAR FAR NEAR MISS MISS MISS,               60 20 60 0 0 0",
    })
    void knownGuesses(String guess, int total, String statuses, String points) {
        Scoring.Score s = Scoring.score(SECRET, Code.parse(guess));
        assertThat(s.total()).isEqualTo(total);
        assertThat(s.max()).isEqualTo(600);
        assertThat(s.percentage()).isEqualTo((int) Math.round(total / 6.0));
        assertThat(s.positions().map(p -> p.status().name()).mkString(" ")).isEqualTo(statuses);
        assertThat(s.positions().map(p -> Integer.toString(p.points())).mkString(" ")).isEqualTo(points);
        assertThat(s.positions().map(Scoring.PositionScore::position)).containsExactly(0, 1, 2, 3, 4, 5);
        assertThat(s.cracked()).isEqualTo(total == 600);
    }

    @ParameterizedTest
    @CsvSource({"0,EXACT", "1,ADJACENT", "2,NEAR", "3,NEAR", "4,FAR", "5,MAX"})
    void everyStatusWord(int distance, Status status) {
        assertThat(Status.of(io.vavr.control.Option.some(distance))).isEqualTo(status);
        assertThat(Status.of(io.vavr.control.Option.none())).isEqualTo(Status.MISS);
    }

    @ParameterizedTest
    @CsvSource({"0,0", "20,3", "40,7", "100,17", "500,83", "580,97", "590,98", "600,100", "10,2", "30,5"})
    void percentageRoundsHalfUp(int total, int pct) {
        assertThat(Scoring.percentage(total)).isEqualTo(pct);
    }

    static Stream<Arguments> secretsAndGuesses() {
        Random r = Seeded.random("ScoringTest");
        List<Arguments> out = new ArrayList<>();
        for (int i = 0; i < Seeded.CASES; i++) {
            Keyboard k = Keyboard.draw(r);
            Code secret = k.drawSecret(r);
            Vector<Emoji> g = Vector.fill(6, () -> k.keys().get(r.nextInt(k.keys().size())));
            out.add(Arguments.of(k, secret, new Code(g), r.nextLong()));
        }
        return out.stream();
    }

    @ParameterizedTest
    @MethodSource("secretsAndGuesses")
    void propertiesOfTheScore(Keyboard k, Code secret, Code guess, long shuffleSeed) {
        Scoring.Score s = Scoring.score(secret, guess);
        assertThat(s.total()).isBetween(0, 600).isEqualTo(s.positions().map(Scoring.PositionScore::points).sum().intValue());
        assertThat(s.positions()).allSatisfy(p -> assertThat(p.points()).isIn(0, 20, 40, 60, 80, 100));
        assertThat(Scoring.score(secret, secret).total()).isEqualTo(600);
        assertThat(Scoring.score(secret, guess)).isEqualTo(s);

        Vector<Emoji> absent = k.keys().removeAll(secret.emojis());
        Code none = new Code(Vector.fill(6, () -> absent.get(0)));
        assertThat(Scoring.score(secret, none).total()).isZero();

        java.util.List<Emoji> shuffled = new ArrayList<>(secret.emojis().toJavaList());
        java.util.Collections.shuffle(shuffled, new Random(shuffleSeed));
        Code permuted = new Code(Vector.ofAll(shuffled));
        Scoring.Score p = Scoring.score(permuted, guess);
        for (int i = 0; i < 6; i++) {
            assertThat(p.positions().get(i).status() == Status.MISS).isEqualTo(s.positions().get(i).status() == Status.MISS);
        }
    }
}
