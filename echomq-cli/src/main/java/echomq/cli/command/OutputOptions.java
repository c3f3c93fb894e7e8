package echomq.cli.command;

import echomq.cli.output.Format;
import picocli.CommandLine.Option;

import java.time.ZoneId;

/** {@code --format} and {@code --zone}: how the answer is printed, and the zone of times read and shown. */
public final class OutputOptions {

    @Option(names = "--format", paramLabel = "table|json|csv", description = "table (default), json (one document) or csv")
    String format;

    @Option(names = "--zone", paramLabel = "ZONE",
            description = "the zone of dates and date-times given and of times shown, e.g. Europe/Berlin (default: UTC)")
    String zone;

    /**
     * The format.
     *
     * @return {@code --format}, the table when not given
     * @throws BadArgumentException naming anything else
     */
    public Format format() {
        if (format == null) {
            return Format.TABLE;
        }
        try {
            return Format.parse(format);
        } catch (IllegalArgumentException bad) {
            throw new BadArgumentException(bad.getMessage());
        }
    }

    /**
     * The zone.
     *
     * @return {@code --zone}, UTC when not given
     * @throws BadArgumentException naming an unknown zone
     */
    public ZoneId zone() {
        return Inputs.zone(zone);
    }
}
