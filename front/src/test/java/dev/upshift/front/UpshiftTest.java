package dev.upshift.front;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.core.engine.FleetSource;
import dev.upshift.core.engine.Reconciliation;
import dev.upshift.core.journal.JournalLockedException;
import dev.upshift.core.journal.JsonLinesJournal;
import dev.upshift.core.plan.Planner;
import dev.upshift.spi.ChangePublisher;
import dev.upshift.spi.EventSink;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryStore;
import dev.upshift.spi.Publication;
import dev.upshift.spi.StatusProbe;
import dev.upshift.spi.UpgradeStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The front builder: the engine on a fleet folder in one line, or on parts given one by one. */
class UpshiftTest {
    private static final Instant NOW = Instant.parse("2026-03-10T10:00:00Z");

    @TempDir
    Path dir;

    /** examples/small-fleet, copied: web-1 and web-2 may go to 1.1.0 at any time. */
    private Path fleet() throws IOException {
        Path fleet = dir.resolve("fleet");
        Files.createDirectories(fleet);
        try (var files = Files.list(Path.of("../examples/small-fleet"))) {
            for (Path f : files.toList()) {
                Files.copy(f, fleet.resolve(f.getFileName().toString()));
            }
        }
        return fleet;
    }

    /** A history in a list. */
    private static final class ListHistory implements HistoryStore {
        final List<HistoryEntry> entries = new ArrayList<>();

        @Override
        public void append(HistoryEntry entry) {
            entries.add(entry);
        }

        @Override
        public List<HistoryEntry> history(String clusterId) {
            return entries.stream().filter(e -> e.clusterId().equals(clusterId)).toList();
        }

        @Override
        public List<HistoryEntry> entries() {
            return List.copyOf(entries);
        }
    }

    private static final ChangePublisher NOWHERE = (upgrade, change) -> Publication.published("nowhere");
    private static final StatusProbe RUNNING = (upgrade, now) -> UpgradeStatus.inProgress("Running", "running", now);

    @Test
    @DisplayName("on a fleet folder: the journal and the event log in its state folder, the file publisher")
    void aFolderBringsItsDefaults() throws IOException {
        Path fleet = fleet();
        try (Upshift upshift = Upshift.builder().fleet(fleet).build()) {
            Reconciliation r = upshift.engine().reconcile(NOW);

            assertThat(r.faults()).isEmpty();
            assertThat(r.started()).extracting(e -> e.cluster()).containsExactly("web-1", "web-2");
            assertThat(upshift.journal()).hasValueSatisfying(j -> assertThat(j.folder())
                    .isEqualTo(JsonLinesJournal.stateFolder(fleet)));
            assertThat(upshift.history()).isSameAs(upshift.journal().orElseThrow());
            assertThat(upshift.history().entries()).isNotEmpty().allMatch(e -> e.epoch() == 1);
            assertThat(upshift.eventLog()).hasValueSatisfying(l -> assertThat(l.file())
                    .isEqualTo(fleet.resolve(".upshift/events.jsonl")));
            assertThat(upshift.simulatedProbe()).isEmpty();
        }
        assertThat(Files.readString(fleet.resolve("clusters.yaml"), StandardCharsets.UTF_8))
                .as("the file publisher wrote the new releases into the folder").contains("release: 1.1.0");
    }

    @Test
    @DisplayName("the journal it opened is locked until close, and the next engine's epoch is one past")
    void itOwnsTheJournalItOpened() throws IOException {
        Path fleet = fleet();
        Path state = dir.resolve("state");
        Upshift first = Upshift.builder().fleet(fleet).state(state).startedBy("the first test").build();
        first.engine().reconcile(NOW);

        assertThatThrownBy(() -> Upshift.builder().fleet(fleet).state(state).build())
                .isInstanceOf(JournalLockedException.class).hasMessageContaining("the first test");
        first.close();

        Path clusters = fleet.resolve("clusters.yaml");
        Files.writeString(clusters, Files.readString(clusters, StandardCharsets.UTF_8).replaceFirst(
                "infrastructure: aws}\n", "infrastructure: aws}\nstatus: {release: 1.1.0}\n"), StandardCharsets.UTF_8);
        try (Upshift second = Upshift.builder().fleet(fleet).state(state).build()) {
            Reconciliation r = second.engine().reconcile(NOW.plus(Duration.ofMinutes(1)));

            assertThat(r.recorded()).as("web-1's outcome, read from its status").isNotEmpty()
                    .allMatch(e -> e.epoch() == 2);
        }
    }

    @Test
    @DisplayName("on a fleet source with every part given, nothing is opened and nothing defaults to files")
    void aSourceWithItsParts() throws IOException {
        FolderFleetSource source = FolderFleetSource.of(fleet(), Planner.standard());
        ListHistory history = new ListHistory();
        List<String> published = new ArrayList<>();
        try (Upshift upshift = Upshift.builder().fleet(source).history(history)
                .publisher((u, c) -> {
                    published.add(u.cluster().id());
                    return Publication.published("test");
                })
                .probe(RUNNING).epoch(7).build()) {
            upshift.engine().reconcile(NOW);

            assertThat(upshift.journal()).isEmpty();
            assertThat(upshift.eventLog()).isEmpty();
            assertThat(upshift.history()).isSameAs(history);
        }
        assertThat(published).containsExactly("web-1", "web-2");
        assertThat(history.entries()).isNotEmpty().allMatch(e -> e.epoch() == 7);
        assertThat(Files.exists(source.folder().resolve(".upshift"))).as("no state folder made").isFalse();
    }

