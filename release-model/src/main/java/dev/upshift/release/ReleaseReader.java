package dev.upshift.release;

import dev.upshift.common.kind.DocumentKind;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.problem.SyntaxException;
import dev.upshift.common.read.DocumentRoot;
import dev.upshift.common.read.ObjectView;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.diff.rule.SpecLists;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Reads {@code Release} documents for {@link Release#KIND}. */
final class ReleaseReader {
    private static final Map<String, ReleaseState> STATES = words();

    private ReleaseReader() {}

    private static Map<String, ReleaseState> words() {
        Map<String, ReleaseState> m = new java.util.LinkedHashMap<>();
        for (ReleaseState s : ReleaseState.values()) {
            m.put(s.word(), s);
        }
        return java.util.Collections.unmodifiableMap(m);
    }

    static Optional<Release> read(SourceDocument document, Problems problems) {
        DocumentRoot root = DocumentRoot.read(document, problems);
        Optional<Version> version = root.metadata().flatMap(m -> parseName(root.view(), m.name()));
        Optional<ObjectView> spec = root.spec();
        if (version.isEmpty() || spec.isEmpty()) {
            spec.ifPresent(s -> readSpec(s, Release.builder("0.0.0")));
            return Optional.empty();
        }
        Release.Builder b = Release.builder(version.get()).location(document.location());
        readSpec(spec.get(), b);
        return problems.hasErrors() ? Optional.empty() : Optional.of(b.build());
    }

    /**
     * Reads the releases one by one, then checks them together: two of the same version are an
     * error naming both places; one whose {@code upgradesFrom} accepts none of the older releases
     * gets a warning (it can only be installed fresh).
     */
    static List<Release> readAll(List<SourceDocument> documents, DocumentKind.Reader<Release> one, Problems problems) {
        Map<Version, Release> seen = new HashMap<>();
        List<Release> releases = new ArrayList<>();
        for (SourceDocument doc : documents) {
            one.read(doc, problems).ifPresent(r -> {
                Release first = seen.putIfAbsent(r.version().withoutBuild(), r);
                if (first != null) {
                    problems.add(Problem.error(doc.locate("/metadata/name"), "metadata.name",
                            "release " + r.version() + " is defined twice (first at " + first.location() + ")"));
                } else {
                    releases.add(r);
                }
            });
        }
        ReleaseCatalog.of(releases).warnAboutIslands(problems);
        return releases;
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
        spec.parsed("endOfLife", ReleaseReader::parseDay).ifPresent(b::endOfLife);
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
        b.defaults(SpecLists.defaults(spec.objects("defaults")));
        b.fieldRules(SpecLists.fieldRules(spec.objects("fieldRules")));
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
                throw new SyntaxException("date", text, Math.max(0, e.getErrorIndex()), "expected YYYY-MM-DD");
            }
        }
    }
}
