package dev.upshift.observe;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.engine.EngineObserver;
import dev.upshift.core.engine.Reconciliation;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryStore;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apiguardian.api.API;

/**
 * The history's entries sent out to webhooks as CloudEvents (or Slack-compatible messages), at
 * least once, each with a stable id (docs/observability.md, "Events out").
 *
 * <pre>{@code
 * EventsOut out = EventsOut.builder()
 *         .state(stateFolder)                       // where each webhook's position is kept
 *         .addWebhook(Webhook.cloudEvents("https://events.example.com/upshift"))
 *         .build();
 * try (Upshift upshift = Upshift.builder().fleet(folder).state(stateFolder).addObserver(out).build()) {
 *     out.start(upshift.history());                 // the backlog, then what each reconcile records
 *     ...
 * } finally {
 *     out.close();                                  // drains for a while; the rest goes out next start
 * }
 * }</pre>
 *
 * <h2>Never lost, never blocking</h2>
 * The history is the outbox: every entry is journaled before the engine acts, and each webhook's
 * position (the id of the last event it accepted) is kept in a file beside the journal. On
 * {@link #start} every entry after that position is queued again, so a process killed mid-delivery
 * loses nothing; then each reconcile's entries are queued as the engine records them. The engine's
 * thread only queues: each webhook is posted to from a thread of its own, retried with exponential
 * backoff until it accepts (a 2xx answer). A receiver may see an event twice (a retry after a lost
 * answer, a restart after a kill): the same id, the same bytes.
 *
 * <p><b>Contract.</b> Entries recorded outside a reconcile ({@code Engine.apply}) are sent on the
 * next start. A webhook that never accepts an event holds the events after it back (order is kept);
 * the others go on. Not for use by two processes on one state folder (the journal's lock prevents it).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class EventsOut implements EngineObserver, AutoCloseable {
    private final Settings settings;
    private final Path state;
    private final UpshiftEvents events;
    private final List<Webhook> webhooks;
    private final List<Delivery> deliveries = new ArrayList<>();
    private final List<String> notices = new ArrayList<>();
    private ExecutorService httpThreads;
    private long next;
    private boolean started;
    private boolean closed;

    private EventsOut(Builder b) {
        this.settings = new Settings(b.firstRetry, b.maxRetry, b.requestTimeout, b.drain);
        this.state = b.state;
        this.events = UpshiftEvents.from(b.source);
        this.webhooks = List.copyOf(b.webhooks);
    }

    /** Starts a configuration. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Queues every entry of {@code history} after each webhook's position, and starts delivering.
     * Call it once, before the engine's first reconcile after the history was opened.
     *
     * @throws IllegalStateException when started already, or closed
     * @throws dev.upshift.common.problem.UpshiftException when a position file cannot be read
     */
    public synchronized void start(HistoryStore history) {
        Objects.requireNonNull(history, "history");
        if (started || closed) {
            throw new IllegalStateException(closed ? "events out are closed" : "events out are started already");
        }
        started = true;
        List<HistoryEntry> entries = history.entries();
        next = entries.size();
        httpThreads = Executors.newFixedThreadPool(Math.max(1, webhooks.size()), r -> {
            Thread t = new Thread(r, "upshift-webhook-http");
            t.setDaemon(true);
            return t;
        });
        HttpClient http = HttpClient.newBuilder().connectTimeout(settings.requestTimeout()).executor(httpThreads)
                .followRedirects(HttpClient.Redirect.NEVER).build();
        int n = 0;
        for (Webhook hook : webhooks) {
            DeliveryPosition position = DeliveryPosition.in(state, hook);
            Delivery d = new Delivery(hook, events, position, http, settings, ++n);
            for (int i = from(position, hook, entries); i < entries.size(); i++) {
                d.offer(new Delivery.Item(entries.get(i), i));
            }
            deliveries.add(d);
        }
        deliveries.forEach(Delivery::start);
    }

    /** Where a webhook's delivery resumes: after the entry whose id its position names. */
    private int from(DeliveryPosition position, Webhook hook, List<HistoryEntry> entries) {
        Optional<String> last = position.last();
        if (last.isEmpty()) {
            return 0;
        }
        for (int i = entries.size() - 1; i >= 0; i--) {
            if (UpshiftEvents.id(entries.get(i)).equals(last.get())) {
                return i + 1;
            }
        }
        notices.add("webhook " + hook + ": the last event it accepted (" + last.get() + ") is not in the history;"
                + " every event is sent again");
        return 0;
    }

    @Override
    public synchronized void reconciled(Reconciliation done) {
        if (!started || closed) {
            return; // start() reads the history, which holds these
        }
        for (HistoryEntry e : done.recorded()) {
            Delivery.Item item = new Delivery.Item(e, next++);
            deliveries.forEach(d -> d.offer(item));
        }
    }

    /** What start found worth saying (a position that matched no event). */
    public synchronized List<String> notices() {
        return List.copyOf(notices);
    }

    /** Events queued or under way, over every webhook. */
    public synchronized int pending() {
        return deliveries.stream().mapToInt(Delivery::pending).sum();
    }

    /** Posts made (tries, retries included), over every webhook. */
    public synchronized long posts() {
        return deliveries.stream().mapToLong(Delivery::posts).sum();
    }

    /**
     * Lets each webhook's queue empty for at most the drain time ({@link Builder#drain}), then stops
     * its thread; what was not accepted goes out on the next start. Closing twice does nothing.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        boolean interrupted = false;
        for (Delivery d : deliveries) {
            try {
                d.stop(settings.drain());
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (httpThreads != null) {
            httpThreads.shutdownNow();
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "events out to " + webhooks;
    }

    /** How deliveries retry, wait and drain. */
    record Settings(Duration firstRetry, Duration maxRetry, Duration requestTimeout, Duration drain) {}

    /** Configures {@link EventsOut}; every setter checks its argument at once. */
    public static final class Builder {
        private Path state;
        private URI source = URI.create("urn:upshift");
        private final List<Webhook> webhooks = new ArrayList<>();
        private Duration firstRetry = Duration.ofSeconds(1);
        private Duration maxRetry = Duration.ofMinutes(5);
        private Duration requestTimeout = Duration.ofSeconds(10);
        private Duration drain = Duration.ofSeconds(10);

        private Builder() {}

        /** The state folder (the journal's): each webhook's position is kept under {@code webhooks/} there. */
        public Builder state(Path stateFolder) {
            this.state = Objects.requireNonNull(stateFolder, "stateFolder");
            return this;
        }

        /** The events' {@code source}; {@code urn:upshift} by default. */
        public Builder source(URI eventSource) {
            UpshiftEvents.from(eventSource);
            this.source = eventSource;
            return this;
        }

        /**
         * Adds a webhook.
         *
         * @throws IllegalArgumentException when the same URL is given twice in the same format
         */
        public Builder addWebhook(Webhook hook) {
            Objects.requireNonNull(hook, "hook");
            if (webhooks.contains(hook)) {
                throw new IllegalArgumentException("the webhook " + hook + " is given twice");
            }
            webhooks.add(hook);
            return this;
        }

        /**
         * The wait before the first retry and the longest between two (doubling in between, with
         * jitter); 1 s and 5 min by default.
         *
         * @throws IllegalArgumentException unless {@code 0 < first <= max}
         */
        public Builder retry(Duration first, Duration max) {
            positive(first, "the first retry's wait");
            if (max.compareTo(first) < 0) {
                throw new IllegalArgumentException("the longest wait between retries (" + max + ") is at least the"
                        + " first (" + first + ")");
            }
            this.firstRetry = first;
            this.maxRetry = max;
            return this;
        }

        /** How long one post may take before it is given up and tried again; 10 s by default. */
        public Builder requestTimeout(Duration timeout) {
            this.requestTimeout = positive(timeout, "a request timeout");
            return this;
        }

        /** How long {@link EventsOut#close()} lets the queues empty; 10 s by default. */
        public Builder drain(Duration time) {
            Objects.requireNonNull(time, "time");
            if (time.isNegative()) {
                throw new IllegalArgumentException("a drain time is not negative, not " + time);
            }
            this.drain = time;
            return this;
        }

        private static Duration positive(Duration d, String what) {
            Objects.requireNonNull(d, what);
            if (d.isZero() || d.isNegative()) {
                throw new IllegalArgumentException(what + " is positive, not " + d);
            }
            return d;
        }

        /**
         * Builds it; nothing is started before {@link EventsOut#start}.
         *
         * @throws IllegalStateException when no state folder or no webhook is given
         */
        public EventsOut build() {
            if (state == null) {
                throw new IllegalStateException("events out need a state folder (state): each webhook's position is"
                        + " kept there");
            }
            if (webhooks.isEmpty()) {
                throw new IllegalStateException("events out need a webhook (addWebhook)");
            }
            return new EventsOut(this);
        }
    }
}
