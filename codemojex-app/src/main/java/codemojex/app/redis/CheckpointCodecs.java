package codemojex.app.redis;

import codemojex.app.core.FeedBucket;
import codemojex.app.core.FeedStats;
import codemojex.projections.Board;
import codemojex.projections.PlayerIds;
import codemojex.projections.Projections;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import echomq.domain.checkpoint.StateCodec;
import echomq.domain.fold.Tally;
import echomq.domain.id.StreamId;
import io.vavr.collection.HashMap;
import io.vavr.collection.HashSet;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;

import java.util.function.Function;

/** How the app's checkpointed projections are written: JSON, with Jackson. */
public final class CheckpointCodecs {

    private static final ObjectMapper JSON = new ObjectMapper();

    private CheckpointCodecs() {
    }

    /**
     * Every game's board,
     * {@code {"skipped": n, "examples": […], "value": {"<game>": {"<player id>": {"player": "<name>", "best": n}}}}}.
     * A checkpoint saved before player ids, {@code {"<game>": {"<name>": best}}}, is read as the
     * boards of the names' derived players ({@link PlayerIds#ofName}): what folding the same entries
     * gives now.
     */
    public static StateCodec<Tally<Map<String, Map<String, Board.Standing>>>> boards() {
        return tally(boards -> {
            ObjectNode games = JSON.createObjectNode();
            boards.forEach((game, players) -> {
                ObjectNode board = games.putObject(game);
                players.forEach((id, s) -> board.putObject(id).put("player", s.player()).put("best", s.best()));
            });
            return games;
        }, node -> {
            Map<String, Map<String, Board.Standing>> out = HashMap.empty();
            for (var game : (Iterable<java.util.Map.Entry<String, JsonNode>>) node::fields) {
                Map<String, Board.Standing> board = HashMap.empty();
                for (var p : (Iterable<java.util.Map.Entry<String, JsonNode>>) game.getValue()::fields) {
                    board = p.getValue().isNumber()
                            ? board.put(PlayerIds.ofName(p.getKey()), new Board.Standing(p.getKey(), p.getValue().intValue())) // before player ids
                            : board.put(p.getKey(), new Board.Standing(p.getValue().get("player").textValue(), p.getValue().get("best").intValue()));
                }
                out = out.put(game.getKey(), board);
            }
            return out;
        });
    }

    /** A pane of the recent activity feed. */
    public static StateCodec<Tally<Projections.Feed>> feed() {
        return tally(feed -> {
            ObjectNode n = JSON.createObjectNode();
            n.put("guesses", feed.guesses());
            ArrayNode players = n.putArray("players");
            feed.players().toSortedSet().forEach(players::add);
            ArrayNode newest = n.putArray("newest");
            for (Projections.FeedItem i : feed.newest()) {
                ObjectNode item = newest.addObject();
                item.put("id", i.id().toString()); // the instant is the id's
                item.put("game", i.game());
                item.put("room", i.room());
                item.put("playerId", i.playerId());
                item.put("player", i.player());
                item.put("guessId", i.guessId());
                item.put("total", i.total());
                item.put("percentage", i.percentage());
                item.put("best", i.best());
            }
            return n;
        }, n -> {
            Vector<Projections.FeedItem> newest = Vector.empty();
            for (JsonNode i : n.get("newest")) {
                StreamId id = StreamId.parse(i.get("id").textValue());
                newest = newest.append(new Projections.FeedItem(id, id.instant(), i.get("game").textValue(),
                        i.get("room").textValue(), i.get("playerId").textValue(), i.get("player").textValue(), i.get("guessId").textValue(),
                        i.get("total").intValue(),
                        i.get("percentage").intValue(), i.get("best").intValue()));
            }
            HashSet<String> players = HashSet.empty();
            for (JsonNode p : n.get("players")) {
                players = players.add(p.textValue());
            }
            return new Projections.Feed(newest, n.get("guesses").longValue(), players);
        });
    }

    /**
     * A bucket of the feed's series: {@code {"skipped": n, "examples": […], "value": {"players": {"<player id>": n},
     * "scores": "<quantiles>", "distinct": "<distinct players>"}}}, the sketches in their own codecs' text.
     * (A bucket kept before the stats, {@code "value": {"<player id>": n}}, is of another fold version: the
     * reader refuses it by its version and folds the bucket again, so this never reads it.)
     */
    public static StateCodec<Tally<FeedBucket>> buckets() {
        return tally(bucket -> {
            ObjectNode n = JSON.createObjectNode();
            ObjectNode players = n.putObject("players");
            bucket.byPlayer().forEach((player, guesses) -> players.put(player, guesses));
            writeStats(n, bucket.stats());
            return n;
        }, node -> {
            Map<String, Long> out = HashMap.empty();
            for (var p : (Iterable<java.util.Map.Entry<String, JsonNode>>) node.get("players")::fields) {
                if (!p.getValue().canConvertToExactIntegral()) {
                    throw new IllegalArgumentException("a bucket's count is not a whole number: " + p.getValue());
                }
                out = out.put(p.getKey(), p.getValue().longValue());
            }
            return new FeedBucket(out, readStats(node));
        });
    }

    /** A pane of the feed window's stats: {@code {"skipped": n, "examples": […], "value": {"scores": "…", "distinct": "…"}}}. */
    public static StateCodec<Tally<FeedStats>> feedStats() {
        return tally(stats -> writeStats(JSON.createObjectNode(), stats), CheckpointCodecs::readStats);
    }

    private static ObjectNode writeStats(ObjectNode n, FeedStats stats) {
        n.put("scores", FeedStats.SCORES.codec().encode(stats.scores()));
        n.put("distinct", FeedStats.PLAYERS.codec().encode(stats.players()));
        return n;
    }

    private static FeedStats readStats(JsonNode n) {
        return new FeedStats(FeedStats.SCORES.codec().decode(n.get("scores").textValue()),
                FeedStats.PLAYERS.codec().decode(n.get("distinct").textValue()));
    }

    private static <A> StateCodec<Tally<A>> tally(Function<A, JsonNode> write, Function<JsonNode, A> read) {
        return new StateCodec<>() {
            @Override
            public String encode(Tally<A> t) {
                ObjectNode n = JSON.createObjectNode();
                n.put("skipped", t.skipped());
                ArrayNode examples = n.putArray("examples");
                t.examples().forEach(s -> examples.addObject().put("id", s.id().toString()).put("reason", s.reason()));
                n.set("value", write.apply(t.value()));
                return n.toString();
            }

            @Override
            public Tally<A> decode(String text) {
                try {
                    JsonNode n = JSON.readTree(text);
                    Vector<Tally.Skipped> examples = Vector.empty();
                    for (JsonNode s : n.get("examples")) {
                        examples = examples.append(new Tally.Skipped(StreamId.parse(s.get("id").textValue()), s.get("reason").textValue()));
                    }
                    return new Tally<>(read.apply(n.get("value")), n.get("skipped").longValue(), examples);
                } catch (JsonProcessingException | RuntimeException e) {
                    throw new IllegalArgumentException("not a checkpoint this app writes: " + e.getMessage(), e);
                }
            }
        };
    }
}
