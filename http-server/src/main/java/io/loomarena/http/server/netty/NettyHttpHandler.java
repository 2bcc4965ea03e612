package io.loomarena.http.server.netty;

import java.util.Set;
import java.util.function.BooleanSupplier;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.util.AsciiString;
import io.netty.util.ReferenceCountUtil;

/**
 * One connection of the netty reference, after Netty's {@code HttpServerCodec}: each request is answered as it is
 * decoded, on the connection's loop, and the answers of one read leave in one flush, so pipelined requests are
 * answered in order as Netty hands them over. Keep-alive as the other models: a connection closes after
 * {@code maxRequests} requests (nginx's {@code keepalive_requests}), when the client asks, when the server drains, or
 * after a malformed request, each announced with {@code Connection: close}. Request bodies are read and dropped.
 * Not thread-safe: it belongs to its connection's loop.
 */
final class NettyHttpHandler extends ChannelInboundHandlerAdapter {

    private final NettyResponses responses;
    private final Set<Channel> open;
    private final BooleanSupplier draining;
    private final int maxRequests;
    private int served;
    /** A response announced the close: whatever the client sent after it is not answered. */
    private boolean closing;

    NettyHttpHandler(NettyResponses responses, Set<Channel> open, BooleanSupplier draining, int maxRequests) {
        this.responses = responses;
        this.open = open;
        this.draining = draining;
        this.maxRequests = maxRequests;
    }

    /**
     * Closes {@code channel} on its own loop once what it has written has left: after the answers to every request
     * read so far (graceful stop).
     */
    static void closeWhenWritten(Channel channel) {
        channel.eventLoop().execute(() -> {
            NettyHttpHandler handler = channel.pipeline().get(NettyHttpHandler.class);
            if (handler != null) {
                handler.closing = true;
            }
            channel.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
        });
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        open.add(ctx.channel());
        responses.metrics().connectionOpened();
        responses.metrics().handlerStarted();
        ctx.fireChannelActive();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (open.remove(ctx.channel())) {
            responses.metrics().connectionClosed();
            responses.metrics().handlerEnded();
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (msg instanceof HttpRequest request && !closing) {
                answer(ctx, request);
            }
        } finally {
            ReferenceCountUtil.release(msg); // a request's head, or a piece of its body: dropped
        }
    }

    private void answer(ChannelHandlerContext ctx, HttpRequest request) {
        served++;
        responses.metrics().requestStarted();
        FullHttpResponse response;
        DecoderResult decoded = request.decoderResult();
        if (decoded.isFailure()) {
            // Malformed: the framing cannot be trusted, so the connection closes after the answer.
            Throwable cause = decoded.cause();
            HttpResponseStatus status = cause instanceof TooLongHttpLineException ? HttpResponseStatus.REQUEST_URI_TOO_LONG
                    : cause instanceof TooLongHttpHeaderException
                    ? HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE : HttpResponseStatus.BAD_REQUEST;
            response = responses.text(status, request.method(), "malformed request\n", NettyResponses.CLOSE);
            closing = true;
        } else {
            boolean keepAlive = HttpUtil.isKeepAlive(request) && served < maxRequests && !draining.getAsBoolean();
            AsciiString connection = !keepAlive ? NettyResponses.CLOSE
                    : request.protocolVersion().equals(HttpVersion.HTTP_1_0) ? NettyResponses.KEEP_ALIVE : null;
            String uri = request.uri();
            int query = uri.indexOf('?');
            response = responses.answer(request.method(), query < 0 ? uri : uri.substring(0, query), request.headers(),
                    connection);
            closing = !keepAlive;
        }
        responses.metrics().requestEnded();
        responses.metrics().responded(response.status().code());
        if (closing) {
            ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
        } else {
            ctx.write(response, ctx.voidPromise());
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        ctx.flush(); // the answers of everything this read brought, in one write
        ctx.fireChannelReadComplete();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // Reset by the client, or any other failure of this connection: it alone ends.
        ctx.close();
    }
}
