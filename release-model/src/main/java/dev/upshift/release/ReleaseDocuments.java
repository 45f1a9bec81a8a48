package dev.upshift.release;

import dev.upshift.diff.document.DocumentDefaults;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.kind.Metadata;
import dev.upshift.diff.internal.ObjectView;
import dev.upshift.diff.problem.Problems;
import dev.upshift.diff.source.SourceDocument;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads {@code Release} documents (DESIGN.md section 4).
 *
 * <pre>{@code
 * apiVersion: upshift.dev/v1alpha1
 * kind: Release
 * metadata: {name: "20.1.0"}                 # the release's version
 * spec:
 *   state: active                            # active (default) | deprecated | withdrawn
 *   endOfLife: 2027-06-30                    # optional
 *   channels: [stable]                       # optional
 *   components: {kubernetes: 1.29.4, etcd: 3.5.12}
 *   upgradesFrom: ">=19.2.0 <20.1.0"         # optional; absent: any older release
 *   componentUpgradesFrom: {etcd: ">=3.5.0"} # optional, per component
 *   defaults: [...]                          # optional partial documents (see DocumentDefaults)
 *   fieldRules: [...]                        # optional (see FieldRule)
 * }</pre>
 *
 * Every problem is recorded with its position; a release with any error is not returned.
 */
public final class ReleaseDocuments {
    /** The document kind. */
    public static final String KIND = "Release";

    private static final Map<String, ReleaseState> STATES = words();
    private static final List<String> ROOT_FIELDS = List.of("apiVersion", "kind", "metadata", "spec");

    private ReleaseDocuments() {}

    private static Map<String, ReleaseState> words() {
        Map<String, ReleaseState> m = new java.util.LinkedHashMap<>();
        for (ReleaseState s : ReleaseState.values()) {
            m.put(s.word(), s);
        }
        return java.util.Collections.unmodifiableMap(m);
    }

    /**
     * Reads one {@code Release} document (already at the current {@code apiVersion}).
     *
     * @return the release, or empty when the document has errors (recorded in {@code problems})
     */
    public static Optional<Release> read(SourceDocument document, Problems problems) {
        Problems mine = new Problems();
        ObjectView root = ObjectView.of(document, mine);
        Optional<Version> version = Metadata.read(root).flatMap(m -> parseName(root, m.name()));
        Optional<ObjectView> spec = root.requiredObject("spec");
        root.rejectUnknownFields(ROOT_FIELDS);
        Optional<Release> release = Optional.empty();
        if (version.isPresent() && spec.isPresent()) {
            Release.Builder b = Release.builder(version.get()).location(document.location());
            readSpec(spec.get(), b);
            if (!mine.hasErrors()) {
                release = Optional.of(b.build());
            }
        } else {
            spec.ifPresent(s -> readSpec(s, Release.builder("0.0.0")));
        }
        problems.addAll(mine.all());
        return mine.hasErrors() ? Optional.empty() : release;
    }

    private static Optional<Version> parseName(ObjectView root, String name) {
        ObjectView metadata = root.object("metadata").orElseThrow();
        try {
            return Optional.of(Version.parse(name));
        } catch (VersionFormatException e) {
            metadata.error("name", "a release is named by its version: " + e.getMessage());
            return Optional.empty();
        }
    }

    private static void readSpec(ObjectView spec, Release.Builder b) {
        spec.choice("state", STATES).ifPresent(b::state);
        spec.parsed("endOfLife", ReleaseDocuments::parseDay).ifPresent(b::endOfLife);
        for (String channel : spec.strings("channels")) {
            if (channel.isBlank()) {
                spec.error("channels", "a channel name must not be empty");
            } else {
                b.channel(channel);
            }
        }
        Map<String, String> components = spec.stringMap("components");
        if (!spec.has("components") || components.isEmpty()) {
            spec.error("components", spec.has("components") ? "a release needs at least one component"
                    : "missing required field (component name to version, e.g. {kubernetes: 1.29.4})");
        } else if (!components.containsKey(Release.KUBERNETES)) {
            spec.error("components", "a release must name its kubernetes version (components.kubernetes)");
        }
        ObjectView componentsView = spec.object("components").orElse(null);
        components.forEach((name, text) -> parseVersion(componentsView, name, text).ifPresent(v -> b.component(name, v)));
        spec.parsed("upgradesFrom", VersionConstraint::parse).ifPresent(c -> {
            if (c.acceptsNothing()) {
                spec.error("upgradesFrom", "constraint \"" + c + "\" accepts no version at all");
            }
            b.upgradesFrom(c);
        });
        spec.object("componentUpgradesFrom").ifPresent(view -> readComponentRules(view, components, b));
        b.defaults(DocumentDefaults.read(spec.objects("defaults")));
        b.fieldRules(FieldRules.read(spec.objects("fieldRules")));
        spec.rejectUnknownFields(List.of());
    }

    private static void readComponentRules(ObjectView view, Map<String, String> components, Release.Builder b) {
        for (java.util.Iterator<String> it = view.node().fieldNames(); it.hasNext(); ) {
            String name = it.next();
            Optional<VersionConstraint> c = view.parsed(name, VersionConstraint::parse);
            if (c.isEmpty()) {
                continue;
            }
            if (!components.containsKey(name)) {
                view.error(name, "no component named '" + name + "' in spec.components");
            } else if (c.get().acceptsNothing()) {
                view.error(name, "constraint \"" + c.get() + "\" accepts no version at all");
            } else {
                b.componentUpgradesFrom(name, c.get());
            }
        }
    }

    private static Optional<Version> parseVersion(ObjectView view, String name, String text) {
        try {
            return Optional.of(Version.parse(text));
        } catch (VersionFormatException e) {
            view.error(name, e.getMessage());
            return Optional.empty();
        }
    }

    private static LocalDate parseDay(String text) {
        try {
            return LocalDate.parse(text);
        } catch (DateTimeParseException e) {
            try {
                return OffsetDateTime.parse(text).toLocalDate();
            } catch (DateTimeParseException e2) {
                throw new IllegalArgumentException("invalid date '" + text + "'; expected YYYY-MM-DD");
            }
        }
    }
}
