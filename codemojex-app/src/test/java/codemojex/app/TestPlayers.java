package codemojex.app;

import codemojex.projections.PlayerIds;
import echomq.domain.id.BrandedId;

/** Player ids for tests that play without joining (straight through {@code Play}, or the commit). */
public final class TestPlayers {

    private TestPlayers() {
    }

    /**
     * A player id for {@code name}, the same for the same name in a test: a {@code PLR} id as a join
     * mints one (not the id {@link PlayerIds#ofName} derives, which is the data before player ids).
     */
    public static String id(String name) {
        return new BrandedId(PlayerIds.BRAND, (name.hashCode() & 0xFFFFFFFFL) + 1_000_000_000L).toString();
    }
}
