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
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The web page in a real headless Chromium (Debian's chromium and chromium-driver). */
class WebPageTest {

    static final String HOSTILE = "<img src=x onerror=__xss=1>"; // fits the 32-character name field

    static AppFixture f;
    static WebDriver browser;

    @BeforeAll
    static void start() throws Exception {
        File chromium = new File("/usr/bin/chromium");
        File driver = new File("/usr/bin/chromedriver");
        if (!chromium.canExecute() || !driver.canExecute()) {
            throw new IllegalStateException("the web page test needs Debian's chromium and chromium-driver: "
                    + "apt-get install chromium chromium-driver (.ci/run installs them)");
        }
        f = new AppFixture();
        Path profile = Files.createTempDirectory("codemojex-chromium-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--window-size=1280,900");
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(driver).usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
        if (f != null) {
            f.close();
        }
    }

    static WebDriverWait waiting() {
        // the page re-renders the board and feed every second: an element read mid-render is stale, so retry
        return (WebDriverWait) new WebDriverWait(browser, Duration.ofSeconds(15)).ignoring(StaleElementReferenceException.class);
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
    void openGuessSeeTheBoardAndFeedChangeWithNamesEscaped() {
        browser.get(f.server.url() + "/");
        browser.findElement(By.id("open")).click();
        waiting().until(d -> d.findElement(By.id("gameInfo")).getText().startsWith("Game GAM"));
        String game = browser.findElement(By.id("gameInfo")).getText().split(" ")[1];

        guess(HOSTILE);
        assertThat(browser.findElements(By.cssSelector("#breakdown tbody tr"))).hasSize(6);
        waiting().until(d -> d.findElements(By.cssSelector("#board li")).size() == 1);
        waiting().until(d -> d.findElement(By.cssSelector("#board li")).getText().startsWith(HOSTILE + " — "));
        waiting().until(d -> d.findElement(By.cssSelector("#feed li")).getText().contains(HOSTILE + " scored"));

        // the name stayed text: no element was made of it and its handler never ran
        assertThat(browser.findElements(By.cssSelector("#board img, #feed img, #message img"))).isEmpty();
        assertThat(((JavascriptExecutor) browser).executeScript("return window.__xss === undefined")).isEqualTo(true);

        // another player's guess shows up without a reload
        guess("bob");
        waiting().until(d -> d.findElements(By.cssSelector("#board li")).size() == 2);
        waiting().until(d -> d.findElement(By.id("feedTotals")).getText().startsWith("2 guesses by 2 players"));
        assertThat(f.get("/games/" + game + "/board").json().get("board")).hasSize(2);
    }
}
