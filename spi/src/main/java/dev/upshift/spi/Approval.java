package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.release.Version;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * An approval written into a {@link ClusterUpgrade} document ({@code spec.approvals[]}), the way a
 * GitOps change or {@code kubectl} grants a stage's gate: the same as an {@link Act.Kind#APPROVE
 * approve} act, on the record in the repository's or the API server's history rather than the
 * journal.
 *
 * @param stage the stage whose gate it grants
 * @param gate which of its gates
 * @param release the target of the run it grants: an approval never carries over to a new target
 * @param by who approved; not blank
 * @param comment why, or a change reference; may be empty
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Approval(String stage, ApprovalGate gate, Version release, String by, String comment) {
    /**
     * Validates the parts.
     *
     * @throws IllegalArgumentException when the stage or the approver is blank
     */
    public Approval {
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(gate, "gate");
        Objects.requireNonNull(release, "release");
        Objects.requireNonNull(by, "by");
        Objects.requireNonNull(comment, "comment");
        if (stage.isBlank() || by.isBlank()) {
            throw new IllegalArgumentException("an approval names its stage and who gave it");
        }
    }
}
