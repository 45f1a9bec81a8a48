package dev.upshift.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import dev.upshift.diff.document.DocumentSet;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/** The sealed outcomes adapters return: their factories, and what they refuse. */
class OutcomesTest {
    private static final Instant T = Instant.parse("2026-03-10T07:00:00Z");
    private static final String ALPHABET = "aAzZ09_,:- ";

    @Test
    @DisplayName("a strategy accepts, or declines with a reason that is not blank")
    void decisions() {
        assertThat(Decision.accept()).isInstanceOf(Decision.Accepted.class).isEqualTo(Decision.accept());
        assertThat(Decision.decline("etcd changes need new machines"))
                .isEqualTo(new Decision.Declined("etcd changes need new machines"));
        assertThatThrownBy(() -> Decision.decline(" ")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    @DisplayName("a hook proceeds, retries after a positive delay, or aborts with a reason")
    void hookResults() {
        assertThat(HookResult.proceed()).isEqualTo(new HookResult.Proceed());
        assertThat(HookResult.retryAfter(Duration.ofMinutes(1)).delay()).isEqualTo(Duration.ofMinutes(1));
        assertThat(HookResult.abort("smoke test failed").reason()).isEqualTo("smoke test failed");
        assertThatThrownBy(() -> HookResult.retryAfter(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> HookResult.retryAfter(Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> HookResult.abort("")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    @DisplayName("a publication is published with a reference, or rejected with a reason")
    void publications() {
        assertThat(Publication.published("3f2a1c9").reference()).isEqualTo("3f2a1c9");
        assertThat(Publication.rejected("branch main is protected").reason()).isEqualTo("branch main is protected");
        assertThatThrownBy(() -> Publication.published(" ")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Publication.rejected("")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    @DisplayName("a rendering holds documents, or is rejected with a reason")
    void renderings() {
        assertThat(Rendering.rendered(DocumentSet.empty()).documents()).isSameAs(DocumentSet.empty());
        assertThat(Rendering.rejected("admission webhook denied it").reason()).isEqualTo("admission webhook denied it");
        assertThatThrownBy(() -> Rendering.rejected(" ")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    @DisplayName("each status factory sets its own condition, with reason, message and transition time")
    void statuses() {
        UpgradeStatus.Progress progress = new UpgradeStatus.Progress(3, 2, false);
        UpgradeStatus.InProgress running =
                UpgradeStatus.inProgress("MachinesUpgrading", "2 of 3 upgraded", T, progress);

        assertThat(running.condition()).isEqualTo(new UpgradeCondition(UpgradeCondition.Type.UPGRADE_IN_PROGRESS,
                "MachinesUpgrading", "2 of 3 upgraded", T));
        assertThat(running.progress()).contains(progress);
        assertThat(UpgradeStatus.inProgress("Pending", "", T).progress()).isEmpty();
        assertThat(UpgradeStatus.succeeded("Upgraded", "runs 20.1.0", T).condition().type())
                .isEqualTo(UpgradeCondition.Type.UPGRADE_SUCCEEDED);
        assertThat(UpgradeStatus.failed("DrainTimeout", "hop 19.3.1 → 20.1.0: cp-2 did not drain", T).condition())
                .satisfies(c -> {
                    assertThat(c.type()).isEqualTo(UpgradeCondition.Type.UPGRADE_FAILED);
                    assertThat(c.message()).contains("hop 19.3.1 → 20.1.0");
                    assertThat(c.lastTransitionTime()).isEqualTo(T);
                });
    }

    @Test
    @DisplayName("a status refuses a condition of another type")
    void statusConditionTypesMatch() {
        UpgradeCondition failed = new UpgradeCondition(UpgradeCondition.Type.UPGRADE_FAILED, "Broken", "", T);
        UpgradeCondition succeeded = new UpgradeCondition(UpgradeCondition.Type.UPGRADE_SUCCEEDED, "Done", "", T);

        assertThatThrownBy(() -> new UpgradeStatus.InProgress(failed, Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("UpgradeFailed");
        assertThatThrownBy(() -> new UpgradeStatus.Succeeded(failed)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new UpgradeStatus.Failed(succeeded)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    @DisplayName("condition types are written as Kubernetes statuses write them")
    void conditionTypeWords() {
        assertThat(UpgradeCondition.Type.values()).extracting(UpgradeCondition.Type::word)
                .containsExactly("UpgradeInProgress", "UpgradeSucceeded", "UpgradeFailed");
    }

    @Test
    @DisplayName("a condition reason is accepted exactly when Kubernetes' reason pattern accepts it")
    void conditionReasonsFollowKubernetes() {
        qt().forAll(texts()).checkAssert(reason -> {
            if (isKubernetesReason(reason)) {
                assertThat(new UpgradeCondition(UpgradeCondition.Type.UPGRADE_FAILED, reason, "", T).reason())
                        .isEqualTo(reason);
            } else {
                assertThatThrownBy(() -> new UpgradeCondition(UpgradeCondition.Type.UPGRADE_FAILED, reason, "", T))
                        .isInstanceOf(IllegalArgumentException.class);
            }
        });
    }

    @Test
    @DisplayName("reasons and messages longer than Kubernetes accepts are refused")
    void conditionLengths() {
        String longest = "R" + "a".repeat(1023);
        assertThat(new UpgradeCondition(UpgradeCondition.Type.UPGRADE_FAILED, longest, "m".repeat(32768), T).reason())
                .hasSize(1024);
        assertThatThrownBy(() -> new UpgradeCondition(UpgradeCondition.Type.UPGRADE_FAILED, longest + "a", "", T))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new UpgradeCondition(UpgradeCondition.Type.UPGRADE_FAILED, "R", "m".repeat(32769), T))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    @DisplayName("progress is accepted exactly when 0 <= upgraded <= required")
    void progressBounds() {
        qt().forAll(integers().between(-5, 20), integers().between(-5, 20)).checkAssert((required, upgraded) -> {
            if (required >= 0 && upgraded >= 0 && upgraded <= required) {
                assertThat(new UpgradeStatus.Progress(required, upgraded, true))
                        .hasToString(upgraded + "/" + required + " upgraded, ready");
            } else {
                assertThatThrownBy(() -> new UpgradeStatus.Progress(required, upgraded, false))
                        .isInstanceOf(IllegalArgumentException.class);
            }
        });
    }

    @Test
    @DisplayName("a reason code is accepted exactly when it is SCREAMING_SNAKE_CASE")
    void reasonCodes() {
        qt().forAll(texts()).checkAssert(code -> {
            if (isScreamingSnakeCase(code)) {
                assertThat(Reason.of(code, "message").code()).isEqualTo(code);
            } else {
                assertThatThrownBy(() -> Reason.of(code, "message")).isInstanceOf(IllegalArgumentException.class);
            }
        });
        assertThat(Reason.until("FROZEN", "year-end change freeze", T).until()).contains(T);
        assertThat(Reason.until("FROZEN", "year-end change freeze", T))
                .hasToString("FROZEN: year-end change freeze (until 2026-03-10T07:00:00Z)");
        assertThatThrownBy(() -> Reason.of("NO_PATH", " ")).isInstanceOf(IllegalArgumentException.class);
    }

    /** Short texts over letters of both cases, digits and the punctuation the patterns care about. */
    private static Gen<String> texts() {
        return lists().of(integers().between(0, ALPHABET.length() - 1)).ofSizeBetween(0, 6).map(indices -> {
            StringBuilder s = new StringBuilder();
            indices.forEach(i -> s.append(ALPHABET.charAt(i)));
            return s.toString();
        });
    }

    /** Kubernetes' condition-reason pattern, {@code ^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$}, read by hand. */
    private static boolean isKubernetesReason(String s) {
        if (s.isEmpty() || !isAsciiLetter(s.charAt(0))) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean last = i == s.length() - 1;
            boolean word = isAsciiLetter(c) || (c >= '0' && c <= '9') || c == '_';
            if (!word && (last || (c != ',' && c != ':'))) {
                return false;
            }
        }
        return true;
    }

    /** Upper-case words of letters and digits, the first starting with a letter, joined by single underscores. */
    private static boolean isScreamingSnakeCase(String s) {
        if (s.isEmpty() || s.charAt(0) < 'A' || s.charAt(0) > 'Z') {
            return false;
        }
        for (String word : s.split("_", -1)) {
            if (word.isEmpty() || !word.chars().allMatch(c -> (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }
}
