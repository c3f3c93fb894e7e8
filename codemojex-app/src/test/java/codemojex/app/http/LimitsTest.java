package codemojex.app.http;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Which requests take one of a client's reads: every GET route of {@link RouteTable} but the liveness check. */
class LimitsTest {

    @Test
    void everyGetRouteOfTheTableButHealthIsAnApiRead() {
        List<RouteTable.Route> gets = RouteTable.ALL.stream().filter(r -> r.method().equals("GET")).toList();
        assertThat(gets).hasSizeGreaterThan(10);
        for (RouteTable.Route r : gets) {
            String path = r.path().replaceAll("\\{[a-zA-Z]+}", "GAM0000000000");
            assertThat(Limits.isApiRead(path)).as(path).isEqualTo(!r.path().equals("/health"));
        }
    }

    @Test
    void thePagesFilesAndUnknownPathsAreNot() {
        for (String path : List.of("/", "/index.html", "/app.js", "/style.css", "/health", "/games", "/games/", "/feed/", "/nowhere")) {
            assertThat(Limits.isApiRead(path)).as(path).isFalse();
        }
    }
}
