package dev.upshift.adapters.kubernetes;

import dev.upshift.release.Version;
import dev.upshift.spi.ReadinessFinding;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads Kubernetes' {@code apiserver_requested_deprecated_apis} gauge from the Prometheus text an
 * API server serves at {@code /metrics}: one finding per series whose value is not 0, with its
 * labels {@code group}, {@code version}, {@code resource} and {@code removed_release}. Other metrics,
 * comments and malformed lines are skipped; a label value may hold escaped quotes.
 */
final class DeprecatedApiMetrics {
    static final String METRIC = "apiserver_requested_deprecated_apis";

    private DeprecatedApiMetrics() {}

    static List<ReadinessFinding> parse(String text, Instant seen, String source) {
        List<ReadinessFinding> out = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            String l = line.strip();
            if (!l.startsWith(METRIC + "{")) {
                continue;
            }
            int close = l.lastIndexOf('}');
            if (close < 0) {
                continue;
            }
            Optional<Map<String, String>> labels = labels(l.substring(METRIC.length() + 1, close));
            String value = l.substring(close + 1).strip().split("\\s+")[0];
            if (labels.isEmpty() || zero(value)) {
                continue;
            }
            Map<String, String> m = labels.get();
            String version = m.getOrDefault("version", "");
            String resource = m.getOrDefault("resource", "");
            if (version.isBlank() || resource.isBlank()) {
                continue;
            }
            Optional<Version> removed = Optional.ofNullable(m.get("removed_release")).filter(s -> !s.isBlank())
                    .flatMap(Version::tryParse);
            String group = m.getOrDefault("group", "");
            ReadinessFinding f = new ReadinessFinding(group.isEmpty() ? version : group + "/" + version, resource, removed,
                    Optional.of(seen), source);
            if (!out.contains(f)) {
                out.add(f);
            }
        }
        return List.copyOf(out);
    }

    private static boolean zero(String value) {
        try {
            return Double.parseDouble(value) == 0;
        } catch (NumberFormatException e) {
            return true;
        }
    }

    /** {@code a="1",b="x\"y"} into a map; empty when malformed. */
    static Optional<Map<String, String>> labels(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        int i = 0;
        while (i < text.length()) {
            while (i < text.length() && (text.charAt(i) == ',' || text.charAt(i) == ' ')) {
                i++;
            }
            if (i >= text.length()) {
                break;
            }
            int eq = text.indexOf('=', i);
            if (eq < 0 || eq + 1 >= text.length() || text.charAt(eq + 1) != '"') {
                return Optional.empty();
            }
            String name = text.substring(i, eq).strip();
            StringBuilder value = new StringBuilder();
            int j = eq + 2;
            for (; j < text.length() && text.charAt(j) != '"'; j++) {
                char c = text.charAt(j);
                if (c == '\\' && j + 1 < text.length()) {
                    char n = text.charAt(++j);
                    value.append(n == 'n' ? '\n' : n);
                } else {
                    value.append(c);
                }
            }
            if (j >= text.length()) {
                return Optional.empty();
            }
            out.put(name, value.toString());
            i = j + 1;
        }
        return Optional.of(out);
    }
}
