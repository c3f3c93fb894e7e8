package echomq.wire;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RedisUrisTest {

    @Test
    void parsesUserPasswordDatabaseAndTls() {
        RedisUris.Parts p = RedisUris.parse("rediss://app:p%40ss@cache.local:6380/3");
        assertThat(p.host()).isEqualTo("cache.local");
        assertThat(p.port()).isEqualTo(6380);
        assertThat(p.user()).isEqualTo("app");
        assertThat(p.password()).isEqualTo("p@ss");
        assertThat(p.database()).isEqualTo(3);
        assertThat(p.tls()).isTrue();
        assertThat(p.toString()).doesNotContain("p@ss").contains("***");
        RedisUris.Parts plain = RedisUris.parse("redis://127.0.0.1");
        assertThat(plain.port()).isEqualTo(6379);
        assertThat(plain.user()).isNull();
        assertThat(plain.tls()).isFalse();
        assertThat(RedisUris.parse("redis://:pw@h:1").password()).isEqualTo("pw");
    }

    @Test
    void masksPasswords() {
        assertThat(RedisUris.mask("redis://app:hunter2@h:1/0")).isEqualTo("redis://app:***@h:1/0");
        assertThat(RedisUris.mask("rediss://:hunter2@h:1")).isEqualTo("rediss://***@h:1");
        assertThat(RedisUris.mask("failed for redis://u:x@y@h")).doesNotContain("x@y");
        assertThat(RedisUris.mask("redis://h:1")).isEqualTo("redis://h:1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "http://h:1", "h:6379", "redis://", "redis://:pw@/0", "redis://h:1/x", "redis://h:1/99999999"})
    void refusesMalformedUris(String uri) {
        assertThatThrownBy(() -> RedisUris.parse(uri)).isInstanceOf(IllegalArgumentException.class);
    }
}
