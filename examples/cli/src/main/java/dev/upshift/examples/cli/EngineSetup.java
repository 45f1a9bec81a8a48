package dev.upshift.examples.cli;

import dev.upshift.adapters.git.GitCheckout;
import dev.upshift.adapters.git.GitPublisher;
import dev.upshift.adapters.postgres.PostgresHistoryStore;
import dev.upshift.common.problem.UpshiftException;
import dev.upshift.core.engine.CrashPoint;
import dev.upshift.core.engine.CrashPoints;
import dev.upshift.core.engine.Engine;
import dev.upshift.core.engine.FleetReading;
import dev.upshift.core.file.FilePublisher;
import dev.upshift.core.file.FileStatusProbe;
import dev.upshift.core.journal.EventLog;
import dev.upshift.core.journal.JsonLinesJournal;
import dev.upshift.core.journal.LockHolder;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.plan.PreparedFleet;
import dev.upshift.core.simulate.SimulatedProbe;
import dev.upshift.spi.ChangePublisher;
import dev.upshift.spi.FencedHistoryStore;
import dev.upshift.spi.HistoryStore;
import dev.upshift.spi.InMemoryHistoryStore;
import dev.upshift.spi.Publication;
import dev.upshift.spi.StatusProbe;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The engine of the files world, as {@code run} and {@code apply} build it: the fleet folder read
 * again at every pass, the journal in the state folder or the history on PostgreSQL
 * ({@code --history}, with an epoch taken from it), the file publisher (or, with {@code --dry-run},
 * nothing written anywhere), the files or the simulated probe, events in the state folder.
 */
final class EngineSetup implements AutoCloseable {
    /** {@code UPSHIFT_CRASH_AT=point[:n]}: end the process at the n-th time (1 by default) the point is reached. */
    static final String CRASH_AT = "UPSHIFT_CRASH_AT";
    private static final AtomicInteger UNREADABLE = new AtomicInteger();

    final Path fleet;
    final Path state;
    final Engine engine;
    final HistoryStore history;
    final String probeText;
    final Optional<SimulatedProbe> simulated;
    final Optional<EventLog> events;
    private final Optional<JsonLinesJournal> journal;
    /** How long one call to the fleet's files, the probe or the event log may take before it is a fault. */
    static final java.time.Duration CALL_DEADLINE = java.time.Duration.ofSeconds(30);
    private final dev.upshift.core.run.Deadlines deadlines;
    private final Optional<PostgresHistoryStore> database;
    private final Optional<Git> git;

    private EngineSetup(Path fleet, Path state, Engine engine, HistoryStore history, String probeText,
            Optional<SimulatedProbe> simulated, Optional<EventLog> events, Optional<JsonLinesJournal> journal,
            Optional<PostgresHistoryStore> database, dev.upshift.core.run.Deadlines deadlines, Optional<Git> git) {
        this.git = git;
        this.fleet = fleet;
        this.deadlines = deadlines;
        this.state = state;
        this.engine = engine;
        this.history = history;
        this.probeText = probeText;
        this.simulated = simulated;
        this.events = events;
        this.journal = journal;
        this.database = database;
    }

    static EngineSetup open(Path fleet, Path state, Planner planner, boolean simulatedProbe, long seed, double failureRate,
            boolean dryRun, String startedBy) {
        return open(fleet, state, planner, simulatedProbe, seed, failureRate, dryRun, startedBy, Optional.empty());
    }

    /** With {@code database} the history on PostgreSQL replaces the journal; the setup closes it. */
    static EngineSetup open(Path fleet, Path state, Planner planner, boolean simulatedProbe, long seed, double failureRate,
            boolean dryRun, String startedBy, Optional<PostgresHistoryStore> database) {
        return open(fleet, state, planner, simulatedProbe, seed, failureRate, dryRun, startedBy, database,
                Optional.empty());
    }

