package codemojex.app;

import codemojex.app.cli.Simulation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code simulate --url} refuses what is not a server's URL, naming it, before any request is sent. */
class SimulationUrlTest {

    @ParameterizedTest
    @ValueSource(strings = {"notaurl", "127.0.0.1:8080", "ftp://127.0.0.1:8080", "http://[::1", "http:///rooms", "http://127.0.0.1:8080/?x=1",
            "http://127.0.0.1:8080/#top", "", " "})
    void aUrlThatNamesNoServerIsRefusedByName(String url) {
        assertThatThrownBy(() -> new Simulation(List.of("http://127.0.0.1:8080", url), new PrintStream(new ByteArrayOutputStream())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a server URL: " + url);
    }
}
