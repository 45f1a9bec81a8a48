package dev.upshift.release;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.upshift.common.value.VersionChange;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One edge of the upgrade graph as a step of a path.
 *
 * @param from the release the cluster runs before the hop
 * @param to the release it runs after the hop
 * @param change how large the step is (patch, minor or major)
 * @param workersMove whether the worker nodes move in this hop too; when false only the control
 *     plane moves and the workers stay on {@link #workersRelease()}, lagging within the worker skew
 * @param workersRelease the release the workers run after this hop
 * @param uncheckedComponents components whose version changes in this hop but that have no
 *     {@code componentUpgradesFrom} rule in {@code to}: compatibility was assumed, not checked
 */
@API(status = MAINTAINED, since = "0.1")
public record Hop(Release from, Release to, VersionChange change, boolean workersMove, Release workersRelease,
        List<String> uncheckedComponents) {

    /** Validates the parts. */
    public Hop {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(change, "change");
        Objects.requireNonNull(workersRelease, "workersRelease");
        uncheckedComponents = List.copyOf(uncheckedComponents);
    }

    /** Whether any changed component's compatibility was assumed rather than checked. */
    public boolean isUnchecked() {
        return !uncheckedComponents.isEmpty();
    }

    @Override
    public String toString() {
        return from.version() + " → " + to.version();
    }
}