    /**
     * With {@code git} the fleet folder lies in its checkout, opened (cloned the first time) once the
     * journal's lock is held, synced with the remote at every pass; upgrades are published into the
     * repository. The setup closes the checkout.
     */
    static EngineSetup open(Path fleet, Path state, Planner planner, boolean simulatedProbe, long seed, double failureRate,
            boolean dryRun, String startedBy, Optional<PostgresHistoryStore> database,
            Optional<java.util.function.Supplier<Git>> git) {
        Git[] opened = new Git[1];
        try {
            return build(fleet, state, planner, simulatedProbe, seed, failureRate, dryRun, startedBy, database,
                    git.map(g -> () -> opened[0] = g.get()));
        } catch (RuntimeException e) {
            database.ifPresent(PostgresHistoryStore::close);
            if (opened[0] != null) {
                opened[0].checkout().close();
            }
            throw e;
        }
    }

    /** The fleet in git, when the setup publishes there. */
    Optional<Git> git() {
        return git;
    }

    /** A fleet in git ({@code --git}): the working clone the fleet is read from, and the publisher into it. */
    record Git(GitCheckout checkout, GitPublisher publisher) {
        /** Opens the clone in {@code STATE/checkout}, at the branch's head. */
        static Git of(GitRepository options, Path state) {
            GitCheckout checkout = options.open(state.resolve("checkout"));
            try {
                return new Git(checkout, options.publisher(checkout));
            } catch (RuntimeException e) {
                checkout.close();
                throw e;
            }
        }
    }

    private static EngineSetup build(Path fleet, Path state, Planner planner, boolean simulatedProbe, long seed,
            double failureRate, boolean dryRun, String startedBy, Optional<PostgresHistoryStore> database,
            Optional<java.util.function.Supplier<Git>> opening) {
        Optional<JsonLinesJournal> journal = dryRun || database.isPresent() ? Optional.empty()
                : Optional.of(JsonLinesJournal.open(state, LockHolder.current(startedBy)));
        Optional<Git> git;
        try {
            git = opening.map(java.util.function.Supplier::get);
            if (git.isPresent()) {
                Fleets.requireFolder(fleet);
            }
        } catch (RuntimeException e) {
            journal.ifPresent(JsonLinesJournal::close);
            throw e;
        }
        // a dry run records in memory what it would, over the journal's entries, and forgets it
        FencedHistoryStore history = dryRun ? new InMemoryHistoryStore(database.map(PostgresHistoryStore::entries)
                .orElseGet(() -> JsonLinesJournal.read(state).entries()))
                : journal.<FencedHistoryStore>map(j -> j).orElseGet(database::orElseThrow);
        // an engine on the database takes an epoch from it: every engine before it is fenced out from now on;
        // a dry run writes as the newest epoch its memory holds, which fences nothing
        long epoch = dryRun ? history.acceptedEpoch() : journal.map(j -> j.acceptedEpoch() + 1)
                .orElseGet(() -> database.orElseThrow().takeEpoch());
        PreparedFleet[] last = new PreparedFleet[1];
        String[] seen = new String[1];
        dev.upshift.core.run.Deadlines deadlines = new dev.upshift.core.run.Deadlines(CALL_DEADLINE);
        Engine.Builder b = Engine.builder()
                .fleet(deadlines.fleet(() -> {
                    git.ifPresent(g -> g.checkout().sync());
                    String now = fingerprint(fleet);
                    if (last[0] == null || !now.equals(seen[0])) {
                        last[0] = planner.prepare(Fleets.read(fleet));
                        seen[0] = now;
                    }
                    return FleetReading.of(last[0]);
                }))
                .history(history)
                .epoch(epoch)
                .crashPoints(crashPoints(System.getenv(CRASH_AT)));
        ChangePublisher publisher = dryRun
                ? (u, c) -> Publication.published("dry run: nothing written (" + c.changedDocuments().size()
                        + " documents would change, and spec.release)")
                : git.<ChangePublisher>map(Git::publisher).orElseGet(() -> FilePublisher.of(fleet));
        b.publisher(deadlines.publisher(publisher));
        Optional<SimulatedProbe> simulated = Optional.empty();
        StatusProbe probe;
        String probeText;
        if (simulatedProbe) {
            SimulatedProbe p = new SimulatedProbe(history, () -> last[0] != null ? last[0]
                    : planner.prepare(Fleets.read(fleet)), seed, failureRate);
            simulated = Optional.of(p);
            probe = p;
            probeText = String.format(Locale.ROOT, "simulated (each upgrade takes its expectedDuration; seed %d, failure"
                    + " rate %s)", seed, Double.toString(failureRate));
        } else {
            probe = new FileStatusProbe();
            probeText = "files (each cluster's status, as written back into its ManagedCluster document)";
        }
        b.probe(deadlines.probe(probe));
        Optional<EventLog> events = dryRun ? Optional.empty() : Optional.of(EventLog.in(state));
        events.ifPresent(e -> b.events(deadlines.events(e)));
        journal.ifPresent(j -> j.notices().forEach(n -> { }));
        return new EngineSetup(fleet, state, b.build(), history, probeText, simulated, events, journal, database,
                deadlines, git);
    }

