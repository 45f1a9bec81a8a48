package dev.upshift.bench;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.Patch;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.merge.ThreeWayMerge;
import dev.upshift.diff.render.ChangeFormat;
import dev.upshift.diff.render.YamlWriter;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.rule.Impact;
import dev.upshift.diff.rule.OnConflict;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The three-way merge of a generated cluster of 1,000 documents (about 2 MB of YAML) and every
 * rendering of its result, side by side with java-diff-utils' plain text diff of the same YAML
 * (the cluster's documents against the merged ones, as two whole files) in the same run. Run for
 * a release that changes every document (the worst case for renderings) and one that changes one
 * document in ten.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ThreeWayMergeBench {
    @Param("1000")
    int documents;

    /** The share of documents the new release changes: all of them (worst case), or one in ten. */
    @Param({"100", "10"})
    int changedPercent;

    ClusterDocuments.Sets sets;
    ThreeWayMerge merge;
    MergeResult merged;
    List<String> currentLines;
    List<String> mergedLines;

    @Setup(Level.Trial)
    public void generate() {
        sets = ClusterDocuments.generate(documents, changedPercent, 42);
        merge = ThreeWayMerge.withRules(FieldRules.of(
                FieldRule.forPath("spec.template.spec.containers[*].ports").listKeys("containerPort", "protocol").build(),
                FieldRule.forPath("spec.template.spec.containers[*].image").onConflict(OnConflict.OVERWRITE)
                        .impact(Impact.ROLLING).build(),
                FieldRule.forPath("metadata.labels").impact(Impact.NONE).build(),
                FieldRule.forPath("spec.replicas").onConflict(OnConflict.KEEP).build(),
                FieldRule.forPath("spec.selector").mutable(false).build()));
        merged = merge.merge(sets.base(), sets.current(), sets.target());
        String current = yaml(sets.current().documents());
        String result = yaml(merged.documents().documents());
        currentLines = List.of(current.split("\n"));
        mergedLines = List.of(result.split("\n"));
        System.out.printf("%n%d documents (%d%% changed by the release), current %,d bytes of YAML (%,d lines),"
                + " %d decisions, %d changed documents%n", documents, changedPercent,
                current.getBytes(StandardCharsets.UTF_8).length, currentLines.size(), merged.changes().size(),
                merged.changedDocuments().size());
    }

    private static String yaml(List<Document> docs) {
        return YamlWriter.writeAll(docs.stream().map(Document::tree).toList(), YamlWriter.KeyOrder.SORTED);
    }

    /** Upshift: the merge, then every rendering (report, unified, JSON Patch with its self-check, merge patch, YAML, JSON). */
    @Benchmark
    public void mergeAndRenderAll(Blackhole bh) {
        MergeResult r = merge.merge(sets.base(), sets.current(), sets.target());
        for (ChangeFormat rendering : ChangeFormat.values()) {
            bh.consume(rendering.render(r));
        }
    }

    /** Upshift: the merge alone. */
    @Benchmark
    public MergeResult mergeOnly() {
        return merge.merge(sets.base(), sets.current(), sets.target());
    }

    /** Baseline: java-diff-utils' text diff and unified output of the same YAML, as two whole files. */
    @Benchmark
    public List<String> plainTextDiff() {
        Patch<String> patch = DiffUtils.diff(currentLines, mergedLines);
        return UnifiedDiffUtils.generateUnifiedDiff("current.yaml", "merged.yaml", currentLines, patch, 3);
    }
}
