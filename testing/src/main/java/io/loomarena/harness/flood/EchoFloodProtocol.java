package io.loomarena.harness.flood;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** One numbered message per connection ({@code flood 17;}); the echo must be exactly the same bytes. Stateless. */
public final class EchoFloodProtocol implements FloodProtocol {

    @Override
    public byte[] request(int index) {
        return ("flood " + index + ";").getBytes(StandardCharsets.US_ASCII);
    }

    @Override
    public void readReply(InputStream in, int index) throws IOException {
        byte[] expected = request(index);
        byte[] echo = in.readNBytes(expected.length);
        if (echo.length < expected.length) {
            throw new EOFException("end of stream after " + echo.length + " of " + expected.length + " echoed bytes");
        }
        if (!Arrays.equals(echo, expected)) {
            throw new FloodReplyException("echo '" + new String(echo, StandardCharsets.ISO_8859_1) + "' for '"
                    + new String(expected, StandardCharsets.ISO_8859_1) + "'");
        }
    }

    @Override
    public String describe() {
        return "one echo message";
    }
}
