package dev.upshift.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.value.VersionChange;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class UpgradeKindTest {

    private static List<UpgradeKind> everyKind() {
        List<UpgradeKind> kinds = new ArrayList<>();
        for (VersionChange change : List.of(VersionChange.PATCH, VersionChange.MINOR, VersionChange.MAJOR, VersionChange.NONE)) {
            kinds.add(new UpgradeKind(change, false));
            kinds.add(new UpgradeKind(change, true));
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
    @DisplayName("kinds the index files under one class are blocked by exactly the same scopes, and every class has kinds")
    void classesGroupKindsBlockedAlike() {
        for (UpgradeClass upgrades : UpgradeClass.values()) {
            List<UpgradeKind> members = everyKind().stream().filter(k -> k.upgradeClass() == upgrades).toList();
            assertThat(members).as(upgrades.name()).isNotEmpty();
            for (UpgradeKind kind : members) {
                for (ExclusionScope scope : ExclusionScope.values()) {
                    assertThat(scope.blocks(upgrades)).as(scope + " " + kind).isEqualTo(scope.blocks(kind));
                }
            }
        }
    }

    @Test
    @DisplayName("a configuration change is the kind with no version change, and reads 'config' as before")
    void configIsNoVersionChange() {
        assertThat(UpgradeKind.CONFIG.versionChange()).isEqualTo(VersionChange.NONE);
        assertThat(UpgradeKind.CONFIG.isConfigOnly()).isTrue();
        assertThat(UpgradeKind.of(VersionChange.NONE)).isEqualTo(UpgradeKind.CONFIG);
        assertThat(UpgradeKind.of(VersionChange.MINOR)).isEqualTo(UpgradeKind.MINOR);
        assertThat(List.of(UpgradeKind.CONFIG, UpgradeKind.CONFIG.changingNodes(), UpgradeKind.MAJOR.changingNodes()))
                .extracting(UpgradeKind::toString).containsExactly("config", "config+nodes", "major+nodes");
    }
}
