package echomq.example;

import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.KeyedFolds;
import echomq.domain.id.BrandedId;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Bucket;
import echomq.domain.window.Buckets;
import echomq.domain.window.Series;
import echomq.domain.window.Window;
import echomq.engine.projection.ProjectionReader;
import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Map;
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

/**
 * The service's API, over the starter's appender and caching reader: views go to one stream, and
 * every answer is a fold of a window of it, recomputed only where something was appended.
 */
@RestController
@RequestMapping("/views")
public class PageViewsController {

    /** Where views go: {@code emq:{shop}:stream:page-views}. */
    public static final StreamKey VIEWS = StreamKey.of("shop", "page-views");

    /** Views in a bucket: combinable, so the reader folds a bucket in the past once. */
    static final CombinableFold<Long> COUNT = CombinableFold.of("views", 1, 0L, (n, e) -> n + 1, Long::sum);

    /** Views per page in a bucket: a count per key. */
    static final CombinableFold<Map<String, Long>> VIEWS_BY_PAGE = KeyedFolds.groupBy("page", e -> e.field("page"), COUNT);

    /** The longest page path kept. */
    static final int MAX_PAGE = 200;

    private final StreamAppendPort appender;
    private final ProjectionReader reader;

    /**
     * Over the starter's beans.
     *
     * @param appender the appender (mints with {@code echomq.node-id})
     * @param reader   the caching reader
     */
    public PageViewsController(StreamAppendPort appender, ProjectionReader reader) {
        this.appender = appender;
        this.reader = reader;
    }

    /**
     * A view to record.
     *
     * @param page the page's path, {@code /…}, at most 200 characters, no control characters
     */
    public record View(String page) {
    }

    /**
     * What a record answers.
     *
     * @param id the view's branded id
     */
    public record Recorded(String id) {
    }

    /**
     * Records a view.
     *
     * @param view the view
     * @return its id
     */
    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    public Recorded record(@RequestBody View view) {
        String page = view == null ? null : view.page();
        if (page == null || !page.startsWith("/") || page.length() > MAX_PAGE || page.chars().anyMatch(Character::isISOControl)) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST,
                    "a view needs a page: a path starting with /, at most " + MAX_PAGE + " characters, no control characters");
        }
        BrandedId id = appender.append(VIEWS, LinkedHashMap.of("page", page));
        return new Recorded(id.toString());
    }

    /**
     * One minute of the last hour.
     *
     * @param start where it starts (the first is clipped to the hour)
     * @param end   where it ends
     * @param views the views in it
     */
    public record Minute(String start, String end, long views) {
    }

    /**
     * The last hour's views per minute, quiet minutes as 0, oldest first.
     *
     * @return 61 minutes (the first and the last clipped to the hour), or 60 when the hour starts on a minute
     */
    @GetMapping("/per-minute")
    public List<Minute> perMinute() {
        Series<Long> series = reader.fold(VIEWS, Buckets.tumbling(Duration.ofMinutes(1)).within(Window.last(Duration.ofHours(1))), COUNT);
        return series.buckets().map((Bucket<Long> b) -> new Minute(b.window().t0().toString(), b.window().t1().toString(), b.value()))
                .toJavaList();
    }

    /**
     * A page and its views in an hour.
     *
     * @param page  the page
     * @param views its views
     */
    public record PageViews(String page, long views) {
    }

    /**
     * One hour and its most viewed pages.
     *
     * @param start where it starts (the first is clipped to the range)
     * @param end   where it ends
     * @param views the hour's views
     * @param top   its most viewed pages, most first (ties by page)
     */
    public record Hour(String start, String end, long views, List<PageViews> top) {
    }

    /**
     * The most viewed pages of each hour of the last {@code hours}, oldest hour first.
     *
     * @param hours how far back, 1..168
     * @param top   pages per hour, 1..100
     * @return every hour of the range, quiet ones with no pages
     */
    @GetMapping("/top-pages")
    public List<Hour> topPages(@RequestParam(defaultValue = "24") int hours, @RequestParam(defaultValue = "3") int top) {
        Duration range = Duration.ofHours(requireIn("hours", hours, 1, 168));
        int n = requireIn("top", top, 1, 100);
        Series<Map<String, Long>> hourly = reader.fold(VIEWS, Buckets.tumbling(Duration.ofHours(1)).within(Window.last(range)), VIEWS_BY_PAGE);
        return hourly.buckets().map(b -> new Hour(b.window().t0().toString(), b.window().t1().toString(), b.entries(),
                b.value().toList().sortBy(p -> p._1).sortBy(p -> -p._2).take(n).map(p -> new PageViews(p._1, p._2)).toJavaList()))
                .toJavaList();
    }

    private static int requireIn(String name, int value, int min, int max) {
        if (value < min || value > max) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, name + " must be " + min + ".." + max + ", got " + value);
        }
        return value;
    }
}