    @Test
    @DisplayName("a simulated probe plays attempts out over the engine's history and the fleet it read")
    void aSimulatedProbe() throws IOException {
        ListHistory history = new ListHistory();
        try (Upshift upshift = Upshift.builder().fleet(fleet()).history(history).publisher(NOWHERE)
                .events(EventSink.noop()).simulatedProbe(0, 0.0).build()) {
            upshift.engine().reconcile(NOW);
            Reconciliation later = upshift.engine().reconcile(NOW.plus(Duration.ofMinutes(90)));

            assertThat(upshift.simulatedProbe()).isPresent();
            assertThat(later.recorded()).extracting(HistoryEntry::step).contains(HistoryEntry.Step.SUCCEEDED);
        }
    }

    @Test
    @DisplayName("hooks are asked under the names given; a blank or repeated name is refused at once")
    void hooksByName() {
        Upshift.Builder b = Upshift.builder().addHook("alerts", new dev.upshift.spi.UpgradeHook() {});

        assertThatThrownBy(() -> b.addHook("alerts", new dev.upshift.spi.UpgradeHook() {}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("two hooks are named alerts");
        assertThatThrownBy(() -> b.addHook(" ", new dev.upshift.spi.UpgradeHook() {}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs a name");
    }

    @Test
    @DisplayName("settings that exclude each other are refused when the second is given, in either order")
    void conflictsAreRefusedAtOnce() {
        FleetSource source = () -> {
            throw new IllegalStateException("not read");
        };
        HistoryStore history = new ListHistory();

        assertThatThrownBy(() -> Upshift.builder().fleet(source).planner(Planner.standard()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("give the planner to the source");
        assertThatThrownBy(() -> Upshift.builder().planner(Planner.standard()).fleet(source))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("give the planner to the source");
        assertThatThrownBy(() -> Upshift.builder().probe(RUNNING).simulatedProbe(0, 0))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("one probe");
        assertThatThrownBy(() -> Upshift.builder().simulatedProbe(0, 0).probe(RUNNING))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("one probe");
        assertThatThrownBy(() -> Upshift.builder().history(history).startedBy("me"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("no journal is opened");
        assertThatThrownBy(() -> Upshift.builder().startedBy("me").history(history))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("no journal is");
        assertThatThrownBy(() -> Upshift.builder().history(history).events(EventSink.noop()).state(dir))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("nothing would be kept");
        assertThatThrownBy(() -> Upshift.builder().state(dir).history(history).events(EventSink.noop()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("nothing would be kept");
        assertThatThrownBy(() -> Upshift.builder().state(dir).events(EventSink.noop()).history(history))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("nothing would be kept");
    }

    @Test
    @DisplayName("every setter checks its argument at once")
    void argumentsAreChecked() {
        Upshift.Builder b = Upshift.builder();

        assertThatThrownBy(() -> b.fleet((Path) null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> b.fleet((FleetSource) null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> b.epoch(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("never negative");
        assertThatThrownBy(() -> b.simulatedProbe(0, 1.5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("between 0 and 1");
        assertThatThrownBy(() -> b.simulatedProbe(0, Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> b.callDeadline(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("positive");
        assertThatThrownBy(() -> b.startedBy(" ")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> b.addStrategy(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    @DisplayName("build names the part that is missing: a fleet, or what a fleet source brings no default for")
    void missingPartsAreNamed() {
        FleetSource source = () -> {
            throw new IllegalStateException("not read");
        };
        HistoryStore history = new ListHistory();

        assertThatThrownBy(() -> Upshift.builder().build()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("needs a fleet");
        assertThatThrownBy(() -> Upshift.builder().fleet(source).publisher(NOWHERE).probe(RUNNING).build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("needs a history");
        assertThatThrownBy(() -> Upshift.builder().fleet(source).history(history).probe(RUNNING).build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("needs a publisher");
        assertThatThrownBy(() -> Upshift.builder().fleet(source).history(history).publisher(NOWHERE).build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("needs a probe");
    }

    @Test
    @DisplayName("with a call deadline, a fleet source that hangs is a fault of that reconcile, not a hang")
    void aCallDeadlineCutsOffAHangingCall() throws IOException {
        FleetSource hangs = () -> {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw new IllegalStateException("woke");
        };
        try (Upshift upshift = Upshift.builder().fleet(hangs).history(new ListHistory()).publisher(NOWHERE)
                .probe(RUNNING).callDeadline(Duration.ofMillis(50)).build()) {
            Reconciliation r = upshift.engine().reconcile(NOW);

            assertThat(r.faults()).hasSize(1);
            assertThat(r.recorded()).isEmpty();
        }
    }
}
