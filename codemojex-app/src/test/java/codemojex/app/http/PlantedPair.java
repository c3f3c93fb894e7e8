package codemojex.app.http;

/** Points back at {@link PlantedOffenders}: the pair the pointing-back rule must find. */
public final class PlantedPair {
    Object back() {
        return PlantedOffenders.pair();
    }
}
