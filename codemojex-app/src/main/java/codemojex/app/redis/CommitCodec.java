package codemojex.app.redis;

import codemojex.app.core.ScoreResult;
import codemojex.projections.Channels;
import codemojex.projections.GameEvent.GameSettled;
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
import java.util.Objects;

/**
 * The one codec of {@code score-commit.lua}: a batch of typed {@link Block}s becomes the script's
 * KEYS and ARGV ({@link #call}), and its reply is parsed once into a typed {@link Reply}
 * ({@link #reply}). The layout and the reply's tags are the ones the script's comment block names;
 * no other class knows them.
 */
final class CommitCodec {

    private CommitCodec() {
    }

    /**
     * What one script call sends.
     *
     * @param keys the keys: three streams of the games' partition, its lease, then board, results and game hash per guess
     * @param argv the arguments: the group, the count, the caller's epoch, then one block per guess
     */
    record Call(List<String> keys, List<String> argv) {
        Call {
            keys = List.copyOf(keys);
            argv = List.copyOf(argv);
        }
    }

    /**
     * One guess of a batch, decided: the script applies {@code decided} and acknowledges {@code delivery}.
     *
     * @param delivery the id of the delivered entry
     * @param guess    the guess it holds
     * @param decided  what {@link Referee#decide(GuessSubmitted, String, codemojex.projections.GameRecord)} made of it
     * @param entryIds the branded ids of the entries it appends, one per event of {@code decided}, in order
     */
    record Block(StreamId delivery, GuessSubmitted guess, GuessOutcome decided, List<BrandedId> entryIds) {
        Block {
            Objects.requireNonNull(delivery, "delivery");
            Objects.requireNonNull(guess, "guess");
            Objects.requireNonNull(decided, "decided");
            entryIds = List.copyOf(entryIds);
            if (entryIds.size() != decided.events().size()) {
                throw new IllegalArgumentException("guess " + decided.guessId() + " appends " + decided.events().size()
                        + " entries, given " + entryIds.size() + " ids");
            }
        }

        /** The id of its {@code guess-scored} entry, when it appends one. */
        Option<BrandedId> scoredId() {
            return entryIds.isEmpty() ? Option.none() : Option.some(entryIds.get(0));
        }
    }

    /** What the script answered: the batch applied, or nothing written as an id was behind a top or the caller was fenced. */
    sealed interface Reply permits Behind, Fenced, Answers {
    }

    /**
     * Nothing was written: the caller's epoch is not the partition's lease's (another worker took it over).
     *
     * @param stored the lease's epoch
     */
    record Fenced(long stored) implements Reply {
    }

    /**
     * Nothing was written: an id to append was not above the top of its stream.
     *
     * @param top that stream's top
     */
    record Behind(StreamId top) implements Reply {
        Behind {
            Objects.requireNonNull(top, "top");
        }
    }

    /**
     * The batch was applied.
     *
     * @param each what became of each guess, in the order of the blocks
     */
    record Answers(List<Answer> each) implements Reply {
        Answers {
            each = List.copyOf(each);
        }
    }

    /** What became of one guess in the script. */
    sealed interface Answer permits Scored, Rejected, GameClosed, AlreadyApplied {

        /**
         * What the commit of {@code block} came to, given this answer.
         *
         * @throws IllegalStateException when the answer does not fit the block's decision
         */
        ScoreResult of(Block block);
    }

    /**
     * The decided score was applied.
     *
     * @param best the player's best on the board after it
     */
    record Scored(int best) implements Answer {
        Scored {
            if (best < 0 || best > Scoring.MAX_TOTAL) {
                throw new IllegalStateException("score-commit.lua answered a best of " + best);
            }
        }

        @Override
        public ScoreResult of(Block block) {
            if (block.decided() instanceof GuessOutcome.Rejected) {
                throw new IllegalStateException("score-commit.lua scored guess " + block.decided().guessId() + ", decided rejected");
            }
            return new ScoreResult.Applied(block.decided().withBest(best));
        }
    }

    /** The decided rejection was kept. */
    record Rejected() implements Answer {
        @Override
        public ScoreResult of(Block block) {
            if (!(block.decided() instanceof GuessOutcome.Rejected)) {
                throw new IllegalStateException("score-commit.lua rejected guess " + block.decided().guessId() + ", decided scored");
            }
            return new ScoreResult.Applied(block.decided());
        }
    }

    /** The game was no longer open (settled since the decision): the guess was kept as rejected. */
    record GameClosed() implements Answer {
        @Override
        public ScoreResult of(Block block) {
            return new ScoreResult.Applied(Referee.settled(block.guess(), block.decided().guessId()));
        }
    }

    /** The guess had been applied before (a redelivery): only acknowledged. */
    record AlreadyApplied() implements Answer {
        @Override
        public ScoreResult of(Block block) {
            return new ScoreResult.AlreadyScored(block.decided().guessId());
        }
    }

