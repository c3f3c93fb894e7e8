package codemojex.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.support.ClassicRequestBuilder;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.Timeout;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The simulation's client of the HTTP API: kept-alive connections to one or more instances, an
 * answer of 429 waited out as the server asks, any other unexpected answer a failure of the run.
 */
final class ApiClient implements AutoCloseable {

    /** Connections kept per instance played against: more than any run's client threads. */
    private static final int CONNECTIONS = 64;

    private final List<String> baseUrls;
    private final ObjectMapper json = new ObjectMapper();
    private final CloseableHttpClient http;
    private final AtomicInteger limited = new AtomicInteger();

    /** Over the instances at {@code baseUrls} (a call picks one by its number). */
    ApiClient(List<String> baseUrls) {
        if (baseUrls.isEmpty()) {
            throw new IllegalArgumentException("no server to play against");
        }
        this.baseUrls = baseUrls.stream().map(ApiClient::requireServerUrl).map(u -> u.endsWith("/") ? u.substring(0, u.length() - 1) : u).toList();
        // Blocking calls on kept-alive connections: a load generator in the JVM it measures (simulate
        // without --url) must cost little per request; java.net.http's send crosses to its selector and
        // worker threads and back, about twice the CPU per call. Nothing automatic: a 429 is waited out
        // below, as the server asks, and a failed call fails the run rather than being sent again.
        this.http = HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setMaxConnPerRoute(CONNECTIONS)
                        .setMaxConnTotal(CONNECTIONS * this.baseUrls.size())
                        .setDefaultConnectionConfig(ConnectionConfig.custom()
                                .setConnectTimeout(Timeout.ofSeconds(5)).setSocketTimeout(Timeout.ofSeconds(30)).build())
                        .build())
                .setDefaultRequestConfig(RequestConfig.custom().setResponseTimeout(Timeout.ofSeconds(30)).build())
                .disableAutomaticRetries()
                .disableRedirectHandling()
                .disableCookieManagement()
                .disableContentCompression()
                .build();
    }

    /** {@code url} when it is an http or https URL naming a host, without a query or fragment; else an error naming it, before any request. */
    private static String requireServerUrl(String url) {
        URI u;
        try {
            u = new URI(Objects.requireNonNull(url, "url"));
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a server URL: " + url + " (" + e.getReason() + ")");
        }
        if (!("http".equalsIgnoreCase(u.getScheme()) || "https".equalsIgnoreCase(u.getScheme())) || u.getHost() == null
                || u.getRawQuery() != null || u.getRawFragment() != null) {
            throw new IllegalArgumentException("not a server URL: " + url + " (give http://host:port, as serve prints it)");
        }
        return url;
    }

    /** Answers of 429 waited out and sent again. */
    int limitedResponses() {
        return limited.get();
    }

    /** Closes the connections. */
    @Override
    public void close() {
        http.close(CloseMode.GRACEFUL);
    }

    /** A call to instance {@code n mod instances}, with {@code token}'s session when not null. */
    JsonNode call(int n, String method, String path, Object body, String token, int... expected) {
        String baseUrl = baseUrls.get(Math.floorMod(n, baseUrls.size()));
        try {
            ClassicRequestBuilder b = ClassicRequestBuilder.create(method).setUri(baseUrl + path);
            if (token != null) {
                b.addHeader("Authorization", "Bearer " + token);
            }
            if (body != null) {
                b.setEntity(json.writeValueAsString(body), ContentType.APPLICATION_JSON);
            }
            Reply res = send(b);
            // over the server's rate (serve --guess-rate / --read-rate): wait as it asks, then send again, as a polite client does
            for (int tries = 0; res.status() == 429 && tries < 60; tries++) {
                limited.incrementAndGet();
                Thread.sleep(Math.min(5, Math.max(1, res.retryAfter())) * 1000);
                res = send(b);
            }
            for (int e : expected) {
                if (res.status() == e) {
                    return json.readTree(res.body());
                }
            }
            throw new IllegalStateException(method + " " + path + " answered " + res.status() + ": " + res.body());
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + path + " failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** An answer: its status, its body and the seconds its {@code Retry-After} asks for (1 when it has none). */
    private record Reply(int status, String body, long retryAfter) {
    }

    /** Sends the request {@code b} builds (again, for a retry) and reads the whole answer, giving the connection back. */
    private Reply send(ClassicRequestBuilder b) throws IOException {
        return http.execute(b.build(), res -> {
            Header after = res.getFirstHeader("Retry-After");
            long wait = 1;
            if (after != null) {
                try {
                    wait = Long.parseLong(after.getValue().trim());
                } catch (NumberFormatException e) {
                    wait = 1; // an HTTP date, which this server does not send: wait the least
                }
            }
            return new Reply(res.getCode(), res.getEntity() == null ? "" : EntityUtils.toString(res.getEntity(), StandardCharsets.UTF_8), wait);
        });
    }
}
