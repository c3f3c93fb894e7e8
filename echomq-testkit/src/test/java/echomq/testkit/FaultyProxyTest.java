package echomq.testkit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link FaultyProxy} in front of a loopback echo server: it forwards, cuts, refuses and delays. */
class FaultyProxyTest {

    ServerSocket echo;
    FaultyProxy proxy;

    @BeforeEach
    void start() throws IOException {
        echo = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread t = new Thread(() -> {
            while (!echo.isClosed()) {
                try {
                    Socket s = echo.accept();
                    Thread c = new Thread(() -> {
                        try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                            in.transferTo(out);
                        } catch (IOException ignored) {
                            // the client went away
                        }
                    });
                    c.setDaemon(true);
                    c.start();
                } catch (IOException closed) {
                    return;
                }
            }
        });
        t.setDaemon(true);
        t.start();
        proxy = FaultyProxy.start(echo.getLocalPort());
    }

    @AfterEach
    void stop() throws IOException {
        proxy.close();
        echo.close();
    }

    Socket connect() throws IOException {
        Socket s = new Socket(InetAddress.getLoopbackAddress(), proxy.port());
        s.setSoTimeout(10_000);
        return s;
    }

    static String roundTrip(Socket s, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        s.getOutputStream().write(bytes);
        s.getOutputStream().flush();
        return new String(s.getInputStream().readNBytes(bytes.length), StandardCharsets.UTF_8);
    }

    @Test
    void forwardsBothWays() throws IOException {
        try (Socket s = connect()) {
            assertThat(roundTrip(s, "PING")).isEqualTo("PING");
            assertThat(roundTrip(s, "x".repeat(100_000))).hasSize(100_000);
        }
        assertThat(proxy.accepted()).isEqualTo(1);
    }

    @Test
    void aCutClosesEveryOpenConnectionAndNewOnesAreForwarded() throws Exception {
        Socket a = connect();
        Socket b = connect();
        assertThat(roundTrip(a, "a")).isEqualTo("a");
        assertThat(roundTrip(b, "b")).isEqualTo("b");
        assertThat(proxy.cutAll()).isEqualTo(2);
        for (Socket s : new Socket[]{a, b}) {
            int read;
            try {
                read = s.getInputStream().read();
            } catch (IOException reset) {
                read = -1;
            }
            assertThat(read).as("a cut connection reads its end").isEqualTo(-1);
            s.close();
        }
        assertThat(proxy.cut()).isEqualTo(2);
        try (Socket c = connect()) {
            assertThat(roundTrip(c, "c")).isEqualTo("c");
        }
    }

    @Test
    void refusedConnectionsAreResetUntilTheRefusalEnds() throws Exception {
        try (Socket open = connect()) {
            assertThat(roundTrip(open, "before")).isEqualTo("before");
            proxy.refuseFor(Duration.ofMinutes(5));
            try (Socket refused = connect()) {
                int read;
                try {
                    refused.getOutputStream().write('x');
                    read = refused.getInputStream().read();
                } catch (IOException reset) {
                    read = -1;
                }
                assertThat(read).as("a refused connection gets nothing back").isEqualTo(-1);
            }
            assertThat(proxy.refused()).isEqualTo(1);
            assertThat(roundTrip(open, "still")).as("an open connection is left alone").isEqualTo("still");
            proxy.heal();
            try (Socket again = connect()) {
                assertThat(roundTrip(again, "after")).isEqualTo("after");
            }
        }
    }

    @Test
    void aDelayHoldsEveryChunkForwardedWhileItLasts() throws IOException {
        try (Socket s = connect()) {
            assertThat(roundTrip(s, "fast")).isEqualTo("fast");
            assertThat(proxy.delayed()).isZero();
            proxy.delayFor(Duration.ofMillis(200), Duration.ofMinutes(5));
            assertThat(roundTrip(s, "slow")).isEqualTo("slow");
            assertThat(proxy.delayed()).as("held going up and coming down").isEqualTo(2);
            proxy.heal();
            assertThat(roundTrip(s, "fast")).isEqualTo("fast");
            assertThat(proxy.delayed()).isEqualTo(2);
        }
    }
}
