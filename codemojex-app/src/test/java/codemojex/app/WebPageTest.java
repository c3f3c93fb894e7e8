package codemojex.app;

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
        // two-second chart buckets: the chart moves, pushed, while the test watches
        f = new AppFixture(Settings.builder().chartBucket(Duration.ofSeconds(2)).build(), codemojex.app.http.RateLimiter.unlimited());
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
        waiting().until(d -> !d.findElements(By.cssSelector("#chart rect")).isEmpty()); // guesses per minute, drawn

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
        String guess = f.app.play().game(g).keyboard().keys().take(6).mkString();
        int total = f.awaitScore(g, f.guessId(g, "chartist", guess)).get("total").asInt();
        assertThat(total).isBetween(0, 600);
        // the guess's bucket is drawn: read with the series when the feed changed, or pushed when it closed
        waiting(page).until(d -> !d.findElements(By.cssSelector("#chart rect")).isEmpty());
        // and beside its bars, the median total of each bucket as the series answers it (the guess's own total
        // when it is alone in its bucket; another test's guess of the same minute may share it)
        waiting(page).until(d -> {
            java.util.Set<String> drawn = new java.util.HashSet<>();
            d.findElements(By.cssSelector("#chart line.median")).forEach(m -> drawn.add(m.getAttribute("data-p50")));
            java.util.Set<String> answered = new java.util.HashSet<>();
            f.get("/feed/series").json().path("buckets").forEach(b -> {
                if (b.has("scores")) {
                    answered.add(b.path("scores").path("p50").asText());
                }
            });
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

    static WebElement newestBar(WebDriver d) {
        List<WebElement> bars = d.findElements(By.cssSelector("#chart rect"));
        return bars.get(bars.size() - 1);
    }

    static WebElement bar(WebDriver d, String from) {
        return d.findElement(By.cssSelector("#chart rect[data-from='" + from + "']"));
    }
}
