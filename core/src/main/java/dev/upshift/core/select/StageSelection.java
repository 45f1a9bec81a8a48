package dev.upshift.core.select;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Stage;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The clusters of one stage of an upgrade.
 *
 * @param stage the stage; for an upgrade without {@code stages}, one stage named
 *     {@value UpgradeSelection#IMPLICIT_STAGE} of every selected cluster
 * @param implicit whether the upgrade named no stages and this is that single stage
 * @param clusters the stage's clusters, in fleet order
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record StageSelection(Stage stage, boolean implicit, List<ManagedCluster> clusters) {
    /** Validates and copies the parts. */
    public StageSelection {
        Objects.requireNonNull(stage, "stage");
        clusters = List.copyOf(clusters);
    }

    /** The stage's name. */
    public String name() {
        return stage.name();
    }

    @Override
    public String toString() {
        return stage.name() + clusters.stream().map(ManagedCluster::id).toList();
    }
}
