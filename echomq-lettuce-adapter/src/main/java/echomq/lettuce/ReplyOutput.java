package echomq.lettuce;

import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.output.CommandOutput;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Any RESP2 reply, of any shape, as the Jedis adapter reads a raw one: bulk strings and status
 * replies as {@code byte[]}, integers as {@code Long}, arrays as
 * {@code List} (nested as deep as they come), nil as {@code null}. Lettuce's own outputs each expect
 * one shape ({@code NestedMultiOutput} an array, {@code ObjectOutput} RESP3), and a script's reply
 * can be any.
 */
final class ReplyOutput extends CommandOutput<byte[], byte[], Object> {

    /** The arrays still being filled, innermost first. */
    private final Deque<List<Object>> open = new ArrayDeque<>();

    ReplyOutput() {
        super(ByteArrayCodec.INSTANCE, null);
    }

    private void add(Object value) {
        if (open.isEmpty()) {
            output = value;
        } else {
            open.peek().add(value);
        }
    }

    @Override
    public void set(ByteBuffer bytes) {
        if (bytes == null) {
            add(null);
            return;
        }
        byte[] b = new byte[bytes.remaining()];
        bytes.get(b);
        add(b);
    }

    @Override
    public void set(long integer) {
        add(integer);
    }

    @Override
    public void setError(ByteBuffer error) {
        if (open.isEmpty()) {
            super.setError(error); // the command's own error: it fails
        } else {
            add(StandardCharsets.UTF_8.decode(error).toString()); // an error inside an array is a value of it
        }
    }

    @Override
    public void multi(int count) {
        if (count < 0) {
            add(null); // a nil array
            return;
        }
        List<Object> array = new ArrayList<>(count);
        add(array);
        if (count > 0) {
            open.push(array);
        }
    }

    @Override
    public void complete(int depth) {
        while (open.size() > depth) {
            open.pop();
        }
    }
}
