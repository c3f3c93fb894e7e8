package codemojex.app.http;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;

/** The one JSON configuration of the app. */
public final class Json {

    private Json() {
    }

    /**
     * A mapper of the app's configuration: a read fails on an unknown property or a null for a
     * primitive; vavr's {@code Option}, which the web models use where a value may be absent, is
     * written as its value, an empty one as JSON null or, where the component says
     * {@code @JsonInclude(NON_EMPTY)}, not at all.
     */
    public static ObjectMapper mapper() {
        return JsonMapper.builder()
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                // a body is one JSON value, each key once: {"name":"a"} trailing, or {"name":"a","name":"b"}, is refused,
                // not read as its first value or its last key
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
                .addModule(new SimpleModule("vavr-option").addSerializer(new OptionJson()))
                .build();
    }
}
