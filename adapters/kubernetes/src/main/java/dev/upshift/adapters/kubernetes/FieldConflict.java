package dev.upshift.adapters.kubernetes;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A field that an apply would change while another field manager owns it.
 *
 * @param field the field as the API server names it ({@code .spec.version})
 * @param manager the manager that owns it ({@code capi-topology}, {@code kubectl-client-side-apply})
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record FieldConflict(String field, String manager) {
    /** Validates the parts. */
    public FieldConflict {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(manager, "manager");
    }

    /** {@code .spec.version (owned by capi-topology)} */
    @Override
    public String toString() {
        return field + " (owned by " + manager + ")";
    }
}
