package codemojex.app;

import codemojex.projections.Channels;
import codemojex.projections.Code;
import codemojex.projections.Emoji;
import echomq.domain.stream.StreamEntry;
import io.vavr.collection.Vector;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The secret of an open game is in no stream entry, HTTP response or log line. */
class SecretNeverLeaksTest {

    @Test
    void noResponseEntryOrLogLineOfAnOpenGameHoldsTheSecret() {
        PrintStream realErr = System.err;
        ByteArrayOutputStream logs = new ByteArrayOutputStream();
        List<String> responses = new ArrayList<>();
        Code secret;
        String game;
        String token;
        List<String> stored = new ArrayList<>();
        try (AppFixture f = new AppFixture()) {
            System.setErr(new PrintStream(logs, true, StandardCharsets.UTF_8));
            AppFixture.Response opened = f.post("/rooms", Map.of("room", "leaks"));
            responses.add(opened.body());
            game = opened.json().get("game").asText();
            secret = f.secret(game);
            token = f.join(game, "eve");
            // every kind of guess but the perfect one, each scored
            Vector<Emoji> s = secret.emojis();
            List<Code> guesses = List.of(new Code(s.reverse()), new Code(s.tail().append(s.head())),
                    new Code(s.update(0, s.get(1)).update(1, s.get(0))));
            for (Code g : guesses) {
                AppFixture.Response sent = f.guess(game, "eve", g.text());
                responses.add(sent.body());
                responses.add(f.awaitScore(game, sent.json().get("guessId").asText(), "eve").toString()); // with eve's breakdown
            }
            // six copies of one emoji of the secret: refused since #27 (a guess is six distinct emojis), and the refusal tells nothing
            AppFixture.Response copies = f.guess(game, "eve", new Code(Vector.fill(6, s::head)).text());
            assertThat(copies.status()).as(copies.body()).isEqualTo(400);
            responses.add(copies.body());
            for (String path : List.of("/games/" + game, "/games/" + game + "/board", "/feed?since=1h", "/rooms/openings",
                    "/results", "/health")) {
                responses.add(f.get(path).body());
            }
            responses.add(f.guess(game, "eve", "nonsense").body());
            List<String> entries = new ArrayList<>();
            for (String channel : List.of(Channels.ROOM_OPENED, Channels.GUESSES, Channels.GUESS_SCORED, Channels.GAME_SETTLED)) {
                for (StreamEntry e : f.channel(channel)) {
                    entries.add(e.fields().values().mkString(" "));
                }
            }
            assertThat(entries).isNotEmpty().allSatisfy(text -> assertNoSecret(text, secret));
            stored.addAll(entries);
            // every key, and every hash's fields and values: the session token is stored only hashed
            for (String key : f.direct().keys("*")) {
                stored.add(key);
                if (f.direct().type(key).equals("hash")) {
                    f.direct().hgetAll(key).forEach((k, v) -> stored.add(k + "=" + v));
                }
            }
            assertThat(f.app.useCases().games().game(game).settled()).isFalse();
        } finally {
            System.setErr(realErr);
        }
        assertThat(responses).allSatisfy(text -> assertNoSecret(text, secret));
        String logText = logs.toString(StandardCharsets.UTF_8);
        assertThat(logText).contains("INFO");
        assertNoSecret(logText, secret);
        assertThat(logText).contains("player eve joined game " + game).doesNotContain(token);
        assertThat(responses).noneSatisfy(text -> assertThat(text).contains(token));
        assertThat(stored).anySatisfy(text -> assertThat(text).contains(":session:"))
                .noneSatisfy(text -> assertThat(text).contains(token));
    }

    static void assertNoSecret(String text, Code secret) {
        assertThat(text).doesNotContain(secret.toString()).doesNotContain(secret.text())
                .doesNotContain(secret.emojis().mkString("\",\""));
    }
}
