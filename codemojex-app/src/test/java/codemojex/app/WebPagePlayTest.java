package codemojex.app;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static codemojex.app.WebPageTest.waiting;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The page as people play it (#27), in real headless Chromiums: it keeps working after back and
 * forward, shows how a game ended in every open page, keeps a player's guesses over a reload.
 */
class WebPagePlayTest {

    static AppFixture f;
    static WebDriver one;
    static WebDriver two;

    @BeforeAll
    static void start() throws Exception {
        File chromium = new File("/usr/bin/chromium");
        File driver = new File("/usr/bin/chromedriver");
        if (!chromium.canExecute() || !driver.canExecute()) {
            throw new IllegalStateException("the web page test needs Debian's chromium and chromium-driver");
        }
        f = new AppFixture(Settings.defaults(), codemojex.app.http.RateLimiter.unlimited());
        one = WebPageTest.chromium(chromium, driver);
        two = WebPageTest.chromium(chromium, driver);
        one.manage().timeouts().scriptTimeout(Duration.ofSeconds(20));
        two.manage().timeouts().scriptTimeout(Duration.ofSeconds(20));
    }

    @AfterAll
    static void stop() {
        if (one != null) {
            one.quit();
        }
        if (two != null) {
            two.quit();
        }
        if (f != null) {
            f.close();
        }
    }

    static void shot(WebDriver d, String name) throws Exception {
        Path shots = Path.of("target");
        Files.createDirectories(shots);
        Files.write(shots.resolve(name), ((TakesScreenshot) d).getScreenshotAs(OutputType.BYTES));
    }

    /** What {@code fetch(path)} answered in the page, or {@code timeout} when it took over five seconds. */
    static String fetchInPage(WebDriver d, String path) {
        return String.valueOf(((JavascriptExecutor) d).executeAsyncScript(
                "const done = arguments[arguments.length - 1];"
                        + "const t = setTimeout(() => done('timeout'), 5000);"
                        + "fetch(arguments[0]).then(r => { clearTimeout(t); done('HTTP ' + r.status); }, e => { clearTimeout(t); done('error ' + e); });",
                path));
    }

    static String open(String room) {
        return f.post("/rooms", Map.of("room", room)).json().get("game").asText();
    }

    static void pickAndGuess(WebDriver d, String player, List<String> emojis) {
        WebElement name = d.findElement(By.id("player"));
        if (name.isEnabled()) {
            name.clear();
            name.sendKeys(player);
        }
        for (String e : emojis) {
            d.findElement(By.cssSelector("#keyboard button[data-emoji='" + e + "']")).click();
        }
        d.findElement(By.id("guess")).click();
    }

    /**
     * Back and forward between the lobby and a game: each page used to keep three event streams
     * (feed, lobby, game) open while hidden, and four pages in one tab's history took the six
     * connections Chromium allows a host: the fourth page waited a minute for its game, and
     * nothing else could be fetched. One stream a page, closed when the page is hidden, leaves room.
     */
    @Test
    void backAndForwardLeavesTheTabConnections() throws Exception {
        String game = open("backforth");
        String url = f.server.url();
        one.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
        for (int round = 0; round < 2; round++) {
            one.get(url + "/");
            quickly(one).until(d -> !d.findElements(By.cssSelector("#lobby li")).isEmpty());
            assertThat(one.findElement(By.id("live")).getText()).isEqualTo("no game selected");
            one.get(url + "/?game=" + game);
            quickly(one).until(d -> d.findElement(By.id("live")).getText().equals("live"));
        }
        one.navigate().back();
        quickly(one).until(d -> d.findElement(By.id("live")).getText().equals("no game selected"));
        quickly(one).until(d -> !d.findElements(By.cssSelector("#lobby li")).isEmpty());
        one.navigate().forward();
        quickly(one).until(d -> d.findElement(By.id("live")).getText().equals("live"));
        assertThat(fetchInPage(one, "/health")).isEqualTo("HTTP 200");
        // and Join: the first guess joins the game, then is scored, pushed
        List<String> keys = f.app.useCases().games().game(game).keyboard().keys().take(6).map(e -> e.text()).toJavaList();
        pickAndGuess(one, "wanderer", keys);
        quickly(one).until(d -> d.findElement(By.id("message")).getText().startsWith("Scored"));
        assertThat(one.findElement(By.id("who")).getText()).isEqualTo("Playing as wanderer.");
        quickly(one).until(d -> d.findElements(By.cssSelector("#board li")).size() == 1);
        shot(one, "webpage-back-forward.png");
        one.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(300));
    }

    /**
     * Waits twenty seconds at most: what a stalled tab (a page waiting a minute for a connection) never does in time, with
     * room for a loaded machine.
     */
    static org.openqa.selenium.support.ui.WebDriverWait quickly(WebDriver d) {
        return (org.openqa.selenium.support.ui.WebDriverWait) new org.openqa.selenium.support.ui.WebDriverWait(d, Duration.ofSeconds(20))
                .ignoring(org.openqa.selenium.StaleElementReferenceException.class);
    }

    /**
     * Two sessions in one game; one cracks it. Both pages show the secret, the winner and the
     * final board (the secret used to be written and then overwritten by the next game event),
     * and neither can pick or guess any more (a guess would answer 409).
     */
    @Test
    void aCrackedGameShowsItsEndInEveryPageAndLocksTheInput() throws Exception {
        String game = open("finale");
        List<String> secret = f.secret(game).emojis().map(e -> e.text()).toJavaList();
        for (WebDriver d : List.of(one, two)) {
            d.manage().window().setSize(new org.openqa.selenium.Dimension(1280, 1100));
            d.get(f.server.url() + "/?game=" + game);
            waiting(d).until(x -> x.findElement(By.id("live")).getText().equals("live"));
        }
        List<String> reversed = new java.util.ArrayList<>(secret);
        java.util.Collections.reverse(reversed);
        pickAndGuess(one, "ada", reversed);
        waiting(one).until(d -> d.findElement(By.id("message")).getText().startsWith("Scored"));
        pickAndGuess(two, "bob", secret);
        waiting(two).until(d -> d.findElement(By.id("message")).getText().contains("You cracked it!"));
        for (WebDriver d : List.of(one, two)) {
            waiting(d).until(x -> x.findElement(By.id("ended")).isDisplayed());
            WebElement ended = d.findElement(By.id("ended"));
            assertThat(ended.findElement(By.className("winner")).getText()).isEqualTo("bob");
            assertThat(ended.findElements(By.cssSelector(".secret span")).stream().map(WebElement::getText).toList())
                    .containsExactlyElementsOf(secret);
            waiting(d).until(x -> x.findElements(By.cssSelector("#board li")).size() == 2);
            assertThat(d.findElement(By.cssSelector("#board li")).getText()).startsWith("bob — 600");
            assertThat(d.findElement(By.id("live")).getText()).isEqualTo("final");
            assertThat(d.findElement(By.id("gameInfo")).getText()).contains("(settled), cracked by bob");
            // the input is locked: every key, Clear and Guess disabled; the shortcuts pick nothing
            List<WebElement> keys = d.findElements(By.cssSelector("#keyboard button"));
            assertThat(keys).hasSize(12).allSatisfy(k -> assertThat(k.isEnabled()).isFalse());
            assertThat(d.findElement(By.id("guess")).isEnabled()).isFalse();
            assertThat(d.findElement(By.id("clear")).isEnabled()).isFalse();
            new org.openqa.selenium.interactions.Actions(d).moveToElement(d.findElement(By.tagName("h1"))).click()
                    .sendKeys("123456").perform();
            assertThat(d.findElements(By.cssSelector("#slots span")).stream().map(WebElement::getText).filter(t -> !t.isEmpty()))
                    .isEmpty();
        }
        // the secret stays shown whatever comes next: a reload shows the same end
        one.navigate().refresh();
        waiting(one).until(d -> d.findElement(By.id("ended")).isDisplayed());
        assertThat(one.findElement(By.cssSelector("#ended .winner")).getText()).isEqualTo("bob");
        waiting(one).until(d -> d.findElement(By.id("live")).getText().equals("final"));
        waiting(one).until(d -> d.findElements(By.cssSelector("#board li")).size() == 2);
        assertThat(one.findElement(By.id("guess")).isEnabled()).isFalse();
        shot(one, "webpage-ended-one.png");
        shot(two, "webpage-ended-two.png");
    }

    /**
     * A player's own guesses, with their breakdowns, come from {@code GET /games/{game}/guesses}
     * at each load: a reload keeps the history. Another player's session may not read them (403),
     * no session at all is a 401.
     */
    @Test
    void ownGuessesSurviveAReloadAndAreNobodyElses() throws Exception {
        String game = open("history");
        List<String> secret = f.secret(game).emojis().map(e -> e.text()).toJavaList();
        List<String> first = List.of(secret.get(1), secret.get(0), secret.get(2), secret.get(3), secret.get(5), secret.get(4));
        List<String> second = List.of(secret.get(0), secret.get(1), secret.get(2), secret.get(3), secret.get(5), secret.get(4));
        one.manage().window().setSize(new org.openqa.selenium.Dimension(1280, 1100));
        one.get(f.server.url() + "/?game=" + game);
        waiting(one).until(d -> d.findElement(By.id("live")).getText().equals("live"));
        pickAndGuess(one, "cy", first);
        waiting(one).until(d -> d.findElements(By.cssSelector("#mine li")).size() == 1);
        pickAndGuess(one, "cy", second);
        waiting(one).until(d -> d.findElements(By.cssSelector("#mine li")).size() == 2);
        List<String> before = mine(one);

        one.navigate().refresh();
        waiting(one).until(d -> d.findElement(By.id("who")).getText().equals("Playing as cy."));
        waiting(one).until(d -> d.findElements(By.cssSelector("#mine li")).size() == 2);
        assertThat(mine(one)).as("the same history, newest first, each emoji's status").isEqualTo(before);
        assertThat(before.get(0)).startsWith(second.get(0) + ":cell EXACT " + second.get(1) + ":cell EXACT").endsWith(" = 560 / 600");
        assertThat(before.get(1)).startsWith(first.get(0) + ":cell ADJACENT").endsWith(" = 520 / 600");
        assertThat(one.findElements(By.cssSelector("#mine li")).get(0).findElements(By.cssSelector(".cell.EXACT"))).hasSize(4);
        shot(one, "webpage-reloaded.png");

        // the route: the session's own, with each emoji's distance and points
        JsonNode own = f.send("GET", "/games/" + game + "/guesses", null, f.as(game, "dee")).json();
        assertThat(own.get("player").asText()).isEqualTo("dee");
        assertThat(own.get("guesses")).isEmpty();
        // another player's session, in a browser of its own: cy's guesses are not its to read
        two.get(f.server.url() + "/?game=" + game);
        waiting(two).until(d -> d.findElement(By.id("live")).getText().equals("live"));
        pickAndGuess(two, "eve", first);
        waiting(two).until(d -> d.findElements(By.cssSelector("#mine li")).size() == 1);
        assertThat(fetchInPage(two, "/games/" + game + "/guesses?player=cy")).isEqualTo("HTTP 403");
        assertThat(fetchInPage(two, "/games/" + game + "/guesses")).isEqualTo("HTTP 200");
        assertThat(f.send("GET", "/games/" + game + "/guesses?player=cy", null, f.as(game, "dee")).status()).isEqualTo(403);
        assertThat(f.get("/games/" + game + "/guesses").status()).as("no session").isEqualTo(401);
        assertThat(f.get("/games/" + game + "/guesses?player=cy").status()).as("no session").isEqualTo(401);
        assertThat(mine(two)).hasSize(1).as("eve's page lists eve's guess only");
    }

    /**
     * A page whose session expired (found by trying the app as a user): its next guess used to show
     * the raw 401 and, pressed again, to join as a new player who was still shown the old player's
     * guesses. Now the guess joins again and is sent, and the page lists the new player's guesses
     * only; after a reload of the quiet game, the page marks its own row on the board.
     */
    @Test
    void aGuessAfterTheSessionExpiredPlaysOnAsANewPlayerShownOnlyItsOwnGuesses() throws Exception {
        echomq.testkit.MovableClock clock = new echomq.testkit.MovableClock();
        try (AppFixture expiring = new AppFixture(AppFixture.onClock(clock).sessionTtl(Duration.ofHours(1)).build(),
                codemojex.app.http.RateLimiter.unlimited())) {
            String game = expiring.post("/rooms", Map.of("room", "expiring")).json().get("game").asText();
            List<String> secret = expiring.secret(game).emojis().map(e -> e.text()).toJavaList();
            List<String> first = List.of(secret.get(1), secret.get(0), secret.get(2), secret.get(3), secret.get(5), secret.get(4));
            List<String> second = List.of(secret.get(0), secret.get(1), secret.get(2), secret.get(3), secret.get(5), secret.get(4));
            one.get(expiring.server.url() + "/?game=" + game);
            waiting(one).until(d -> d.findElement(By.id("live")).getText().equals("live"));
            pickAndGuess(one, "ada", first);
            waiting(one).until(d -> d.findElements(By.cssSelector("#mine li")).size() == 1);

            clock.advance(Duration.ofMinutes(61)); // the session and the name's hold expire
            pickAndGuess(one, "ada", second);
            waiting(one).until(d -> d.findElements(By.cssSelector("#board li")).size() == 2); // two players named ada
            waiting(one).until(d -> d.findElements(By.cssSelector("#mine li")).size() == 1);
            assertThat(mine(one).get(0)).as("the new player's own guess only").endsWith(" = 560 / 600");
            assertThat(one.findElements(By.cssSelector("#board li.you"))).hasSize(1);
            assertThat(one.findElement(By.cssSelector("#board li.you")).getText()).startsWith("ada — 560");
            assertThat(one.findElement(By.cssSelector("#board li:not(.you)")).getText()).as("the old player, under the same name")
                    .startsWith("ada — 520");

            one.navigate().refresh(); // a quiet game: no event comes after the first
            waiting(one).until(d -> d.findElement(By.id("who")).getText().equals("Playing as ada."));
            waiting(one).until(d -> d.findElements(By.cssSelector("#board li.you")).size() == 1);
            assertThat(one.findElement(By.cssSelector("#board li.you")).getText()).startsWith("ada — 560");
            shot(one, "webpage-expired-session.png");
        }
    }

    /**
     * A guess sent while no answer can come says so in a player's words, not the browser's
     * ("Failed to fetch"), and keeps the emojis picked, so the same guess goes once the network is
     * back. Enter in the name field leaves it, so the number keys pick emojis again.
     */
    @Test
    void aGuessWithNoAnswerSaysSoAndStaysPickedAndEnterLeavesTheNameField() throws Exception {
        String game = open("offline");
        List<String> keyboard = f.app.useCases().games().game(game).keyboard().keys().map(e -> e.text()).toJavaList();
        one.get(f.server.url() + "/?game=" + game);
        waiting(one).until(d -> d.findElement(By.id("live")).getText().equals("live"));

        WebElement name = one.findElement(By.id("player"));
        name.clear();
        name.sendKeys("nina", org.openqa.selenium.Keys.ENTER);
        assertThat(one.switchTo().activeElement()).as("the focus after Enter in the name").isNotEqualTo(name);
        new org.openqa.selenium.interactions.Actions(one).sendKeys("123456").perform();
        assertThat(name.getAttribute("value")).isEqualTo("nina");
        assertThat(picked(one)).as("the keys pick once the name is left").isEqualTo(keyboard.subList(0, 6));

        org.openqa.selenium.chromium.HasNetworkConditions network = (org.openqa.selenium.chromium.HasNetworkConditions) one;
        org.openqa.selenium.chromium.ChromiumNetworkConditions offline = new org.openqa.selenium.chromium.ChromiumNetworkConditions();
        offline.setOffline(true);
        network.setNetworkConditions(offline);
        try {
            one.findElement(By.id("guess")).click();
            waiting(one).until(d -> d.findElement(By.id("message")).getText().startsWith("No answer from the server"));
            assertThat(one.findElement(By.id("message")).getText()).doesNotContain("Failed to fetch");
            assertThat(picked(one)).as("the guess stays picked, to be sent again").isEqualTo(keyboard.subList(0, 6));
            shot(one, "webpage-no-answer.png");
        } finally {
            network.deleteNetworkConditions();
        }
        one.findElement(By.id("guess")).click();
        waiting(one).until(d -> d.findElement(By.id("message")).getText().startsWith("Scored "));
        one.navigate().refresh(); // the player's guesses as the server has them
        waiting(one).until(d -> d.findElements(By.cssSelector("#mine li")).size() == 1);
        assertThat(mine(one)).as("the guess, scored once: the one sent offline never left").hasSize(1);
    }

    /**
     * A guess whose answer is lost after the server took it (the page's {@code fetch} made to fail once
     * the answer came) is sent again with the same {@code Idempotency-Key}: the server answers the
     * first answer again, and the guess is made once (#48).
     */
    @Test
    void aGuessWhoseAnswerIsLostIsSentAgainWithItsKeyAndMadeOnce() throws Exception {
        String game = open("lost-answer");
        List<String> keyboard = f.app.useCases().games().game(game).keyboard().keys().map(e -> e.text()).toJavaList();
        one.get(f.server.url() + "/?game=" + game);
        waiting(one).until(d -> d.findElement(By.id("live")).getText().equals("live"));
        ((JavascriptExecutor) one).executeScript("window.sent = []; const real = window.fetch; let lost = false;"
                + "window.fetch = async (path, init) => {"
                + "  if (!init || init.method !== 'POST' || !String(path).endsWith('/guesses')) return real(path, init);"
                + "  const res = await real(path, init);"
                + "  window.sent.push([init.headers['Idempotency-Key'] || '', res.status, res.headers.get('Idempotent-Replayed') || '']);"
                + "  if (!lost) { lost = true; throw new TypeError('Failed to fetch'); }"
                + "  return res; };");
        pickAndGuess(one, "lou", keyboard.subList(0, 6));
        waiting(one).until(d -> d.findElement(By.id("message")).getText().startsWith("Scored "));
        @SuppressWarnings("unchecked")
        List<List<Object>> sent = (List<List<Object>>) ((JavascriptExecutor) one).executeScript("return window.sent;");
        assertThat(sent).as("the guess and its retry").hasSize(2);
        assertThat(String.valueOf(sent.get(0).get(0))).matches("[0-9a-f]{32}").isEqualTo(String.valueOf(sent.get(1).get(0)));
        assertThat(sent.get(0).subList(1, 3)).as("the first, its answer lost").containsExactly(202L, "");
        assertThat(sent.get(1).subList(1, 3)).as("the retry, answered again").containsExactly(202L, "true");
        assertThat(f.channel(codemojex.projections.Channels.GUESSES).stream().filter(e -> e.field("game").contains(game)))
                .as("guesses made in the game").hasSize(1);
        assertThat(mine(one)).hasSize(1);
    }

    /** Each listed guess, newest first: its emojis with their status classes, and its total. */
    static List<String> mine(WebDriver d) {
        return d.findElements(By.cssSelector("#mine li")).stream().map(li -> String.join(" ", li.findElements(By.className("cell")).stream()
                .map(c -> c.getText() + ":" + c.getAttribute("class")).toList()) + " = " + li.findElement(By.className("total")).getText())
                .toList();
    }

    /**
     * The smaller items: Enter on a focused key does not add it again; a distance of 5 (0 points)
     * reads as a grey miss, not a red top mark; the feed names rooms, not game ids; {@code ❄}
     * without VS16 is the keyboard's {@code ❄️}; with no game, the board says so.
     */
    @Test
    void theSmallerItems() throws Exception {
        String game = open("small-items");
        for (int i = 0; i < 40 && !f.app.useCases().games().game(game).keyboard().keys().map(e -> e.text()).contains("\u2744\uFE0F"); i++) {
            game = open("small-items"); // a keyboard with the snowflake (12 of the 32 are drawn)
        }
        String g = game;
        List<String> keyboard = f.app.useCases().games().game(g).keyboard().keys().map(e -> e.text()).toJavaList();
        assertThat(keyboard).contains("\u2744\uFE0F");
        List<String> secret = f.secret(g).emojis().map(e -> e.text()).toJavaList();
        one.manage().window().setSize(new org.openqa.selenium.Dimension(1280, 1100));
        one.get(f.server.url() + "/");
        waiting(one).until(d -> !d.findElements(By.cssSelector("#lobby li")).isEmpty());
        assertThat(one.findElement(By.id("live")).getText()).isEqualTo("no game selected");
        one.get(f.server.url() + "/?game=" + g);
        waiting(one).until(d -> d.findElement(By.id("live")).getText().equals("live"));

        // Enter after picking a key: nothing picked again (it used to press the focused key once more); a
        // picked key is disabled until taken back (a guess is six distinct emojis), so Enter goes to the page
        WebElement key = one.findElement(By.cssSelector("#keyboard button[data-emoji='" + secret.get(5) + "']"));
        key.click();
        assertThat(key.isEnabled()).as("a picked key").isFalse();
        new org.openqa.selenium.interactions.Actions(one).sendKeys(org.openqa.selenium.Keys.ENTER).sendKeys(org.openqa.selenium.Keys.ENTER).perform();
        assertThat(picked(one)).containsExactly(secret.get(5));
        one.findElement(By.id("clear")).click();

        // distance 5 at both ends: 0 points each, read as the worst
        List<String> ends = List.of(secret.get(5), secret.get(1), secret.get(2), secret.get(3), secret.get(4), secret.get(0));
        pickAndGuess(one, "flo", ends);
        waiting(one).until(d -> d.findElement(By.id("message")).getText().startsWith("Scored 400"));
        WebElement far = one.findElements(By.cssSelector("#breakdown tbody tr")).get(0);
        List<WebElement> cells = far.findElements(By.tagName("td"));
        assertThat(cells.get(2).getText()).isEqualTo("miss (5 away)");
        assertThat(cells.get(3).getText()).isEqualTo("0");
        assertThat(cells.get(2).getCssValue("color")).isEqualTo("rgba(153, 153, 153, 1)");
        assertThat(one.findElements(By.cssSelector("#breakdown tbody tr")).get(1).findElements(By.tagName("td")).get(2).getText())
                .isEqualTo("exact");
        shot(one, "webpage-miss.png");

        // the feed names the room
        waiting(one).until(d -> d.findElements(By.cssSelector("#feed li")).stream().anyMatch(li -> li.getText().contains("flo scored 400")));
        WebElement item = one.findElements(By.cssSelector("#feed li")).stream().filter(li -> li.getText().contains("flo scored 400"))
                .findFirst().orElseThrow();
        assertThat(item.getText()).endsWith("flo scored 400 in small-items").doesNotContain("GAM");

        // ❄ without VS16, sent by the page's session: accepted, and it is the keyboard's ❄️
        List<String> others = keyboard.stream().filter(k -> !k.equals("\u2744\uFE0F")).limit(5).toList();
        String bare = "\u2744" + String.join("", others);
        Object answer = ((JavascriptExecutor) one).executeAsyncScript(
                "const done = arguments[arguments.length - 1];"
                        + "fetch('/games/' + arguments[0] + '/guesses', {method: 'POST', headers: {'Content-Type': 'application/json'},"
                        + " body: JSON.stringify({guess: arguments[1]})}).then(r => r.json().then(j => done(r.status + ' ' + j.guessId)),"
                        + " e => done('error ' + e));", g, bare);
        assertThat(String.valueOf(answer)).startsWith("202 ");
        assertThat(f.awaitScore(g, String.valueOf(answer).substring(4)).get("status").asText()).isEqualTo("scored");
        one.navigate().refresh();
        waiting(one).until(d -> d.findElements(By.cssSelector("#mine li")).size() == 2);
        assertThat(one.findElements(By.cssSelector("#mine li")).get(0).findElements(By.className("cell")).get(0).getText())
                .isEqualTo("\u2744\uFE0F");
        one.findElement(By.id("gameInfo")).click();
        shot(one, "webpage-small-items.png");
    }

    /** The emojis picked so far, from the slots. */
    static List<String> picked(WebDriver d) {
        return d.findElements(By.cssSelector("#slots span")).stream().map(WebElement::getText).filter(t -> !t.isEmpty()).toList();
    }
}
