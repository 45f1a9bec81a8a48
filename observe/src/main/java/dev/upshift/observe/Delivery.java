package dev.upshift.observe;

import dev.upshift.spi.HistoryEntry;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One webhook's delivery, on a thread of its own: takes the history's entries in order, posts each
 * (its CloudEvent, or its Slack message when a person must act on it), retries a failure (an
 * answer other than 2xx, a timeout, a dropped connection) with exponential backoff until the
 * webhook accepts it, and records the position after each accepted event. An event is posted again
 * only when its acceptance was not recorded (a kill between the two): at least once, with the same
 * id.
 */
final class Delivery implements Runnable {
    /** An entry and its place in the history (counted from 0). */
    record Item(HistoryEntry entry, long index) {}

    private final Webhook hook;
    private final UpshiftEvents events;
    private final DeliveryPosition position;
    private final HttpClient http;
    private final EventsOut.Settings settings;
    private final LinkedBlockingQueue<Item> queue = new LinkedBlockingQueue<>();
    private final Random jitter;
    private final Thread thread;
    private final AtomicLong posts = new AtomicLong();
    private final AtomicLong accepted = new AtomicLong();
    private volatile long drainUntil = Long.MAX_VALUE;
    private volatile boolean draining;
    private volatile Item inFlight;

    Delivery(Webhook hook, UpshiftEvents events, DeliveryPosition position, HttpClient http, EventsOut.Settings settings,
            int number) {
        this.hook = hook;
        this.events = events;
        this.position = position;
        this.http = http;
        this.settings = settings;
        this.jitter = new Random(hook.url().hashCode());
        this.thread = new Thread(this, "upshift-webhook-" + number);
    }

    Webhook hook() {
        return hook;
    }

    void offer(Item item) {
        queue.add(item);
    }

    void start() {
        thread.start();
    }

    /** Events not yet accepted. */
    int pending() {
        return queue.size() + (inFlight != null ? 1 : 0);
    }

    long posts() {
        return posts.get();
    }

    long accepted() {
        return accepted.get();
    }

    @Override
    public void run() {
        try {
            while (!(draining && queue.isEmpty())) {
                Item item = queue.poll(200, TimeUnit.MILLISECONDS);
                if (item == null) {
                    continue;
                }
                inFlight = item;
                if (!deliver(item)) {
                    return; // drained out: the rest goes out on the next start
                }
                inFlight = null;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Posts until accepted; false when the drain's time ran out first. */
    private boolean deliver(Item item) throws InterruptedException {
        Optional<byte[]> body = hook.format() == Webhook.Format.SLACK ? SlackMessages.payload(item.entry())
                : Optional.of(events.json(item.entry()));
        String id = UpshiftEvents.id(item.entry());
        if (body.isEmpty()) {
            if (queue.isEmpty()) {
                position.delivered(id, item.index() + 1);
            }
            return true;
        }
        HttpRequest request = HttpRequest.newBuilder(hook.url())
                .timeout(settings.requestTimeout())
                .header("Content-Type", hook.format() == Webhook.Format.SLACK ? "application/json; charset=utf-8"
                        : UpshiftEvents.CONTENT_TYPE + "; charset=utf-8")
                .header("Idempotency-Key", id)
                .header("User-Agent", "upshift")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.get()))
                .build();
        for (int attempt = 0; ; attempt++) {
            if (draining && System.nanoTime() > drainUntil) {
                return false;
            }
            posts.incrementAndGet();
            try {
                HttpResponse<Void> r = http.send(request, HttpResponse.BodyHandlers.discarding());
                if (r.statusCode() / 100 == 2) {
                    accepted.incrementAndGet();
                    position.delivered(id, item.index() + 1);
                    return true;
                }
            } catch (IOException e) {
                // refused, timed out, dropped: tried again below
            }
            Thread.sleep(backoff(attempt).toMillis());
        }
    }

    /** The wait before the next try: doubling from the first, capped, with jitter (half to all of it). */
    private Duration backoff(int attempt) {
        Duration d = settings.firstRetry().multipliedBy(1L << Math.min(attempt, 20));
        if (d.compareTo(settings.maxRetry()) > 0) {
            d = settings.maxRetry();
        }
        long ms = Math.max(1, d.toMillis());
        return Duration.ofMillis(ms / 2 + (long) (jitter.nextDouble() * (ms - ms / 2)));
    }

    /**
     * Lets the queue empty for at most {@code drain}, then ends the thread (an event under way is
     * given up: it goes out again on the next start).
     */
    void stop(Duration drain) throws InterruptedException {
        drainUntil = System.nanoTime() + drain.toNanos();
        draining = true;
        thread.join(Math.max(1, drain.toMillis()) + 1000);
        if (thread.isAlive()) {
            thread.interrupt();
            thread.join();
        }
    }
}
