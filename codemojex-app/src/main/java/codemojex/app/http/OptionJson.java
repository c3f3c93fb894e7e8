package codemojex.app.http;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import io.vavr.control.Option;

import java.io.IOException;

/**
 * Writes a vavr {@code Option} as its value, or JSON null when it is empty. It tells Jackson an
 * empty one is empty, so that {@code @JsonInclude(NON_EMPTY)} leaves such a field out: the web
 * models say "absent" with an {@code Option}, never with a null.
 */
final class OptionJson extends StdSerializer<Option<?>> {

    OptionJson() {
        super(Option.class, false);
    }

    @Override
    public void serialize(Option<?> value, JsonGenerator gen, SerializerProvider provider) throws IOException {
        if (value.isDefined()) {
            provider.defaultSerializeValue(value.get(), gen);
        } else {
            gen.writeNull();
        }
    }

    @Override
    public boolean isEmpty(SerializerProvider provider, Option<?> value) {
        return value.isEmpty();
    }
}
