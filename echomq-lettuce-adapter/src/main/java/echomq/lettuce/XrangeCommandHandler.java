package echomq.lettuce;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.output.CommandOutput;
import io.lettuce.core.protocol.CommandHandler;
import io.lettuce.core.protocol.RedisCommand;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.NettyCustomizer;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelPipeline;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Lettuce's command handler, but an {@code XRANGE} page ({@link EntriesOutput}) is framed straight
 * from the event loop's buffer by the wire module's reader ({@link echomq.wire.XrangeReply}): its
 * bytes copied in bulk and only its headers read, rather than each bulk string decoded by Lettuce's
 * parser and handed over one by one. Every other reply, and an error reply to an {@code XRANGE},
 * is Lettuce's parser's, as before.
 *
 * <p>Lettuce hard-wires its handler; {@link Installer}, the Netty customizer of the client resources
 * {@link LettuceConnections#connect(String)} builds, puts this one in its place as each channel is set
 * up (before it is registered, so the handler replaced has seen nothing). A client handed in
 * ({@link LettuceConnections#on(io.lettuce.core.AbstractRedisClient)}) keeps its own handler, and
 * its pages are read through {@link EntriesOutput}'s callbacks.
 */
final class XrangeCommandHandler extends CommandHandler {

    private XrangeCommandHandler(ClientOptions options, ClientResources resources, CommandHandler replaced) {
        super(options, resources, replaced.getEndpoint());
    }

    @Override
    protected boolean decode(ByteBuf buffer, RedisCommand<?, ?, ?> command, CommandOutput<?, ?, ?> output) {
        if (output instanceof EntriesOutput entries) {
            EntriesOutput.Framing framing = entries.frame(buffer);
            if (framing != EntriesOutput.Framing.NOT_FRAMED) {
                return framing == EntriesOutput.Framing.WHOLE;
            }
        }
        return super.decode(buffer, command, output);
    }

    /**
     * Puts an {@link XrangeCommandHandler} in the place of Lettuce's own {@link CommandHandler} (that
     * class exactly: the handlers of publish/subscribe connections are left) in each channel of the
     * client resources it customizes. The resources are handed in once built, before any connection.
     */
    static final class Installer implements NettyCustomizer {

        private final ClientOptions options;
        private volatile ClientResources resources;

        /**
         * For a client of these options.
         *
         * @param options the options the client is given (its handlers are made with them)
         */
        Installer(ClientOptions options) {
            this.options = Objects.requireNonNull(options, "options");
        }

        /** The resources this customizes, once they are built. */
        void resources(ClientResources resources) {
            this.resources = Objects.requireNonNull(resources, "resources");
        }

        @Override
        public void afterChannelInitialized(Channel channel) {
            ClientResources built = resources;
            if (built == null) {
                throw new IllegalStateException("the XRANGE handler's installer was used before its resources were built");
            }
            ChannelPipeline pipeline = channel.pipeline();
            List<Map.Entry<String, ChannelHandler>> handlers = new ArrayList<>();
            pipeline.forEach(handlers::add);
            for (Map.Entry<String, ChannelHandler> h : handlers) {
                if (h.getValue().getClass() == CommandHandler.class) {
                    pipeline.replace(h.getValue(), h.getKey(), new XrangeCommandHandler(options, built, (CommandHandler) h.getValue()));
                }
            }
        }
    }
}
