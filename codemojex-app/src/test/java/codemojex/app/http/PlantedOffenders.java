package codemojex.app.http;

import codemojex.app.core.port.out.Games;

/** Classes that break the app's ArchUnit rules on purpose, so that each rule is shown to fail on an offender (never in main code). */
public final class PlantedOffenders {

    private PlantedOffenders() {
    }

    /** A web adapter that reads the game store itself, past the use cases. */
    public static final class ReadsTheGameStore {
        boolean known(Games games, String game) {
            return games.find(game).isDefined();
        }
    }

    /** Points at {@link PlantedPair}, which points back. */
    static PlantedPair pair() {
        return new PlantedPair();
    }
}
