package echomq.example;

import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.InvertibleFold;
import echomq.domain.fold.KeyedFolds;
import echomq.domain.id.BrandedId;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Bucket;
import echomq.domain.window.Buckets;
import echomq.domain.window.Series;
import echomq.domain.window.Window;
import echomq.engine.projection.ProjectionReader;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The service's API, over the starter's appender and caching reader. */
@RestController
@RequestMapping("/scores")
public class ScoresController {

    /** Where scores go: {@code emq:{example}:stream:scores}. */
    public static final StreamKey SCORES = StreamKey.of("example", "scores");

    /** Points per player, running: the reader adds what enters a sliding window and retracts what leaves it. */
    static final InvertibleFold<io.vavr.collection.Map<String, Long>> POINTS_BY_PLAYER = KeyedFolds.groupBy("player",
            e -> e.field("player"),
            InvertibleFold.of("points", 1, 0L, (n, e) -> n + points(e), Long::sum, (n, e) -> n - points(e)));

    /** Scores per bucket. */
    static final CombinableFold<Long> COUNT = CombinableFold.of("count", 1, 0L, (n, e) -> n + 1, Long::sum);

    private final StreamAppendPort appender;
    private final ProjectionReader reader;

    /**
     * Over the starter's beans.
     *
     * @param appender the appender (mints with {@code echomq.node-id})
     * @param reader   the caching reader
     */
    public ScoresController(StreamAppendPort appender, ProjectionReader reader) {
        this.appender = appender;
        this.reader = reader;
    }

    /**
     * A score to append.
     *
     * @param player who scored
     * @param points how many points
     */
    public record Score(String player, long points) {
    }

    /**
     * What an append answers.
     *
     * @param id the record's branded id
     */
    public record Appended(String id) {
    }

    /**
     * Appends a score.
     *
     * @param score the score
     * @return its id
     */
    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    public Appended append(@RequestBody Score score) {
        if (score.player() == null || score.player().isBlank() || score.points() < 0) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "a score needs a player and points >= 0");
        }
        BrandedId id = appender.append(SCORES, LinkedHashMap.of("player", score.player(), "points", String.valueOf(score.points())));
        return new Appended(id.toString());
    }

    /**
     * The points of each player over the last {@code minutes}, through the caching reader.
     *
     * @param minutes how far back, 1..1440
     * @return points by player
     */
    @GetMapping("/window")
    public Map<String, Long> window(@RequestParam(defaultValue = "60") int minutes) {
        Duration last = Duration.ofMinutes(requireIn("minutes", minutes, 1, 1440));
        return new TreeMap<>(reader.fold(SCORES, Window.last(last), POINTS_BY_PLAYER).toJavaMap());
    }

    /**
     * One bucket of a series.
     *
     * @param start  where the bucket starts (clipped to the range)
     * @param end    where it ends
     * @param scores the scores in it
     */
    public record Point(String start, String end, long scores) {
    }

    /**
     * The scores per bucket of {@code bucketSeconds} over the last {@code minutes}, empty buckets included.
     *
     * @param minutes       how far back, 1..1440
     * @param bucketSeconds the bucket, 1..3600 seconds
     * @return the buckets in time order
     */
    @GetMapping("/series")
    public List<Point> series(@RequestParam(defaultValue = "60") int minutes, @RequestParam(defaultValue = "60") int bucketSeconds) {
        Duration range = Duration.ofMinutes(requireIn("minutes", minutes, 1, 1440));
        Duration bucket = Duration.ofSeconds(requireIn("bucketSeconds", bucketSeconds, 1, 3600));
        Series<Long> series = reader.fold(SCORES, Buckets.tumbling(bucket).within(Window.last(range)), COUNT);
        return series.buckets().map((Bucket<Long> b) -> new Point(b.window().t0().toString(), b.window().t1().toString(), b.value()))
                .toJavaList();
    }

    private static int requireIn(String name, int value, int min, int max) {
        if (value < min || value > max) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, name + " must be " + min + ".." + max + ", got " + value);
        }
        return value;
    }

    private static long points(StreamEntry e) {
        Option<String> p = e.field("points");
        return p.map(Long::parseLong).getOrElse(0L);
    }
}
