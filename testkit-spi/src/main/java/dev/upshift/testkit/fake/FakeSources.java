package dev.upshift.testkit.fake;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.Problem;
import dev.upshift.release.Release;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterInventory;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.Listing;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.ReleaseSource;
import dev.upshift.spi.ScheduleSource;
import dev.upshift.spi.UpgradeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;
import org.apiguardian.api.API;

/**
 * The four input sources held in memory — {@link ClusterInventory}, {@link ReleaseSource},
 * {@link ScheduleSource} and {@link UpgradeSource} at once — that a test changes between reads (a
 * cluster joins, a release is withdrawn), with problems it adds to a listing and switches that make
 * reads throw as an unreachable source does.
 *
 * <pre>{@code
 * FakeSources sources = FakeSources.of(fleet.contents());
 * sources.clusters(list -> append(list, newCluster));
 * sources.faults().throwOnce();                   // the next read of any source throws
 * PlanInput input = PlanInput.from(sources, sources, sources, sources, history);
 * }</pre>
 *
 * <p>Each listing is a snapshot of what the test set. Thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FakeSources implements ClusterInventory, ReleaseSource, ScheduleSource, UpgradeSource {
    private final Faults faults = new Faults("read source");
    private List<ManagedCluster> clusters;
    private List<Release> releases;
    private List<MaintenanceSchedule> schedules;
    private List<ClusterUpgrade> upgrades;
    private final List<Problem> problems = new ArrayList<>();
    private int reads;

    /** Sources holding these items, in this order. */
    public FakeSources(List<ManagedCluster> clusters, List<Release> releases, List<MaintenanceSchedule> schedules,
            List<ClusterUpgrade> upgrades) {
        this.clusters = List.copyOf(clusters);
        this.releases = List.copyOf(releases);
        this.schedules = List.copyOf(schedules);
        this.upgrades = List.copyOf(upgrades);
    }

    /** Sources holding what the four sources of {@code fleet} list now (their problems left out). */
    public static FakeSources of(ClusterInventory inventory, ReleaseSource releases, ScheduleSource schedules,
            UpgradeSource upgrades) {
        return new FakeSources(inventory.clusters().items(), releases.releases().items(),
                schedules.schedules().items(), upgrades.upgrades().items());
    }

    /** Sources holding what a fleet's contents (or any value that is all four sources) list. */
    public static <T extends ClusterInventory & ReleaseSource & ScheduleSource & UpgradeSource> FakeSources of(T fleet) {
        return of(fleet, fleet, fleet, fleet);
    }

    /** The switches that make every read throw or hang. */
    public Faults faults() {
        return faults;
    }

    /** Changes the clusters listed from now on. */
    public synchronized FakeSources clusters(UnaryOperator<List<ManagedCluster>> change) {
        clusters = List.copyOf(change.apply(new ArrayList<>(clusters)));
        return this;
    }

    /** Changes the releases listed from now on. */
    public synchronized FakeSources releases(UnaryOperator<List<Release>> change) {
        releases = List.copyOf(change.apply(new ArrayList<>(releases)));
        return this;
    }

    /** Changes the schedules listed from now on. */
    public synchronized FakeSources schedules(UnaryOperator<List<MaintenanceSchedule>> change) {
        schedules = List.copyOf(change.apply(new ArrayList<>(schedules)));
        return this;
    }

    /** Changes the upgrade intents listed from now on. */
    public synchronized FakeSources upgrades(UnaryOperator<List<ClusterUpgrade>> change) {
        upgrades = List.copyOf(change.apply(new ArrayList<>(upgrades)));
        return this;
    }

    /** Every listing from now on carries this problem too (a document that could not be read). */
    public synchronized FakeSources addProblem(Problem problem) {
        problems.add(Objects.requireNonNull(problem, "problem"));
        return this;
    }

    @Override
    public Listing<ManagedCluster> clusters() {
        return listing(() -> clusters);
    }

    @Override
    public Listing<Release> releases() {
        return listing(() -> releases);
    }

    @Override
    public Listing<MaintenanceSchedule> schedules() {
        return listing(() -> schedules);
    }

    @Override
    public Listing<ClusterUpgrade> upgrades() {
        return listing(() -> upgrades);
    }

    private <T> Listing<T> listing(java.util.function.Supplier<List<T>> items) {
        faults.enter();
        synchronized (this) {
            reads++;
            return Listing.of(items.get(), problems);
        }
    }

    /** How many listings were answered. */
    public synchronized int reads() {
        return reads;
    }

    @Override
    public synchronized String toString() {
        return "fake sources: " + clusters.size() + " clusters, " + releases.size() + " releases, " + schedules.size()
                + " schedules, " + upgrades.size() + " upgrades";
    }
}
