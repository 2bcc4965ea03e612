package io.loomarena.harness.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class RemoteSettingsTest {

    private static RemoteSettings settings(Optional<String> server, List<String> clients) {
        return new RemoteSettings(server, clients, List.of(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Duration.ofMillis(500));
    }

    @Test
    void unsetMeansThisMachineOnly() {
        assertThat(RemoteSettings.local().isRemote()).isFalse();
    }

    @Test
    void clientsConnectToTheHostPartOfTheServerTarget() {
        RemoteSettings remote = settings(Optional.of("bench@10.0.0.5"), List.of("h1", "root@h2"));
        assertThat(remote.isRemote()).isTrue();
        assertThat(remote.serverConnectAddress()).isEqualTo("10.0.0.5");
    }

    @Test
    void clientHostsWithoutAServerHostAreRefused() {
        assertThatThrownBy(() -> settings(Optional.empty(), List.of("h1")))
                .hasMessageContaining("-Dloomarena.clientHosts is set but -Dloomarena.serverHost is not");
    }

    @Test
    void aTargetThatSshWouldReadAsAnOptionOrAShellWordIsRefused() {
        assertThatThrownBy(() -> settings(Optional.of("-oProxyCommand=x"), List.of()))
                .hasMessageContaining("-Dloomarena.serverHost: '-oProxyCommand=x' is not [user@]host");
        assertThatThrownBy(() -> settings(Optional.of("h"), List.of("a b")))
                .hasMessageContaining("-Dloomarena.clientHosts: 'a b' is not [user@]host");
        assertThatThrownBy(() -> settings(Optional.of("h"), List.of("h1;rm")))
                .hasMessageContaining("'h1;rm'");
    }

    @Test
    void aClientHostNamedTwiceIsRefused() {
        assertThatThrownBy(() -> settings(Optional.of("s"), List.of("h1", "h1")))
                .hasMessageContaining("names a host twice");
    }

    @Test
    void sshOptionsAreSplitAsAShellSplitsThemSoThatAProxyCommandCanHoldSpaces() {
        assertThat(RemoteSettings.words("loomarena.ssh",
                "-i /k  -o 'ProxyCommand=ip netns exec srv nc %h %p' -o \"A=b c\" x\\ y")).containsExactly("-i", "/k",
                "-o", "ProxyCommand=ip netns exec srv nc %h %p", "-o", "A=b c", "x y");
        assertThatThrownBy(() -> RemoteSettings.words("loomarena.ssh", "-o 'unclosed"))
                .hasMessage("-Dloomarena.ssh has an unclosed ' quote: -o 'unclosed");
    }
}
