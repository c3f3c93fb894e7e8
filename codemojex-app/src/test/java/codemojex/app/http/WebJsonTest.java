package codemojex.app.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vavr.control.Option;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The web models written field by field write what Jackson's bean serializer wrote for them. */
class WebJsonTest {

    private final ObjectMapper json = Json.mapper();

    /** {@link SeriesWeb.BucketWeb} as it was, written by the bean serializer. */
    record BeanBucket(String from, String to, long entries,
                      @JsonInclude(JsonInclude.Include.NON_EMPTY) Option<Integer> players,
                      @JsonInclude(JsonInclude.Include.NON_EMPTY) Option<ScoresWeb> scores,
                      @JsonInclude(JsonInclude.Include.NON_EMPTY) Option<Long> distinctPlayers,
                      @JsonInclude(JsonInclude.Include.NON_EMPTY) Option<Map<String, Integer>> rooms) {
    }

    /** {@link FeedWeb.Item} as it was. */
    record BeanItem(String at, String game, String room, String playerId, String player, int total, int percentage, int best) {
    }

    @Test
    void bucketsAsTheBeanSerializerWroteThem() throws Exception {
        Map<String, Integer> rooms = new TreeMap<>(Map.of("lobby", 3, "b\"ack\\slash", 1, "ünï", 0));
        List<Object[]> cases = List.of(
                new Object[]{"2026-12-07T04:00:00Z", "2026-12-07T04:00:59.999Z", 0L, Option.some(0), Option.none(), Option.none(),
                        Option.some(0L)},
                new Object[]{"2026-12-07T04:00:00Z", "2026-12-07T04:00:59.999Z", 12L, Option.some(7), Option.none(),
                        Option.some(new ScoresWeb(250, 500, 600, 600)), Option.some(7L)},
                new Object[]{"2026-12-07T00:00:00Z", "2026-12-07T23:59:59.999Z", 4L, Option.none(), Option.some(rooms), Option.none(),
                        Option.none()},
                new Object[]{"a", "b", Long.MAX_VALUE, Option.none(), Option.some(new TreeMap<String, Integer>()), Option.none(), Option.none()},
                new Object[]{"a", "b", -1L, Option.none(), Option.none(), Option.some(new ScoresWeb(0, 0, 0, 0)), Option.none()});
        for (Object[] c : cases) {
            @SuppressWarnings("unchecked") Option<Integer> players = (Option<Integer>) c[3];
            @SuppressWarnings("unchecked") Option<Map<String, Integer>> r = (Option<Map<String, Integer>>) c[4];
            @SuppressWarnings("unchecked") Option<ScoresWeb> scores = (Option<ScoresWeb>) c[5];
            @SuppressWarnings("unchecked") Option<Long> distinct = (Option<Long>) c[6];
            String bean = json.writeValueAsString(new BeanBucket((String) c[0], (String) c[1], (long) c[2], players, scores, distinct, r));
            assertEquals(bean, json.writeValueAsString(new SeriesWeb.BucketWeb((String) c[0], (String) c[1], (long) c[2], players, scores,
                    distinct, r)));
            assertEquals("[" + bean + "]", json.writeValueAsString(List.of(new SeriesWeb.BucketWeb((String) c[0], (String) c[1], (long) c[2],
                    players, scores, distinct, r))));
        }
    }

    @Test
    void feedItemsAsTheBeanSerializerWroteThem() throws Exception {
        for (String[] s : new String[][]{{"2026-12-07T04:00:00.123Z", "g1", "lobby", "p-1", "Zoë \"quoted\" \\ \u0001 😀"},
                {"", "", "", "", ""}}) {
            for (int[] n : new int[][]{{0, 0, 0}, {600, 100, 600}, {-1, Integer.MAX_VALUE, Integer.MIN_VALUE}}) {
                assertEquals(json.writeValueAsString(new BeanItem(s[0], s[1], s[2], s[3], s[4], n[0], n[1], n[2])),
                        json.writeValueAsString(new FeedWeb.Item(s[0], s[1], s[2], s[3], s[4], n[0], n[1], n[2])));
            }
        }
    }
}
