package codemojex.app;

import codemojex.app.http.RateLimiter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Names that look alike (#27), over HTTP: in one game only {@code victim} of the issue's names
 * joins; the others are refused, 400 when the name is no name (invisible, mixed scripts, a line
 * break), 409 when it looks like one in use (the same UTS #39 skeleton, claimed atomically in
 * Redis). And no log line holds a raw control, format or line separator character.
 */
class NamesThatLookAlikeTest {

    static final echomq.testkit.MovableClock CLOCK = new echomq.testkit.MovableClock();
    static AppFixture f;

    @BeforeAll
    static void start() {
        f = new AppFixture(AppFixture.onClock(CLOCK).sessionTtl(Duration.ofHours(1)).build(), RateLimiter.unlimited());
    }

    @AfterAll
    static void stop() {
        f.close();
    }

    static String open() {
        return f.post("/rooms", Map.of("room", "names")).json().get("game").asText();
    }

    static AppFixture.Response join(String game, String name) {
        return f.post("/games/" + game + "/players", Map.of("name", name));
    }

    @Test
    void ofTheIssuesNamesOnlyVictimJoinsAndEveryOtherIsRefusedNamingTheField() {
        String game = open();
        List<String> names = List.of("victim", "victim\uFE0F", "victim\u034F", "v\u0430ctim", "victim\u00A0", "\u3164",
                "\u2800", "\u0301", "vic\u2028tim");
        List<String> joined = new ArrayList<>();
        for (String name : names) {
            AppFixture.Response r = join(game, name);
            if (r.status() == 201) {
                joined.add(r.json().get("player").asText());
                continue;
            }
            assertThat(r.status()).as("%s -> %s", show(name), r.body()).isEqualTo(400);
            assertThat(r.json().get("field").asText()).isEqualTo("name");
            assertThat(r.json().get("error").asText()).as(r.body()).containsAnyOf("is invisible", "mixes scripts",
                    "has leading or trailing white space", "contains a control character");
        }
        assertThat(joined).containsExactly("victim");
        assertThat(players(game)).containsExactly("victim");
        // the refusal says why, and names the value escaped
        assertThat(join(game, "v\u0430ctim").json().get("error").asText()).contains("\"v\u0430ctim\"")
                .contains("mixes scripts: Cyrillic and Latin together");
        assertThat(join(game, "victim\u034F").json().get("error").asText()).contains("victim\\u034F", "is invisible");
    }

    @Test
    void aNameThatLooksLikeOneInUseIs409NamingIt() {
        String game = open();
        assertThat(join(game, "victim").status()).isEqualTo(201);
        for (String lookAlike : List.of("victim", "ｖｉｃｔｉｍ", "victirn")) {
            AppFixture.Response r = join(game, lookAlike);
            assertThat(r.status()).as(lookAlike).isEqualTo(409);
            assertThat(r.json().get("field").asText()).isEqualTo("name");
        }
        assertThat(join(game, "victirn").json().get("error").asText()).contains("is confusable with \"victim\"");
        assertThat(join(game, "ace").status()).isEqualTo(201);
        assertThat(join(game, "\u0430\u0441\u0435").status()).isEqualTo(409); // all Cyrillic: one script, but looks like ace
        assertThat(join(game, "bob").status()).isEqualTo(201);
        // in another game, the look of a name is free
        assertThat(join(open(), "victirn").status()).isEqualTo(201);
        assertThat(players(game)).containsExactlyInAnyOrder("victim", "ace", "bob");
    }

    /** A name in other case is the name (#54: ALICE joined beside alice), while a capital I still passes for an l. */
    @Test
    void aNameInOtherCaseLooksLikeItAndACapitalIStillLooksLikeAnL() {
        String game = open();
        assertThat(join(game, "alice").status()).isEqualTo(201);
        for (String other : List.of("ALICE", "Alice", "aLiCe", "ＡＬＩＣＥ")) {
            AppFixture.Response r = join(game, other);
            assertThat(r.status()).as(other).isEqualTo(409);
            assertThat(r.json().get("error").asText()).contains("is confusable with \"alice\"");
        }
        assertThat(join(game, "Bill").status()).isEqualTo(201);
        assertThat(join(game, "BiII").status()).as("capital I for l").isEqualTo(409);
        assertThat(join(game, "BILL").status()).as("the case fold of Bill").isEqualTo(409);
        assertThat(players(game)).containsExactlyInAnyOrder("alice", "Bill");
    }

    /** Bytes that are not UTF-8 are refused naming the body, never replaced: a{@code \uFFFD}b was accepted as a name. */
    @Test
    void aBodyThatIsNotUtf8IsRefusedNotReplaced() throws Exception {
        String game = open();
        byte[] head = "{\"name\":\"a".getBytes(StandardCharsets.UTF_8);
        byte[] tail = "b\"}".getBytes(StandardCharsets.UTF_8);
        for (byte[] bad : List.of(new byte[] {(byte) 0xFF}, new byte[] {(byte) 0xC3}, new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80})) {
            byte[] body = new byte[head.length + bad.length + tail.length];
            System.arraycopy(head, 0, body, 0, head.length);
            System.arraycopy(bad, 0, body, head.length, bad.length);
            System.arraycopy(tail, 0, body, head.length + bad.length, tail.length);
            java.net.http.HttpResponse<String> r = f.http.send(java.net.http.HttpRequest.newBuilder(
                            java.net.URI.create("http://127.0.0.1:" + f.server.port() + "/games/" + game + "/players"))
                    .header("Content-Type", "application/json").POST(java.net.http.HttpRequest.BodyPublishers.ofByteArray(body)).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
            com.fasterxml.jackson.databind.JsonNode error = f.json.readTree(r.body());
            assertThat(error.get("field").asText()).isEqualTo("body");
            assertThat(error.get("error").asText()).contains("not valid UTF-8").contains("at byte " + head.length);
        }
        assertThat(join(game, "ab").status()).isEqualTo(201);
        assertThat(players(game)).as("none of the bodies joined anyone").containsExactly("ab");
    }

    @Test
    void aLookAlikeMayJoinOnceTheSessionHoldingTheLookExpired() {
        String game = open();
        assertThat(join(game, "rnallory").status()).isEqualTo(201);
        assertThat(join(game, "mallory").status()).isEqualTo(409);
        CLOCK.advance(Duration.ofHours(1).plusMillis(1));
        assertThat(join(game, "mallory").status()).isEqualTo(201);
        assertThat(join(game, "rnallory").status()).isEqualTo(409); // mallory holds the look now
    }

    @Test
    void lookAlikesJoiningAtOnceGetOneSession() throws Exception {
        String game = open();
        List<String> lookAlikes = List.of("victim", "victirn", "ｖｉｃｔｉｍ", "ｖictim", "victim",
                "vıctim", "victirn", "vict\u0131rn", "ｖｉｃｔｉｍ", "victim");
        ExecutorService pool = Executors.newFixedThreadPool(lookAlikes.size());
        try {
            List<Future<Integer>> answers = new ArrayList<>();
            for (String name : lookAlikes) {
                answers.add(pool.submit(() -> join(game, name).status()));
            }
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> a : answers) {
                statuses.add(a.get());
            }
            assertThat(statuses.stream().filter(s -> s == 201)).hasSize(1);
            assertThat(statuses).allMatch(s -> s == 201 || s == 409);
        } finally {
            pool.shutdownNow();
        }
        assertThat(players(game)).hasSize(1);
    }

    @Test
    void noLogLineHoldsARawControlFormatOrLineSeparatorCharacter() {
        PrintStream realErr = System.err;
        ByteArrayOutputStream logs = new ByteArrayOutputStream();
        String game = open();
        List<String> hostile = List.of("vic\u2028tim", "eve\nINFO forged line", "mal\u202Elory", "a\u0085b", "tab\tbed",
                "👨\u200D👩\u200D👧", "❤\uFE0F", "bell\u0007", "back\\slash");
        try {
            System.setErr(new PrintStream(logs, true, StandardCharsets.UTF_8));
            for (String name : hostile) {
                join(game, name);
                f.post("/rooms", Map.of("room", name));
            }
            f.post("/games/" + game + "/guesses", Map.of("player", "vic\u2028tim", "guess", "x"));
        } finally {
            System.setErr(realErr);
        }
        String text = logs.toString(StandardCharsets.UTF_8);
        assertThat(text).contains("joined game " + game); // some names joined, and were logged
        List<String> bad = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            if (line.codePoints().anyMatch(cp -> Character.isISOControl(cp) || Character.getType(cp) == Character.FORMAT
                    || cp == 0x2028 || cp == 0x2029)) {
                bad.add(show(line));
            }
        }
        assertThat(bad).isEmpty();
        assertThat(text).doesNotContain("\nINFO forged line");
    }

    private static List<String> players(String game) {
        return new ArrayList<>(f.direct().hgetAll(hashOf(game, "players")).keySet());
    }

    private static String hashOf(String game, String what) {
        return f.direct().keys("*" + what + ":" + game).iterator().next();
    }

    private static String show(String s) {
        StringBuilder out = new StringBuilder();
        s.codePoints().forEach(cp -> out.append(cp < 0x20 || cp > 0x7E ? String.format("\\u%04X", cp) : Character.toString(cp)));
        return out.toString();
    }
}
