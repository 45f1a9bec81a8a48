package dev.upshift.operator;

import dev.upshift.testing.Processes;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * {@link OperatorMain} in a JVM of its own, started as a Deployment starts it: the test's class path
 * for the jar, the settings in its environment (nothing inherited that names Upshift or a
 * kubeconfig), its output in a file.
 */
final class OperatorProcess implements AutoCloseable {
    static final Duration LIMIT = Duration.ofSeconds(90);
    final String identity;
    final Process process;
    final Path log;

    private OperatorProcess(String identity, Process process, Path log) {
        this.identity = identity;
        this.process = process;
        this.log = log;
    }

    /**
     * Starts {@code java -cp <test class path> dev.upshift.operator.OperatorMain} with {@code env}; its
     * output goes to {@code target/operator-processes/<name>.log}, kept for a look after a failure.
     */
    static OperatorProcess start(String identity, String name, Map<String, String> env) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        ProcessBuilder command = new ProcessBuilder(java.toString(), "-Xmx256m", "-XX:TieredStopAtLevel=1",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=info", "-cp", classPath(),
                OperatorMain.class.getName());
        command.environment().keySet().removeIf(k -> k.startsWith("UPSHIFT_") || k.equals("KUBECONFIG")
                || k.startsWith("KUBERNETES_"));
        command.environment().putAll(env);
        Path log = Files.createDirectories(Path.of("target", "operator-processes")).resolve(name + ".log");
        return new OperatorProcess(identity, command.redirectErrorStream(true).redirectOutput(log.toFile()).start(),
                log);
    }

    /**
     * The test's class path less the no-op logging provider every module's tests carry: the packaged
     * operator has one provider, slf4j-simple, writing to standard error.
     */
    static String classPath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !Path.of(entry).getFileName().toString().startsWith("slf4j-nop-"))
                .collect(Collectors.joining(File.pathSeparator));
    }

    /** What the process wrote so far (standard output and error). */
    String output() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no output: " + e.getMessage() + ")";
        }
    }

    /**
     * The output without fabric8's own warning, with its stack trace, when its leader elector's
     * renewal lost a race for the lease (409 Conflict): what a lease taken over produces in the
     * library, not an error of Upshift's.
     */
    String outputWithoutLeaseConflicts() {
        StringBuilder out = new StringBuilder();
        boolean inConflict = false;
        for (String line : output().split("\n", -1)) {
            if (line.contains("WARN io.fabric8.kubernetes.client.extended.leaderelection.LeaderElector")) {
                inConflict = true;
                continue;
            }
            if (inConflict && (line.startsWith("io.fabric8.kubernetes.client.KubernetesClientException")
                    || line.startsWith("Caused by: io.fabric8.kubernetes.client.KubernetesClientException")
                    || line.startsWith("\tat ") || line.startsWith("\t... "))) {
                continue;
            }
            inConflict = false;
            out.append(line).append('\n');
        }
        return out.toString();
    }

    /** Sends {@code SIGTERM} (a pod's stop) and waits for the exit. */
    int terminate() throws InterruptedException {
        process.destroy();
        return await();
    }

    /** Sends {@code SIGKILL} (a node lost, or the OOM killer) and waits for the exit. */
    int kill() throws InterruptedException {
        process.destroyForcibly();
        return await();
    }

    int await() throws InterruptedException {
        if (!process.waitFor(LIMIT.toMillis(), TimeUnit.MILLISECONDS)) {
            Processes.end(process);
            throw new AssertionError("operator " + identity + " did not end within " + LIMIT + "; it was ended. Its output:\n"
                    + output());
        }
        return process.exitValue();
    }

    /** Its output's lines. */
    List<String> lines() {
        return output().lines().toList();
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            try {
                Processes.end(process);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
