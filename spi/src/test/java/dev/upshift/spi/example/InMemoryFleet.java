package dev.upshift.spi.example;

// tag::adapter[]
import dev.upshift.release.Release;
import dev.upshift.spi.ClusterInventory;
import dev.upshift.spi.Listing;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.ReleaseSource;
import java.util.List;

/** A fleet held in memory: the smallest cluster inventory and release source. */
public final class InMemoryFleet implements ClusterInventory, ReleaseSource {
    private final List<ManagedCluster> clusters;
    private final List<Release> releases;

    public InMemoryFleet(List<ManagedCluster> clusters, List<Release> releases) {
        this.clusters = List.copyOf(clusters);
        this.releases = List.copyOf(releases);
    }

    @Override
    public Listing<ManagedCluster> clusters() {
        return Listing.of(clusters);
    }

    @Override
    public Listing<Release> releases() {
        return Listing.of(releases);
    }
}
// end::adapter[]
