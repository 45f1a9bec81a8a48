package dev.upshift.schedule;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.upshift.common.problem.SourceLocation;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Where a part of a schedule was written, so that checks made after reading (such as an
 * {@link AvailabilityProfile}'s) can point at it.
 *
 * @param location the file, line and column
 * @param field the dotted path of the field ({@code spec.maintenanceWindows[0]})
 */
@API(status = MAINTAINED, since = "0.1")
public record Origin(SourceLocation location, String field) {

    /** Validates the parts. */
    public Origin {
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(field, "field");
    }

    /** An origin for values built in code, naming only a source. */
    public static Origin of(String source, String field) {
        return new Origin(SourceLocation.of(source), field);
    }
}
