package dev.upshift.examples.cli;

import dev.upshift.adapters.git.GitCheckout;
import dev.upshift.adapters.git.GitPublisher;
import dev.upshift.adapters.postgres.PostgresHistoryStore;
import dev.upshift.common.problem.UpshiftException;
import dev.upshift.core.engine.CrashPoint;
import dev.upshift.core.engine.CrashPoints;
import dev.upshift.core.engine.Engine;
import dev.upshift.core.engine.EngineObserver;
import dev.upshift.core.file.FileStatusProbe;
import dev.upshift.core.journal.EventLog;
import dev.upshift.core.journal.JsonLinesJournal;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.simulate.SimulatedProbe;
import dev.upshift.front.FolderFleetSource;
import dev.upshift.front.Upshift;
import dev.upshift.spi.EventSink;
import dev.upshift.spi.HistoryStore;
import dev.upshift.spi.InMemoryHistoryStore;
import dev.upshift.spi.Publication;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The engine of the files world, as {@code run} and {@code apply} build it with the front builder
 * ({@link Upshift}): the fleet folder read again at every pass (prepared again when its files
 * changed), the journal in the state folder or the history on PostgreSQL ({@code --history}, with an
 * epoch taken from it), the file publisher (or, with {@code --dry-run}, nothing written anywhere),
 * the files or the simulated probe, events in the state folder, every call but the history's cut
 * off after {@link #CALL_DEADLINE}.
 */
final class EngineSetup implements AutoCloseable {
    /** {@code UPSHIFT_CRASH_AT=point[:n]}: end the process at the n-th time (1 by default) the point is reached. */
    static final String CRASH_AT = "UPSHIFT_CRASH_AT";
    /** How long one call to the fleet's files, the probe or the event log may take before it is a fault. */
    static final Duration CALL_DEADLINE = Duration.ofSeconds(30);

    final Path fleet;
    final Path state;
    final Engine engine;
    final HistoryStore history;
    final String probeText;
    final Optional<SimulatedProbe> simulated;
    final Optional<EventLog> events;
    private final Upshift upshift;
    private final Optional<PostgresHistoryStore> database;
    private final Optional<Git> git;

    private EngineSetup(Path fleet, Path state, Upshift upshift, String probeText, Optional<PostgresHistoryStore> database,
            Optional<Git> git) {
        this.fleet = fleet;
        this.state = state;
        this.upshift = upshift;
        this.engine = upshift.engine();
        this.history = upshift.history();
        this.probeText = probeText;
        this.simulated = upshift.simulatedProbe();
        this.events = upshift.eventLog();
        this.database = database;
        this.git = git;
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
            Optional<Supplier<Git>> git) {
        return open(fleet, state, planner, simulatedProbe, seed, failureRate, dryRun, startedBy, database, git, List.of(),
                Optional.empty());
    }

    /**
     * With {@code observers} told of every reconcile (the metrics of {@code --metrics-port}), and
     * {@code unreachableAfter}: the engine skips a cluster whose probe answered only faults that long.
     */
    static EngineSetup open(Path fleet, Path state, Planner planner, boolean simulatedProbe, long seed, double failureRate,
            boolean dryRun, String startedBy, Optional<PostgresHistoryStore> database,
            Optional<Supplier<Git>> git, List<EngineObserver> observers, Optional<java.time.Duration> unreachableAfter) {
        Opening opening = new Opening(git);
        try {
            return build(fleet, state, planner, simulatedProbe, seed, failureRate, dryRun, startedBy, database,
                    opening, observers, unreachableAfter);
        } catch (RuntimeException e) {
            database.ifPresent(PostgresHistoryStore::close);
            opening.opened().ifPresent(g -> g.checkout().close());
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
            Opening git, List<EngineObserver> observers, Optional<java.time.Duration> unreachableAfter) {
        if (dryRun || database.isPresent()) {
            git.open(fleet); // no journal's lock to take first
        }
        Upshift.Builder b = Upshift.builder().callDeadline(CALL_DEADLINE).crashPoints(crashPoints(System.getenv(CRASH_AT)));
        unreachableAfter.ifPresent(b::unreachableAfter);
        observers.forEach(b::addObserver);
        fleet(b, fleet, planner, dryRun, git);
        history(b, state, dryRun, startedBy, database);
        String probeText = probe(b, simulatedProbe, seed, failureRate, git.given());
        Upshift upshift = b.build();
        try {
            git.open(fleet); // after the journal's lock: two engines never sync one checkout
        } catch (RuntimeException e) {
            upshift.close();
            throw e;
        }
        return new EngineSetup(fleet, state, upshift, probeText, database, git.opened());
    }

    /** The fleet folder, or its checkout synced before each read; the git publisher, or a dry run's. */
    private static void fleet(Upshift.Builder b, Path fleet, Planner planner, boolean dryRun, Opening git) {
        if (git.given()) {
            FolderFleetSource folder = FolderFleetSource.of(fleet, planner);
            b.fleet(() -> {
                git.get().checkout().sync();
                return folder.read();
            });
            if (!dryRun) {
                b.publisher((u, c) -> git.get().publisher().publish(u, c));
            }
        } else {
            b.fleet(fleet).planner(planner);
        }
        if (dryRun) {
            b.publisher((u, c) -> Publication.published(dryRunText(u.from().equals(u.to()),
                    c.changedDocuments().size())));
        }
    }

    /** What a dry run says it would have written: how many documents, and the release when the hop moves it. */
    static String dryRunText(boolean sameRelease, int documents) {
        String changed = documents == 0 ? "" : Plural.count(documents, "document") + " would change";
        String release = sameRelease ? "" : "spec.release";
        String what = changed.isEmpty() ? (release.isEmpty() ? "no document would change" : release + " would change")
                : changed + (release.isEmpty() ? "" : ", and " + release);
        return "dry run: nothing written (" + what + ")";
    }

    /** The journal in the state folder, the database's history, or a dry run's scratch copy of either. */
    private static void history(Upshift.Builder b, Path state, boolean dryRun, String startedBy,
            Optional<PostgresHistoryStore> database) {
        if (dryRun) {
            // a dry run records in memory what it would, over the journal's entries, and forgets it; it writes as
            // the newest epoch its memory holds, which fences nothing
            InMemoryHistoryStore scratch = new InMemoryHistoryStore(database.map(PostgresHistoryStore::entries)
                    .orElseGet(() -> JsonLinesJournal.read(state).entries()));
            b.history(scratch).epoch(scratch.acceptedEpoch()).events(EventSink.noop());
        } else {
            b.state(state);
            // an engine on the database takes an epoch from it: every engine before it is fenced out from now on
            database.ifPresentOrElse(d -> b.history(d).epoch(d.takeEpoch()), () -> b.startedBy(startedBy));
        }
    }

    /** The simulated probe, or the files'; what {@code run} says of it. */
    private static String probe(Upshift.Builder b, boolean simulated, long seed, double failureRate, boolean git) {
        if (simulated) {
            b.simulatedProbe(seed, failureRate);
            return String.format(Locale.ROOT, "simulated (each upgrade takes its expectedDuration; seed %d, failure"
                    + " rate %s)", seed, Double.toString(failureRate));
        }
        if (git) {
            b.probe(new FileStatusProbe()); // a folder's default; a fleet in git is given as a source
        }
        return "files (each cluster's status, as written back into its ManagedCluster document)";
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
        return upshift.journal().map(j -> j.notices().stream().map(Object::toString).toList()).orElse(List.of());
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
        try {
            upshift.close();
        } finally {
            try {
                database.ifPresent(PostgresHistoryStore::close);
            } finally {
                git.ifPresent(g -> g.checkout().close());
            }
        }
    }

    /**
     * The git checkout of {@code --git}, opened once: after the journal's lock is taken when there is
     * a journal (two engines must never sync one checkout), else at once. The engine's fleet source
     * and publisher use it only once it is open.
     */
    private static final class Opening {
        private final Optional<Supplier<Git>> opener;
        private Git opened;

        Opening(Optional<Supplier<Git>> opener) {
            this.opener = opener;
        }

        boolean given() {
            return opener.isPresent();
        }

        /** Opens the checkout, when there is one not open yet, and checks the fleet folder in it. */
        void open(Path fleet) {
            if (opener.isPresent() && opened == null) {
                opened = opener.get().get();
                Fleets.requireFolder(fleet);
            }
        }

        Git get() {
            return Objects.requireNonNull(opened, "the checkout is opened before the engine reads or publishes");
        }

        Optional<Git> opened() {
            return Optional.ofNullable(opened);
        }
    }
}
