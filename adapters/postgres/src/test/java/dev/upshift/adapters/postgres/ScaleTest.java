package dev.upshift.adapters.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.testing.TestPostgres;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The queries at scale, bounded by the work the database does rather than by time: a history of
 * {@value #CLUSTERS} clusters with {@value #PER_CLUSTER} entries each (written by SQL in one
 * statement, as the store writes them), and each query's plan, run with {@code EXPLAIN (ANALYZE,
 * BUFFERS)}: which index it takes, and how many pages it touches. A sequential scan of the history
 * would touch every one of its pages. {@code -Dupshift.postgres.scaleClusters=10000} gives the
 * million entries docs/adapters.md reports on.
 */
class ScaleTest {
    private static final int CLUSTERS = Integer.getInteger("upshift.postgres.scaleClusters", 1000);
    private static final int PER_CLUSTER = 100;
    private static final ObjectMapper JSON = new ObjectMapper();

    private static String url;
    private static long pages;

    @BeforeAll
    static void history() throws SQLException {
        url = TestPostgres.shared().freshDatabase();
        PostgresHistoryStore.builder().url(url).fleet("scale").build().close();
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute(fill(CLUSTERS, PER_CLUSTER));
            s.execute("ANALYZE upshift.history");
            try (ResultSet r = s.executeQuery("SELECT relpages FROM pg_class WHERE oid = 'upshift.history'::regclass")) {
                r.next();
                pages = r.getLong(1);
            }
        }
    }

    @Test
    @DisplayName("a cluster's history, as the store reads it, takes its index and touches about a page per entry")
    void oneClustersHistory() throws SQLException {
        String cluster = "c" + (CLUSTERS / 2);
        JsonNode plan = explain(new Sql("upshift").ofCluster, cluster, "scale");
        assertThat(indexes(plan)).containsExactly("history_by_cluster");
        assertThat(buffers(plan)).isLessThan(3L * PER_CLUSTER).isLessThan(pages / 10);
        try (PostgresHistoryStore store = PostgresHistoryStore.builder().url(url).fleet("scale").build()) {
            List<HistoryEntry> history = store.history(cluster);
            assertThat(history).hasSize(PER_CLUSTER).allMatch(e -> e.clusterId().equals(cluster));
            assertThat(history.get(0).step()).isEqualTo(Step.STARTING);
        }
    }

    @Test
    @DisplayName("an engine's read of what was committed since it last read touches only the new rows")
    void theTailOfAFleet() throws SQLException {
        long last;
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT max(seq) - 50 FROM upshift.history")) {
            r.next();
            last = r.getLong(1);
        }
        JsonNode plan = explain(new Sql("upshift").tail, "scale", last);
        assertThat(scans(plan)).doesNotContain("Seq Scan");
        assertThat(buffers(plan)).isLessThan(100);
    }

    @Test
    @DisplayName("failures in a day, an intent's entries in a day, and an attempt's entries take indexes, not a scan")
    void organisationQueries() throws SQLException {
        JsonNode failures = explain("SELECT fleet, cluster, at FROM upshift.history WHERE step = 'failed'"
                + " AND at >= timestamptz '2026-02-08' AND at < timestamptz '2026-02-09'");
        assertThat(failures.path("Actual Rows").asLong()).isEqualTo(CLUSTERS);
        JsonNode intent = explain("SELECT cluster, at FROM upshift.history WHERE intent = 'upgrade-5-3'"
                + " AND at >= timestamptz '2026-02-01' AND at < timestamptz '2026-02-02'");
        assertThat(intent.path("Actual Rows").asLong()).isEqualTo(CLUSTERS / 10);
        JsonNode attempt = explain("SELECT step FROM upshift.history WHERE upgrade_id = 'c7:20.0.0..20.1.0#3'");
        assertThat(indexes(attempt)).containsExactly("history_by_upgrade");
        for (JsonNode plan : List.of(failures, intent, attempt)) {
            assertThat(scans(plan)).doesNotContain("Seq Scan");
            assertThat(buffers(plan)).as("pages of a day's rows, not of the %d of the history", pages)
                    .isLessThan(pages / PER_CLUSTER * 3);
        }
    }

    @Test
    @DisplayName("every SQL query docs/adapters.md shows runs against the schema and scans no table whole")
    void documentedQueriesTakeIndexes() throws IOException, SQLException {
        List<String> queries = sqlBlocks(docs().resolve("adapters.md"));
        assertThat(queries).as("queries on the page").hasSizeGreaterThanOrEqualTo(5);
        for (String query : queries) {
            JsonNode plan = explain(query.strip().replaceAll(";$", ""));
            assertThat(scans(plan)).as(query).doesNotContain("Seq Scan");
            assertThat(buffers(plan)).as(query).isLessThan(pages / 10);
        }
    }

    /** The text of each {@code ```sql} block of a Markdown page. */
    static List<String> sqlBlocks(Path page) throws IOException {
        List<String> out = new ArrayList<>();
        StringBuilder block = null;
        for (String line : Files.readAllLines(page, StandardCharsets.UTF_8)) {
            if (block == null && line.equals("```sql")) {
                block = new StringBuilder();
            } else if (block != null && line.equals("```")) {
                out.add(block.toString());
                block = null;
            } else if (block != null) {
                block.append(line).append('\n');
            }
        }
        return out;
    }

    /** The repository's docs folder: beside the mvnw above the working folder. */
    static Path docs() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.exists(dir.resolve("mvnw"))) {
            dir = dir.getParent();
        }
        assertThat(dir).as("the repository root above " + Path.of("").toAbsolutePath()).isNotNull();
        return dir.resolve("docs");
    }

    /**
     * One statement that writes {@code clusters * perCluster} entries as the store would: per cluster,
     * attempts of six entries each (starting, published, succeeded or failed, finished, held, noted),
     * a day apart, entry k of cluster g on day k at second g, each attempt of a tenth of the clusters
     * of an intent of its own.
     */
    static String fill(int clusters, int perCluster) {
        return """
            INSERT INTO upshift.history (fleet, at, cluster, upgrade_id, intent, from_release, to_release, state, step,
                hop_number, hop_count, hop_target, attempt, epoch, reason_codes, entry)
            SELECT 'scale', at, cluster, upgrade_id, intent, '20.0.0', '20.1.0', state, step, 1, 1, '20.1.0',
                attempt, 0, CASE WHEN step = 'failed' THEN ARRAY['TIMEOUT'] ELSE ARRAY[]::text[] END,
                json_build_object('at', to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'cluster', cluster,
                    'upgradeId', upgrade_id, 'intent', intent, 'from', '20.0.0', 'to', '20.1.0', 'state', state,
                    'message', 'm', 'reasons', CASE WHEN step = 'failed'
                        THEN json_build_array(json_build_object('code', 'TIMEOUT', 'message', 'no progress for 2h'))
                        ELSE json_build_array() END,
                    'step', step, 'hop', json_build_object('number', 1, 'count', 1, 'target', '20.1.0'), 'attempt', attempt,
                    'owedHooks', json_build_array(), 'epoch', 0)
            FROM (SELECT k, cluster, cluster || ':20.0.0..20.1.0#' || (k / 6 + 1) AS upgrade_id, k / 6 + 1 AS attempt,
                      'upgrade-' || (k / 6) || '-' || (g % 10) AS intent,
                      timestamptz '2026-01-01' + k * interval '1 day' + g * interval '1 second' AS at,
                      (ARRAY['starting', 'published', CASE WHEN k % 12 = 2 THEN 'failed' ELSE 'succeeded' END, 'finished',
                          'held', 'noted'])[k % 6 + 1] AS step,
                      (ARRAY['inProgress', 'inProgress', CASE WHEN k % 12 = 2 THEN 'failed' ELSE 'succeeded' END,
                          CASE WHEN k % 12 = 3 THEN 'failed' ELSE 'succeeded' END, 'waiting', 'ready'])[k % 6 + 1] AS state
                  FROM generate_series(0, LAST_K) AS k, LATERAL (SELECT g, 'c' || g AS cluster FROM generate_series(0, LAST_C) AS g) c
                  ORDER BY k, cluster) rows
            """.replace("LAST_K", String.valueOf(perCluster - 1)).replace("LAST_C", String.valueOf(clusters - 1));
    }

    private static JsonNode explain(String sql, Object... params) throws SQLException {
        try (Connection c = DriverManager.getConnection(url);
                PreparedStatement s = c.prepareStatement("EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) " + sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setObject(i + 1, params[i]);
            }
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return JSON.readTree(r.getString(1)).get(0).get("Plan");
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new AssertionError(e);
            }
        }
    }

    private static List<String> indexes(JsonNode plan) {
        List<String> out = new ArrayList<>();
        plan.findValues("Index Name").forEach(n -> out.add(n.asText()));
        return out;
    }

    private static List<String> scans(JsonNode plan) {
        List<String> out = new ArrayList<>();
        plan.findValues("Node Type").forEach(n -> out.add(n.asText()));
        return out;
    }

    /** The pages the top node touched: in the buffer cache or read. */
    private static long buffers(JsonNode plan) {
        return plan.path("Shared Hit Blocks").asLong() + plan.path("Shared Read Blocks").asLong();
    }
}
