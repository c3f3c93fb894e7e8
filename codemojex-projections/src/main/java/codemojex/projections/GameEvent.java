package codemojex.projections;

import echomq.domain.stream.StreamEntry;
import io.vavr.collection.LinkedHashMap;

/**
 * The game's events, one channel each, encoded as flat string fields with a version field
 * {@code v}. No event carries the secret of an open game: only {@link GameSettled}, written when
 * the game is cracked, and {@link GameClosed}, written when it is closed unsolved, reveal it.
 */
public sealed interface GameEvent
        permits GameEvent.RoomOpened, GameEvent.GuessSubmitted, GameEvent.GuessScored, GameEvent.GameSettled,
        GameEvent.GameClosed {

    String VERSION_FIELD = "v";
    String VERSION = "1";

    /**
     * The field of a guess's player id ({@code guesses}, {@code guess-scored}). Optional on read: an
     * entry written before player ids has none and is read with {@link PlayerIds#ofName} of its
     * {@code player}, so the version stays 1 (a reader from before ignores the field).
     */
    String PLAYER_ID = "playerId";

    /** The field of a settled game's winner's player id ({@code game-settled}); optional on read, as {@link #PLAYER_ID}. */
    String WINNER_ID = "winnerId";

    /** The stream the event is appended to. */
    String channel();

    /** The event's fields, {@code v} first. */
    LinkedHashMap<String, String> fields();

    /** A room opened a game with a keyboard; the secret is kept elsewhere. */
    record RoomOpened(String room, String game, Keyboard keyboard) implements GameEvent {
        public RoomOpened {
            Names.requireId("room", room);
            Names.requireId("game", game);
            java.util.Objects.requireNonNull(keyboard, "keyboard");
        }

        @Override
        public String channel() {
            return Channels.ROOM_OPENED;
        }

        @Override
        public LinkedHashMap<String, String> fields() {
            return LinkedHashMap.of(VERSION_FIELD, VERSION, "room", room, "game", game, "keyboard", keyboard.text());
        }

        public static RoomOpened decode(StreamEntry e) {
            EntryDecoder d = new EntryDecoder(e);
            return d.build(() -> new RoomOpened(d.id("room"), d.id("game"), d.parse("keyboard", Keyboard::parse)));
        }
    }

    /**
     * A player's guess, waiting for the score worker; its guess id is the entry's branded id.
     *
     * @param playerId who guessed: the id of the session's player ({@link PlayerIds})
     * @param player   the name that player is shown with
     */
    record GuessSubmitted(String game, String room, String playerId, String player, Code guess) implements GameEvent {
        public GuessSubmitted {
            Names.requireId("game", game);
            Names.requireId("room", room);
            PlayerIds.require(playerId);
            Names.requirePlayer(player);
            java.util.Objects.requireNonNull(guess, "guess");
        }

        @Override
        public String channel() {
            return Channels.GUESSES;
        }

        @Override
        public LinkedHashMap<String, String> fields() {
            return LinkedHashMap.of(VERSION_FIELD, VERSION, "game", game, "room", room, "player", player, PLAYER_ID, playerId,
                    "guess", guess.text());
        }

        /** Reads the entry; one written before player ids (no {@code playerId}) is its name's derived id's. */
        public static GuessSubmitted decode(StreamEntry e) {
            EntryDecoder d = new EntryDecoder(e);
            return d.build(() -> {
                String player = d.player("player");
                return new GuessSubmitted(d.id("game"), d.id("room"), d.playerId(PLAYER_ID, player), player, d.parse("guess", Code::parse));
            });
        }
    }

    /**
     * A scored guess: the points, and the player's best in the game after it. No guess content.
     *
     * @param playerId who guessed ({@link PlayerIds}): what the board and the results are keyed by
     * @param player   the name that player is shown with
     */
    record GuessScored(String game, String room, String playerId, String player, String guessId, int total, int percentage, int best)
            implements GameEvent {
        public GuessScored {
            Names.requireId("game", game);
            Names.requireId("room", room);
            PlayerIds.require(playerId);
            Names.requirePlayer(player);
            Names.requireId("guessId", guessId);
            requirePoints("total", total);
            requirePoints("best", best);
            if (best < total) {
                throw new IllegalArgumentException("best " + best + " is below this guess's total " + total);
            }
            if (percentage < 0 || percentage > 100) {
                throw new IllegalArgumentException("percentage must be 0..100, got " + percentage);
            }
        }

        /**
         * This event with the player's best after it set to {@code best}, as the commit found it.
         *
         * @param best the player's best in the game after this guess
         * @return the same event with that best
         * @throws IllegalArgumentException when {@code best} is not a possible total or is below {@link #total}
         */
        public GuessScored withBest(int best) {
            return new GuessScored(game, room, playerId, player, guessId, total, percentage, best);
        }

        @Override
        public String channel() {
            return Channels.GUESS_SCORED;
        }

        /** The fields, {@code best} last (the commit script appends it: only it knows the stored best). */
        @Override
        public LinkedHashMap<String, String> fields() {
            java.util.List<io.vavr.Tuple2<String, String>> pairs = new java.util.ArrayList<>(9);
            writeFields((f, v) -> pairs.add(io.vavr.Tuple.of(f, v)));
            return LinkedHashMap.ofEntries(pairs);
        }

        /**
         * The fields of {@link #fields()}, in its order, handed to {@code to} one by one without a map
         * built: the score commit writes them straight into its script's arguments, where the script
         * replaces the value of {@code best}, the last field, with the board's.
         *
         * @param to takes each field's name and value
         */
        public void writeFields(java.util.function.BiConsumer<String, String> to) {
            to.accept(VERSION_FIELD, VERSION);
            to.accept("game", game);
            to.accept("room", room);
            to.accept("player", player);
            to.accept(PLAYER_ID, playerId);
            to.accept("guess", guessId);
            to.accept("total", Integer.toString(total));
            to.accept("pct", Integer.toString(percentage));
            to.accept("best", Integer.toString(best));
        }

        /** Reads the entry; one written before player ids (no {@code playerId}) is its name's derived id's. */
        public static GuessScored decode(StreamEntry e) {
            EntryDecoder d = new EntryDecoder(e);
            return d.build(() -> {
                String player = d.player("player");
                return new GuessScored(d.id("game"), d.id("room"), d.playerId(PLAYER_ID, player), player, d.id("guess"),
                        d.number("total"), d.number("pct"), d.number("best"));
            });
        }
    }

    /**
     * A game cracked by a perfect 600: the winner, the winning guess and, now that it is closed, the secret.
     *
     * @param winnerId the winner's player id ({@link PlayerIds})
     * @param winner   the name the winner is shown with
     */
    record GameSettled(String game, String room, String winnerId, String winner, String guessId, Code secret) implements GameEvent {
        public GameSettled {
            Names.requireId("game", game);
            Names.requireId("room", room);
            PlayerIds.require(winnerId);
            Names.requirePlayer(winner);
            Names.requireId("guessId", guessId);
            java.util.Objects.requireNonNull(secret, "secret");
        }

        @Override
        public String channel() {
            return Channels.GAME_SETTLED;
        }

        @Override
        public LinkedHashMap<String, String> fields() {
            return LinkedHashMap.of(VERSION_FIELD, VERSION, "game", game, "room", room, "winner", winner, WINNER_ID, winnerId,
                    "guess", guessId, "secret", secret.text());
        }

        /** Reads the entry; one written before player ids (no {@code winnerId}) is its winner's name's derived id's. */
        public static GameSettled decode(StreamEntry e) {
            EntryDecoder d = new EntryDecoder(e);
            return d.build(() -> {
                String winner = d.player("winner");
                return new GameSettled(d.id("game"), d.id("room"), d.playerId(WINNER_ID, winner), winner, d.id("guess"),
                        d.parse("secret", Code::parse));
            });
        }
    }

    private static void requirePoints(String what, int points) {
        if (points < 0 || points > Scoring.MAX_TOTAL || points % 20 != 0) {
            throw new IllegalArgumentException(what + " must be a multiple of 20 in 0..600, got " + points);
        }
    }

    /**
     * A game closed unsolved, with no winner: nobody guessed for as long as the app keeps a game
     * ({@code reason} {@value #IDLE}), on {@code game-closed}. It reveals the secret: the game is over.
     * Not a {@link GameSettled}: a day's results are the games somebody won.
     */
    record GameClosed(String game, String room, String reason, Code secret) implements GameEvent {

        /** The reason of a game closed because nobody guessed for the app's {@code --keep}. */
        public static final String IDLE = "idle";

        public GameClosed {
            Names.requireId("game", game);
            Names.requireId("room", room);
            Names.requireId("reason", reason);
            java.util.Objects.requireNonNull(secret, "secret");
        }

        @Override
        public String channel() {
            return Channels.GAME_CLOSED;
        }

        @Override
        public LinkedHashMap<String, String> fields() {
            return LinkedHashMap.of(VERSION_FIELD, VERSION, "game", game, "room", room, "reason", reason, "secret", secret.text());
        }

        /** Reads the entry. */
        public static GameClosed decode(StreamEntry e) {
            EntryDecoder d = new EntryDecoder(e);
            return d.build(() -> new GameClosed(d.id("game"), d.id("room"), d.id("reason"), d.parse("secret", Code::parse)));
        }
    }
}
