package dev.upshift.bench;

import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.ReleaseState;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Generates release catalogs shaped like a real product line: majors of ten minors of a few patches
 * each, kubernetes moving one minor per release minor, {@code upgradesFrom} accepting the previous
 * minor, per-component rules on etcd, some withdrawn patches.
 */
public final class CatalogGenerator {
    private CatalogGenerator() {}

    /** A catalog of exactly {@code size} releases, the same for the same seed. */
    public static ReleaseCatalog catalog(int size, long seed) {
        return catalog(size, seed, true);
    }

    /**
     * The same catalog, with or without {@code upgradesFrom} (without: every older release is
     * accepted, and only the skew policy and the component rules narrow the hops).
     */
    public static ReleaseCatalog catalog(int size, long seed, boolean upgradesFrom) {
        Random random = new Random(seed);
        List<Release> releases = new ArrayList<>(size);
        int patchesPerMinor = 5;
        int minorsPerMajor = 10;
        for (int i = 0; i < size; i++) {
            int patch = i % patchesPerMinor;
            int minorIndex = i / patchesPerMinor;
            int major = 1 + minorIndex / minorsPerMajor;
            int minor = minorIndex % minorsPerMajor;
            int kubeMinor = 20 + minorIndex;
            Release.Builder b = Release.builder(major + "." + minor + "." + patch)
                    .component("kubernetes", "1." + kubeMinor + "." + (patch * 2 + random.nextInt(2)))
                    .component("etcd", "3." + (5 + minorIndex / 20) + "." + (minorIndex % 20))
                    .component("containerd", "1." + (7 + minorIndex / 30) + "." + (minorIndex % 30))
                    .component("cilium", "1." + (13 + minorIndex / 10) + "." + (minorIndex % 10 * 5 + patch))
                    .component("coredns", "1." + (11 + minorIndex / 5) + "." + (minorIndex % 5));
            if (minorIndex > 0 && upgradesFrom) {
                int prevMajor = 1 + (minorIndex - 1) / minorsPerMajor;
                int prevMinor = (minorIndex - 1) % minorsPerMajor;
                b.upgradesFrom(">=" + prevMajor + "." + prevMinor + ".0 <" + major + "." + minor + "." + patch);
                b.componentUpgradesFrom("etcd", ">=3.5.0");
            }
            if (patch == 3 && random.nextInt(4) == 0) {
                b.state(ReleaseState.WITHDRAWN);
            }
            releases.add(b.build());
        }
        return ReleaseCatalog.of(releases);
    }
}
