package codemojex.projections;

import codemojex.projections.Lobby.Candidate;
import echomq.domain.stream.StreamEntry;
import io.vavr.collection.HashMap;
import io.vavr.collection.List;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Collections;
import java.util.Random;

import static codemojex.projections.ProjectionsTest.at;
import static codemojex.projections.ProjectionsTest.scored;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The lobby's ranking (#27): games people play first, so empty rooms opened in a flood cannot push them out. */
class LobbyTest {

    private static final Instant T = Instant.parse("2026-12-04T12:00:00Z");

    private static Candidate game(String id, long players, long guesses, long openedSecondsAfterT) {
        return new Candidate(id, "lobby", players, guesses, T.plusSeconds(openedSecondsAfterT));
    }

    @Test
    void playersFirstThenRecentGuessesThenNewest() {
        Candidate busy = game("GAMbusy", 3, 1, 0);
        Candidate lively = game("GAMlively", 1, 40, 1);
        Candidate quiet = game("GAMquiet", 1, 2, 2);
        Candidate olderQuiet = game("GAMolderquiet", 1, 2, 1);
        Candidate newestEmpty = game("GAMnewest", 0, 0, 100);
        Candidate olderEmpty = game("GAMolder", 0, 0, 50);
        java.util.List<Candidate> all = new java.util.ArrayList<>(java.util.List.of(olderEmpty, quiet, newestEmpty, busy, olderQuiet, lively));
        for (long seed = 0; seed < 20; seed++) {
            Collections.shuffle(all, new Random(seed));
            assertThat(Lobby.rank(all, 20)).containsExactly(busy, lively, quiet, olderQuiet, newestEmpty, olderEmpty);
        }
        assertThat(Lobby.rank(all, 2)).containsExactly(busy, lively);
    }

    @Test
    void aFloodOfEmptyRoomsCannotPushAPlayedGameOut() {
        Candidate played = game("GAM0played", 1, 1, 0);
        Vector<Candidate> flood = Vector.range(0, 1000).map(i -> game(String.format("GAM1flood%04d", i), 0, 0, 10 + i));
        Vector<Candidate> lobby = Lobby.rank(flood.append(played), 20);
        assertThat(lobby).hasSize(20).startsWith(played);
        // the rest are the newest of the flood, newest first
        assertThat(lobby.tail().map(Candidate::game)).isEqualTo(Vector.range(0, 19).map(i -> String.format("GAM1flood%04d", 999 - i)));
    }

    @Test
    void equalActivityAndAgeAreOrderedByGameIdSoEveryInstanceAgrees() {
        Candidate a = game("GAMa", 0, 0, 0);
        Candidate b = game("GAMb", 0, 0, 0);
        assertThat(Lobby.rank(List.of(a, b), 5)).containsExactly(b, a);
        assertThat(Lobby.rank(List.of(b, a, b), 5)).as("each game once").containsExactly(b, a);
    }

    @Test
    void theMostGuessedGamesAreTheOnesWithTheMostRecentGuesses() {
        Map<String, Long> guesses = HashMap.of("GAMa", 3L, "GAMb", 9L, "GAMc", 3L, "GAMd", 0L, "GAMe", 1L);
        assertThat(Lobby.mostGuessed(guesses, 3)).containsExactly("GAMb", "GAMc", "GAMa");
        assertThat(Lobby.mostGuessed(guesses, 100)).as("a game without a guess is not played").containsExactly("GAMb", "GAMc", "GAMa", "GAMe");
        assertThatThrownBy(() -> Lobby.mostGuessed(guesses, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Lobby.rank(List.empty(), 1001)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void guessesByGameCountsEachGamesScoredGuessesAndRetracts() {
        long t = T.toEpochMilli();
        Vector<StreamEntry> log = Vector.of(at(t, scored("g1", "ada", 200, 200)), at(t + 1, scored("g1", "bob", 100, 100)),
                at(t + 2, scored("g2", "ada", 480, 480)));
        var fold = Projections.guessesByGame();
        Map<String, Long> all = log.foldLeft(fold.initial(), fold::step);
        assertThat(all).isEqualTo(HashMap.of("g1", 2L, "g2", 1L));
        assertThat(fold.retract(all, log.get(0))).isEqualTo(HashMap.of("g1", 1L, "g2", 1L));
        Map<String, Long> halves = fold.combine(log.take(1).foldLeft(fold.initial(), fold::step), log.drop(1).foldLeft(fold.initial(), fold::step));
        assertThat(halves).isEqualTo(all);
    }
}
