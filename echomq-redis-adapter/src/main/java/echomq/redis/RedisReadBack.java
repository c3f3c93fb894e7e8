package echomq.redis;

import echomq.domain.id.BrandedId;
import echomq.domain.stream.AppendReadBack;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamStoreException;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisException;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads appended ids back ({@code XRANGE key id id}, pipelined) and says what each is
 * ({@link AppendReadBack}): the I/O half of the rule, the decision being the domain's.
 */
final class RedisReadBack {

    private RedisReadBack() {
    }

    /**
     * What the stream at {@code key} holds at each of {@code sent}'s entry ids, in order, against
     * the record sent under each ({@code records}).
     *
     * @throws StreamStoreException when they cannot be read (then nothing is known of any)
     */
    static List<AppendReadBack> of(UnifiedJedis jedis, String key, List<BrandedId> sent, List<LinkedHashMap<String, String>> records) {
        List<Response<List<redis.clients.jedis.resps.StreamEntry>>> replies = new ArrayList<>(sent.size());
        try (AbstractPipeline p = jedis.pipelined()) {
            for (BrandedId id : sent) {
                String at = id.streamId().toString();
                replies.add(p.xrange(key, at, at, 1));
            }
            p.sync();
        } catch (JedisException e) {
            if (e instanceof JedisConnectionException) {
                RedisRoutes.renew(jedis, echomq.wire.Replies.bytes(key));
            }
            throw RedisFailures.translate(key, e);
        }
        List<AppendReadBack> out = new ArrayList<>(sent.size());
        for (int i = 0; i < sent.size(); i++) {
            List<redis.clients.jedis.resps.StreamEntry> found;
            try {
                found = replies.get(i).get();
            } catch (IllegalStateException noReply) {
                // a cluster pipeline leaves a failed node's replies unset
                throw RedisFailures.translate(key, new JedisConnectionException("no reply to the read-back of " + sent.get(i).streamId(), noReply));
            } catch (JedisException e) {
                throw RedisFailures.translate(key, e);
            }
            if (found == null || found.isEmpty()) {
                out.add(AppendReadBack.nothingAt(sent.get(i)));
            } else {
                java.util.Map<String, String> fields = new java.util.HashMap<>(found.get(0).getFields());
                String idField = fields.remove(StreamEntry.ID_FIELD);
                out.add(AppendReadBack.entryAt(sent.get(i), records.get(i).toJavaMap(), Option.of(idField), fields));
            }
        }
        return out;
    }

    /** As {@link #of(UnifiedJedis, String, List, List)} for one record. */
    static AppendReadBack of(UnifiedJedis jedis, String key, BrandedId sent, LinkedHashMap<String, String> record) {
        return of(jedis, key, List.of(sent), List.of(record)).get(0);
    }

    /**
     * Whether a connection failure may have come after the command was sent: any but a connection
     * refused (nothing reached the server).
     */
    static boolean maybeSent(JedisException e) {
        if (!(e instanceof JedisConnectionException)) {
            return false;
        }
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof java.net.ConnectException || c instanceof java.net.UnknownHostException) {
                return false;
            }
        }
        return true;
    }
}
