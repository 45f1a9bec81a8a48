package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.testing.TestPostgres;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code upshift history --history jdbc:postgresql://...} and {@code upshift history import}, on a
 * real PostgreSQL: a journal imported into the database reads back as the journal reads, byte for
 * byte; credentials are never printed, nor accepted on the command line.
 */
class HistoryDatabaseTest {
    private static final Path SAMPLE = Path.of("..", "journal").toAbsolutePath().normalize();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    @DisplayName("an imported journal reads from the database as it reads from its file: the same table, the same JSON records")
    void importedJournalsReadAlike() throws IOException {
        String url = TestPostgres.shared().freshDatabase();
        Cli empty = Cli.run("history", "--history", url);
        assertThat(empty.exitCode()).as(empty.err()).isZero();
        assertThat(empty.out()).isEqualTo("the PostgreSQL history at " + url + ", fleet 'default' holds no records yet\n");

        Cli imported = Cli.run("history", "import", "--state", SAMPLE.toString(), "--history", url);
        assertThat(imported.exitCode()).as(imported.err()).isZero();
        assertThat(imported.out()).isEqualTo("Imported 10 of the 10 records of " + SAMPLE.resolve("history.jsonl")
                + " into the PostgreSQL history at " + url + ", fleet 'default' (0 were there already); its epoch is 2.\n");
        assertThat(Cli.run("history", "import", "--state", SAMPLE.toString(), "--history", url).out())
                .startsWith("Imported 0 of the 10 records of ").contains("(10 were there already)");

        assertThat(Cli.run("history", "--history", url).out()).isEqualTo(Cli.run("history", "--state", SAMPLE.toString()).out());
        JsonNode fromDatabase = JSON.readTree(Cli.run("history", "--history", url, "--output", "json").out());
        JsonNode fromFile = JSON.readTree(Cli.run("history", "--state", SAMPLE.toString(), "--output", "json").out());
        assertThat(fromDatabase.get("journal").textValue()).isEqualTo(url);
        JsonNode records = ((ObjectNode) fromDatabase).without("journal");
        assertThat(records).isEqualTo(((ObjectNode) fromFile).without("journal"));
        assertThat(Cli.run("history", "--history", url, "--cluster", "dev-fra-logistics-1").out())
                .isEqualTo(Cli.run("history", "--state", SAMPLE.toString(), "--cluster", "dev-fra-logistics-1").out());
        assertThat(Cli.run("history", "--history", url, "--cluster", "dev-fra-logistic").out())
                .isEqualTo("the PostgreSQL history at " + url + ", fleet 'default' holds no records of cluster"
                        + " 'dev-fra-logistic'; did you mean 'dev-fra-logistics-1'?\n");
        assertThat(Cli.run("history", "--history", url, "--history-fleet", "other").out())
                .isEqualTo("the PostgreSQL history at " + url + ", fleet 'other' holds no records yet; the database"
                        + " holds the histories of 'default' (--history-fleet NAME)\n");
        assertThat(fences(url)).as("reading the history of a fleet it does not hold writes nothing").doesNotContain("other");
    }

