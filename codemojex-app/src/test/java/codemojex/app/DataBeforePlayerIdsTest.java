package codemojex.app;

import codemojex.app.core.LoginToken;
import codemojex.app.http.RateLimiter;
import codemojex.app.redis.Keys;
import codemojex.projections.Channels;
import codemojex.projections.Code;
import codemojex.projections.PlayerIds;
import com.fasterxml.jackson.databind.JsonNode;
import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Redis written before player ids (#27) goes on as it was: its board's members are names, its
 * {@code guess-scored} entries and results have no player id, its sessions hold none. Each is read
 * as the player whose id is derived from the name ({@link PlayerIds#ofName}), so the live board
 * still equals its rebuild, and the name's old play stays one player; a session that joins from now
 * on is a new player.
 */
class DataBeforePlayerIdsTest {

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

    static List<String> board(String game) {
        List<String> out = new ArrayList<>();
        f.get("/games/" + game + "/board").json().get("board")
                .forEach(p -> out.add(p.get("player").asText() + " " + p.get("best").asInt() + " " + p.get("playerId").asText()));
        return out;
    }

    static JsonNode awaitScore(String game, String guessId, Map<String, String> as) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < deadline) {
            AppFixture.Response r = f.send("GET", "/games/" + game + "/guesses/" + guessId, null, as);
            if (!"pending".equals(r.json().get("status").asText())) {
                return r.json();
            }
            AppFixture.sleep(20);
        }
        throw new AssertionError("guess " + guessId + " was not scored in 20 s");
    }

    @Test
    void theOldBoardHistoryAndSessionsAreReadAsTheNamesDerivedPlayer() {
        String game = f.post("/rooms", Map.of("room", "before")).json().get("game").asText();
        Code secret = f.secret(game);
        String good = new Code(secret.emojis().update(0, secret.get(1)).update(1, secret.get(0))).text(); // 560
        String rotated = new Code(secret.emojis().tail().append(secret.get(0))).text(); // 400
        String room = f.app.useCases().games().game(game).room();
        Keys keys = Keys.ONE;
        String derived = PlayerIds.ofName("ada");

        // what the app wrote before player ids: a guess-scored entry, the board by name, the result, a live session
        BrandedId guessId = new Snowflake(99, CLOCK).nextId();
        Map<String, String> old = new LinkedHashMap<>();
        old.put("id", guessId.toString());
        old.put("v", "1");
        old.put("game", game);
        old.put("room", room);
        old.put("player", "ada");
        old.put("guess", guessId.toString());
        old.put("total", "560");
        old.put("pct", "93");
        old.put("best", "560");
        f.direct().xadd(echomq.domain.stream.StreamKey.of("cm", Channels.GUESS_SCORED).toString(),
                redis.clients.jedis.params.XAddParams.xAddParams().id(guessId.streamId().toString()), old);
        f.direct().zadd(keys.board(game), -560, "ada");
        f.direct().hset(keys.scores(game), guessId.toString(), String.join("\t", "scored", "ada", good, "1,1,0,0,0,0", "560"));
        LoginToken token = LoginToken.random(new SecureRandom());
        long expires = CLOCK.millis() + Duration.ofHours(1).toMillis();
        f.direct().hset(keys.players(game), "ada", Long.toString(expires));
        f.direct().hset(keys.session(game, token.hash()), Map.of("game", game, "player", "ada", "expires", Long.toString(expires)));
        Map<String, String> oldSession = Map.of("Authorization", "Bearer " + token.reveal());

        assertThat(board(game)).containsExactly("ada 560 " + derived);
        assertThat(f.app.useCases().rebuilds().rebuildBoard(game).equal()).isTrue();
        assertThat(f.send("GET", "/games/" + game + "/players/me", null, oldSession).json().get("playerId").asText()).isEqualTo(derived);
        JsonNode history = f.send("GET", "/games/" + game + "/guesses", null, oldSession).json();
        assertThat(history.get("guesses")).hasSize(1);
        assertThat(history.get("guesses").get(0).get("positions")).as("the old session's own breakdown").hasSize(6);

        // the old session plays on as the same player: one place, its best raised
        AppFixture.Response sent = f.send("POST", "/games/" + game + "/guesses", "{\"guess\":\"" + rotated + "\"}", oldSession);
        assertThat(sent.status()).as(sent.body()).isEqualTo(202);
        assertThat(awaitScore(game, sent.json().get("guessId").asText(), oldSession).get("best").asInt()).isEqualTo(560);
        assertThat(board(game)).containsExactly("ada 560 " + derived);
        assertThat(f.app.useCases().rebuilds().rebuildBoard(game).equal()).isTrue();

        // once it expired, whoever takes the name is a new player, beside the old one
        CLOCK.advance(Duration.ofMinutes(61));
        AppFixture.Response joined = f.post("/games/" + game + "/players", Map.of("name", "ada"));
        assertThat(joined.status()).isEqualTo(201);
        String fresh = joined.json().get("playerId").asText();
        assertThat(fresh).isNotEqualTo(derived);
        Map<String, String> newSession = Map.of("Authorization", "Bearer " + joined.json().get("token").asText());
        assertThat(f.send("GET", "/games/" + game + "/guesses", null, newSession).json().get("guesses")).isEmpty();
        String mine = f.send("POST", "/games/" + game + "/guesses", "{\"guess\":\"" + rotated + "\"}", newSession).json().get("guessId").asText();
        assertThat(awaitScore(game, mine, newSession).get("best").asInt()).isEqualTo(400);
        assertThat(board(game)).containsExactly("ada 560 " + derived, "ada 400 " + fresh);
        var rebuilt = f.app.useCases().rebuilds().rebuildBoard(game);
        assertThat(rebuilt.equal()).as(rebuilt.rebuilt() + " vs " + rebuilt.live()).isTrue();
    }
}
