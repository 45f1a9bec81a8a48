package dev.upshift.core.select;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.re2j.Pattern;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ManagedCluster;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Seed 001's matchers: any matcher selects; no key means the id; regular expressions match the whole text. */
class ClusterSelectorTest {
    private static final ManagedCluster PROD = ManagedCluster.builder("mgab6").label("stage", "prod")
            .label("region", "eu").infrastructure("aws").release("1.0.0").build();
    private static final ManagedCluster DEVOPS = ManagedCluster.builder("devops-1").label("stage", "devops")
            .infrastructure("aws").release("1.0.0").build();

    @Test
    @DisplayName("without a key a matcher looks at the cluster id; with one, at that label; exact and case-sensitive")
    void exactMatching() {
        assertThat(ClusterSelector.of(ClusterMatcher.clusterId("mgab6")).selects(PROD)).isTrue();
        assertThat(ClusterSelector.of(ClusterMatcher.clusterId("MGAB6")).selects(PROD)).isFalse();
        assertThat(ClusterSelector.of(ClusterMatcher.clusterId("prod")).selects(PROD)).as("the id, not a label").isFalse();
        assertThat(ClusterSelector.of(ClusterMatcher.label("stage", "prod")).selects(PROD)).isTrue();
        assertThat(ClusterSelector.of(ClusterMatcher.label("stage", "pro")).selects(PROD)).isFalse();
    }

    @Test
    @DisplayName("a regular expression must match the whole value: dev|test selects neither devops nor a test-1")
    void wholeValue() {
        ClusterSelector devOrTest = ClusterSelector.of(ClusterMatcher.labelRegex("stage", "dev|test"));
        assertThat(devOrTest.selects("a", Map.of("stage", "dev"))).isTrue();
        assertThat(devOrTest.selects("a", Map.of("stage", "test"))).isTrue();
        assertThat(devOrTest.selects(DEVOPS)).isFalse();
        assertThat(devOrTest.selects("a", Map.of("stage", "test-1"))).isFalse();
        assertThat(ClusterSelector.of(ClusterMatcher.clusterIdRegex("dev.*")).selects(DEVOPS)).isTrue();
        assertThat(ClusterSelector.of(ClusterMatcher.clusterIdRegex("(?i)MGAB\\d")).selects(PROD)).isTrue();
    }

    @Test
    @DisplayName("a cluster without the label is never selected by a matcher on it, not even by .*")
    void absentLabel() {
        assertThat(ClusterSelector.of(ClusterMatcher.labelRegex("team", ".*")).selects(PROD)).isFalse();
        assertThat(ClusterSelector.of(ClusterMatcher.label("team", "")).selects(PROD)).isFalse();
        assertThat(ClusterSelector.of(ClusterMatcher.label("team", "")).selects("x", Map.of("team", ""))).isTrue();
    }

    @Test
    @DisplayName("any matcher selects; no matcher selects nothing")
    void anyMatcher() {
        ClusterSelector either = ClusterSelector.of(ClusterMatcher.clusterId("nope"), ClusterMatcher.label("region", "eu"));
        assertThat(either.selects(PROD)).isTrue();
        assertThat(either.selects(DEVOPS)).isFalse();
        assertThat(ClusterSelector.of().selects(PROD)).isFalse();
    }

