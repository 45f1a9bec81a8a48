package dev.upshift.common.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.testing.Processes;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The loader's peak heap, measured where it can be: each case loads a generated file in a JVM of
 * its own ({@link ForkedLoad}) whose heap is capped at the bound docs/security.md states. A load
 * that needed more would end in {@code OutOfMemoryError} (exit 3).
 *
 * <p>The bound, for any input the default limits accept: {@value #PER_INPUT_BYTE} times the input's
 * size plus {@value #FIXED_MIB} MiB, plus {@value #PER_ALIAS_COPY} bytes for every value an alias
 * copies (aliases copy at most {@code maxNodes} values). The inputs here are the shapes that cost
 * the most per byte (one-character items, empty mappings), and the inputs of issue 10, item 1 that
 * exhausted a 6 GB heap when positions were kept as one JSON Pointer string per value.
 *
 * <p>Each child gets the bound plus {@value #JVM_MARGIN_PERCENT}%: how much of {@code -Xmx} the
 * serial collector leaves usable (its young generation's survivor space) differs between JDKs and
 * their heap sizing, and that margin keeps another JDK from failing a bound the loader keeps. Tagged
 * {@code jvm-bound}: {@code -Dupshift.excludedTestGroups=jvm-bound} leaves it out where a JVM agent
 * changes what a load allocates (docs/security.md).
 *
 * <p>This is the one test that starts processes: heap is per JVM.
 */
@Tag("jvm-bound")
@DisplayName("loading needs at most 64 times the input's size in heap, plus 16 MiB")
class HostileMemoryTest {
    static final int PER_INPUT_BYTE = 64;
    static final int FIXED_MIB = 16;
    static final int PER_ALIAS_COPY = 100;
    static final int JVM_MARGIN_PERCENT = 10;

    @TempDir
    Path dir;

    private record Run(int exitCode, String output) {}

    private Run load(Path file, long aliasCopies) throws IOException, InterruptedException {
        return loadIn(file, PER_INPUT_BYTE * Files.size(file) + ((long) FIXED_MIB << 20) + PER_ALIAS_COPY * aliasCopies);
    }

    private Run loadIn(Path file, long heap) throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        long withMargin = heap + heap * JVM_MARGIN_PERCENT / 100;
        Processes.Finished run = Processes.run(new ProcessBuilder(java.toString(), "-Xmx" + (withMargin >> 10) + "k",
                "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), ForkedLoad.class.getName(),
                file.toString()), Duration.ofMinutes(3));
        return new Run(run.exitCode(), run.output().strip());
    }

    private Path write(String name, WriteAction action) throws IOException {
        Path file = dir.resolve(name);
        try (Writer w = Files.newBufferedWriter(file)) {
            action.write(w);
        }
        return file;
    }

    private interface WriteAction {
        void write(Writer w) throws IOException;
    }

    private static void repeat(Writer w, String first, String next, int times) throws IOException {
        w.write(first);
        for (int i = 1; i < times; i++) {
            w.write(next);
        }
    }

    @Test
    void aLongKeyAboveNineHundredThousandItemsLoadsInAFewTimesItsSize() throws Exception {
        // issue 10, item 1: OutOfMemoryError in a 6 GB heap after 15 s
        Path file = write("key-above-list.yaml", w -> {
            w.write("data:\n  ? " + "k".repeat(100_000) + "\n  : [");
            repeat(w, "1", ",1", 900_000);
            w.write("]\n");
        });
        assertThat(load(file, 0)).isEqualTo(new Run(0, "loaded 1 documents"));
    }

    @Test
    void longJsonKeysAboveNestedLongKeysLoadInAFewTimesTheirSize() throws Exception {
        // issue 10, item 1: a JSON key of 49,000 characters above nested 1,000-character keys
        Path file = write("long-keys.json", w -> {
            w.write("{\"" + "K".repeat(49_000) + "\": ");
            for (int i = 0; i < 100; i++) {
                w.write("{\"" + String.valueOf((char) ('a' + i % 26)).repeat(1_000) + "\": ");
            }
            w.write("[");
            repeat(w, "1", ",1", 400_000);
            w.write("]" + "}".repeat(101));
        });
        assertThat(load(file, 0)).isEqualTo(new Run(0, "loaded 1 documents"));
    }

    @Test
    void theCostliestShapesPerByteStayWithinTheBound() throws Exception {
        Path strings = write("strings.yaml", w -> {
            w.write("l: [");
            repeat(w, "a", ",a", 999_000);
            w.write("]\n");
        });
        Path mappings = write("mappings.yaml", w -> {
            w.write("l: [");
            repeat(w, "{}", ",{}", 999_000);
            w.write("]\n");
        });
        for (Path file : List.of(strings, mappings)) {
            assertThat(load(file, 0)).as(file.getFileName().toString()).isEqualTo(new Run(0, "loaded 1 documents"));
        }
    }

    @Test
    void theLargestInputsTheDefaultLimitsAcceptStayWithinTheBound() throws Exception {
        // just under 8 MiB (the default maxBytes), each with as many values as fit, up to the default
        // maxNodes of 1,000,000: so the heaps here, 64 × 8 MiB + 16 MiB = 528 MiB, are the bound for
        // any input the default limits accept (aliases aside)
        long limit = LoadLimits.defaults().maxBytes();
        Path items = write("items.yaml", w -> {
            w.write("l: [");
            repeat(w, "aaaaaaa", ",aaaaaaa", 999_000);
            w.write("]\n");
        });
        Path keys = write("keys.yaml", w -> {
            for (int i = 0; i < 690_000; i++) {
                w.write(String.format(java.util.Locale.ROOT, "k%06d: {}%n", i).replace("\r", ""));
            }
        });
        Path jsonKeys = write("keys.json", w -> {
            w.write("{");
            for (int i = 0; i < 620_000; i++) {
                w.write(String.format(java.util.Locale.ROOT, "%s\"k%06d\":[]", i == 0 ? "" : ",", i));
            }
            w.write("}");
        });
        Path scalar = write("scalar.yaml", w -> {
            w.write("a: ");
            w.write("x".repeat((int) limit - 10));
            w.write("\n");
        });
        for (Path file : List.of(items, keys, jsonKeys, scalar)) {
            assertThat(Files.size(file)).as(file.getFileName().toString()).isBetween(limit - (limit >> 4), limit);
            assertThat(load(file, 0)).as(file.getFileName().toString()).isEqualTo(new Run(0, "loaded 1 documents"));
        }
    }

    @Test
    void valuesCopiedByAliasesCostAHundredBytesEach() throws Exception {
        int copies = 990;
        Path file = write("copies.yaml", w -> {
            w.write("a: &a [");
            repeat(w, "{}", ",{}", 1_000);
            w.write("]\nb: [");
            repeat(w, "*a", ",*a", copies);
            w.write("]\n");
        });
        assertThat(load(file, copies * 1_001L)).isEqualTo(new Run(0, "loaded 1 documents"));
    }

    @Test
    void aliasesOfALargeValueAreRefusedBeforeTheyCostMemory() throws Exception {
        // issue 10, item 4: a 1 MB string aliased 3,000 times loaded, then output died
        Path file = write("large-alias.yaml", w -> {
            w.write("big: &s |\n");
            for (int i = 0; i < 1024; i++) {
                w.write("  " + "x".repeat(1023) + "\n");
            }
            w.write("copies:\n");
            for (int i = 0; i < 3_000; i++) {
                w.write("  - *s\n");
            }
        });
        assertThat(load(file, 0)).isEqualTo(new Run(1, "rejected 1 problems, 103 characters\n"
                + "large-alias.yaml:1057:5: alias *s expands the input beyond the limit of 32 MiB of text (an alias bomb?)"));
    }

    @Test
    void problemsBeyondTheCapsAreCountedInASmallHeap() throws Exception {
        // issue 10, item 6: 1.3 million documents that are not mappings and 900,000 duplicate keys, each
        // loaded in about six times its size: problems beyond the caps are counted, never kept, and a
        // duplicate key's value is dropped without a position (those cost 64 MiB here before)
        Path documents = write("docs.yaml", w -> repeat(w, "--- 1\n", "--- 1\n", 1_300_000));
        Path duplicates = write("dups.yaml", w -> repeat(w, "a: 1\n", "a: 1\n", 900_000));
        assertThat(loadIn(documents, 48L << 20)).satisfies(r -> {
            assertThat(r.exitCode()).as(r.output()).isEqualTo(1);
            assertThat(r.output()).startsWith("rejected 101 problems, ").endsWith("docs.yaml:1:5: a document must be a mapping"
                    + " (an object with apiVersion and kind), not a number");
        });
        assertThat(loadIn(duplicates, 32L << 20)).satisfies(r -> {
            assertThat(r.exitCode()).as(r.output()).isEqualTo(1);
            assertThat(r.output()).startsWith("rejected 101 problems, ").endsWith("dups.yaml:2:1: a: duplicate key 'a' (first at line 1)");
        });
    }
}