    /**
     * The call that commits {@code blocks} in order under fencing epoch {@code epoch}: guesses of
     * games of one partition, whose streams and keys (its lease among them) share its hash slot.
     *
     * @throws IllegalArgumentException when the games are of more than one partition
     */
    static Call call(String group, Keys where, List<Block> blocks, long epoch) {
        int partition = partitionOf(where, blocks);
        List<String> keys = new ArrayList<>(List.of(stream(where, partition, Channels.GUESSES), stream(where, partition, Channels.GUESS_SCORED),
                stream(where, partition, Channels.GAME_SETTLED), where.lease(partition)));
        List<String> argv = new ArrayList<>(List.of(group, Integer.toString(blocks.size()), Long.toString(epoch)));
        for (Block block : blocks) {
            String game = block.guess().game();
            keys.addAll(List.of(where.board(game), where.scores(game), where.game(game)));
            encode(argv, block);
        }
        return new Call(keys, argv);
    }

    /**
     * The script's reply to a call of {@code blocks} blocks.
     *
     * @throws IllegalStateException when it is not a reply the script gives
     */
    static Reply reply(Option<Object> raw, int blocks) {
        List<?> reply = raw.filter(List.class::isInstance).map(r -> (List<?>) r)
                .getOrElseThrow(() -> new IllegalStateException("score-commit.lua answered " + raw));
        if (reply.size() == 2 && "FENCED".equals(String.valueOf(reply.get(0)))) {
            return new Fenced(Long.parseLong(String.valueOf(reply.get(1))));
        }
        if (reply.size() == 2 && "BEHIND".equals(String.valueOf(reply.get(0)))) {
            return new Behind(StreamId.parse(String.valueOf(reply.get(1))));
        }
        if (reply.size() != blocks) {
            throw new IllegalStateException("score-commit.lua answered " + reply.size() + " results for " + blocks + " guesses");
        }
        List<Answer> each = new ArrayList<>(blocks);
        for (Object one : reply) {
            each.add(answer(one));
        }
        return new Answers(each);
    }

    private static Answer answer(Object one) {
        List<?> a = one instanceof List<?> l && !l.isEmpty() ? l : List.of("");
        return switch (String.valueOf(a.get(0))) {
            case "SCORED" -> new Scored(Integer.parseInt(String.valueOf(a.get(1))));
            case "REJECTED" -> new Rejected();
            case "CLOSED" -> new GameClosed();
            case "DUPLICATE" -> new AlreadyApplied();
            default -> throw new IllegalStateException("score-commit.lua answered " + one + " for a guess");
        };
    }

    /** The one partition of the games of {@code blocks}. */
    static int partitionOf(Keys where, List<Block> blocks) {
        int partition = where.partitions().of(blocks.get(0).guess().game());
        for (Block block : blocks) {
            int p = where.partitions().of(block.guess().game());
            if (p != partition) {
                throw new IllegalArgumentException("a commit is of one partition: game " + blocks.get(0).guess().game() + " is in partition "
                        + partition + ", game " + block.guess().game() + " in " + p);
            }
        }
        return partition;
    }

    /** The key of the {@code guess-scored} stream of partition {@code p}. */
    static StreamKey scoredStream(Keys where, int p) {
        return where.partitions().stream(p, Channels.GUESS_SCORED);
    }

    private static void encode(List<String> argv, Block block) {
        GuessSubmitted guess = block.guess();
        GuessOutcome decided = block.decided();
        // a game may settle between the decision and the script: the script then keeps this rejection
        GuessOutcome.Rejected rejected = decided instanceof GuessOutcome.Rejected r ? r : Referee.settled(guess, decided.guessId());
        argv.addAll(List.of(block.delivery().toString(), decided.guessId(), RedisBoard.member(guess.playerId(), guess.player()),
                guess.playerId(), guess.player(), StoredResults.rejected(rejected), Integer.toString(block.entryIds().size())));
        if (decided instanceof GuessOutcome.Scored s) {
            scored(argv, guess, s.scored(), s.score(), block.entryIds().get(0));
        } else if (decided instanceof GuessOutcome.ScoredAndSettled s) {
            scored(argv, guess, s.scored(), s.score(), block.entryIds().get(0));
            settled(argv, s.settled(), block.entryIds().get(1));
        }
    }

    private static void scored(List<String> argv, GuessSubmitted guess, GuessScored event, Scoring.Score score, BrandedId id) {
        // `best` is the event's last field: the script replaces its value, as only it knows the stored best
        List<String> items = Xadd.fields(id, 9, event::writeFields);
        argv.addAll(List.of(Integer.toString(event.total()), StoredResults.scoredWithoutBest(guess.playerId(), guess.player(), guess.guess(), score),
                id.streamId().toString(), Integer.toString(items.size())));
        argv.addAll(items);
    }

    private static void settled(List<String> argv, GameSettled event, BrandedId id) {
        List<String> items = Xadd.fields(id, event.fields());
        argv.addAll(List.of(id.streamId().toString(), Integer.toString(items.size())));
        argv.addAll(items);
    }

    private static String stream(Keys where, int p, String channel) {
        return where.partitions().stream(p, channel).toString();
    }
}
