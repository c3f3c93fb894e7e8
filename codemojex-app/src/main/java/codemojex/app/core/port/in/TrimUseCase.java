package codemojex.app.core.port.in;

import codemojex.app.core.GameKeeping;
import echomq.domain.retention.RetentionPolicy;
import echomq.domain.retention.StreamRetentionPort;
import echomq.domain.retention.TrimReport;
import io.vavr.collection.List;

import java.time.Duration;
import java.util.Map;

/** Retention: what the log keeps, as the operator trims it and as {@code serve --keep} applies it. */
public interface TrimUseCase {

    /**
     * Trims every channel to what was minted in the last {@code olderThan}, as far as its readers
     * allow: per channel (per partition's channel, {@code cm-p1/guesses}, with more than one), what
     * was removed and who held the trim back.
     *
     * @throws codemojex.app.core.BadInputException naming {@code older-than} when it is not more than 0
     */
    Map<String, TrimReport> trim(Duration olderThan, boolean exact);

    /**
     * What {@code serve --keep} applies: every channel of every partition keeps what was minted in
     * the last {@code keep}, trimmed approximately at most once per {@code every}.
     *
     * @throws codemojex.app.core.BadInputException naming {@code keep} when it is not more than 0
     */
    RetentionPolicy keeping(Duration keep, Duration every);

    /** The retention every trim goes through, which never trims past what a reader needs. */
    StreamRetentionPort retention();

    /**
     * Ends every game idle for {@code keep} (#48), as {@code serve --keep} does at each pass: an open
     * one is closed unsolved (its {@code game-closed} entry), then, open or cracked, its state is
     * removed and one small record kept. Returns what it ended, per partition in order.
     *
     * @throws codemojex.app.core.BadInputException naming {@code keep} when it is not more than 0
     */
    List<GameKeeping.End> endGames(Duration keep);
}