    @Test
    @DisplayName("bad regular expressions are refused with a reason meant for their author")
    void badRegexes() {
        assertThatThrownBy(() -> ClusterSelector.checkRegex("[z-a]")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("invalid regular expression: invalid character class range at 'z-a' (RE2 syntax)");
        assertThatThrownBy(() -> ClusterSelector.checkRegex("dev(?=ops)")).hasMessageStartingWith(
                "invalid regular expression: ");
        assertThatThrownBy(() -> ClusterSelector.checkRegex("a".repeat(1001))).hasMessage(
                "regular expression of 1001 characters; at most 1000 are accepted");
        assertThatThrownBy(() -> ClusterSelector.checkRegex("(a{1000}){11}")).hasMessageStartingWith(
                "regular expression too large");
        assertThatThrownBy(() -> ClusterSelector.of(ClusterMatcher.labelRegex("k", "(")))
                .isInstanceOf(IllegalArgumentException.class);
        ClusterSelector.checkRegex("a{1000}");
        ClusterSelector.checkRegex("(dev|test|prod)-[a-z]{2}-[0-9]+");
    }

    /** A text that counts how often a matcher reads one of its characters: the work done. */
    private static final class CountingText implements CharSequence {
        private final String text;
        long reads;

        CountingText(String text) {
            this.text = text;
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public char charAt(int index) {
            reads++;
            return text.charAt(index);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            throw new UnsupportedOperationException("a matcher must read characters one by one here");
        }

        @Override
        public String toString() {
            throw new UnsupportedOperationException("a matcher must read characters one by one here");
        }
    }

    private static long re2Reads(String regex, int n) {
        CountingText text = new CountingText("a".repeat(n) + "!");
        ClusterSelector.Compiled m = ClusterSelector.of(ClusterMatcher.labelRegex("k", regex)).compiled().get(0);
        assertThat(m.matches(text)).isFalse();
        return text.reads;
    }

    private static long backtrackingReads(String regex, int n) {
        CountingText text = new CountingText("a".repeat(n) + "!");
        assertThat(java.util.regex.Pattern.compile(regex).matcher(text).matches()).isFalse();
        return text.reads;
    }

    @Test
    @DisplayName("(a+)+$ against aaaa…a! costs work linear in the text: it can never hang a plan")
    void catastrophicPatternIsLinear() {
        long small = re2Reads("(a+)+$", 1_000);
        long large = re2Reads("(a+)+$", 8_000);
        assertThat(small).isLessThanOrEqualTo(20L * 1_001);
        assertThat(large).isLessThanOrEqualTo(20L * 8_001);
        assertThat(large).as("8 times the text, about 8 times the reads").isLessThanOrEqualTo(10 * small);

        String huge = "a".repeat(200_000) + "!";
        assertThat(ClusterSelector.of(ClusterMatcher.labelRegex("k", "(a+)+$")).selects("x", Map.of("k", huge))).isFalse();
    }

    @Test
    @DisplayName("(.*a){8}, which the JDK's backtracking engine needs n^8 steps for, stays linear")
    void polynomialBlowUpIsLinear() {
        assertThat(backtrackingReads("(.*a){8}", 16)).as("the JDK's engine, for contrast")
                .isGreaterThan(20 * backtrackingReads("(.*a){8}", 10));
        long small = re2Reads("(.*a){8}", 1_000);
        long large = re2Reads("(.*a){8}", 16_000);
        assertThat(large).isLessThanOrEqualTo(20 * small);
        assertThat(large).isLessThanOrEqualTo(20L * 16_001);
    }

    @Test
    @DisplayName("the size estimate that guards compilation bounds RE2's program size")
    void sizeEstimateIsAnUpperBound() {
        String[] regexes = {"a", "a{1000}", "(a){1000}", "(a{10}){10}", "(?:a{10}){10}", "a*", "a+", "a?", "[a-z]",
            "\\p{Greek}", "dev|test", "x{2,5}", "x{3,}", "(a|b|c){100}", "((a{10}){10}){10}", "(?i)abc", "\\Qa.b\\E",
            "(a{1000}){5}", "[]a]{20}", "[^]a]{20}", "[[:alpha:]x]{30}", "\\x{41}{50}", "(x|y{5}){5}|z{9}"};
        for (String r : regexes) {
            assertThat((long) Pattern.compile(r).programSize()).as(r).isLessThanOrEqualTo(RegexSize.estimate(r) + 2);
        }
    }

    @Test
    @DisplayName("within one pass, a regular expression runs once per distinct label value; its answers are remembered within a bound")
    void regexAnswersAreRememberedPerValue() {
        ClusterSelector.Remembering teams =
                ClusterSelector.of(ClusterMatcher.labelRegex("team", "team-(0[2-4]|17)")).remembering();
        java.util.regex.Pattern oracle = java.util.regex.Pattern.compile("team-(0[2-4]|17)");
        for (int i = 0; i < 3_000; i++) {
            String team = new String("team-" + (i % 3 == 0 ? "03" : i % 3 == 1 ? "17" : "21"));
            assertThat(teams.selects(cluster("c" + i, Map.of("team", team)))).isEqualTo(oracle.matcher(team).matches());
        }
        assertThat(teams.memos().get(0)).as("one answer per distinct value").hasSize(3);

        ClusterSelector idSelector = ClusterSelector.of(ClusterMatcher.clusterIdRegex("c-[0-9]*7"));
        ClusterSelector.Remembering ids = idSelector.remembering();
        for (int i = 0; i < 3 * ClusterSelector.Remembering.MEMO_TEXTS; i++) {
            String id = "c-" + i;
            assertThat(ids.selects(cluster(id, Map.of()))).as(id).isEqualTo(id.endsWith("7"));
        }
        assertThat(ids.memos().get(0)).as("at most MEMO_TEXTS answers").hasSize(ClusterSelector.Remembering.MEMO_TEXTS);
        assertThat(idSelector.remembering().memos().get(0)).as("a new pass starts empty").isEmpty();

        String longId = "c-" + "1".repeat(ClusterSelector.Remembering.MEMO_TEXT_LENGTH) + "7";
        ClusterSelector.Remembering fresh = idSelector.remembering();
        assertThat(fresh.selects(cluster(longId, Map.of()))).isTrue();
        assertThat(fresh.memos().get(0)).as("long texts are not remembered").isEmpty();
    }

    private static ManagedCluster cluster(String id, Map<String, String> labels) {
        return ManagedCluster.builder(id).labels(labels).infrastructure("aws").release("1.0.0").build();
    }
}
