package dev.upshift.core.fleet;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.kind.Metadata;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.problem.SyntaxException;
import dev.upshift.common.read.DocumentRoot;
import dev.upshift.common.read.ObjectView;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.common.value.Durations;
import dev.upshift.core.select.ClusterSelector;
import dev.upshift.release.Version;
import dev.upshift.release.VersionConstraint;
import dev.upshift.spi.Approval;
import dev.upshift.spi.ApprovalGate;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.DriftPolicy;
import dev.upshift.spi.Fallback;
import dev.upshift.spi.MaxConcurrent;
import dev.upshift.spi.Stage;
import dev.upshift.spi.StrategyPreference;
import dev.upshift.spi.UpgradeTarget;
import dev.upshift.spi.WindowPolicy;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads {@code ClusterUpgrade} documents for {@link FleetKinds#CLUSTER_UPGRADE}. */
final class ClusterUpgradeReader {
    private static final List<String> SPEC_FIELDS = List.of("matchers", "release", "target", "startTime",
            "expectedDuration", "windowPolicy", "strategy", "stages", "fallback", "timeout", "drift", "paused", "approvals");
    private static final List<String> MATCHER_FIELDS = List.of("name", "key", "value", "isRegex");
    private static final List<String> STAGE_FIELDS = List.of("name", "matchers", "soak", "maxConcurrent", "maxFailures",
            "approval", "startTime");
    private static final List<String> APPROVAL_FIELDS = List.of("stage", "gate", "release", "by", "comment");
    /** The words of {@code spec.stages[].approval}. */
    private static final Map<String, Gates> GATES = Gates.words();
    private static final Pattern PERCENT = Pattern.compile("([0-9]{1,3})%");

    private ClusterUpgradeReader() {}

    static Optional<ClusterUpgrade> read(SourceDocument document, Problems problems) {
        DocumentRoot root = DocumentRoot.read(document, problems);
        Optional<Metadata> metadata = root.metadata();
        if (root.spec().isEmpty()) {
            return Optional.empty();
        }
        ObjectView spec = root.spec().get();
        List<ClusterMatcher> matchers = matchers(spec);
        Optional<UpgradeTarget> target = target(spec);
        Optional<Instant> startTime = spec.parsed("startTime", ClusterUpgradeReader::instant);
        Optional<Duration> expected = spec.parsed("expectedDuration", ClusterUpgradeReader::positive);
        Optional<WindowPolicy> windowPolicy = spec.choice("windowPolicy", WindowPolicy.words());
        Optional<StrategyPreference> strategy = spec.choice("strategy", StrategyPreference.words());
        Optional<Fallback> fallback = spec.choice("fallback", Fallback.words());
        Optional<Duration> timeout = spec.parsed("timeout", ClusterUpgradeReader::positive);
        Optional<DriftPolicy> drift = spec.choice("drift", DriftPolicy.words());
        List<Stage> stages = stages(spec);
        Optional<Boolean> paused = spec.bool("paused");
        List<Approval> approvals = approvals(spec, stages);
        spec.rejectUnknownFields(SPEC_FIELDS);
        if (problems.hasErrors() || metadata.isEmpty() || target.isEmpty()) {
            return Optional.empty();
        }
        ClusterUpgrade.Builder b = ClusterUpgrade.builder(metadata.get().name())
                .matchers(matchers)
                .target(target.get())
                .location(document.location());
        startTime.ifPresent(b::startTime);
        expected.ifPresent(b::expectedDuration);
        windowPolicy.ifPresent(b::windowPolicy);
        strategy.ifPresent(b::strategy);
        fallback.ifPresent(b::fallback);
        timeout.ifPresent(b::timeout);
        drift.ifPresent(b::drift);
        stages.forEach(b::stage);
        paused.ifPresent(b::paused);
        approvals.forEach(b::approval);
        return Optional.of(b.build());
    }

    /**
     * The spec's matchers of a document that could not be read as a whole, when they can be read on
     * their own (so that a mistake elsewhere in it still tells which clusters it was meant for).
     */
    static Optional<List<ClusterMatcher>> matchersOf(SourceDocument document) {
        Problems problems = new Problems();
        Optional<ObjectView> spec = DocumentRoot.read(document, problems).spec();
        if (spec.isEmpty()) {
            return Optional.empty();
        }
        long before = problems.all().stream().filter(Problem::isError).count();
        List<ClusterMatcher> matchers = matchers(spec.get());
        long after = problems.all().stream().filter(Problem::isError).count();
        return after > before || matchers.isEmpty() ? Optional.empty() : Optional.of(matchers);
    }

    /** The required, non-empty list of {@code matchers} of the spec or of a stage. */
    private static List<ClusterMatcher> matchers(ObjectView parent) {
        if (!parent.has("matchers")) {
            parent.raw("matchers");
            parent.missing("matchers");
            return List.of();
        }
        List<ObjectView> items = parent.objects("matchers");
        if (parent.raw("matchers").filter(JsonNode::isArray).map(JsonNode::isEmpty).orElse(false)) {
            parent.error("matchers", "needs at least one matcher; a cluster is selected when any matcher selects it");
        }
        List<ClusterMatcher> out = new ArrayList<>();
        for (ObjectView m : items) {
            matcher(m).ifPresent(out::add);
        }
        return out;
    }

    private static Optional<ClusterMatcher> matcher(ObjectView m) {
        Optional<String> name = nonBlank(m, "name", "must not be empty; leave it out or name the matcher");
        Optional<String> key = nonBlank(m, "key", "must not be empty; leave it out to match the cluster id");
        Optional<String> value = m.requiredString("value");
        boolean regex = m.bool("isRegex").orElse(false);
        if (regex && value.isPresent()) {
            try {
                ClusterSelector.checkRegex(value.get());
            } catch (IllegalArgumentException e) {
                m.error("value", e.getMessage());
                value = Optional.empty();
            }
        }
        m.rejectUnknownFields(MATCHER_FIELDS);
        if (value.isEmpty() || m.problems().hasErrors()) {
            return Optional.empty();
        }
        return Optional.of(new ClusterMatcher(name, key, value.get(), regex));
    }

    private static Optional<String> nonBlank(ObjectView view, String field, String message) {
        Optional<String> s = view.string(field);
        if (s.isPresent() && s.get().isBlank()) {
            view.error(field, message);
            return Optional.empty();
        }
        return s;
    }

    private static Optional<UpgradeTarget> target(ObjectView spec) {
        boolean byRelease = spec.has("release");
        boolean byChannel = spec.has("target");
        Optional<Version> release = spec.parsed("release", Version::parse);
        Optional<UpgradeTarget> channel = spec.object("target").flatMap(ClusterUpgradeReader::channel);
        if (byRelease && byChannel) {
            spec.error("target", "give either release or target, not both");
            return Optional.empty();
        }
        if (!byRelease && !byChannel) {
            spec.problems().error(spec.location(), spec.fieldPath("release"),
                    "missing required field (or target: {channel: NAME, constraint: \"~20.1\"})");
            return Optional.empty();
        }
        return byRelease ? release.map(UpgradeTarget::release) : channel;
    }

    private static Optional<UpgradeTarget> channel(ObjectView target) {
        Optional<String> channel = target.requiredString("channel").filter(c -> {
            if (c.isBlank()) {
                target.error("channel", "must name the channel releases list in spec.channels");
            }
            return !c.isBlank();
        });
        Optional<VersionConstraint> constraint = target.parsed("constraint", VersionConstraint::parse).filter(c -> {
            if (c.acceptsNothing()) {
                target.error("constraint", "constraint \"" + c + "\" accepts no version at all");
            }
            return !c.acceptsNothing();
        });
        boolean constraintOk = !target.has("constraint") || constraint.isPresent();
        target.rejectUnknownFields(List.of("channel", "constraint"));
        if (channel.isEmpty() || !constraintOk) {
            return Optional.empty();
        }
        return Optional.of(constraint.map(c -> UpgradeTarget.channel(channel.get(), c))
                .orElseGet(() -> UpgradeTarget.channel(channel.get())));
    }

    private static List<Stage> stages(ObjectView spec) {
        List<Stage> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (ObjectView s : spec.objects("stages")) {
            Optional<String> name = s.requiredString("name").filter(n -> {
                if (n.isBlank()) {
                    s.error("name", "must not be empty");
                } else if (!names.add(n)) {
                    s.error("name", "another stage of this upgrade is named '" + n + "'");
                    return false;
                }
                return !n.isBlank();
            });
            List<ClusterMatcher> matchers = matchers(s);
            Optional<Duration> soak = s.parsed("soak", Durations::parse);
            Optional<MaxConcurrent> maxConcurrent = maxConcurrent(s);
            Optional<Long> maxFailures = s.integer("maxFailures", 0, Integer.MAX_VALUE);
            Optional<Gates> approval = s.choice("approval", GATES);
            Optional<Instant> startTime = s.parsed("startTime", ClusterUpgradeReader::instant);
            s.rejectUnknownFields(STAGE_FIELDS);
            if (name.isPresent() && !matchers.isEmpty() && !s.problems().hasErrors()) {
                Stage stage = Stage.of(name.get(), matchers).withSoak(soak.orElse(Duration.ZERO))
                        .withMaxFailures(maxFailures.orElse(0L).intValue())
                        .withApprovals(approval.map(Gates::gates).orElse(Set.of()));
                stage = startTime.map(stage::withStartTime).orElse(stage);
                out.add(maxConcurrent.map(stage::withMaxConcurrent).orElse(stage));
            }
        }
        return out;
    }

    /**
     * {@code spec.approvals}: each names a stage of the upgrade, a gate that stage has, the release of
     * the run it grants and who gave it.
     */
    private static List<Approval> approvals(ObjectView spec, List<Stage> stages) {
        List<Approval> out = new ArrayList<>();
        for (ObjectView a : spec.objects("approvals")) {
            Optional<String> stage = a.requiredString("stage");
            Optional<ApprovalGate> gate = a.has("gate") ? a.choice("gate", ApprovalGate.words())
                    : Optional.of(ApprovalGate.BEFORE);
            Optional<Version> release = a.requiredParsed("release", Version::parse);
            Optional<String> by = a.requiredString("by").filter(n -> {
                if (n.isBlank()) {
                    a.error("by", "must name who approved");
                }
                return !n.isBlank();
            });
            Optional<String> comment = a.string("comment");
            a.rejectUnknownFields(APPROVAL_FIELDS);
            if (stage.isEmpty() || gate.isEmpty() || release.isEmpty() || by.isEmpty()) {
                continue;
            }
            Optional<Stage> named = stages.stream().filter(s -> s.name().equals(stage.get())).findFirst();
            if (named.isEmpty()) {
                a.error("stage", "the upgrade has no stage named '" + SyntaxException.abbreviate(stage.get(), 60)
                        + "'" + (stages.isEmpty() ? " (it declares no stages)" : "; its stages are "
                        + String.join(", ", stages.stream().map(Stage::name).toList())));
            } else if (!named.get().approvals().contains(gate.get())) {
                a.error("gate", "stage " + stage.get() + " has no '" + gate.get() + "' approval gate (spec.stages[]"
                        + ".approval)");
            } else {
                out.add(new Approval(stage.get(), gate.get(), release.get(), by.get(), comment.orElse("")));
            }
        }
        return out;
    }

    /** The values of {@code spec.stages[].approval}. */
    private enum Gates {
        BEFORE("before", Set.of(ApprovalGate.BEFORE)),
        AFTER("after", Set.of(ApprovalGate.AFTER)),
        BEFORE_AND_AFTER("beforeAndAfter", Set.of(ApprovalGate.BEFORE, ApprovalGate.AFTER));

        private final String word;
        private final Set<ApprovalGate> gates;

        Gates(String word, Set<ApprovalGate> gates) {
            this.word = word;
            this.gates = gates;
        }

        Set<ApprovalGate> gates() {
            return gates;
        }

        static Map<String, Gates> words() {
            Map<String, Gates> out = new LinkedHashMap<>();
            for (Gates g : values()) {
                out.put(g.word, g);
            }
            return out;
        }
    }

    private static Optional<MaxConcurrent> maxConcurrent(ObjectView stage) {
        Optional<JsonNode> raw = stage.raw("maxConcurrent");
        if (raw.isEmpty()) {
            return Optional.empty();
        }
        if (raw.get().isIntegralNumber()) {
            return stage.integer("maxConcurrent", 1, Integer.MAX_VALUE).map(n -> MaxConcurrent.clusters(n.intValue()));
        }
        Matcher m = raw.get().isTextual() ? PERCENT.matcher(raw.get().textValue()) : null;
        if (m != null && m.matches()) {
            int percent = Integer.parseInt(m.group(1));
            if (percent >= 1 && percent <= 100) {
                return Optional.of(MaxConcurrent.percent(percent));
            }
            stage.error("maxConcurrent", "a percentage must be from 1% to 100%, got " + percent + "%");
            return Optional.empty();
        }
        stage.error("maxConcurrent", "expected a whole number of clusters (such as 5) or a percentage of the stage"
                + " (such as \"25%\"), got " + describe(raw.get()));
        return Optional.empty();
    }

    private static String describe(JsonNode v) {
        if (v.isTextual()) {
            return "the text '" + v.textValue() + "'";
        }
        return v.isContainerNode() ? (v.isArray() ? "a list" : "a mapping") : "the " + (v.isNumber() ? "number " : "value ")
                + v.asText();
    }

    private static Duration positive(String text) {
        Duration d = Durations.parse(text);
        if (d.isZero()) {
            throw new SyntaxException("duration", text, 0, "must be longer than zero: how long one cluster's upgrade takes");
        }
        return d;
    }

    static Instant instant(String text) {
        try {
            return OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException e) {
            throw new SyntaxException("time", text, Math.max(0, e.getErrorIndex()),
                    "expected RFC 3339 with Z or an offset, e.g. 2026-03-10T07:00:00Z");
        }
    }
}
