package dev.upshift.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.problem.UpshiftException;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.testing.FlakyReceiver;
import dev.upshift.testkit.TestWorld;
import dev.upshift.testkit.fake.FakeProbe;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 39, events out: at least once to a receiver that misbehaves, same id on duplicates, resumed after a stop. */
class EventsOutTest {
    @TempDir
    Path state;

    private static TestWorld world() {
        TestWorld world = TestWorld.of(UpshiftMetricsTest.fleet(), UpshiftMetricsTest.START);
        world.probe().answer(FakeProbe.Script.succeedAfter(Duration.ofHours(2)));
        world.probe().answer("dev-2", FakeProbe.Script.failAfter(Duration.ofHours(1), "node cp-2 did not drain"));
        return world;
    }

    private EventsOut.Builder out(FlakyReceiver receiver) {
        return EventsOut.builder().state(state).addWebhook(Webhook.cloudEvents(receiver.url()))
                .retry(Duration.ofMillis(5), Duration.ofMillis(50)).requestTimeout(Duration.ofMillis(300))
                .drain(Duration.ofMinutes(2));
    }

    private static Set<String> ids(List<HistoryEntry> entries) {
        Set<String> out = new LinkedHashSet<>();
        entries.forEach(e -> out.add(UpshiftEvents.id(e)));
        return out;
    }

    @Test
    @DisplayName("a receiver answering 500s, late and not at all gets every event at least once, duplicates alike")
    void atLeastOnceThroughAFlakyReceiver() throws Exception {
        try (FlakyReceiver receiver = FlakyReceiver.start(39, 0.4, Duration.ofMillis(600))) {
            TestWorld world = world();
            EventsOut out = out(receiver).build();
            world.configure(b -> b.addObserver(out));
            out.start(world.history());
            try {
                world.runUntil(UpshiftMetricsTest.START.plus(Duration.ofDays(3)));
            } finally {
                out.close();
            }
            List<HistoryEntry> history = world.history().all();
            assertThat(history).hasSizeGreaterThanOrEqualTo(30);
            Map<String, List<String>> got = receiver.received();
            assertThat(got.keySet()).as("every entry's event, by id").containsExactlyInAnyOrderElementsOf(ids(history));
            assertThat(got.values()).as("a duplicate is the same event, byte for byte")
                    .allSatisfy(bodies -> assertThat(Set.copyOf(bodies)).hasSize(1));
            assertThat(got.values().stream().filter(b -> b.size() > 1)).as("late answers made duplicates").isNotEmpty();
            assertThat(receiver.refused()).isPositive();
            assertThat(receiver.dropped()).isPositive();
            assertThat(out.pending()).isZero();
        }
    }

    @Test
    @DisplayName("stopped with events undelivered, the next start sends them from its position, not the rest again")
    void resumesFromItsPosition() throws Exception {
        try (FlakyReceiver receiver = FlakyReceiver.start(1, 0, Duration.ZERO)) {
            TestWorld world = world();
            EventsOut first = out(receiver).drain(Duration.ZERO).build();
            world.configure(b -> b.addObserver(first));
            first.start(world.history());
            world.runUntil(UpshiftMetricsTest.START.plus(Duration.ofHours(3)));
            awaitEmpty(first);
            int before = receiver.received().size();
            receiver.refuseAll(true);
            world.runUntil(UpshiftMetricsTest.START.plus(Duration.ofDays(3)));
            first.close();
            assertThat(receiver.received()).hasSize(before);

            receiver.refuseAll(false);
            try (EventsOut second = out(receiver).build()) {
                second.start(world.history());
                awaitEmpty(second);
            }
            Map<String, List<String>> got = receiver.received();
            assertThat(got.keySet()).containsExactlyInAnyOrderElementsOf(ids(world.history().all()));
            assertThat(got.values()).as("nothing accepted before was sent again").allSatisfy(b -> assertThat(b).hasSize(1));
        }
    }

    @Test
    @DisplayName("a webhook that is not an http or https URL is refused, naming what was expected")
    void badWebhook() {
        assertThatThrownBy(() -> Webhook.cloudEvents("ftp://events.example.com/x")).isInstanceOf(UpshiftException.class)
                .hasMessage("a webhook is an http or https URL with a host and no user in it, such as"
                        + " https://events.example.com/upshift, not 'ftp://events.example.com/x'");
        assertThatThrownBy(() -> Webhook.cloudEvents("https://user:secret@events.example.com/x?token=s3"))
                .hasMessageNotContaining("secret").hasMessageNotContaining("s3");
        assertThatThrownBy(() -> Webhook.slack("not a url")).isInstanceOf(UpshiftException.class)
                .hasMessageStartingWith("a webhook is an http or https URL");
    }

    private static void awaitEmpty(EventsOut out) throws InterruptedException {
        for (int i = 0; i < 1200 && out.pending() > 0; i++) {
            Thread.sleep(50);
        }
        assertThat(out.pending()).as("delivered within a minute").isZero();
    }
}
