package echomq.cli;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import io.vavr.collection.LinkedHashMap;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code redis-cli} as a process, as a user writes a stream: commands on its stdin, one per line,
 * each reply on a line of its stdout. The tests write every entry this way and keep what they wrote
 * (the id Redis answered and the fields), to fold it themselves.
 */
final class RedisCli {

    /** An entry as written: the id Redis gave it and its fields, in order. */
    record Written(StreamId id, LinkedHashMap<String, String> fields) {
        /** The field's value, or null. */
        String field(String name) {
            return fields.get(name).getOrNull();
        }

        /** The entry as the library reads it, for a sketch's own fold of the same entries. */
        StreamEntry entry() {
            List<byte[]> wire = new ArrayList<>();
            fields.forEach(f -> {
                wire.add(f._1.getBytes(StandardCharsets.UTF_8));
                wire.add(f._2.getBytes(StandardCharsets.UTF_8));
            });
            return StreamEntry.fromWire(id, wire);
        }
    }

    private final int port;

    RedisCli(int port) {
        this.port = port;
    }

    /**
     * Appends each entry with {@code XADD key ID field value …} ({@code *} ids or explicit ones), in
     * one redis-cli process.
     */
    List<Written> xadd(String key, List<String> ids, List<LinkedHashMap<String, String>> fields) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            StringBuilder b = new StringBuilder("XADD ").append(key).append(' ').append(ids.get(i));
            fields.get(i).forEach(f -> b.append(' ').append(quoted(f._1)).append(' ').append(quoted(f._2)));
            lines.add(b.toString());
        }
        List<String> replies = run(lines);
        if (replies.size() != ids.size()) {
            throw new IllegalStateException("redis-cli answered " + replies + " to " + lines.size() + " XADDs");
        }
        List<Written> written = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            written.add(new Written(StreamId.parse(replies.get(i).trim()), fields.get(i)));
        }
        return written;
    }

    /** {@code s} as redis-cli reads one argument: in double quotes, a quote or backslash escaped. */
    static String quoted(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** Runs {@code lines} through one redis-cli process; its reply lines. */
    List<String> run(List<String> lines) {
        try {
            Process p = new ProcessBuilder("redis-cli", "-p", Integer.toString(port)).redirectErrorStream(true).start();
            // the replies are read while the commands are written: a long script would otherwise fill the reply pipe
            // and block redis-cli, and this writer with it
            java.util.concurrent.CompletableFuture<byte[]> replies = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return p.getInputStream().readAllBytes();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            try (Writer w = new java.io.BufferedWriter(new java.io.OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8))) {
                for (String l : lines) {
                    w.write(l);
                    w.write('\n');
                }
            }
            String out = new String(replies.join(), StandardCharsets.UTF_8);
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("redis-cli failed: " + out);
            }
            if (out.contains("ERR")) {
                throw new IllegalStateException("redis-cli: " + out);
            }
            return out.isEmpty() ? List.of() : List.of(out.split("\n"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
