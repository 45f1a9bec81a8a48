package dev.upshift.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class UpgradeKindTest {

    private static List<UpgradeKind> everyKind() {
        List<UpgradeKind> kinds = new ArrayList<>();
        for (UpgradeKind.Level level : UpgradeKind.Level.values()) {
            kinds.add(new UpgradeKind(level, false));
            kinds.add(new UpgradeKind(level, true));
        }
        return kinds;
    }

    @Test
    @DisplayName("noUpgrades blocks everything, noMinorUpgrades minor and major, noMinorOrNodeUpgrades also anything rolling nodes")
    void scopesBlockTheRightKinds() {
        List<String> blocked = new ArrayList<>();
        for (ExclusionScope scope : ExclusionScope.values()) {
            for (UpgradeKind kind : everyKind()) {
                if (scope.blocks(kind)) {
                    blocked.add(scope + ":" + kind);
                }
            }
        }
        assertThat(blocked).containsExactly(
                "noUpgrades:patch", "noUpgrades:patch+nodes", "noUpgrades:minor", "noUpgrades:minor+nodes",
                "noUpgrades:major", "noUpgrades:major+nodes", "noUpgrades:config", "noUpgrades:config+nodes",
                "noMinorUpgrades:minor", "noMinorUpgrades:minor+nodes", "noMinorUpgrades:major", "noMinorUpgrades:major+nodes",
                "noMinorOrNodeUpgrades:patch+nodes", "noMinorOrNodeUpgrades:minor", "noMinorOrNodeUpgrades:minor+nodes",
                "noMinorOrNodeUpgrades:major", "noMinorOrNodeUpgrades:major+nodes", "noMinorOrNodeUpgrades:config+nodes");
    }

    @Test
    @DisplayName("kinds the index files under one restriction are blocked by exactly the same scopes")
    void restrictionsGroupKindsBlockedAlike() {
        for (UpgradeKind kind : everyKind()) {
            for (ExclusionScope scope : ExclusionScope.values()) {
                assertThat(scope.blocksRestriction(kind.restriction())).as(scope + " " + kind).isEqualTo(scope.blocks(kind));
            }
        }
    }
}
