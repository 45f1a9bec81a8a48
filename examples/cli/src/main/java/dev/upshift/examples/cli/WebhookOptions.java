package dev.upshift.examples.cli;

import dev.upshift.common.problem.UpshiftException;
import dev.upshift.observe.EventsOut;
import dev.upshift.observe.Webhook;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code run}'s events out (docs/observability.md): every journaled step as a CloudEvent to each
 * {@code --webhook}, a Slack-compatible message for what a person must act on to each
 * {@code --slack-webhook}, at least once, each webhook's position kept in the state folder.
 */
final class WebhookOptions {
    @Option(names = "--webhook", paramLabel = "URL", description = "post every recorded step as a CloudEvent (JSON)"
            + " to URL, at least once; repeatable")
    List<String> webhooks = new ArrayList<>();

    @Option(names = "--slack-webhook", paramLabel = "URL", description = "post a Slack-compatible message to URL for"
            + " each step a person must act on (a failed, declined or held hop); repeatable")
    List<String> slack = new ArrayList<>();

    @Option(names = "--webhook-timeout", paramLabel = "D", converter = WindowsCommand.DurationConverter.class,
            description = "with a webhook: how long one post may take before it is tried again (default 10s)")
    Duration timeout;

    @Option(names = "--webhook-retry", paramLabel = "D", converter = WindowsCommand.DurationConverter.class,
            description = "with a webhook: the first wait before a post is tried again, doubling up to 5m (default 1s)")
    Duration retry;

    @Option(names = "--webhook-drain", paramLabel = "D", converter = WindowsCommand.DurationConverter.class,
            description = "with a webhook: how long to go on delivering when the run ends (default 10s; the rest goes"
                    + " out on the next run)")
    Duration drain;

    boolean given() {
        return !webhooks.isEmpty() || !slack.isEmpty();
    }

    /** Refuses what does not fit, naming what was expected. */
    void check(CommandLine cl, boolean dryRun) {
        if (!given()) {
            if (timeout != null || retry != null || drain != null) {
                throw new CommandLine.ParameterException(cl, "--webhook-timeout, --webhook-retry and --webhook-drain go"
                        + " with --webhook or --slack-webhook");
            }
            return;
        }
        if (dryRun) {
            throw new CommandLine.ParameterException(cl, "--webhook and --slack-webhook do not go with --dry-run: a dry"
                    + " run records nothing to send");
        }
        positive(cl, timeout, "--webhook-timeout");
        positive(cl, retry, "--webhook-retry");
        if (drain != null && drain.isNegative()) {
            throw new CommandLine.ParameterException(cl, "--webhook-drain must not be negative");
        }
        try {
            hooks();
        } catch (UpshiftException e) {
            throw new CommandLine.ParameterException(cl, "--webhook: " + e.getMessage());
        }
    }

    private static void positive(CommandLine cl, Duration d, String option) {
        if (d != null && (d.isZero() || d.isNegative())) {
            throw new CommandLine.ParameterException(cl, option + " must be positive");
        }
    }

    private List<Webhook> hooks() {
        List<Webhook> out = new ArrayList<>();
        webhooks.forEach(u -> out.add(Webhook.cloudEvents(u)));
        slack.forEach(u -> out.add(Webhook.slack(u)));
        return out;
    }

    /** The events out, not started, when a webhook is given. */
    Optional<EventsOut> build(Path state) {
        if (!given()) {
            return Optional.empty();
        }
        EventsOut.Builder b = EventsOut.builder().state(state);
        hooks().forEach(b::addWebhook);
        Duration first = retry != null ? retry : Duration.ofSeconds(1);
        b.retry(first, first.compareTo(Duration.ofMinutes(5)) > 0 ? first : Duration.ofMinutes(5));
        if (timeout != null) {
            b.requestTimeout(timeout);
        }
        if (drain != null) {
            b.drain(drain);
        }
        return Optional.of(b.build());
    }
}
