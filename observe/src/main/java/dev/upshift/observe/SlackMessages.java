package dev.upshift.observe;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.spi.HistoryEntry;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A Slack-compatible message ({@code {"text": ...}}, which Slack's incoming webhooks, Mattermost
 * and Rocket.Chat take) for the entries a person must act on: a hop that failed, one every strategy
 * declined (the cluster is blocked), one a before-hook holds (a gate waits: an approval, a change
 * board). Every other entry makes no message. Pure.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SlackMessages {
    private static final ObjectMapper JSON = new ObjectMapper();

    private SlackMessages() {}

    /** Whether a person must act on the entry. */
    public static boolean actionable(HistoryEntry e) {
        return switch (e.step()) {
            case FAILED, DECLINED, HELD -> true;
            default -> false;
        };
    }

    /** The message's text, when a person must act on the entry. */
    public static Optional<String> text(HistoryEntry e) {
        if (!actionable(e)) {
            return Optional.empty();
        }
        String what = e.from().equals(e.to()) ? "the configuration change on " + e.to() : e.from() + " → " + e.to();
        String upgrade = e.intent().map(i -> " (upgrade " + i + ", " + e.hop() + ", attempt " + e.attempt() + ")")
                .orElse(" (" + e.hop() + ", attempt " + e.attempt() + ")");
        String why = e.reasons().isEmpty() ? e.message() : e.reasons().get(0).code() + ": " + e.reasons().get(0).message();
        String head = switch (e.step()) {
            case FAILED -> ":x: *" + e.clusterId() + "*: " + what + " failed";
            case DECLINED -> ":no_entry: *" + e.clusterId() + "* is blocked: " + what + " was declined";
            default -> ":hourglass: *" + e.clusterId() + "* waits at a gate before " + what;
        };
        return Optional.of(head + upgrade + (why.isBlank() ? "" : "\n" + why) + "\n" + e.at());
    }

    /** The message as Slack's JSON payload, when a person must act on the entry. */
    public static Optional<byte[]> payload(HistoryEntry e) {
        return text(e).map(t -> {
            ObjectNode o = JSON.createObjectNode();
            o.put("text", t);
            try {
                return JSON.writeValueAsBytes(o);
            } catch (com.fasterxml.jackson.core.JsonProcessingException ex) {
                throw new IllegalStateException("a string always writes", ex);
            }
        });
    }
}
