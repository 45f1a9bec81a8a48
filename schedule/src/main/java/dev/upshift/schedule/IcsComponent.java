package dev.upshift.schedule;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A component of a calendar as read ({@code VCALENDAR}, {@code VEVENT}, {@code VTIMEZONE}, ...):
 * its properties with their raw values and the lines they start on, and the components inside it.
 */
final class IcsComponent {
    /**
     * One property, its value as written (still escaped) and its parameters (names in upper case,
     * values without their quotes).
     */
    record Property(String name, Map<String, String> parameters, String value, int line) {
        Optional<String> parameter(String parameter) {
            return Optional.ofNullable(parameters.get(parameter));
        }
    }

    final String name;
    final int line;
    final List<Property> properties = new ArrayList<>();
    final List<IcsComponent> components = new ArrayList<>();

    IcsComponent(String name, int line) {
        this.name = name;
        this.line = line;
    }

    /** The first property of this name, if any. */
    Optional<Property> first(String property) {
        for (Property p : properties) {
            if (p.name().equals(property)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** Every property of this name, in order. */
    List<Property> all(String property) {
        List<Property> out = new ArrayList<>();
        for (Property p : properties) {
            if (p.name().equals(property)) {
                out.add(p);
            }
        }
        return out;
    }
}
