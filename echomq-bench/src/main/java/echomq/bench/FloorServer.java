package echomq.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.Javalin;
import io.javalin.json.JavalinJackson;

import java.util.Map;

/**
 * The floor of case {@code http} (issue #47): a bare Javalin app, of the Javalin and Jackson the app
 * uses, answering {@code GET /health} with {@code {"status":"UP"}} and nothing else, run as an OS
 * process of its own as {@code serve} is, so that its CPU per request is accounted alike.
 * {@code FloorServer PORT}; prints {@code floor listening on PORT} once it serves.
 */
public final class FloorServer {

    private FloorServer() {
    }

    public static void main(String[] args) {
        int port = Integer.parseInt(args[0]);
        Map<String, String> up = Map.of("status", "UP");
        Javalin.create(config -> {
            config.jsonMapper(new JavalinJackson(new ObjectMapper(), false));
            config.startup.showJavalinBanner = false;
            config.routes.get("/health", ctx -> ctx.json(up));
        }).start("127.0.0.1", port);
        System.out.println("floor listening on " + port);
    }
}
