package dev.upshift.bench;

import dev.upshift.core.journal.JsonLinesJournal;
import dev.upshift.core.journal.LockHolder;
import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.UpgradeState;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Journal appends with fsync, in entries per second: one entry per append (one fsync each) against
 * groups of {@value #GROUP} entries (one write and one fsync per group, as the engine appends a
 * reconcile's entries), beside the disk's own rate measured in the same run: a line of the same
 * size appended to a plain file and forced, with nothing else around it ({@code rawFsync}, fsyncs
 * per second). {@code appendOne} should come close to {@code rawFsync}; {@code appendGrouped} should
 * be about {@value #GROUP} times it, until writing the text costs more than the fsync.
 *
 * <p>The files go below {@code -p dir=FOLDER}, by default {@code target/journal-bench} in the working
 * folder: not the system's temporary folder, which is often a memory file system where fsync costs
 * nothing. Each iteration starts a new journal.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class JournalAppendBenchmark {
    private static final int GROUP = 100;

    /** Where the journals are written; empty: {@code target/journal-bench}. */
    @Param("")
    public String dir;

    private Path root;
    private Path folder;
    private JsonLinesJournal journal;
    private FileChannel raw;
    private byte[] line;
    private long rawSize;
    private HistoryEntry one;
    private List<HistoryEntry> group;
    private int iteration;

    @Setup(Level.Trial)
    public void setUpTrial() throws IOException {
        root = Files.createDirectories(Path.of(dir.isEmpty() ? "target/journal-bench" : dir)).toAbsolutePath();
        one = new HistoryEntry(Instant.parse("2026-03-10T07:00:00Z"), "prod-eu-payments-1",
                "prod-eu-payments-1:20.0.2..20.1.0#1", Version.parse("20.0.2"), Version.parse("20.1.0"),
                Optional.of("fleet-to-20.1"), UpgradeState.IN_PROGRESS, "published as commit 3f2a1c9d", List.of(),
                HistoryEntry.Step.PUBLISHED, HistoryEntry.Hop.only(Version.parse("20.1.0")), 1,
                List.of("restore-alerts"), 1);
        group = Collections.nCopies(GROUP, one);
    }

    @Setup(Level.Iteration)
    public void setUpIteration() throws IOException {
        folder = Files.createDirectories(root.resolve("run-" + iteration++));
        journal = JsonLinesJournal.open(folder.resolve("state"), new LockHolder(ProcessHandle.current().pid(),
                "benchmark", "JournalAppendBenchmark"));
        journal.append(one);
        line = Files.readAllLines(JsonLinesJournal.file(folder.resolve("state")), StandardCharsets.UTF_8).get(1)
                .concat("\n").getBytes(StandardCharsets.UTF_8);
        raw = FileChannel.open(folder.resolve("raw.jsonl"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        rawSize = 0;
    }

    @TearDown(Level.Iteration)
    public void tearDownIteration() throws IOException {
        journal.close();
        raw.close();
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** The disk's fsync rate: a journal-sized line appended to a plain file and forced. */
    @Benchmark
    public long rawFsync() {
        try {
            ByteBuffer buf = ByteBuffer.wrap(line);
            while (buf.hasRemaining()) {
                rawSize += raw.write(buf, rawSize);
            }
            raw.force(true);
            return rawSize;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One entry per append: one write and one fsync per entry. */
    @Benchmark
    public void appendOne() {
        journal.append(one);
    }

    /** {@value #GROUP} entries per append, counted per entry: one write and one fsync per group. */
    @Benchmark
    @OperationsPerInvocation(GROUP)
    public void appendGrouped() {
        journal.appendAll(group);
    }
}
