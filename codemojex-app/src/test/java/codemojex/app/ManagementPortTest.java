package codemojex.app;

import codemojex.app.http.RateLimiter;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The detailed {@code /health} and {@code /metrics} are the management port's, on loopback by
 * default; the public port answers {@code /health} with liveness only and serves no metrics.
 */
class ManagementPortTest {

    static AppFixture f;

    @BeforeAll
    static void start() {
        f = new AppFixture();
    }

    @AfterAll
    static void stop() {
        f.close();
    }

    @Test
    void thePublicPortSaysOnlyThatItIsUp() {
        AppFixture.Response health = f.get("/health");
        assertThat(health.status()).isEqualTo(200);
        assertThat(health.body()).isEqualTo("{\"status\":\"UP\"}");
        assertThat(f.get("/metrics").status()).isEqualTo(404);
    }

    @Test
    void theManagementPortServesTheDetailsAndTheMetricsAndNothingElse() {
        assertThat(f.server.managementPort()).isNotEqualTo(f.server.port());
        JsonNode health = f.manage("/health").json();
        assertThat(health.get("status").asText()).isEqualTo("ok");
        assertThat(health.get("redis").asText()).isEqualTo("up");
        assertThat(health.get("writes").asText()).isEqualTo("accepted");
        assertThat(health.has("worker")).isTrue();
        AppFixture.Response metrics = f.manage("/metrics");
        assertThat(metrics.status()).isEqualTo(200);
        assertThat(metrics.body()).contains("codemojex_guesses_scored_total");
        assertThat(f.manage("/games/GAMnope").status()).isEqualTo(404);
        assertThat(f.manage("/feed").status()).isEqualTo(404);
    }

    @Test
    void theManagementPortListensOnLoopbackByDefaultAndWhereItIsToldOtherwise() throws Exception {
        assertThat(ServerOptions.Management.LOOPBACK.host()).isEqualTo("127.0.0.1");
        java.util.Optional<java.net.InetAddress> outside = outsideAddress();
        try (Codemojex other = Codemojex.connect(f.uri, Settings.defaults());
             Server everywhere = Server.start(other, ServerOptions.on("0.0.0.0", 0).withoutWorker()
                     .withManagement(new ServerOptions.Management("0.0.0.0", 0)));
             Codemojex third = Codemojex.connect(f.uri, Settings.defaults());
             Server defaults = Server.start(third, ServerOptions.on("0.0.0.0", 0).withoutWorker())) {
            HttpResponse<String> r = f.http.send(HttpRequest.newBuilder(URI.create(everywhere.managementUrl() + "/health")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.body()).contains("\"worker\"");
            if (outside.isPresent()) {
                // from another address of this host: the public ports and the management port told to, yes; the default one, no
                assertThat(connects(outside.get(), defaults.port())).isTrue();
                assertThat(connects(outside.get(), everywhere.managementPort())).isTrue();
                assertThat(connects(outside.get(), defaults.managementPort())).as("the default management port is loopback's").isFalse();
            }
            assertThat(connects(java.net.InetAddress.getLoopbackAddress(), defaults.managementPort())).isTrue();
        }
    }

    /** An address of this host that is not loopback, if it has one. */
    private static java.util.Optional<java.net.InetAddress> outsideAddress() throws Exception {
        for (java.net.NetworkInterface n : java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces())) {
            if (n.isUp() && !n.isLoopback()) {
                for (java.net.InetAddress a : java.util.Collections.list(n.getInetAddresses())) {
                    if (a instanceof java.net.Inet4Address) {
                        return java.util.Optional.of(a);
                    }
                }
            }
        }
        return java.util.Optional.empty();
    }

    private static boolean connects(java.net.InetAddress address, int port) {
        try (java.net.Socket s = new java.net.Socket()) {
            s.connect(new java.net.InetSocketAddress(address, port), 2000);
            return true;
        } catch (java.io.IOException refused) {
            return false;
        }
    }

    @Test
    void aManagementPortThatIsThePublicOneIsRefusedAtStart() {
        int port = echomq.testkit.RedisServerProcess.freePort();
        try (Codemojex other = Codemojex.connect(f.uri, Settings.defaults())) {
            assertThatThrownBy(() -> Server.start(other, ServerOptions.on("127.0.0.1", port).withoutWorker()
                    .withManagement(new ServerOptions.Management("127.0.0.1", port))))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--management-port must differ from --port");
        }
        assertThatThrownBy(() -> new ServerOptions.Management("127.0.0.1", 70_000)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--management-port");
    }
}
