package dev.upshift.observe;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.upshift.testing.Processes;
import dev.upshift.testing.TestPrometheus;
import dev.upshift.testkit.TestWorld;
import dev.upshift.testkit.fake.FakeProbe;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dashboard and the alert rules in docs/observability/: promtool checks the rules and runs
 * their unit tests; every query of the dashboard and the rules names only metrics Upshift exposes,
 * and a real Prometheus takes each dashboard query.
 */
class DashboardAndAlertsTest {
    static final Path DIR = Path.of("").toAbsolutePath().getParent().resolve("docs").resolve("observability");
    private static final Pattern METRIC = Pattern.compile("\\bupshift_[a-z0-9_]+");

    @TempDir
    Path dir;

    @Test
    @DisplayName("promtool check rules passes on the alert rules, and promtool test rules on their tests")
    void promtool() throws Exception {
        TestPrometheus.require("promtool");
        Processes.Finished check = Processes.run(new ProcessBuilder("promtool", "check", "rules", "upshift-alerts.yml")
                .directory(DIR.toFile()), Duration.ofMinutes(1));
        assertThat(check.exitCode()).as(check.output()).isZero();
        assertThat(check.output()).contains("SUCCESS: 5 rules found");
        Processes.Finished test = Processes.run(new ProcessBuilder("promtool", "test", "rules",
                "upshift-alerts.test.yml").directory(DIR.toFile()), Duration.ofMinutes(1));
        assertThat(test.exitCode()).as(test.output()).isZero();
        assertThat(test.output()).contains("SUCCESS");
    }

    @Test
    @DisplayName("the dashboard's and the rules' queries name only metrics Upshift exposes")
    void namesOnlyExposedMetrics() throws IOException {
        Set<String> exposed = exposed();
        Set<String> used = new TreeSet<>();
        queries().forEach(q -> names(q, used));
        names(Files.readString(DIR.resolve("upshift-alerts.yml"), StandardCharsets.UTF_8), used);
        assertThat(used).hasSizeGreaterThan(10);
        assertThat(exposed).containsAll(used);
    }

    @Test
    @DisplayName("a real Prometheus takes every query of the dashboard")
    void prometheusTakesEveryQuery() throws Exception {
        TestPrometheus.require("prometheus");
        try (TestPrometheus prometheus = TestPrometheus.scraping(dir, TestPrometheus.freePort())) {
            for (String q : queries()) {
                prometheus.assertValid(q.replace("$upgrade", ".*").replace("$__rate_interval", "5m"));
            }
        }
    }

    /** Every {@code expr} of the dashboard's panels. */
    static List<String> queries() throws IOException {
        JsonNode d = new ObjectMapper().readTree(Files.readString(DIR.resolve("upshift-dashboard.json"),
                StandardCharsets.UTF_8));
        List<String> out = new ArrayList<>();
        for (JsonNode panel : d.path("panels")) {
            for (JsonNode t : panel.path("targets")) {
                out.add(t.path("expr").asText());
            }
        }
        assertThat(out).hasSizeGreaterThan(10);
        return out;
    }

    private static void names(String text, Set<String> into) {
        Matcher m = METRIC.matcher(text);
        while (m.find()) {
            into.add(m.group());
        }
    }

    /** The metric names a registry shows after a rollout with a failure, a fault and a waiting gate. */
    private static Set<String> exposed() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        TestWorld world = TestWorld.of(UpshiftMetricsTest.fleet(), UpshiftMetricsTest.START)
                .configure(b -> b.addObserver(UpshiftMetrics.on(registry)));
        world.probe().answer(FakeProbe.Script.succeedAfter(Duration.ofHours(2)));
        world.probe().answer("dev-2", FakeProbe.Script.failAfter(Duration.ofHours(1), "no drain"));
        world.probe().answer("dev-3", FakeProbe.Script.failAfter(Duration.ofHours(1), "no drain"));
        world.publisher().faults().throwTimes(1);
        Set<String> names = new TreeSet<>();
        world.runUntil(UpshiftMetricsTest.START.plus(Duration.ofMinutes(30)));
        names(registry.scrape(), names); // prod waits for dev
        world.runUntil(UpshiftMetricsTest.START.plus(Duration.ofDays(2)));
        names(registry.scrape(), names); // dev failed twice: halted
        // series that show only in other rollouts: clusters past end of life
        names.add("upshift_clusters_past_end_of_life");
        return names;
    }
}
