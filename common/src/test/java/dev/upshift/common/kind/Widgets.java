package dev.upshift.common.kind;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.common.source.SourceDocument;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Synthetic kinds for the kind tests: a Widget has a name and a size, a Gadget only a name. */
final class Widgets {
    static final String V0 = "upshift.dev/v1alpha0";
    static final String V1 = ApiVersions.CURRENT;

    record Widget(String name, int size) {}

    record Gadget(String name) {}

    /** v1alpha0 called the size spec.count. */
    static final Migration COUNT_TO_SIZE = new Migration() {
        public String kind() { return "Widget"; }
        public String fromApiVersion() { return V0; }
        public String toApiVersion() { return V1; }
        public void migrate(ObjectNode tree, SourceDocument doc, Problems problems) {
            ObjectNode spec = (ObjectNode) tree.path("spec");
            if (!spec.has("size") && spec.has("count")) {
                spec.set("size", spec.get("count"));
            }
        }
        public Set<String> legacyFields() { return Set.of("/spec/count"); }
    };

    static final DocumentKind<Widget> WIDGET = DocumentKind.builder("Widget", Widgets::widget)
            .migration(COUNT_TO_SIZE)
            .readAllWith(Widgets::uniqueNames)
            .build();

    static final DocumentKind<Gadget> GADGET = DocumentKind.of("Gadget", (d, p) -> Optional.of(new Gadget(d.name())));

    private Widgets() {}

    static List<SourceDocument> load(String yaml) {
        return DocumentLoader.create().load("w.yaml", yaml);
    }

    /** A size that is not a positive number is an error; a size over 100 a warning. */
    private static Optional<Widget> widget(SourceDocument d, Problems problems) {
        JsonNode size = d.root().path("spec").path("size");
        if (!size.canConvertToInt() || size.intValue() < 1) {
            problems.error(d.locate("/spec/size"), "spec.size", "expected a positive number");
            return Optional.of(new Widget(d.name(), 0));
        }
        if (size.intValue() > 100) {
            problems.warning(d.locate("/spec/size"), "spec.size", "a big widget");
        }
        return Optional.of(new Widget(d.name(), size.intValue()));
    }

    private static List<Widget> uniqueNames(List<SourceDocument> documents, DocumentKind.Reader<Widget> one,
            Problems problems) {
        Set<String> seen = new HashSet<>();
        List<Widget> out = new ArrayList<>();
        for (SourceDocument d : documents) {
            if (!seen.add(d.name())) {
                problems.error(d.locate("/metadata/name"), "metadata.name", "another Widget is named " + d.name());
                continue;
            }
            one.read(d, problems).ifPresent(out::add);
        }
        return out;
    }
}
