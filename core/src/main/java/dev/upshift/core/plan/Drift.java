package dev.upshift.core.plan;

import dev.upshift.common.value.VersionChange;
import dev.upshift.release.Version;
import dev.upshift.spi.DriftPolicy;
import dev.upshift.spi.Reason;
import java.util.List;

/** The words of a {@code DRIFTED} reason. */
final class Drift {
    private Drift() {}

    /**
     * {@code differs from release 20.1.0 at 1 field the release owns: <document>: <path>: drifted: the
     * release has "v1.30.2", the cluster "v1.30.3"; drift: report, ...}
     *
     * @param fields each drifted field as {@code document: path: message}, sensitive values masked
     * @param configured whether a change of the cluster's values is planned too
     * @param kubernetes how far the planned change moves a Kubernetes version, which exclusions judge
     */
    static Reason reason(Version release, List<String> fields, boolean configured, DriftPolicy policy,
            VersionChange kubernetes) {
        String what = "differs from release " + release + " at " + fields.size()
                + (fields.size() == 1 ? " field" : " fields") + " the release owns: " + String.join("; ", fields);
        String then;
        if (configured) {
            then = "the configuration change of its values repairs it too";
        } else if (policy == DriftPolicy.REPAIR) {
            then = "drift: repair, so a configuration change to " + release + " repairs it";
        } else {
            then = "drift: report, so nothing changes until someone acts (upshift diff --fleet shows the repair;"
                    + " drift: repair on its upgrade plans it)";
        }
        if ((configured || policy == DriftPolicy.REPAIR) && kubernetes != VersionChange.NONE) {
            then += " (it moves a Kubernetes version by a " + kubernetes.word() + ": maintenance exclusions judge it as a "
                    + kubernetes.word() + " upgrade)";
        }
        return Reason.of(ReasonCodes.DRIFTED, what + "; " + then);
    }
}
