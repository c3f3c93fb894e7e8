package codemojex.app.redis;

import codemojex.projections.Channels;
import codemojex.projections.GameEvent.GuessScored;
import codemojex.projections.GameEvent.GuessSubmitted;
import codemojex.projections.GuessOutcome;
import codemojex.projections.Referee;
import codemojex.projections.Scoring;
import echomq.domain.id.BrandedId;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import echomq.wire.Xadd;
import io.vavr.control.Option;

import java.util.ArrayList;
import java.util.List;

/**
 * The KEYS and ARGV of {@code score-commit.lua} for a batch of guesses, in the order its comment
 * block names them.
 *
 * @param keys the keys: three streams of the games' partition, then board, results and game hash per guess
 * @param argv the arguments: the group, the count, then one block per guess
 */
record CommitArgs(List<String> keys, List<String> argv) {

    CommitArgs {
        keys = List.copyOf(keys);
        argv = List.copyOf(argv);
    }

    /**
     * One guess of a batch: its outcome decided for a previous best of 0 (the script raises the best
     * to the stored one), delivered as entry {@code delivery}.
     *
     * @param scoredId  the branded id of its {@code guess-scored} entry
     * @param settledId the branded id of its {@code game-settled} entry, when the outcome settles the game
     */
    record Item(StreamId delivery, GuessSubmitted guess, GuessOutcome outcome, BrandedId scoredId, Option<BrandedId> settledId) {
    }

    /**
     * The arguments that commit {@code items} in order: guesses of games of one partition, whose
     * streams and keys share its hash slot.
     *
     * @throws IllegalArgumentException when the games are of more than one partition
     */
    static CommitArgs of(String group, Keys where, List<Item> items) {
        int partition = partitionOf(where, items);
        List<String> keys = new ArrayList<>(List.of(stream(where, partition, Channels.GUESSES), stream(where, partition, Channels.GUESS_SCORED),
                stream(where, partition, Channels.GAME_SETTLED)));
        List<String> argv = new ArrayList<>(List.of(group, Integer.toString(items.size())));
        for (Item item : items) {
            String game = item.guess().game();
            keys.addAll(List.of(where.board(game), where.scores(game), where.game(game)));
            block(argv, item);
        }
        return new CommitArgs(keys, argv);
    }

    /** The one partition of the games of {@code items}. */
    static int partitionOf(Keys where, List<Item> items) {
        int partition = where.partitions().of(items.get(0).guess().game());
        for (Item item : items) {
            int p = where.partitions().of(item.guess().game());
            if (p != partition) {
                throw new IllegalArgumentException("a commit is of one partition: game " + items.get(0).guess().game() + " is in partition "
                        + partition + ", game " + item.guess().game() + " in " + p);
            }
        }
        return partition;
    }

    private static void block(List<String> argv, Item item) {
        GuessSubmitted guess = item.guess();
        GuessOutcome outcome = item.outcome();
        // a game may settle between the decision and the script: the script then keeps this rejection
        String rejection = StoredResults.rejected(new GuessOutcome.Rejected(outcome.guessId(), guess.game(), guess.player(),
                outcome instanceof GuessOutcome.Rejected r ? r.reason() : Referee.SETTLED));
        argv.addAll(List.of(item.delivery().toString(), outcome.guessId(), guess.player()));
        if (outcome instanceof GuessOutcome.Scored s) {
            scored(argv, guess, s.scored(), s.score(), rejection, item.scoredId(), "");
            argv.add("0");
        } else if (outcome instanceof GuessOutcome.ScoredAndSettled s) {
            BrandedId settled = item.settledId().getOrElseThrow(() -> new IllegalArgumentException("a settling outcome needs a settled id"));
            scored(argv, guess, s.scored(), s.score(), rejection, item.scoredId(), settled.streamId().toString());
            List<String> settledItems = Xadd.fields(settled, s.settled().fields());
            argv.add(Integer.toString(settledItems.size()));
            argv.addAll(settledItems);
        } else {
            argv.addAll(List.of("0", "", rejection, "", "", "0", "0"));
        }
    }

    private static void scored(List<String> argv, GuessSubmitted guess, GuessScored event, Scoring.Score score, String rejection,
                               BrandedId scoredId, String settledEntryId) {
        // `best` is the event's last field: the script appends it, as only it knows the stored best
        List<String> items = Xadd.fields(scoredId, event.fields().remove("best"));
        argv.addAll(List.of(Integer.toString(event.total()), StoredResults.scoredWithoutBest(guess.player(), guess.guess(), score),
                rejection, scoredId.streamId().toString(), settledEntryId, Integer.toString(items.size())));
        argv.addAll(items);
    }

    /** The key of the {@code guess-scored} stream of partition {@code p}. */
    static StreamKey scoredStream(Keys where, int p) {
        return where.partitions().stream(p, Channels.GUESS_SCORED);
    }

    private static String stream(Keys where, int p, String channel) {
        return where.partitions().stream(p, channel).toString();
    }
}
