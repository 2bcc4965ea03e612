package io.loomarena.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class ServerModelTest {

    @ParameterizedTest
    @CsvSource({"single, SINGLE_SERVER, @ServerSingle, echo-single",
            "platform, PLATFORM_SERVER, @ServerPlatform, echo-platform",
            "pool, POOL_SERVER, @ServerPool, echo-pool",
            "virtual, VIRTUAL_SERVER, @ServerVirtual, echo-virtual",
            "event-loop, EVENT_LOOP_SERVER, @ServerEventLoop, echo-event-loop",
            "netty, NETTY_SERVER, @ServerNetty, echo-netty"})
    void everyModelCarriesItsNameLabelTagAndThreadPrefix(String name, String label, String tag, String prefix) {
        ServerModel model = ServerModel.parse(name).model();
        assertThat(model.cliName()).isEqualTo(name);
        assertThat(model.label()).isEqualTo(label);
        assertThat(model.tag()).isEqualTo(tag);
        assertThat(model.threadPrefix("echo")).isEqualTo(prefix);
        assertThat(ServerModel.parse(name).notice()).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({"single-threaded, SINGLE, false, 'single-threaded' is now 'single'",
            "thread-per-request, PLATFORM, false, 'thread-per-request' is now 'platform'",
            "thread-pool, POOL, false, 'thread-pool' is now 'pool'",
            "virtual-cached, VIRTUAL, true, 'virtual-cached' is now 'virtual --cache-content'"})
    void oldHttpNamesStillSelectTheirModelAndNameTheNewWords(String old, ServerModel model, boolean cached,
                                                             String notice) {
        ServerModel.Parsed parsed = ServerModel.parse(old);
        assertThat(parsed.model()).isEqualTo(model);
        assertThat(parsed.cachedContent()).isEqualTo(cached);
        assertThat(parsed.notice()).contains(notice);
        assertThat(ServerModel.fromCliName(old)).isEmpty();
    }

    @Test
    void anUnknownNameIsRejectedWithTheAllowedOnes() {
        assertThatThrownBy(() -> ServerModel.parse("threads"))
                .hasMessage("'threads' is not a server model; expected one of: single, platform, pool, virtual, event-loop,"
                        + " netty");
    }

    @Test
    void onlyTheEventLoopModelsHaveLoopsOnePerProcessorByDefault() {
        assertThat(ServerModel.values()).filteredOn(ServerModel::hasLoops)
                .containsExactly(ServerModel.EVENT_LOOP, ServerModel.NETTY);
        assertThat(ServerModel.EVENT_LOOP.virtualThreads()).isFalse();
        assertThat(ServerModel.NETTY.hasPool()).isFalse();
        assertThat(ServerModel.defaultLoops()).isEqualTo(Runtime.getRuntime().availableProcessors());
    }

    @Test
    void onlyThePoolsLabelCarriesItsSizeAndOnlyWhenItIsNotTheDefault() {
        assertThat(ServerModel.POOL.label(PoolSize.DEFAULT)).isEqualTo("POOL_SERVER");
        assertThat(ServerModel.POOL.label(PoolSize.fixed(4))).isEqualTo("POOL_4_SERVER");
        assertThat(ServerModel.POOL.label(PoolSize.parse("2xCPU"))).isEqualTo("POOL_2XCPU_SERVER");
        assertThat(ServerModel.VIRTUAL.label(PoolSize.fixed(4))).isEqualTo("VIRTUAL_SERVER");
    }

    @Test
    void aPoolPerCpuIsResolvedFromTheCpusOfTheMachineThatRunsIt() {
        PoolSize perCpu = PoolSize.parse("2xcpu");
        assertThat(perCpu.resolve(3)).isEqualTo(6);
        assertThat(perCpu.resolve(64)).isEqualTo(128);
        assertThat(perCpu.cliValue()).isEqualTo("2xcpu");
        assertThat(PoolSize.parse("4").resolve(64)).isEqualTo(4);
        assertThat(PoolSize.DEFAULT.threads()).isEqualTo(ServerModel.DEFAULT_POOL_SIZE);
    }

    @Test
    void aBadPoolSizeNamesTheAllowedForms() {
        assertThatThrownBy(() -> PoolSize.parse("0")).hasMessageContaining("'0' is not a pool size (allowed: 1..10000");
        assertThatThrownBy(() -> PoolSize.parse("twoxcpu")).hasMessageContaining("Nxcpu");
        assertThatThrownBy(() -> PoolSize.parse("10001")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void clientModelsShareTheVocabulary() {
        assertThat(ClientModel.parse("virtual").label()).isEqualTo("VIRTUAL_CLIENT");
        assertThat(ClientModel.PLATFORM.tag()).isEqualTo("@ClientPlatform");
        assertThat(ClientModel.VIRTUAL.threadPrefix("http-load")).isEqualTo("http-load-virtual");
        assertThat(ClientModel.VIRTUAL.threads("http-load").newThread(() -> { }).isVirtual()).isTrue();
        assertThatThrownBy(() -> ClientModel.parse("kernel"))
                .hasMessage("'kernel' is not a client model; expected one of: platform, virtual");
    }
}
