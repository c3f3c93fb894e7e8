package echomq.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A throwaway certificate authority and a server certificate it signed for {@code 127.0.0.1} and
 * {@code localhost}, made with {@code openssl} (2 days), for TLS tests:
 * {@code RedisServerProcess.startTls(c.serverCertificate(), c.serverKey(), c.ca())}.
 *
 * @param ca                the authority's certificate (PEM): what clients trust
 * @param serverCertificate the server's certificate (PEM)
 * @param serverKey         the server's private key (PEM)
 */
public record TestCertificates(Path ca, Path serverCertificate, Path serverKey) {

    /**
     * Fresh ones in a new temporary directory.
     *
     * @return the paths of the authority's certificate and the server's certificate and key
     * @throws IllegalStateException when {@code openssl} is missing or fails
     */
    public static TestCertificates create() {
        try {
            Path dir = Files.createTempDirectory("echomq-tls-");
            run(dir, "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.crt", "-days", "2",
                    "-subj", "/CN=echomq-test-ca");
            run(dir, "openssl", "req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr",
                    "-subj", "/CN=localhost");
            Files.writeString(dir.resolve("san.ext"), "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
            run(dir, "openssl", "x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial",
                    "-out", "server.crt", "-days", "2", "-extfile", "san.ext");
            return new TestCertificates(dir.resolve("ca.crt"), dir.resolve("server.crt"), dir.resolve("server.key"));
        } catch (IOException e) {
            throw new IllegalStateException("could not make test certificates (is openssl installed?): " + e.getMessage(), e);
        }
    }

    private static void run(Path dir, String... command) throws IOException {
        Process p = new ProcessBuilder(List.of(command)).directory(dir.toFile()).redirectErrorStream(true).start();
        try {
            String out = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException(String.join(" ", command) + " failed: " + out);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