    @Test
    @DisplayName("run and apply record in the database, each taking a new epoch; the journal is not opened, and an engine"
            + " of an older epoch is refused when it writes")
    void runAndApplyOnTheDatabase() throws IOException {
        String url = TestPostgres.shared().freshDatabase();
        Path fleet = TestFleet.write(dir.resolve("fleet"));
        Cli run = Cli.run("run", "--fleet", fleet.toString(), "--once", "--now", TestFleet.NOW, "--probe", "simulated",
                "--history", url);
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("history: the PostgreSQL history at " + url + ", fleet 'default'",
                "dev-1  starting  1.0.0 → 1.1.0", "dev-1  published  1.0.0 → 1.1.0");
        assertThat(Files.exists(fleet.resolve(".upshift/history.jsonl"))).as("no journal").isFalse();
        Cli history = Cli.run("history", "--history", url, "--output", "json");
        JsonNode records = JSON.readTree(history.out()).get("records");
        assertThat(records).hasSize(3);
        assertThat(records.get(0).get("step").textValue()).isEqualTo("enrolled");
        assertThat(records.get(0).get("idempotencyKey").textValue()).isEqualTo("dev-1:to-1.1@1.1.0/dev");
        assertThat(records.get(1).get("step").textValue()).isEqualTo("starting");
        assertThat(records.get(1).get("epoch").intValue()).isEqualTo(1);
        JsonNode plan = JSON.readTree(Cli.run("plan", "--fleet", fleet.toString(), "--now", TestFleet.NOW, "--output",
                "json", "--history", url).out());
        assertThat(plan.get("entries")).filteredOn(e -> e.get("cluster").asText().equals("dev-1"))
                .extracting(e -> e.get("state").asText() + " " + e.get("from").asText())
                .as("plan reads the history on PostgreSQL too").containsExactly("inProgress 1.0.0");

        Cli dryRun = Cli.run("run", "--fleet", fleet.toString(), "--dry-run", "--now", TestFleet.NOW, "--history", url);
        assertThat(dryRun.exitCode()).as(dryRun.err()).isZero();
        assertThat(dryRun.out()).contains("dry run: nothing is recorded or written; history read from the PostgreSQL"
                + " history at " + url);
        Cli apply = Cli.run("apply", "--fleet", fleet.toString(), "--cluster", "prod-2", "--to", "1.1.0", "--now",
                TestFleet.NOW, "--history", url);
        assertThat(apply.out() + apply.err()).as("a freeze needs a person: refused, nothing recorded").contains("freeze");
        Cli again = Cli.run("run", "--fleet", fleet.toString(), "--once", "--now", "2026-12-14T12:00:00Z", "--probe",
                "simulated", "--history", url);
        assertThat(again.exitCode()).as(again.err()).isZero();
        JsonNode after = JSON.readTree(Cli.run("history", "--history", url, "--output", "json").out()).get("records");
        assertThat(after.get(after.size() - 1).get("epoch").intValue()).as("each run takes a new epoch").isEqualTo(3);
    }

    @Test
    @DisplayName("a password in the URL, a journal and a database at once, or an import with no database: usage errors, exit 2")
    void usage() {
        Cli password = Cli.run("history", "--history", "jdbc:postgresql://db/upshift?user=u&password=hunter2");
        assertThat(password.exitCode()).isEqualTo(2);
        assertThat(password.err()).startsWith("upshift: --history: leave the password out of the URL (every user of the"
                + " machine can read a command line): put it in PGPASSWORD or in a file named by --history-password-file\n");
        Cli both = Cli.run("history", "--history", "jdbc:postgresql://db/upshift", "--state", SAMPLE.toString());
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.err()).startsWith("upshift: --state names a journal and --history a database: give one of them");
        Cli notPostgres = Cli.run("history", "--history", "jdbc:mysql://db/upshift");
        assertThat(notPostgres.exitCode()).isEqualTo(2);
        assertThat(notPostgres.err()).startsWith("upshift: --history: not a PostgreSQL JDBC URL: jdbc:mysql://db/upshift");
        Cli nowhere = Cli.run("history", "import", "--state", SAMPLE.toString());
        assertThat(nowhere.exitCode()).isEqualTo(2);
        assertThat(nowhere.err()).startsWith("upshift: give the history to import into: --history"
                + " jdbc:postgresql://HOST[:PORT]/DATABASE\n");
        Cli noUrl = Cli.run("history", "--history-password-file", "secret");
        assertThat(noUrl.exitCode()).isEqualTo(2);
        assertThat(noUrl.err()).startsWith("upshift: --history-password-file goes with --history JDBC_URL\n");
    }

    @Test
    @DisplayName("a database that does not answer, or a missing password file, is exit 1 with a message that shows no password")
    void failures() throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Path secret = Files.writeString(dir.resolve("secret"), "hunter2\n");
        String url = "jdbc:postgresql://127.0.0.1:" + port + "/upshift?connectTimeout=5";
        Cli down = Cli.run("history", "--history", url, "--history-password-file", secret.toString());
        assertThat(down.exitCode()).isEqualTo(1);
        assertThat(down.err()).startsWith("upshift: could not open the PostgreSQL history at " + url + ": ")
                .doesNotContain("hunter2").doesNotContain("internal error");
        Cli missing = Cli.run("history", "--history", url, "--history-password-file", dir.resolve("none").toString());
        assertThat(missing.exitCode()).isEqualTo(1);
        assertThat(missing.err()).isEqualTo("upshift: the password file " + dir.resolve("none") + " does not exist\n");
    }

    /** The fleets with a fence row. */
    private static java.util.List<String> fences(String url) {
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(url);
                java.sql.ResultSet r = c.createStatement().executeQuery("SELECT fleet FROM upshift.fence ORDER BY 1")) {
            java.util.List<String> out = new java.util.ArrayList<>();
            while (r.next()) {
                out.add(r.getString(1));
            }
            return out;
        } catch (java.sql.SQLException e) {
            throw new AssertionError(e);
        }
    }
}
