package echomq.cli.command;

import echomq.cli.output.Report;
import echomq.cli.output.Table;
import echomq.cli.output.Cell;
import echomq.domain.eventtime.EventTime;
import echomq.domain.eventtime.LeftOut;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Session;
import echomq.domain.window.Sessions;
import echomq.domain.window.SessionsBoundException;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.sketches.AggregateState;
import echomq.sketches.Aggregates;
import io.vavr.collection.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.time.LocalTime;
import java.time.ZoneId;

/** {@code sessions}: each key's bursts of entries no two of which are a gap or more apart, with their folds. */
@Command(name = "sessions", mixinStandardHelpOptions = true,
        description = {"Each key's sessions (bursts with no gap of --gap or more) that ended in the range.",
                "  sessions --stream orders --by user --gap 30m --since 1d --fold count,sum:amount",
                "  sessions --stream orders --by user --gap 30m --since 1d --fold count --time-field ts --lateness 5m"})
public final class SessionsCommand extends StreamCommand {

    @Option(names = "--by", paramLabel = "FIELD", required = true, description = "whose sessions: the field that keys them (user)")
    String by;

    @Option(names = "--gap", paramLabel = "D", required = true, description = "the quiet that ends a session: 30s, 30m…")
    String gap;

    @Option(names = "--longest", paramLabel = "D",
            description = "the longest session expected: reads reach back this and the gap before the range (default: 1d)")
    String longest;

    @Option(names = "--most", paramLabel = "N",
            description = "the most sessions answered; a read that finds more is refused (default: 10000, at most 100000)")
    Integer most;

    @Mixin
    RangeOptions range;

    @Mixin
    FoldOptions folds;

    @Mixin
    EventTimeOptions time;

    /** For picocli. */
    public SessionsCommand() {
    }

    @Override
    protected Answer prepare(StreamKey key, ZoneId zone) {
        if (by.isEmpty()) {
            throw new BadArgumentException("--by must name a field");
        }
        Duration g = Inputs.duration("--gap", gap);
        Sessions sessions;
        try {
            sessions = Sessions.of(g).perKey(by);
            if (longest != null) {
                sessions = sessions.longest(Inputs.duration("--longest", longest));
            }
            if (most != null) {
                if (most < 1 || most > Sessions.MAX_SESSIONS) {
                    throw new BadArgumentException("--most " + most + " is out of range: give 1 to " + Sessions.MAX_SESSIONS);
                }
                sessions = sessions.most(most);
            }
        } catch (BadArgumentException bad) {
            throw bad;
        } catch (IllegalArgumentException bad) {
            throw new BadArgumentException(bad.getMessage());
        }
        ReadRange r = range.range(zone, LocalTime.MIDNIGHT);
        Aggregates f = folds.aggregates();
        io.vavr.control.Option<EventTime> byTime = time.eventTime();
        Sessions asked = sessions;
        String spelled = gap.trim();
        return Answer.report(c -> {
            Window.Closed range = r.closed(c.now(key));
            List<Session<AggregateState>> found;
            LeftOut.Tally left = new LeftOut.Tally();
            try {
                // by event time a session's gaps are the events' own: the view hands the entries out in event-time order
                found = new StreamWindows(EventTimeOptions.read(byTime, c.range(), left)).foldSessions(key, asked, range, f.fold());
            } catch (SessionsBoundException passed) {
                // the library names its bounds as it spells them (Sessions.longest, a Java duration); here they are the options
                throw new IllegalStateException(passed.bound() == SessionsBoundException.Bound.LONGEST
                        ? passed.found() + " is longer than --longest " + (longest == null ? "1d" : longest.trim())
                                + ": a read reaches back only that far, so it cannot see where such a session starts; give a longer --longest"
                        : "the range holds " + passed.found() + ", more than --most " + asked.most()
                                + ": give a larger --most (up to " + Sessions.MAX_SESSIONS + ") or a shorter range", passed);
            }
            List<Cell> json = found.map(s -> Cell.obj().with("key", Cell.text(s.key().getOrElse("")))
                    .with("from", Cell.time(s.from())).with("to", Cell.time(s.to())).with(Answers.values(s.value())));
            return new Report(EventTimeOptions.describe(Cell.obj().with("stream", Cell.text(key.toString())).with("by", Cell.text(by))
                    .with("gap", Cell.text(spelled)).with("sessions", new Cell.Arr(json)), byTime, left.counts()),
                    new Table(List.of("key", "from", "to").appendAll(Answers.columns(f)),
                            found.map(s -> List.<Cell>of(Cell.text(s.key().getOrElse("")), Cell.time(s.from()), Cell.time(s.to()))
                                    .appendAll(Answers.cells(s.value())))));
        });
    }
}
