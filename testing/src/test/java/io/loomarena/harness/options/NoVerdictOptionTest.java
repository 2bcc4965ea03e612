package io.loomarena.harness.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.NoVerdict;

/** {@code -Dloomarena.noVerdict}: warn by default, fail when asked, a bad value refused in one line. */
class NoVerdictOptionTest {

    private static RunOptions parse(Map<String, String> properties) {
        return RunOptions.parse(properties, RunOptions.thisJvm());
    }

    @Test
    void warnByDefaultAndFailWhenAsked() {
        assertThat(parse(Map.of()).noVerdict()).isEqualTo(NoVerdict.WARN);
        assertThat(parse(Map.of("loomarena.noVerdict", "fail")).noVerdict()).isEqualTo(NoVerdict.FAIL);
        assertThat(parse(Map.of("loomarena.noVerdict", " WARN ")).noVerdict()).isEqualTo(NoVerdict.WARN);
        assertThat(RunProperty.NO_VERDICT.defaultValue()).isEqualTo("warn");
    }

    @Test
    void aBadValueIsOneLineNamingThePropertyAndTheValuesAllowed() {
        assertThatThrownBy(() -> parse(Map.of("loomarena.noVerdict", "ignore")))
                .isInstanceOf(BadRunOption.class)
                .hasMessage("-Dloomarena.noVerdict=ignore is not allowed: warn or fail");
    }

    @Test
    void warnSettlesQuietlyAndFailFailsOnlyWhenAFigureHadNoVerdict() {
        NoVerdict.WARN.settle(3, "the echo ranking");
        NoVerdict.FAIL.settle(0, "the echo ranking");
        assertThatThrownBy(() -> NoVerdict.FAIL.settle(2, "the echo ranking"))
                .isInstanceOf(NoVerdict.Failure.class)
                .hasMessage("the echo ranking has no verdict (the NO VERDICT lines above say why), and"
                        + " -Dloomarena.noVerdict=fail makes that a failure");
    }
}
