package echomq.engine.projection;

import echomq.domain.stream.StreamState;

import io.vavr.control.Option;

/**
 * The state one read saw (none: no such stream), and the lineage of the stream it proved: folds
 * kept under another lineage are void.
 *
 * @param state   the stream's state, none when it does not exist
 * @param lineage the history the read proved the stream continues
 */
record Seen(Option<StreamState> state, long lineage) {
}
