/**
 * What both Redis adapters (Jedis and Lettuce) share, with no client in it: the one way each
 * command is shaped and each reply read, so that neither adapter writes a rule of its own.
 * <ul>
 *   <li>{@link echomq.wire.Replies}, {@link echomq.wire.StreamInfo}, {@link echomq.wire.GroupInfo}:
 *   RESP replies of stream commands decoded into domain values;</li>
 *   <li>{@link echomq.wire.XrangeReply}: an {@code XRANGE} page read from raw bytes as they arrive,
 *   the reader both adapters put where their client allows one;</li>
 *   <li>{@link echomq.wire.Xadd}, {@link echomq.wire.Xtrim}, {@link echomq.wire.Xgroup}: what
 *   {@code XADD}, {@code XTRIM} and {@code XGROUP CREATE} carry, and which of their errors mean
 *   what;</li>
 *   <li>{@link echomq.wire.CheckpointHash}: how a checkpoint is kept;</li>
 *   <li>{@link echomq.wire.LuaScript} and {@link echomq.wire.Scripts}: the library's Lua scripts,
 *   and the one rule that runs a script on any client ({@code EVALSHA}, {@code EVAL} on
 *   {@code NOSCRIPT});</li>
 *   <li>{@link echomq.wire.Waits}: waiting for a write's replicas ({@code WAIT}, {@code WAITAOF});</li>
 *   <li>{@link echomq.wire.RedisUris}: parsing and masking of Redis URIs.</li>
 * </ul>
 * <pre>{@code
 * List<StreamEntry> entries = Replies.entries(key, rawXrangeReply);
 * }</pre>
 */
package echomq.wire;
