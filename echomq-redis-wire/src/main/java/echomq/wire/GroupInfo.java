package echomq.wire;

import echomq.domain.id.StreamId;
import echomq.domain.retention.GroupPosition;
import io.vavr.control.Option;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static echomq.wire.Replies.text;

/** One group of an {@code XINFO GROUPS} reply as the domain's {@link GroupPosition}. */
public final class GroupInfo {

    private GroupInfo() {
    }


    /**
     * The position of the group {@code flat} (its {@code XINFO GROUPS} entry) describes; when it has
     * entries pending, {@code xpending} is asked for the group's {@code XPENDING key group} summary
     * (count, oldest id, …), for the oldest pending id. Lag is -1 when the server cannot say (after
     * deletions inside the stream, or before Redis 7).
     *
     * @param flat     the group's entry of an {@code XINFO GROUPS} reply (flat name, value, …)
     * @param xpending asked, by group name, for the {@code XPENDING} summary
     * @return the group's position
     */
    public static GroupPosition position(List<?> flat, Function<String, List<Object>> xpending) {
        Map<String, Object> info = Replies.fields(flat);
        String name = text(info.get("name"));
        long pending = info.get("pending") instanceof Long l ? l : 0;
        Option<StreamId> oldest = Option.none();
        if (pending > 0) {
            List<Object> summary = xpending.apply(name);
            pending = summary.get(0) instanceof Long l ? l : 0;
            oldest = pending > 0 ? Option.some(StreamId.parse(text(summary.get(1)))) : Option.none();
        }
        long lag = info.get("lag") instanceof Long l ? l : -1;
        return new GroupPosition(name, StreamId.parse(text(info.get("last-delivered-id"))), oldest, pending, lag);
    }
}
