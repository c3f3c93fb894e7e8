package echomq.cli.command;

import picocli.CommandLine.Option;

import java.time.LocalTime;
import java.time.ZoneId;

/** {@code --since D} or {@code --from T0 --to T1}: the range a command reads. */
public final class RangeOptions {

    @Option(names = "--since", paramLabel = "D", description = "the last D on Redis' clock: 90s, 5m, 1h, 1d…")
    String since;

    @Option(names = "--from", paramLabel = "T0",
            description = "the first instant: 2026-12-07T10:00:00Z, or a date-time (2026-12-07T10:00) or date (2026-12-07) in --zone")
    String from;

    @Option(names = "--to", paramLabel = "T1", description = "the last instant, included (a date: its last millisecond)")
    String to;

    /**
     * The range these options give.
     *
     * @param zone      the zone of a date or date-time given
     * @param dayStarts when a day given as a date starts
     * @return the range
     * @throws BadArgumentException when neither or both forms are given, or one is malformed or inverted
     */
    public ReadRange range(ZoneId zone, LocalTime dayStarts) {
        if (since != null) {
            if (from != null || to != null) {
                throw new BadArgumentException("give --since D, or --from T0 --to T1, not both");
            }
            return new ReadRange.Last(Inputs.duration("--since", since));
        }
        if (from == null || to == null) {
            throw new BadArgumentException(from == null && to == null ? "give a range: --since D, or --from T0 --to T1"
                    : from == null ? "--to needs --from" : "--from needs --to");
        }
        return new ReadRange.Between(Inputs.instant("--from", from, zone, dayStarts, false), Inputs.instant("--to", to, zone, dayStarts, true));
    }
}
