package dev.upshift.observe;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.UpshiftException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Where events go, and in which form: every event as a CloudEvent, or a Slack-compatible message for
 * the events a person must act on ({@link SlackMessages}).
 *
 * @param url an {@code http} or {@code https} URL with a host
 * @param format what is posted there
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Webhook(URI url, Format format) {

    /** What a webhook receives. */
    public enum Format {
        /** Every event, as a CloudEvent in JSON (structured mode). */
        CLOUDEVENTS,
        /** A Slack-compatible {@code {"text": ...}} message for the events a person must act on. */
        SLACK
    }

    /**
     * Validates the parts.
     *
     * @throws UpshiftException when the URL is not an http or https URL with a host, saying so
     */
    public Webhook {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(format, "format");
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (!url.isAbsolute() || !(scheme.equals("http") || scheme.equals("https")) || url.getHost() == null
                || url.getUserInfo() != null) {
            throw new UpshiftException("a webhook is an http or https URL with a host and no user in it, such as"
                    + " https://events.example.com/upshift, not '" + shown(url) + "'");
        }
    }

    /** A webhook that receives every event as a CloudEvent. */
    public static Webhook cloudEvents(String url) {
        return new Webhook(uri(url), Format.CLOUDEVENTS);
    }

    /** A webhook that receives a Slack-compatible message for each event a person must act on. */
    public static Webhook slack(String url) {
        return new Webhook(uri(url), Format.SLACK);
    }

    private static URI uri(String url) {
        Objects.requireNonNull(url, "url");
        try {
            return new URI(url);
        } catch (URISyntaxException e) {
            throw new UpshiftException("a webhook is an http or https URL, such as https://events.example.com/upshift;"
                    + " '" + url + "' is not a URL: " + e.getReason());
        }
    }

    /** The URL without what may be a secret (its query, its user info): for messages and logs. */
    static String shown(URI url) {
        if (url.getScheme() == null || url.getRawAuthority() == null) {
            return url.toString().replaceAll("\\?.*", "?…");
        }
        String host = url.getHost() != null ? url.getHost() + (url.getPort() >= 0 ? ":" + url.getPort() : "") : "…";
        return url.getScheme() + "://" + host + (url.getRawPath() == null ? "" : url.getRawPath())
                + (url.getRawQuery() == null ? "" : "?…");
    }

    /** {@code cloudevents https://events.example.com/upshift}. */
    @Override
    public String toString() {
        return format.name().toLowerCase(Locale.ROOT) + " " + shown(url);
    }
}
