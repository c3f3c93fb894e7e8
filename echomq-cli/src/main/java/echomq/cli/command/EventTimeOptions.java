package echomq.cli.command;

import echomq.cli.output.Cell;
import echomq.domain.eventtime.EventTime;
import echomq.domain.eventtime.LeftOut;
import echomq.domain.eventtime.TimeFormat;
import echomq.domain.stream.StreamRangePort;
import io.vavr.control.Option;

/**
 * {@code --time-field F [--time-format ms|s|iso] [--lateness D] [--lead D]}: windows and buckets by
 * the entries' own time (docs/03, "By the event's own time"). Without {@code --time-field} a command
 * goes by the ids' time as ever, and the other three are refused.
 */
public final class EventTimeOptions {

    @picocli.CommandLine.Option(names = "--time-field", paramLabel = "F",
            description = "window by the time in this field of each entry (its event time), not by the id's time")
    String field;

    @picocli.CommandLine.Option(names = "--time-format", paramLabel = "ms|s|iso",
            description = "how --time-field is written: epoch milliseconds (default), epoch seconds, or ISO-8601 with an offset")
    String format;

    @picocli.CommandLine.Option(names = "--lateness", paramLabel = "D",
            description = "how long after its event time an entry may still be written (default 0s): reads reach D past their end")
    String lateness;

    @picocli.CommandLine.Option(names = "--lead", paramLabel = "D",
            description = "how far a writer's clock may run ahead of Redis' (default 1s): reads start D before their start")
    String lead;

    /**
     * The event time these options declare.
     *
     * @return it, none when {@code --time-field} is not given
     * @throws BadArgumentException naming the option that is wrong, or one given without {@code --time-field}
     */
    public Option<EventTime> eventTime() {
        if (field == null) {
            String stray = format != null ? "--time-format" : lateness != null ? "--lateness" : lead != null ? "--lead" : null;
            if (stray != null) {
                throw new BadArgumentException(stray + " needs --time-field F (the field holding each entry's own time)");
            }
            return Option.none();
        }
        EventTime t;
        try {
            t = EventTime.field(field);
        } catch (IllegalArgumentException bad) {
            throw new BadArgumentException("--time-field: " + bad.getMessage());
        }
        if (format != null) {
            try {
                t = t.format(TimeFormat.spelled(format));
            } catch (IllegalArgumentException bad) {
                throw new BadArgumentException("--time-format " + bad.getMessage());
            }
        }
        if (lateness != null) {
            t = t.lateness(Inputs.durationOrZero("--lateness", lateness));
        }
        if (lead != null) {
            t = t.lead(Inputs.durationOrZero("--lead", lead));
        }
        return Option.some(t);
    }

    /**
     * What a command reads: the store's ids, or by event time the view of them that tells {@code leftOut}.
     *
     * @param time    the event time, or none
     * @param range   the store's ids
     * @param leftOut hears each entry the rule leaves out of the read
     * @return the port to read windows from
     */
    static StreamRangePort read(Option<EventTime> time, StreamRangePort range, LeftOut.Sink leftOut) {
        return time.map(t -> t.over(range, leftOut)).getOrElse(range);
    }

    /**
     * The head of an answer by event time: {@code "time": {"field", "format", "lateness_ms", "lead_ms"}} and
     * {@code "left_out": {"late", "early", "untimed"}}; by the ids' time, the head as it is.
     *
     * @param head    the answer's head
     * @param time    the event time, or none
     * @param leftOut what the read left out
     * @return the head
     */
    static Cell.Obj describe(Cell.Obj head, Option<EventTime> time, LeftOut leftOut) {
        if (time.isEmpty()) {
            return head;
        }
        EventTime t = time.get();
        return head.with("time", Cell.obj().with("field", Cell.text(t.field())).with("format", Cell.text(t.format().spelling()))
                        .with("lateness_ms", Cell.number(t.lateness().toMillis())).with("lead_ms", Cell.number(t.lead().toMillis())))
                .with("left_out", Cell.obj().with("late", Cell.number(leftOut.late())).with("early", Cell.number(leftOut.early()))
                        .with("untimed", Cell.number(leftOut.untimed())));
    }
}
