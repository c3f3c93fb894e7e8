/**
 * The commands ({@code window}, {@code series}, {@code sessions}, {@code tail}, {@code rollup}, {@code sql}) and what they share:
 * the options every command takes ({@link echomq.cli.command.RedisOptions},
 * {@link echomq.cli.command.OutputOptions}, {@link echomq.cli.command.RangeOptions},
 * {@link echomq.cli.command.FoldOptions}), the pure parsing of their text ({@link echomq.cli.command.Inputs},
 * refusing with {@link echomq.cli.command.BadArgumentException}) and the connection they read through
 * ({@link echomq.cli.command.RedisConnection}).
 *
 * <p>A new command is a subclass of {@link echomq.cli.command.RedisCommand} ({@link echomq.cli.command.StreamCommand}
 * when it takes {@code --stream}): it checks its options in {@code prepare} (nothing is sent to Redis until every
 * option was read) and answers with a {@link echomq.cli.output.Report}; then it is listed in
 * {@link echomq.cli.command.Commands#ALL}.
 */
package echomq.cli.command;
