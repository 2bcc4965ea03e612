package io.loomarena.echo.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedChannelException;

import org.junit.jupiter.api.Test;

/** How a session's I/O failure is classified, with the exceptions a socket channel throws. */
class ErrorKindTest {

    @Test
    void aChannelClosedByTheWatchdogOrTheRunIsATimeoutWhateverItThrew() {
        assertThat(ErrorKind.of(new AsynchronousCloseException(), true)).isEqualTo(ErrorKind.TIMEOUT);
        assertThat(ErrorKind.of(new ClosedChannelException(), true)).isEqualTo(ErrorKind.TIMEOUT);
        assertThat(ErrorKind.of(new SocketException("Connection reset"), true)).isEqualTo(ErrorKind.TIMEOUT);
        assertThat(ErrorKind.of(new SocketTimeoutException("Read timed out"), false)).isEqualTo(ErrorKind.TIMEOUT);
    }

    @Test
    void aResetIsAResetOnReadAndOnWrite() {
        // A channel's read throws SocketException, its write a plain IOException with the system's message.
        assertThat(ErrorKind.of(new SocketException("Connection reset"), false)).isEqualTo(ErrorKind.RESET);
        assertThat(ErrorKind.of(new IOException("Connection reset by peer"), false)).isEqualTo(ErrorKind.RESET);
        assertThat(ErrorKind.of(new IOException("Broken pipe"), false)).isEqualTo(ErrorKind.RESET);
        assertThat(ErrorKind.of(new SocketException("Broken pipe (Write failed)"), false)).isEqualTo(ErrorKind.RESET);
    }

    @Test
    void refusalsEndsOfStreamAndTheRest() {
        assertThat(ErrorKind.of(new ConnectException("Connection refused"), false)).isEqualTo(ErrorKind.REFUSED);
        assertThat(ErrorKind.of(new EOFException("end of stream"), false)).isEqualTo(ErrorKind.EOF);
        assertThat(ErrorKind.of(new ClosedChannelException(), false)).isEqualTo(ErrorKind.OTHER);
        assertThat(ErrorKind.of(new IOException((String) null), false)).isEqualTo(ErrorKind.OTHER);
    }
}
