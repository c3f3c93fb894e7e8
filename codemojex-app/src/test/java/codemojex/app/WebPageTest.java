package codemojex.app;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The web page in a real headless Chromium (Debian's chromium and chromium-driver). */
class WebPageTest {

    static final String HOSTILE = "<img src=x onerror=__xss=1>"; // fits the 32-character name field

    static AppFixture f;
    static WebDriver browser;
    static WebDriver other;

    @BeforeAll
    static void start() throws Exception {
        File chromium = new File("/usr/bin/chromium");
        File driver = new File("/usr/bin/chromedriver");
        if (!chromium.canExecute() || !driver.canExecute()) {
            throw new IllegalStateException("the web page test needs Debian's chromium and chromium-driver: "
                    + "apt-get install chromium chromium-driver (.ci/run installs them)");
        }
        // two-second chart buckets: the chart moves, pushed, while the test watches; play sessions that close after
        // eight quiet seconds, pushed as the test watches (room enough for a loaded machine to read a session still open)
        f = new AppFixture(Settings.builder().chartBucket(Duration.ofSeconds(2)).sessionGap(Duration.ofSeconds(8)).build(),
                codemojex.app.http.RateLimiter.unlimited());
        browser = chromium(chromium, driver);
        other = chromium(chromium, driver);
    }

    /** A headless Chromium of its own (its own profile: another player's session). */
    static WebDriver chromium(File chromium, File driver) throws java.io.IOException {
        Path profile = Files.createTempDirectory("codemojex-chromium-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--window-size=1280,900");
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(driver).usingAnyFreePort().build();
        return new ChromeDriver(service, options);
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
        if (other != null) {
            other.quit();
        }
        if (f != null) {
            f.close();
        }
    }

    static WebDriverWait waiting() {
        return waiting(browser);
    }

    static WebDriverWait waiting(WebDriver d) {
        // the page re-renders the board and feed at every event: an element read mid-render is stale, so retry
        return (WebDriverWait) new WebDriverWait(d, Duration.ofSeconds(15)).ignoring(StaleElementReferenceException.class);
    }

    static void guess(String player) {
        WebElement name = browser.findElement(By.id("player"));
        name.clear();
        name.sendKeys(player);
        List<WebElement> keys = browser.findElements(By.cssSelector("#keyboard button"));
        assertThat(keys).hasSize(12);
        for (int i = 0; i < 6; i++) {
            keys.get(i).click();
        }
        browser.findElement(By.id("guess")).click();
        waiting().until(d -> d.findElement(By.id("message")).getText().startsWith("Scored"));
    }

    @Test
    void twoSessionsSeeEachOthersGuessesPushedWithNamesEscapedAndNothingPolled() throws Exception {
        browser.get(f.server.url() + "/");
        browser.findElement(By.id("open")).click();
        waiting().until(d -> d.findElement(By.id("gameInfo")).getText().startsWith("Game GAM"));
        String game = browser.findElement(By.id("gameInfo")).getText().split(" ")[1];
        // the other player finds the game in the lobby, pushed, and joins it with one click
        other.get(f.server.url() + "/");
        waiting(other).until(d -> !d.findElements(By.cssSelector("#lobby button[data-game='" + game + "']")).isEmpty());
        other.findElement(By.cssSelector("#lobby button[data-game='" + game + "']")).click();
        waiting(other).until(d -> d.findElement(By.id("live")).getText().equals("live"));
        assertThat(other.getCurrentUrl()).endsWith("?game=" + game);

        // a guess is six distinct emojis (#27): a picked key cannot be picked again, by click or shortcut, until taken back
        List<WebElement> firstKeys = browser.findElements(By.cssSelector("#keyboard button"));
        firstKeys.get(0).click();
        firstKeys.get(0).click();
        new org.openqa.selenium.interactions.Actions(browser).moveToElement(browser.findElement(By.tagName("h1"))).click()
                .sendKeys("1").perform();
        assertThat(browser.findElements(By.cssSelector("#slots span")).stream().filter(s -> !s.getText().isEmpty()).count())
                .isEqualTo(1);
        assertThat(firstKeys.get(0).isEnabled()).isFalse();
        assertThat(firstKeys.get(1).isEnabled()).isTrue();
        new org.openqa.selenium.interactions.Actions(browser).sendKeys(org.openqa.selenium.Keys.BACK_SPACE).perform();
        assertThat(firstKeys.get(0).isEnabled()).isTrue();
        assertThat(browser.findElements(By.cssSelector("#slots span")).stream().filter(s -> !s.getText().isEmpty()).count())
                .isZero();

        guess(HOSTILE);
        // the first guess joined the game: the name is the session's now, in an HTTP-only cookie the page cannot read
        assertThat(browser.findElement(By.id("who")).getText()).isEqualTo("Playing as " + HOSTILE + ".");
        assertThat(browser.findElement(By.id("player")).isEnabled()).isFalse();
        assertThat(((JavascriptExecutor) browser).executeScript("return document.cookie")).isEqualTo("");
        assertThat(browser.findElements(By.cssSelector("#breakdown tbody tr"))).hasSize(6);
        assertThat(browser.findElements(By.cssSelector("#mine li"))).hasSize(1);
        for (WebDriver d : List.of(browser, other)) {
            waiting(d).until(x -> x.findElements(By.cssSelector("#board li")).size() == 1);
            waiting(d).until(x -> x.findElement(By.cssSelector("#board li")).getText().startsWith(HOSTILE + " — "));
            waiting(d).until(x -> x.findElement(By.cssSelector("#feed li")).getText().contains(HOSTILE + " scored"));
            // the name stayed text: no element was made of it and its handler never ran
            assertThat(d.findElements(By.cssSelector("#board img, #feed img, #message img, #gameInfo img"))).isEmpty();
            assertThat(((JavascriptExecutor) d).executeScript("return window.__xss === undefined")).isEqualTo(true);
        }

        // the other session guesses: the first sees it on its board and in its feed, without a reload
        WebElement name = other.findElement(By.id("player"));
        name.clear();
        name.sendKeys(HOSTILE); // taken in this game by the first session: refused, and the picked guess is kept
        List<WebElement> keys = other.findElements(By.cssSelector("#keyboard button"));
        for (int i = 6; i < 12; i++) {
            keys.get(i).click();
        }
        other.findElement(By.id("guess")).click();
        waiting(other).until(d -> d.findElement(By.id("message")).getText().contains("choose another name"));
        name.clear();
        name.sendKeys("bob");
        other.findElement(By.id("guess")).click();
        waiting(other).until(d -> d.findElement(By.id("message")).getText().startsWith("Scored"));
        waiting().until(d -> d.findElements(By.cssSelector("#board li")).size() == 2);
        // bob came onto the board after the first event: marked new (or moved), in the first session's view
        waiting().until(d -> !d.findElements(By.cssSelector("#board li .move")).isEmpty());
        waiting().until(d -> d.findElement(By.id("feedTotals")).getText().startsWith("2 guesses by 2 players"));
        assertThat(browser.findElements(By.cssSelector("#mine li"))).as("only this session's guesses").hasSize(1);
        waiting().until(d -> !d.findElements(By.cssSelector("#chart rect.bar")).isEmpty()); // guesses per bucket, drawn

        // keyboard shortcuts: 1..6 pick, Enter guesses
        new org.openqa.selenium.interactions.Actions(browser).moveToElement(browser.findElement(By.tagName("h1"))).click()
                .sendKeys("123456").sendKeys(org.openqa.selenium.Keys.ENTER).perform();
        waiting().until(d -> d.findElements(By.cssSelector("#mine li")).size() == 2);
        waiting(other).until(d -> d.findElement(By.id("feedTotals")).getText().startsWith("3 guesses"));

        // nothing polled: the board and the feed were never asked for, each guess read a few times at most
        Map<String, Long> requests = new java.util.HashMap<>();
        f.manage("/health").json().path("requests").fields().forEachRemaining(e -> requests.put(e.getKey(), e.getValue().asLong()));
        assertThat(requests).doesNotContainKeys("GET /feed", "GET /games/{game}/board");
        assertThat(requests.getOrDefault("GET /games/{game}/guesses/{guessId}", 0L)).as("reads of the 3 guesses' results")
                .isBetween(3L, 12L);
        assertThat(f.manage("/health").json().path("eventStreams").asInt()).as("one stream a page, carrying its lobby, feed and game").isEqualTo(2);
        // the lobby lists the game with its two players and its best
        waiting().until(d -> d.findElement(By.cssSelector("#lobby li.current")).getText().contains("2 players"));

        Path shots = Path.of("target");
        Files.createDirectories(shots);
        Files.write(shots.resolve("webpage-player-one.png"), ((org.openqa.selenium.TakesScreenshot) browser)
                .getScreenshotAs(org.openqa.selenium.OutputType.BYTES));
        Files.write(shots.resolve("webpage-player-two.png"), ((org.openqa.selenium.TakesScreenshot) other)
                .getScreenshotAs(org.openqa.selenium.OutputType.BYTES));
    }

    /**
     * The activity chart is the feed's series: a guess's bucket is drawn, and as the buckets after
     * it close with no guess at all (two-second buckets) each is pushed and the chart moves left.
     */
    @Test
    void aGuessWithoutANameAsksForOneAndSendsNothing() {
        browser.get(f.server.url() + "/");
        browser.findElement(By.id("open")).click();
        waiting().until(d -> d.findElement(By.id("gameInfo")).getText().startsWith("Game GAM"));
        WebElement name = browser.findElement(By.id("player"));
        // the box starts empty, a hint in it: a name typed is the name, nothing pre-filled joins it
        assertThat(name.getAttribute("value")).isEmpty();
        assertThat(name.getAttribute("placeholder")).isNotBlank();
        long joinsBefore = requests("POST /games/{game}/players");
        List<WebElement> keys = browser.findElements(By.cssSelector("#keyboard button"));
        for (int i = 0; i < 6; i++) {
            keys.get(i).click();
        }
        name.sendKeys("   ");
        browser.findElement(By.id("guess")).click();
        waiting().until(d -> d.findElement(By.id("message")).getText().startsWith("Type your name"));
        assertThat(requests("POST /games/{game}/players")).as("no join sent").isEqualTo(joinsBefore);
        assertThat(browser.findElements(By.cssSelector("#slots span")).stream().filter(s -> !s.getText().isEmpty()).count())
                .as("the picked guess is kept").isEqualTo(6);
        assertThat(browser.switchTo().activeElement().getAttribute("id")).isEqualTo("player");
        name.clear();
        name.sendKeys("noname");
        browser.findElement(By.id("guess")).click();
        waiting().until(d -> d.findElement(By.id("message")).getText().startsWith("Scored"));
        assertThat(browser.findElement(By.id("who")).getText()).isEqualTo("Playing as noname.");
    }

    /** How many requests of {@code route} the app has served. */
    static long requests(String route) {
        return f.manage("/health").json().path("requests").path(route).asLong();
    }

    @Test
    void theChartMovesAsQuietBucketsClose() throws Exception {
        WebDriver page = other;
        page.get(f.server.url() + "/");
        String g = f.post("/rooms", Map.of("room", "chart")).json().get("game").asText();
        String guess = f.app.useCases().games().game(g).keyboard().keys().take(6).mkString();
        int total = f.awaitScore(g, f.guessId(g, "chartist", guess)).get("total").asInt();
        assertThat(total).isBetween(0, 600);
        // the guess's bucket is drawn: read with the series when the feed changed, or pushed when it closed
        waiting(page).until(d -> !d.findElements(By.cssSelector("#chart rect.bar")).isEmpty());
        // and beside its bars, the median total of each bucket as the series answers it (the guess's own total
        // when it is alone in its bucket; another test's guess of the same minute may share it)
        waiting(page).until(d -> {
            java.util.Set<String> drawn = new java.util.HashSet<>();
            d.findElements(By.cssSelector("#chart circle.median")).forEach(m -> drawn.add(m.getAttribute("data-p50")));
            java.util.Set<String> answered = new java.util.HashSet<>();
            JsonNode buckets = f.get("/feed/series").json().path("buckets");
            for (int i = Math.max(0, buckets.size() - 60); i < buckets.size(); i++) { // the page draws the newest sixty
                if (buckets.get(i).has("scores")) {
                    answered.add(buckets.get(i).path("scores").path("p50").asText());
                }
            }
            return !drawn.isEmpty() && drawn.equals(answered);
        });
        WebElement chart = page.findElement(By.id("chart"));
        String lastBefore = chart.getAttribute("data-last");
        // the chart is drawn again at every bucket: both read from one drawing, again if it was replaced meanwhile
        String[] newest = waiting(page).until(d -> {
            WebElement bar = newestBar(d);
            return new String[] {bar.getAttribute("data-from"), bar.getAttribute("x")};
        });
        String barFrom = newest[0];
        double xBefore = Double.parseDouble(newest[1]);
        Path shots = Path.of("target");
        Files.createDirectories(shots);
        Files.write(shots.resolve("webpage-chart-before.png"), ((org.openqa.selenium.TakesScreenshot) page)
                .getScreenshotAs(org.openqa.selenium.OutputType.BYTES));
        // no guess from here on: quiet buckets close, each pushed, and the bar moves left without a reload
        waiting(page).until(d -> !lastBefore.equals(d.findElement(By.id("chart")).getAttribute("data-last")));
        waiting(page).until(d -> Double.parseDouble(bar(d, barFrom).getAttribute("x")) <= xBefore - 10);
        assertThat(bar(page, barFrom).getAttribute("height")).as("the same bar, its height kept").isNotEqualTo("0");
        assertThat(Instant.parse(page.findElement(By.id("chart")).getAttribute("data-last")))
                .isAfter(Instant.parse(barFrom));
        assertThat(page.findElement(By.id("chart")).getAttribute("data-buckets")).isEqualTo("60");
        Files.write(shots.resolve("webpage-chart-moved.png"), ((org.openqa.selenium.TakesScreenshot) page)
                .getScreenshotAs(org.openqa.selenium.OutputType.BYTES));
        Map<String, Long> requests = new java.util.HashMap<>();
        f.manage("/health").json().path("requests").fields().forEachRemaining(e -> requests.put(e.getKey(), e.getValue().asLong()));
        assertThat(requests.getOrDefault("GET /feed/series", 0L)).as("the series read at each connection and feed change, not polled")
                .isLessThan(20L);
    }

    /** A zone that is not the machine's (CI runs in UTC), with a 45-minute offset: labels in UTC would not pass for it. */
    static final java.time.ZoneId VIEWER = java.time.ZoneId.of("Asia/Kathmandu");

    /**
     * The page shows what the app knows (#55): a player plays a little, and the chart has a time axis
     * labelled in the viewer's zone, a count axis and a score axis whose ticks place the bars and the
     * marks, a legend naming each kind of mark, each bucket with scored guesses drawn with its median
     * and a whisker to its p90 as {@code GET /feed/series} answers them, quiet buckets marked, and a
     * hidden table of the same numbers; the player's play session is listed while it is open and
     * closed by the pushed {@code session} event. A bucket closing moves nothing on the page. The
     * screenshot shows the marks.
     */
    @Test
    void theChartHasAxesALegendAndScoresAndThePlayerSeesTheirSessions() throws Exception {
        WebDriver page = browser;
        org.openqa.selenium.chrome.ChromeDriver chrome = (org.openqa.selenium.chrome.ChromeDriver) page;
        chrome.executeCdpCommand("Emulation.setTimezoneOverride", Map.of("timezoneId", VIEWER.getId()));
        page.manage().window().setSize(new org.openqa.selenium.Dimension(1280, 1500));
        try {
            String game = f.post("/rooms", Map.of("room", "sessions")).json().get("game").asText();
            List<String> secret = f.secret(game).emojis().map(e -> e.text()).toJavaList();
            page.get(f.server.url() + "/?game=" + game);
            waiting(page).until(d -> d.findElement(By.id("live")).getText().equals("live"));
            assertThat(page.findElement(By.id("sessions")).isDisplayed()).as("no player yet: no sessions shown").isFalse();

            // the legend names every kind of mark, with the chart's own colours
            assertThat(page.findElements(By.cssSelector("#chartLegend li")).stream().map(WebElement::getText).toList())
                    .containsExactly("scored guesses (left axis)", "median score (right axis)", "up to the p90 score",
                            "quiet (no scored guess)", "still open");
            assertThat(page.findElement(By.cssSelector("#chartLegend .bar")).getCssValue("fill")).isEqualTo("rgb(92, 107, 192)");
            assertThat(page.findElement(By.cssSelector("#chartLegend .median")).getCssValue("fill")).isEqualTo("rgb(239, 108, 0)");

            // play a little: join with the first guess (520), then a better one (560)
            List<String> first = List.of(secret.get(1), secret.get(0), secret.get(2), secret.get(3), secret.get(5), secret.get(4));
            List<String> second = List.of(secret.get(0), secret.get(1), secret.get(2), secret.get(3), secret.get(5), secret.get(4));
            WebPagePlayTest.pickAndGuess(page, "sia", first);
            waiting(page).until(d -> d.findElements(By.cssSelector("#mine li")).size() == 1);
            WebPagePlayTest.pickAndGuess(page, "sia", second);
            waiting(page).until(d -> d.findElements(By.cssSelector("#mine li")).size() == 2);

            // the session, open, as the guesses came (read with the route's default gap until the server says its own)
            waiting(page).until(d -> sessionRows(d).equals(List.of(List.of("open", "2", "560"))));
            @SuppressWarnings("unchecked")
            List<String> row = (List<String>) ((JavascriptExecutor) page).executeScript("const tr = document.querySelector('#sessionsTable tbody tr');"
                    + "return [tr.dataset.from, tr.cells[0].textContent, tr.cells[1].textContent];");
            Instant from = Instant.parse(row.get(0));
            assertThat(List.of(clock(from, "HH:mm:ss"), clock(from, "hh:mm:ss"))).as("its start, in the viewer's zone: " + row.get(1))
                    .anyMatch(row.get(1)::contains);
            assertThat(row.get(2)).startsWith("playing");

            // the chart: the bucket of the first guess, drawn as the series answers it (its count, median and p90)
            JsonNode firstBucket = waiting(page).until(d -> {
                for (JsonNode b : f.get("/feed/series").json().path("buckets")) {
                    String at = b.get("from").asText();
                    if (!Instant.parse(at).isAfter(from) && !Instant.parse(b.get("to").asText()).isBefore(from) && b.has("scores")
                            && !d.findElements(By.cssSelector("#chart rect.bar[data-from='" + at + "'][data-entries='" + b.get("entries").asText()
                            + "']")).isEmpty() && !d.findElements(By.cssSelector("#chart circle.median[data-from='" + at + "'][data-p50='"
                            + b.path("scores").path("p50").asText() + "'][data-p90='" + b.path("scores").path("p90").asText() + "']")).isEmpty()) {
                        return b;
                    }
                }
                return null;
            });
            assertThat(firstBucket.path("scores").path("p90").asInt()).isGreaterThanOrEqualTo(firstBucket.path("scores").path("p50").asInt());
            // another player's two guesses at once, so that a bucket holds two totals, its p90 above its median (sent again
            // in the rare case the two fell on each side of a bucket's end)
            JsonNode spread = null;
            for (int attempt = 0; spread == null; attempt++) {
                assertThat(attempt).as("tries for two totals in one bucket").isLessThan(8); // a loaded worker may score the two across a 2 s bucket's end
                Instant sent = Instant.now().minusMillis(1);
                String a = f.guessId(game, "tom", String.join("", first));
                String b = f.guessId(game, "tom", String.join("", second));
                f.awaitScore(game, a);
                f.awaitScore(game, b);
                for (JsonNode x : f.get("/feed/series").json().path("buckets")) {
                    if (!Instant.parse(x.get("to").asText()).isBefore(sent)
                            && x.path("scores").path("p90").asInt() > x.path("scores").path("p50").asInt(Integer.MAX_VALUE)) {
                        spread = x;
                    }
                }
            }
            String spreadFrom = spread.get("from").asText();
            JsonNode bucket = waiting(page).until(d -> {
                for (JsonNode b : f.get("/feed/series").json().path("buckets")) {
                    String at = b.get("from").asText();
                    if (at.equals(spreadFrom) && !d.findElements(By.cssSelector("#chart rect.bar[data-from='" + at + "'][data-entries='"
                            + b.get("entries").asText() + "']")).isEmpty() && !d.findElements(By.cssSelector("#chart circle.median[data-from='"
                            + at + "'][data-p50='" + b.path("scores").path("p50").asText() + "'][data-p90='" + b.path("scores").path("p90").asText()
                            + "']")).isEmpty()) {
                        return b;
                    }
                }
                return null;
            });
            String bucketFrom = spreadFrom;
            int p50 = bucket.path("scores").path("p50").asInt();
            int p90 = bucket.path("scores").path("p90").asInt();
            assertThat(p90).isGreaterThan(p50);
            // the chart is drawn again at every bucket (every two seconds here): each check reads one drawing
            org.w3c.dom.Element chart = chartNow(page);
            Map<String, Double> counts = ticks(chart, "count");
            Map<String, Double> scores = ticks(chart, "score");
            assertThat(scores.keySet()).containsExactly("0", "200", "400", "600");
            assertThat(counts).hasSize(4).containsKey("0");
            List<Integer> countValues = counts.keySet().stream().map(Integer::valueOf).toList();
            int step = countValues.get(1);
            assertThat(countValues).as("the count axis: four whole steps").containsExactly(0, step, 2 * step, 3 * step);
            assertThat(List.copyOf(counts.values())).as("both value axes share their grid lines").isEqualTo(List.copyOf(scores.values()));
            double y0 = scores.get("0");
            double span = y0 - scores.get("600");
            assertThat(span).isGreaterThan(100);
            // the bar stands on the count axis; the median and the p90 sit on the score axis
            org.w3c.dom.Element bar = mark(chart, "rect", bucketFrom, "bar");
            int entries = Integer.parseInt(bar.getAttribute("data-entries"));
            assertThat(entries).isEqualTo(bucket.get("entries").asInt()).isLessThanOrEqualTo(3 * step);
            assertThat(number(bar, "y") + number(bar, "height")).isCloseTo(y0, within(0.2));
            assertThat(number(bar, "height")).isCloseTo(span * entries / (3.0 * step), within(1.0));
            org.w3c.dom.Element median = mark(chart, "circle", bucketFrom, "median");
            assertThat(median.getAttribute("data-p90")).isEqualTo(String.valueOf(p90));
            assertThat(number(median, "cy")).isCloseTo(y0 - span * p50 / 600.0, within(0.2));
            List<org.w3c.dom.Element> whisker = marks(chart, "line", "p90").stream().filter(l -> l.getAttribute("data-from").equals(bucketFrom)).toList();
            assertThat(whisker).hasSize(2); // the whisker and its cap, at the p90
            assertThat(number(whisker.get(0), "y1")).isCloseTo(y0 - span * p50 / 600.0, within(0.2));
            assertThat(whisker).allSatisfy(l -> assertThat(number(l, "y2")).isCloseTo(y0 - span * p90 / 600.0, within(0.2)));
            assertThat(number(median, "cx")).as("the marks over their bar").isBetween(number(bar, "x"), number(bar, "x") + number(bar, "width"));
            // quiet buckets are drawn as such, each one the series answers with no guess
            List<org.w3c.dom.Element> quiet = marks(chart, "rect", "quiet");
            assertThat(quiet).isNotEmpty();
            Map<String, Integer> answered = new java.util.HashMap<>();
            f.get("/feed/series").json().path("buckets").forEach(b -> answered.put(b.get("from").asText(), b.get("entries").asInt()));
            assertThat(quiet).allSatisfy(q -> assertThat(answered.get(q.getAttribute("data-from"))).isEqualTo(0));
            // the time axis: bucket starts in the viewer's zone, left to right
            List<org.w3c.dom.Element> times = texts(marks(chart, "g", "axis", "time").get(0));
            assertThat(times).hasSizeGreaterThanOrEqualTo(2);
            double lastX = -1;
            for (org.w3c.dom.Element t : times) {
                Instant at = Instant.parse(t.getAttribute("data-from"));
                // a label a minute or more from the next is a whole minute's, written without its seconds (02:12 PM)
                List<String> forms = at.getEpochSecond() % 60 == 0 && at.getNano() == 0
                        ? List.of(clock(at, "HH:mm:ss"), clock(at, "hh:mm:ss"), clock(at, "HH:mm"), clock(at, "hh:mm"))
                        : List.of(clock(at, "HH:mm:ss"), clock(at, "hh:mm:ss"));
                assertThat(forms).as(t.getTextContent()).anyMatch(t.getTextContent()::contains);
                assertThat(number(t, "x")).isGreaterThan(lastX);
                lastX = number(t, "x");
            }
            // the text alternative: the chart's label and a hidden table of the same numbers
            assertThat(chart.getAttribute("role")).isEqualTo("img");
            assertThat(chart.getAttribute("aria-label")).startsWith("Scored guesses per 2-second bucket from ")
                    .contains("median score and its p90");
            String when = clock(Instant.parse(bucketFrom), "HH:mm:ss");
            String when12 = clock(Instant.parse(bucketFrom), "hh:mm:ss");
            @SuppressWarnings("unchecked")
            List<List<String>> table = (List<List<String>>) ((JavascriptExecutor) page).executeScript(
                    "return Array.from(document.querySelectorAll('#chartTable tbody tr')).map(tr => Array.from(tr.cells).map(c => c.textContent));");
            assertThat(table).anySatisfy(cells -> {
                assertThat(List.of(when, when12)).anyMatch(cells.get(0)::contains);
                assertThat(cells.subList(1, 5)).containsExactly(bucket.get("entries").asText(), bucket.get("players").asText(),
                        String.valueOf(p50), String.valueOf(p90));
            });

            // a bucket closes: the chart is drawn again, and nothing on the page moves
            org.openqa.selenium.Rectangle chartBox = page.findElement(By.id("chart")).getRect();
            org.openqa.selenium.Rectangle legendBox = page.findElement(By.id("chartLegend")).getRect();
            org.openqa.selenium.Rectangle feedBox = page.findElement(By.id("feed")).getRect();
            String last = page.findElement(By.id("chart")).getAttribute("data-last");
            waiting(page).until(d -> !last.equals(d.findElement(By.id("chart")).getAttribute("data-last")));
            assertThat(page.findElement(By.id("chart")).getRect()).isEqualTo(chartBox);
            assertThat(page.findElement(By.id("chartLegend")).getRect()).isEqualTo(legendBox);
            assertThat(page.findElement(By.id("feed")).getRect()).isEqualTo(feedBox);

            // eight quiet seconds: the session closes, pushed; the page lists its player's sessions as the route answers them with the
            // server's gap (tom's are not listed)
            waiting(page).until(d -> !sessionRows(d).isEmpty() && sessionRows(d).stream().allMatch(r -> r.get(0).equals("closed")));
            List<List<String>> routed = new java.util.ArrayList<>();
            JsonNode all = f.get("/games/" + game + "/sessions?gap=8s").json().path("sessions");
            for (int i = all.size() - 1; i >= 0; i--) {
                if (!all.get(i).get("player").asText().equals("sia")) {
                    continue; // tom's: not this page's player
                }
                routed.add(List.of(all.get(i).get("open").asBoolean() ? "open" : "closed", all.get(i).get("guesses").asText(),
                        all.get(i).get("best").asText()));
            }
            assertThat(sessionRows(page)).isEqualTo(routed);
            assertThat(routed.stream().mapToInt(r -> Integer.parseInt(r.get(1))).sum()).isEqualTo(2);
            assertThat(page.findElement(By.id("sessionsGap")).getText()).contains("after 8s with no guess");

            assertThat(((JavascriptExecutor) page).executeScript("return document.documentElement.scrollWidth <= document.documentElement.clientWidth"))
                    .as("nothing wider than the window (a hidden table once was)").isEqualTo(true);
            byte[] shot = ((org.openqa.selenium.TakesScreenshot) page).getScreenshotAs(org.openqa.selenium.OutputType.BYTES);
            Path shots = Path.of("target");
            Files.createDirectories(shots);
            Path file = shots.resolve("webpage-chart-sessions.png");
            Files.write(file, shot);
            byte[] chartShot = page.findElement(By.cssSelector(".chartbox")).getScreenshotAs(org.openqa.selenium.OutputType.BYTES);
            Files.write(shots.resolve("webpage-chart-axes.png"), chartShot);
            java.awt.image.BufferedImage whole = javax.imageio.ImageIO.read(file.toFile());
            assertThat(whole.getWidth()).isGreaterThan(1000);
            assertThat(colours(whole)).as("a page, not a blank").isGreaterThan(200);
            java.awt.image.BufferedImage drawn = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(
                    page.findElement(By.id("chart")).getScreenshotAs(org.openqa.selenium.OutputType.BYTES))); // the SVG alone, not its legend
            assertThat(pixelsNear(drawn, 0x5c6bc0)).as("bars in the chart's picture").isGreaterThan(4);
            assertThat(pixelsNear(drawn, 0xef6c00)).as("median and p90 marks in the chart's picture").isGreaterThan(4);
            java.awt.image.BufferedImage legend = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(
                    page.findElement(By.id("chartLegend")).getScreenshotAs(org.openqa.selenium.OutputType.BYTES)));
            assertThat(pixelsNear(legend, 0x5c6bc0)).as("the legend's bar swatch in its picture").isGreaterThan(4);
            assertThat(pixelsNear(legend, 0xef6c00)).as("the legend's median and p90 swatches in its picture").isGreaterThan(4);
            java.awt.image.BufferedImage listed = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(
                    page.findElement(By.id("sessions")).getScreenshotAs(org.openqa.selenium.OutputType.BYTES)));
            assertThat(listed.getHeight()).as("the sessions, shown").isGreaterThan(40);
            assertThat(colours(listed)).as("the sessions' picture: text, not a blank").isGreaterThan(8);
            assertThat(overlaps(page)).as("the chart's labels: apart, and inside it").isEmpty();

            // a phone's width: the chart is drawn again in its own pixels, its labels still apart, nothing wider than the window
            page.manage().window().setSize(new org.openqa.selenium.Dimension(400, 1500));
            waiting(page).until(d -> ((JavascriptExecutor) d).executeScript("const c = document.getElementById('chart');"
                    + "return c.getAttribute('viewBox') === '0 0 ' + Math.round(c.getBoundingClientRect().width) + ' ' + Math.round(c.getBoundingClientRect().height)"
                    + " && c.getBoundingClientRect().width < 400;").equals(true));
            assertThat(overlaps(page)).as("the chart's labels at a phone's width").isEmpty();
            assertThat(marks(chartNow(page), "g", "axis", "time").stream().flatMap(t -> texts(t).stream())).as("a time label or more").isNotEmpty();
            assertThat(((JavascriptExecutor) page).executeScript("return document.documentElement.scrollWidth <= document.documentElement.clientWidth"))
                    .as("nothing wider than a phone's window").isEqualTo(true);
            Files.write(shots.resolve("webpage-chart-narrow.png"),
                    page.findElement(By.cssSelector(".chartbox")).getScreenshotAs(org.openqa.selenium.OutputType.BYTES));
        } finally {
            chrome.executeCdpCommand("Emulation.setTimezoneOverride", Map.of("timezoneId", ""));
            page.manage().window().setSize(new org.openqa.selenium.Dimension(1280, 900));
        }
    }

    /** {@code at} in the viewer's zone, as {@code pattern}. */
    static String clock(Instant at, String pattern) {
        return java.time.format.DateTimeFormatter.ofPattern(pattern).format(at.atZone(VIEWER));
    }

    /** The chart as drawn at one instant (it is drawn again at every bucket), parsed: read element by element, it goes stale. */
    static org.w3c.dom.Element chartNow(WebDriver d) throws Exception {
        String xml = (String) ((JavascriptExecutor) d).executeScript("return new XMLSerializer().serializeToString(document.getElementById('chart'));");
        return javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new org.xml.sax.InputSource(new java.io.StringReader(xml))).getDocumentElement();
    }

    /** The {@code tag} elements under {@code root} whose class names hold all of {@code classes}. */
    static List<org.w3c.dom.Element> marks(org.w3c.dom.Element root, String tag, String... classes) {
        org.w3c.dom.NodeList all = root.getElementsByTagName(tag);
        List<org.w3c.dom.Element> found = new java.util.ArrayList<>();
        for (int i = 0; i < all.getLength(); i++) {
            org.w3c.dom.Element e = (org.w3c.dom.Element) all.item(i);
            if (List.of(e.getAttribute("class").split(" ")).containsAll(List.of(classes))) {
                found.add(e);
            }
        }
        return found;
    }

    /** The one {@code tag} of {@code classes} drawn for the bucket from {@code from}. */
    static org.w3c.dom.Element mark(org.w3c.dom.Element root, String tag, String from, String... classes) {
        List<org.w3c.dom.Element> found = marks(root, tag, classes).stream().filter(e -> e.getAttribute("data-from").equals(from)).toList();
        assertThat(found).as(tag + " " + List.of(classes) + " of the bucket from " + from).hasSize(1);
        return found.get(0);
    }

    /** The labels of an axis: its {@code text} elements that carry data. */
    static List<org.w3c.dom.Element> texts(org.w3c.dom.Element axis) {
        return marks(axis, "text").stream().filter(t -> t.hasAttribute("data-value") || t.hasAttribute("data-from")).toList();
    }

    static double number(org.w3c.dom.Element e, String attribute) {
        return Double.parseDouble(e.getAttribute(attribute));
    }

    /** A value axis' tick labels, bottom up, each with its height in the chart. */
    static Map<String, Double> ticks(org.w3c.dom.Element chart, String axis) {
        Map<String, Double> ticks = new java.util.LinkedHashMap<>();
        texts(marks(chart, "g", "axis", axis).get(0)).forEach(t -> ticks.put(t.getTextContent(), number(t, "y")));
        return ticks;
    }

    /** The sessions listed, newest first: open or closed, guesses, best (in one read: the list is drawn again at each change). */
    @SuppressWarnings("unchecked")
    static List<List<String>> sessionRows(WebDriver d) {
        return (List<List<String>>) ((JavascriptExecutor) d).executeScript("return Array.from(document.querySelectorAll('#sessionsTable tbody tr'))"
                + ".map(tr => [tr.className, tr.cells[2].textContent, tr.cells[3].textContent]);");
    }

    /**
     * The chart's labels that overlap one another or stick out of the chart, as "a / b" (in one script: the chart is
     * drawn again at every bucket).
     */
    @SuppressWarnings("unchecked")
    static List<String> overlaps(WebDriver d) {
        return (List<String>) ((JavascriptExecutor) d).executeScript("const c = document.getElementById('chart'), o = c.getBoundingClientRect();"
                + "const ts = Array.from(c.querySelectorAll('text')).filter(t => t.getBoundingClientRect().width > 0);"
                + "const bad = [];"
                + "ts.forEach((t, i) => { const a = t.getBoundingClientRect();"
                + "  if (a.left < o.left - 0.5 || a.right > o.right + 0.5 || a.top < o.top - 0.5 || a.bottom > o.bottom + 0.5) bad.push(t.textContent + ' / the edge of the chart');"
                + "  ts.slice(i + 1).forEach(u => { const b = u.getBoundingClientRect();"
                + "    if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) bad.push(t.textContent + ' / ' + u.textContent); }); });"
                + "return bad;");
    }

    /** How many distinct colours {@code image} holds. */
    static int colours(java.awt.image.BufferedImage image) {
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 2) {
            for (int x = 0; x < image.getWidth(); x += 2) {
                seen.add(image.getRGB(x, y) & 0xffffff);
            }
        }
        return seen.size();
    }

    /** How many pixels of {@code image} are within a small distance of the colour {@code rgb}. */
    static int pixelsNear(java.awt.image.BufferedImage image, int rgb) {
        int n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int p = image.getRGB(x, y);
                int dr = ((p >> 16) & 0xff) - ((rgb >> 16) & 0xff);
                int dg = ((p >> 8) & 0xff) - ((rgb >> 8) & 0xff);
                int db = (p & 0xff) - (rgb & 0xff);
                if (dr * dr + dg * dg + db * db < 24 * 24) {
                    n++;
                }
            }
        }
        return n;
    }

    static WebElement newestBar(WebDriver d) {
        List<WebElement> bars = d.findElements(By.cssSelector("#chart rect.bar"));
        return bars.get(bars.size() - 1);
    }

    static WebElement bar(WebDriver d, String from) {
        return d.findElement(By.cssSelector("#chart rect.bar[data-from='" + from + "']"));
    }
}
