package echomq.wire;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.regex.Pattern;

/** Parsing and masking of {@code redis://}, {@code rediss://} and {@code redis-cluster://} URIs, for either client. */
public final class RedisUris {

    private static final Pattern USERINFO = Pattern.compile("(rediss?(?:-cluster)?://)([^@/]*)@");
    // a cluster URI's user info may hold any character but '@'

    private RedisUris() {
    }

    /**
     * The URI with its password (or whole user info) replaced by {@code ***}.
     *
     * @param uri a Redis URI, or null
     * @return it masked ({@code "null"} for null)
     */
    public static String mask(String uri) {
        if (uri == null) {
            return "null";
        }
        return USERINFO.matcher(uri).replaceAll(m -> {
            String info = m.group(2);
            int colon = info.indexOf(':');
            String user = colon < 0 ? "" : info.substring(0, colon);
            return java.util.regex.Matcher.quoteReplacement(m.group(1) + (user.isEmpty() ? "" : user + ":") + "***@");
        });
    }

    /**
     * Any {@code redis://user:pass@} inside a message, masked.
     *
     * @param message any text
     * @return it with every Redis URI's secret masked
     */
    public static String maskSecrets(String message) {
        return mask(message);
    }

    /**
     * The parts of a {@code redis://[user[:password]@]host[:port][/db]} or {@code rediss://} URI.
     *
     * @throws IllegalArgumentException naming the (masked) URI and what is wrong with it
     * @param uri a single-server URI
     * @return its parts
     */
    public static Parts parse(String uri) {
        if (uri == null || uri.isBlank()) {
            throw new IllegalArgumentException("Redis URI must not be empty");
        }
        URI u;
        try {
            u = new URI(uri.trim());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("invalid Redis URI " + mask(uri) + ": " + mask(e.getReason()));
        }
        String scheme = u.getScheme();
        if (!"redis".equals(scheme) && !"rediss".equals(scheme)) {
            throw new IllegalArgumentException("Redis URI " + mask(uri) + " must start with redis:// or rediss://");
        }
        if (u.getHost() == null || u.getHost().isEmpty()) {
            throw new IllegalArgumentException("Redis URI " + mask(uri) + " has no host");
        }
        int port = u.getPort() < 0 ? 6379 : u.getPort();
        String user = null;
        String password = null;
        if (u.getRawUserInfo() != null && !u.getRawUserInfo().isEmpty()) {
            String info = u.getUserInfo();
            int colon = info.indexOf(':');
            if (colon < 0) {
                password = info; // redis://secret@host, as redis-cli reads it
            } else {
                user = info.substring(0, colon).isEmpty() ? null : info.substring(0, colon);
                password = info.substring(colon + 1);
            }
        }
        int db = 0;
        String path = u.getPath();
        if (path != null && path.length() > 1) {
            String digits = path.substring(1);
            if (!digits.matches("[0-9]{1,5}")) {
                throw new IllegalArgumentException("Redis URI " + mask(uri) + " has database \"" + digits + "\": not a number");
            }
            db = Integer.parseInt(digits);
        }
        return new Parts(u.getHost(), port, user, password, db, "rediss".equals(scheme));
    }

    /**
     * Whether {@code uri} names a cluster ({@code redis-cluster://} or {@code rediss-cluster://}).
     *
     * @param uri a Redis URI, or null
     * @return whether it is a cluster URI
     */
    public static boolean isCluster(String uri) {
        return uri != null && (uri.startsWith("redis-cluster://") || uri.startsWith("rediss-cluster://"));
    }

    /**
     * A seed node of a cluster.
     *
     * @param host the host
     * @param port the port
     */
    public record Node(String host, int port) {
    }

    /**
     * The parts of a cluster URI; {@code user} and {@code password} may be absent (null inside this record only).
     *
     * @param nodes    the seed nodes, in order
     * @param user     the user, or null
     * @param password the password, or null
     * @param tls      whether to connect with TLS ({@code rediss-cluster://})
     */
    public record ClusterParts(java.util.List<Node> nodes, String user, String password, boolean tls) {
    }

    /**
     * Parses {@code redis-cluster://[user[:password]@]host:port,host:port…}.
     *
     * @throws IllegalArgumentException naming the (masked) URI and what is wrong with it
     * @param uri a cluster URI
     * @return its parts
     */
    public static ClusterParts parseCluster(String uri) {
        if (!isCluster(uri)) {
            throw new IllegalArgumentException("cluster URI " + mask(uri) + " must start with redis-cluster:// or rediss-cluster://");
        }
        boolean tls = uri.startsWith("rediss-");
        String rest = uri.substring(uri.indexOf("://") + 3);
        String user = null;
        String password = null;
        int at = rest.lastIndexOf('@');
        if (at >= 0) {
            String info = rest.substring(0, at);
            rest = rest.substring(at + 1);
            int colon = info.indexOf(':');
            String u = colon < 0 ? "" : info.substring(0, colon);
            String pw = colon < 0 ? info : info.substring(colon + 1);
            user = u.isEmpty() ? null : java.net.URLDecoder.decode(u, java.nio.charset.StandardCharsets.UTF_8);
            password = pw.isEmpty() ? null : java.net.URLDecoder.decode(pw, java.nio.charset.StandardCharsets.UTF_8);
        }
        if (rest.endsWith("/")) {
            rest = rest.substring(0, rest.length() - 1);
        }
        java.util.List<Node> nodes = new java.util.ArrayList<>();
        for (String hp : rest.split(",", -1)) {
            int colon = hp.lastIndexOf(':');
            if (colon <= 0 || !hp.substring(colon + 1).matches("[0-9]{1,5}")) {
                throw new IllegalArgumentException("cluster URI " + mask(uri) + " has a node \"" + hp + "\" that is not host:port");
            }
            int port = Integer.parseInt(hp.substring(colon + 1));
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("cluster URI " + mask(uri) + " has port " + port + " out of range");
            }
            nodes.add(new Node(hp.substring(0, colon), port));
        }
        return new ClusterParts(java.util.List.copyOf(nodes), user, password, tls);
    }

    /**
     * The parts of a Redis URI; {@code user} and {@code password} may be absent (null inside this record only).
     *
     * @param host     the host
     * @param port     the port (6379 unless given)
     * @param user     the user, or null
     * @param password the password, or null
     * @param database the database number (0 unless given)
     * @param tls      whether to connect with TLS ({@code rediss://})
     */
    public record Parts(String host, int port, String user, String password, int database, boolean tls) {
        @Override
        public String toString() {
            return (tls ? "rediss://" : "redis://") + (user != null ? user + ":" : "") + (password != null ? "***@" : "")
                    + host + ":" + port + "/" + database;
        }
    }
}
