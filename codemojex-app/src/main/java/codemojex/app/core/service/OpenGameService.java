package codemojex.app.core.service;

import codemojex.app.core.BadInputException;
import codemojex.app.core.UnconfirmedException;
import codemojex.app.core.port.in.OpenGameUseCase;
import codemojex.app.core.port.out.Games;
import codemojex.projections.Code;
import codemojex.projections.GameEvent.RoomOpened;
import codemojex.projections.GameRecord;
import codemojex.projections.Keyboard;
import codemojex.projections.Names;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamStoreException;
import io.vavr.control.Option;

import java.time.Clock;
import java.util.Objects;
import java.util.random.RandomGenerator;

/** Opens games: a keyboard and a secret drawn, the game and its {@code room-opened} entry stored in one step. */
public final class OpenGameService implements OpenGameUseCase {

    private final Games games;
    private final Snowflake minter;
    private final Clock clock;
    private final RandomGenerator rng;

    /** Over the game store, the minter of game ids, the app's clock and a source of secrets. */
    public OpenGameService(Games games, Snowflake minter, Clock clock, RandomGenerator rng) {
        this.games = Objects.requireNonNull(games, "games");
        this.minter = Objects.requireNonNull(minter, "minter");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.rng = Objects.requireNonNull(rng, "rng");
    }

    @Override
    public OpenedGame open(String room) {
        BadInputException.check("room", () -> Names.requireId("room", room));
        Keyboard keyboard = Keyboard.draw(rng);
        Code secret = keyboard.drawSecret(rng);
        String game = minter.nextId("GAM").toString();
        // the game and its room-opened entry in one step: a refusal leaves neither (a game no event names is unreachable)
        OpenedGame opened = new OpenedGame(game, room, keyboard);
        try {
            games.open(new GameRecord(game, room, keyboard, secret, clock.instant(), Option.none()), new RoomOpened(room, game, keyboard).fields());
        } catch (StreamStoreException.NotReplicated landed) {
            throw new UnconfirmedException(opened, landed); // opened on the master, its replicas silent
        }
        return opened;
    }
}
