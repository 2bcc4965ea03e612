package io.loomarena.http.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

import org.junit.jupiter.api.Test;

/** Which bodies pass the checksum for a path. */
class BodyCheckTest {

    private static long crc(String body) {
        CRC32 crc = new CRC32();
        crc.update(body.getBytes(StandardCharsets.UTF_8));
        return crc.getValue();
    }

    @Test
    void pingMustAnswerPong() {
        BodyCheck check = BodyCheck.forPath("/ping");

        assertThat(check.accepts(4, crc("pong"))).isTrue();
        assertThat(check.accepts(4, crc("pang"))).isFalse();
        assertThat(check.accepts(5, crc("pong"))).isFalse();
    }

    @Test
    void dataMustAlwaysMatchTheFirstBody() {
        BodyCheck check = BodyCheck.forPath("/data.json");

        assertThat(check.accepts(9, crc("{\"a\": 1}\n"))).isTrue();
        assertThat(check.accepts(9, crc("{\"a\": 1}\n"))).isTrue();
        assertThat(check.accepts(9, crc("{\"a\": 2}\n"))).isFalse();
    }

    @Test
    void otherPathsAreNotChecked() {
        assertThat(BodyCheck.forPath("/cpu").accepts(3, 42)).isTrue();
    }
}
