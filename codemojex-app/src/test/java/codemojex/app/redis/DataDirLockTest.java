package codemojex.app.redis;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** One holder of a data directory at a time, in this process and across processes; close, or the end of the holder, lets go. */
class DataDirLockTest {

    /** A second process that takes the lock of the directory it is given: says {@code held} and holds it until its stdin ends, or says why not. */
    static final class Holder {
        public static void main(String[] args) throws IOException {
            try (DataDirLock lock = DataDirectory.at(Path.of(args[0])).own()) {
                System.out.println("held");
                System.out.flush();
                while (System.in.read() >= 0) {
                    // hold until the test closes our stdin (or kills us)
                }
            } catch (DataDirectory.InUse e) {
                System.out.println("refused: " + e.getMessage());
                System.exit(3);
            }
        }
    }

    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void killWhatIsLeft() {
        started.forEach(Process::destroyForcibly);
    }

    private Process holder(Path dir) throws IOException {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Holder.class.getName(), dir.toString())
                .redirectErrorStream(true).start();
        started.add(p);
        return p;
    }

    /** The first line the holder says that is not a log line. */
    private static String says(Process p) throws IOException {
        BufferedReader out = p.inputReader();
        for (String line = out.readLine(); line != null; line = out.readLine()) {
            if (line.startsWith("held") || line.startsWith("refused")) {
                return line;
            }
        }
        return "(ended without a word)";
    }

    @Test
    void aSecondProcessIsRefusedWhileThisOneHoldsAndGetsItOnceThisOneLetsGo(@TempDir Path dir) throws Exception {
        DataDirectory data = DataDirectory.at(dir);
        DataDirLock lock = data.own();
        assertThat(lock.held()).isTrue();

        Process refused = holder(dir);
        assertThat(says(refused)).startsWith("refused: data directory " + data.path()).contains("in use by another Codemojex process");
        assertThat(refused.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(refused.exitValue()).isEqualTo(3);

        lock.close();
        assertThat(lock.held()).isFalse();
        Process second = holder(dir);
        assertThat(says(second)).isEqualTo("held");
        assertThatThrownBy(data::own).isInstanceOf(DataDirectory.InUse.class).hasMessageContaining(data.path().toString());

        second.getOutputStream().close(); // it lets go cleanly
        assertThat(second.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(second.exitValue()).isZero();
        try (DataDirLock again = data.own()) {
            assertThat(again.held()).isTrue();
        }
    }

    @Test
    void aKilledHolderLetsGoToo(@TempDir Path dir) throws Exception {
        DataDirectory data = DataDirectory.at(dir);
        Process holder = holder(dir);
        assertThat(says(holder)).isEqualTo("held");
        assertThatThrownBy(data::own).isInstanceOf(DataDirectory.InUse.class);
        holder.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        try (DataDirLock lock = data.own()) {
            assertThat(lock.held()).isTrue();
        }
    }

    @Test
    void aSecondHolderInThisProcessIsRefusedAndClosingTwiceIsHarmless(@TempDir Path dir) {
        DataDirectory data = DataDirectory.at(dir);
        DataDirLock lock = data.own();
        assertThatThrownBy(data::own).isInstanceOf(DataDirectory.InUse.class)
                .hasMessage("data directory " + data.path() + " is in use by another Codemojex process: stop it first, or pass --data DIR "
                        + "for another directory");
        assertThat(lock.held()).isTrue(); // the refusal took nothing from the holder
        lock.close();
        lock.close();
        try (DataDirLock next = data.own()) {
            assertThat(next.held()).isTrue();
        }
    }
}