    /**
     * What the fleet folder's files are (names and a checksum of their bytes; hidden folders left out
     * as the reader leaves them): the fleet is read and prepared again only when it changed.
     */
    static String fingerprint(Path fleet) {
        StringBuilder out = new StringBuilder();
        try (java.util.stream.Stream<Path> all = java.nio.file.Files.walk(fleet)) {
            for (Path p : all.filter(java.nio.file.Files::isRegularFile).sorted().toList()) {
                Path rel = fleet.relativize(p);
                boolean hidden = false;
                for (Path part : rel) {
                    hidden |= part.toString().startsWith(".");
                }
                if (!hidden) {
                    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
                    crc.update(java.nio.file.Files.readAllBytes(p));
                    out.append(rel).append(' ').append(crc.getValue()).append('\n');
                }
            }
        } catch (java.io.IOException e) {
            return "unreadable " + UNREADABLE.incrementAndGet();
        }
        return out.toString();
    }

    /** Where the history is, for the first lines {@code run} prints: the journal file, or the database and fleet. */
    String historyText(boolean dryRun) {
        if (database.isPresent()) {
            return (dryRun ? "dry run: nothing is recorded or written; history read from " : "history: ") + database.get();
        }
        return (dryRun ? "dry run: nothing is journaled or written; journal read from " : "journal: ")
                + JsonLinesJournal.file(state);
    }

    List<String> notices() {
        return journal.map(j -> j.notices().stream().map(Object::toString).toList()).orElse(List.of());
    }

    static CrashPoints crashPoints(String spec) {
        if (spec == null || spec.isBlank()) {
            return CrashPoints.none();
        }
        String[] parts = spec.split(":", 2);
        CrashPoint point = null;
        for (CrashPoint p : CrashPoint.values()) {
            if (p.word().equals(parts[0])) {
                point = p;
            }
        }
        if (point == null) {
            throw new UpshiftException(CRASH_AT + "=" + spec + ": no such crash point; expected one of "
                    + String.join(", ", java.util.Arrays.stream(CrashPoint.values()).map(CrashPoint::word).toList()));
        }
        int n = parts.length > 1 ? Integer.parseInt(parts[1]) : 1;
        CrashPoint chosen = point;
        AtomicInteger seen = new AtomicInteger();
        return (p, cluster) -> {
            if (p == chosen && seen.incrementAndGet() == n) {
                Runtime.getRuntime().halt(137);
            }
        };
    }

    @Override
    public void close() {
        deadlines.close();
        try {
            journal.ifPresent(JsonLinesJournal::close);
        } finally {
            try {
                database.ifPresent(PostgresHistoryStore::close);
            } finally {
                git.ifPresent(g -> g.checkout().close());
            }
        }
    }
}
