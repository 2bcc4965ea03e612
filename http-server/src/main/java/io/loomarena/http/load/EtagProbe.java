package io.loomarena.http.load;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The entity tag a {@code load --conditional} run revalidates: one plain GET of the target before the run (not
 * measured), whose 2xx answer must carry an {@code ETag}; every request of the run then sends it in
 * {@code If-None-Match}. Stateless.
 */
final class EtagProbe {

    /** RFC 9110 section 8.8.3: {@code [W/] DQUOTE *etagc DQUOTE}, which also keeps CR and LF out of the request. */
    private static final Pattern ENTITY_TAG = Pattern.compile("(W/)?\"[\\x21\\x23-\\x7E\\x80-\\xFF]*\"");

    /** Why there is no entity tag to revalidate, in one line. */
    static final class NoEtagException extends Exception {
        NoEtagException(String message) {
            super(message, null, false, false);
        }
    }

    private EtagProbe() {
    }

    /** Whether {@code value} is one entity tag, strong or weak. */
    static boolean isEntityTag(String value) {
        return value != null && ENTITY_TAG.matcher(value).matches();
    }

    /**
     * GETs the target once and returns the {@code ETag} of its answer.
     *
     * @param timeout connect timeout and longest time the answer may take
     * @throws NoEtagException when the server cannot be reached, answers other than 2xx, or gives no valid ETag
     */
    static String etagOf(Target target, Duration timeout) throws NoEtagException, InterruptedException {
        String what = "--conditional: GET " + target.url();
        HttpResponse<Void> response;
        try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(timeout).build()) {
            URI uri = new URI(new URI(target.url()).toASCIIString());
            response = client.send(HttpRequest.newBuilder(uri).timeout(timeout).GET().build(),
                    HttpResponse.BodyHandlers.discarding());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("a parsed target's URL no longer parses: " + target.url(), e);
        } catch (ConnectException e) {
            throw new NoEtagException(what + " before the run: " + LoadCommand.whyNoConnection(target));
        } catch (IOException e) {
            throw new NoEtagException(what + " before the run failed: " + Optional.ofNullable(e.getMessage())
                    .orElse(e.getClass().getSimpleName()));
        }
        if (response.statusCode() < 200 || response.statusCode() > 299) {
            throw new NoEtagException(what + " answered " + response.statusCode()
                    + ", not 2xx: no representation to revalidate");
        }
        String etag = response.headers().firstValue("etag").orElseThrow(() -> new NoEtagException(
                what + " answered " + response.statusCode() + " without an ETag: nothing to revalidate"));
        if (!isEntityTag(etag)) {
            throw new NoEtagException(what + " answered the ETag '" + etag + "', which is not an entity tag"
                    + " (\"...\" or W/\"...\")");
        }
        return etag;
    }
}
