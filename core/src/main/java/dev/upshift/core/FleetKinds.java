package dev.upshift.core;

import dev.upshift.diff.kind.DocumentKinds;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.release.Release;
import dev.upshift.schedule.AvailabilityProfile;
import dev.upshift.schedule.MaintenanceSchedule;

/**
 * The document kinds a fleet folder holds, each at {@code apiVersion: upshift.dev/v1alpha1}:
 * {@code Release}, {@code MaintenanceSchedule}, {@code AvailabilityProfile} and {@code FieldRules}.
 *
 * <h2>Adding a kind</h2>
 * Declare {@code public static final DocumentKind<X> KIND} next to the type {@code X} that its
 * documents are read into (its name, its reader, any migrations), then add {@code X.KIND} to the
 * list in {@link #standard()}: that one registration makes validation, and every tool that reads a
 * fleet through this registry, know the kind. A tool with kinds of its own extends the registry
 * with {@code FleetKinds.standard().with(MyKind.KIND)}.
 */
public final class FleetKinds {
    private static final DocumentKinds STANDARD = DocumentKinds.of(
            Release.KIND,
            MaintenanceSchedule.KIND,
            AvailabilityProfile.KIND,
            FieldRules.KIND);

    private FleetKinds() {}

    /** Upshift's own kinds, in the order they are read. */
    public static DocumentKinds standard() {
        return STANDARD;
    }
}
