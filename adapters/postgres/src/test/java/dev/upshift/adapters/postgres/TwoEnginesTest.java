package dev.upshift.adapters.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.spi.HistoryEntry;
import dev.upshift.testing.Processes;
import dev.upshift.testing.TestPostgres;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Real engines in processes of their own, against one database: an engine that another took over
 * from is fenced out and stops; one killed with SIGKILL inside its transaction leaves nothing of it;
 * the one that goes on finishes the rollout. Nothing is lost, nothing is published twice.
 */
class TwoEnginesTest {
    private static final int CLUSTERS = 6;
    private static final Duration LIMIT = Duration.ofMinutes(3);

    private final List<Child> children = new ArrayList<>();
    private final String url = TestPostgres.shared().freshDatabase();
    private final EngineWorld.TableTarget target = new EngineWorld.TableTarget(url);

    @AfterEach
    void end() throws InterruptedException {
        for (Child c : children) {
            Processes.end(c.process);
        }
    }

    @Test
    @DisplayName("an engine that another took over from is fenced at its next write and stops; the new one finishes, each hop published once")
    void theOlderEngineIsFencedOut() throws Exception {
        create();
        Child first = start("first", "pause");
        assertThat(first.expect("EPOCH ")).isEqualTo("EPOCH 1");
        first.expect("PAUSED");
        Child second = start("second", "hold");
        assertThat(second.expect("EPOCH ")).isEqualTo("EPOCH 2");
        first.tell();
        assertThat(first.expect("FENCED ")).isEqualTo("FENCED the history refused a write from engine epoch 1: epoch 2"
                + " has written since, so another engine has taken over; this one stops");
        assertThat(Processes.await(first.process, LIMIT, "the first engine")).isEqualTo(3);
        second.tell();
        second.expect("DONE");
        assertThat(Processes.await(second.process, LIMIT, "the second engine")).isZero();

        List<HistoryEntry> history = history();
        assertThat(EngineWorld.violations(history, CLUSTERS)).isEmpty();
        assertThat(history).extracting(HistoryEntry::epoch).containsOnly(1L, 2L).contains(1L, 2L);
        assertThat(target.hops()).hasSize(2 * CLUSTERS).allSatisfy((hop, keys) -> assertThat(keys).as(hop).isEqualTo(1));
        assertThat(target.query("SELECT count(*) FROM publish_calls")).containsExactly(String.valueOf(2 * CLUSTERS));
        assertThat(target.releases()).hasSize(CLUSTERS).allSatisfy((c, v) -> assertThat(v).isEqualTo(EngineWorld.TARGET));
    }

    @Test
    @DisplayName("two engines started together: whichever wins, the history is whole and every hop reached the target once")
    void twoEnginesRacing() throws Exception {
        create();
        Child a = start("a", "run");
        Child b = start("b", "run");
        int exitA = Processes.await(a.process, LIMIT, "engine a");
        int exitB = Processes.await(b.process, LIMIT, "engine b");
        assertThat(List.of(exitA, exitB)).as("a: %s; b: %s", a.output(), b.output()).contains(0).allMatch(x -> x == 0 || x == 3);
        assertThat(EngineWorld.violations(history(), CLUSTERS)).isEmpty();
        assertThat(target.hops()).hasSize(2 * CLUSTERS).allSatisfy((hop, keys) -> assertThat(keys).as(hop).isEqualTo(1));
    }

    @Test
    @DisplayName("an engine killed with SIGKILL inside its transaction leaves nothing of it; the next engine resumes and finishes")
    void killedInsideATransaction() throws Exception {
        create();
        Child killed = start("killed", "kill-inside:3");
        killed.expect("INSIDE");
        List<HistoryEntry> before = history();
        killed.process.destroyForcibly();
        assertThat(Processes.await(killed.process, LIMIT, "the killed engine")).isEqualTo(137);
        List<HistoryEntry> after = history();
        assertThat(after).as("the killed transaction's rows never commit").isEqualTo(before);
        Child next = start("next", "run");
        next.expect("DONE");
        assertThat(Processes.await(next.process, LIMIT, "the next engine")).isZero();
        assertThat(history().subList(0, after.size())).isEqualTo(after);
        assertThat(EngineWorld.violations(history(), CLUSTERS)).isEmpty();
        assertThat(target.hops()).hasSize(2 * CLUSTERS).allSatisfy((hop, keys) -> assertThat(keys).as(hop).isEqualTo(1));
    }

    private void create() throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute(EngineWorld.TableTarget.CREATE);
        }
    }

    private List<HistoryEntry> history() {
        try (PostgresHistoryStore store = PostgresHistoryStore.builder().url(url).fleet("fleet").build()) {
            return store.entries();
        }
    }

    private Child start(String name, String mode) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                EngineProcess.class.getName(), url, "fleet", String.valueOf(CLUSTERS), name, mode)
                .redirectErrorStream(true).start();
        Child c = new Child(p);
        children.add(c);
        return c;
    }

    /** A child process and its output, read a line at a time. */
    private static final class Child {
        final Process process;
        private final BufferedReader out;
        private final Writer in;
        private final List<String> seen = new ArrayList<>();

        Child(Process process) {
            this.process = process;
            this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            this.in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        }

        /** The next line starting with {@code prefix}; fails when the child ends first. */
        String expect(String prefix) throws IOException {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                seen.add(line);
                if (line.startsWith(prefix)) {
                    return line;
                }
            }
            throw new AssertionError("the child ended without saying " + prefix + ": " + String.join("\n", seen));
        }

        void tell() throws IOException {
            in.write("go\n");
            in.flush();
        }

        String output() throws IOException {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                seen.add(line);
            }
            return String.join("\n", seen);
        }
    }
}
