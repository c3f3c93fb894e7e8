package echomq.testkit;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link FaultyProxy#cutNextReplies} in front of a real Redis: the command is applied, its reply never comes. */
class FaultyProxyReplyCutTest {

    static byte[] resp(String... args) {
        StringBuilder b = new StringBuilder("*" + args.length + "\r\n");
        for (String a : args) {
            b.append('$').append(a.length()).append("\r\n").append(a).append("\r\n");
        }
        return b.toString().getBytes(StandardCharsets.US_ASCII);
    }

    /** Sends {@code args} and reads one line of reply; null when the connection ended first. */
    static String call(Socket s, String... args) throws IOException {
        OutputStream out = s.getOutputStream();
        out.write(resp(args));
        out.flush();
        InputStream in = s.getInputStream();
        StringBuilder line = new StringBuilder();
        try {
            for (int c; (c = in.read()) != -1; ) {
                if (c == '\n') {
                    return line.toString().strip();
                }
                line.append((char) c);
            }
        } catch (java.net.SocketException reset) {
            return null;
        }
        return null;
    }

    static Socket connect(FaultyProxy proxy) throws IOException {
        Socket s = new Socket(InetAddress.getLoopbackAddress(), proxy.port());
        s.setSoTimeout(10_000);
        return s;
    }

    @Test
    void theCommandIsAppliedAndItsConnectionCutInsteadOfTheReply() throws IOException {
        try (RedisServerProcess server = TestRedis.privateServer(); FaultyProxy proxy = FaultyProxy.start(server.port())) {
            proxy.cutNextReplies("incr", 2);
            try (Socket s = connect(proxy)) {
                assertThat(call(s, "PING")).as("another command's reply passes").isEqualTo("+PONG");
                assertThat(call(s, "INCR", "n")).as("the reply is cut").isNull();
            }
            assertThat(server.command("GET", "n")).as("the command was applied").isEqualTo("1");
            assertThat(proxy.repliesCut()).isEqualTo(1);
            assertThat(proxy.repliesLeftToCut()).isEqualTo(1);
            try (Socket s = connect(proxy)) {
                assertThat(call(s, "incr", "n")).as("lower case is the same command").isNull();
            }
            assertThat(server.command("GET", "n")).isEqualTo("2");
            try (Socket s = connect(proxy)) {
                assertThat(call(s, "INCR", "n")).as("the budget is spent: replies pass again").isEqualTo(":3");
            }
            assertThat(proxy.repliesCut()).isEqualTo(2);
            assertThat(proxy.repliesLeftToCut()).isZero();

            proxy.cutNextReplies("INCR", 5);
            proxy.heal();
            try (Socket s = connect(proxy)) {
                assertThat(call(s, "INCR", "n")).as("healed").isEqualTo(":4");
            }
            assertThat(proxy.repliesCut()).isEqualTo(2);
        }
    }

    @Test
    void badArgumentsAreRefusedNamingThem() {
        try (FaultyProxy proxy = FaultyProxy.start(RedisServerProcess.freePort())) {
            assertThatThrownBy(() -> proxy.cutNextReplies("XADD", -1)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-1");
            assertThatThrownBy(() -> proxy.cutNextReplies(" ", 1)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("\" \"");
            assertThatThrownBy(() -> proxy.cutNextReplies("X ADD", 1)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("X ADD");
            assertThatThrownBy(() -> proxy.cutNextReplies(null, 1)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("null");
        }
    }
}
