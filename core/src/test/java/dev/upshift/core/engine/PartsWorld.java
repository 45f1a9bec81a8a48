package dev.upshift.core.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.diff.document.DefaultsRule;
import dev.upshift.diff.document.DocumentDefaults;
import dev.upshift.diff.document.DocumentMatch;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HookResult;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.StatusProbe;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeEvent;
import dev.upshift.spi.UpgradePart;
import dev.upshift.spi.UpgradePartHook;
import dev.upshift.spi.UpgradeStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Worlds for hops in two parts: releases whose defaults move a {@code KubeadmControlPlane}'s and a
 * {@code MachineDeployment}'s Kubernetes version, clusters holding both, a probe that answers per
 * part, and a part hook that records every call and answers as scripted.
 */
final class PartsWorld {
    private static final DocumentLoader LOADER = DocumentLoader.create();
    private static final Map<String, String> KUBERNETES = Map.of("19.0.0", "1.27.4", "19.1.0", "1.28.3", "20.0.0",
            "1.29.2", "20.1.0", "1.30.1");

    private PartsWorld() {}

    static ReleaseCatalog catalog() {
        List<Release> out = new ArrayList<>();
        for (String v : List.of("19.0.0", "19.1.0", "20.0.0", "20.1.0")) {
            String k = KUBERNETES.get(v);
            out.add(Release.builder(v).component("kubernetes", k).defaults(DocumentDefaults.of(List.of(
                    DefaultsRule.of(DocumentMatch.any().withKind("KubeadmControlPlane"), yaml("spec: {version: v" + k + "}")),
                    DefaultsRule.of(DocumentMatch.any().withKind("MachineDeployment"),
                            yaml("spec: {template: {spec: {version: v" + k + "}}}"))))).build());
        }
        return ReleaseCatalog.of(out);
    }

    /** An empty world on these releases. */
    static World world() {
        World w = new World();
        w.releases = catalog();
        return w;
    }

    /** A cluster with a control plane and one machine deployment at its release's versions. */
    static World cluster(World w, String id, String release) {
        return add(w, id, release, true, true);
    }

    /** A cluster with a control plane only: a hop changes no worker. */
    static World controlPlaneOnly(World w, String id, String release) {
        return add(w, id, release, true, false);
    }

    /** A cluster with one machine deployment only (its control plane managed elsewhere): a hop changes only workers. */
    static World workersOnly(World w, String id, String release) {
        return add(w, id, release, false, true);
    }

    private static World add(World w, String id, String release, boolean controlPlane, boolean workers) {
        String k = KUBERNETES.get(release);
        String text = !controlPlane ? "" : """
                apiVersion: controlplane.cluster.x-k8s.io/v1beta1
                kind: KubeadmControlPlane
                metadata: {name: cp, namespace: fleet}
                spec: {version: v%s, replicas: 3}
                """.formatted(k);
        if (workers) {
            text += """
                    ---
                    apiVersion: cluster.x-k8s.io/v1beta1
                    kind: MachineDeployment
                    metadata: {name: md-0, namespace: fleet}
                    spec: {replicas: 2, template: {spec: {version: v%s}}}
                    """.formatted(k);
        }
        DocumentSet resources = DocumentSet.read(LOADER.load(id + ".yaml", text));
        w.clusters.add(ManagedCluster.builder(id).infrastructure("aws").release(release).label("stage", "dev")
                .resources(resources).build());
        return w;
    }

    private static ObjectNode yaml(String text) {
        return LOADER.load("defaults.yaml", text).get(0).root();
    }

    /** The hop's key of a part's id. */
    static String hopOf(String partId) {
        int slash = partId.lastIndexOf('/');
        return slash < 0 ? partId : partId.substring(0, slash);
    }

    /**
     * A probe that answers per part: the control plane done {@code controlPlane} after the hop
     * started, the workers {@code workers} after their part was journaled; asked about a whole hop,
     * done after both.
     */
    static StatusProbe probe(World w, Duration controlPlane, Duration workers) {
        return new StatusProbe() {
            @Override
            public UpgradeStatus probe(Upgrade upgrade, Instant now) {
                w.probes.merge(upgrade.id(), 1, Integer::sum);
                return after(now, at(w, upgrade.id(), HistoryEntry.Step.STARTING), controlPlane.plus(workers));
            }

            @Override
            public UpgradeStatus probe(Upgrade part, UpgradePart which, Instant now) {
                w.probes.merge(part.id(), 1, Integer::sum);
                String hop = hopOf(part.id());
                return which == UpgradePart.CONTROL_PLANE ? after(now, at(w, hop, HistoryEntry.Step.STARTING), controlPlane)
                        : after(now, at(w, hop, HistoryEntry.Step.WORKERS_STARTING), workers);
            }
        };
    }

    private static UpgradeStatus after(Instant now, Instant start, Duration d) {
        return now.isBefore(start.plus(d)) ? UpgradeStatus.inProgress("Rolling", "", now)
                : UpgradeStatus.succeeded("Upgraded", "", now);
    }

    private static Instant at(World w, String upgradeId, HistoryEntry.Step step) {
        return w.history.all().stream().filter(e -> e.upgradeId().equals(upgradeId) && e.step() == step)
                .map(HistoryEntry::at).findFirst().orElseThrow(() -> new AssertionError("no " + step + " of " + upgradeId));
    }

    /** A part hook recording {@code method id} per call, answering each method from its script, then proceeding. */
    static final class Recorder implements UpgradePartHook {
        final List<String> calls = new ArrayList<>();
        private final Map<String, Deque<HookResult>> script = new HashMap<>();

        Recorder answer(String method, HookResult... answers) {
            script.computeIfAbsent(method, k -> new ArrayDeque<>()).addAll(List.of(answers));
            return this;
        }

        private HookResult next(String method, String id) {
            calls.add(method + " " + id);
            Deque<HookResult> q = script.get(method);
            return q == null || q.isEmpty() ? HookResult.proceed() : q.poll();
        }

        @Override
        public HookResult beforeUpgrade(Upgrade upgrade) {
            return next("beforeUpgrade", upgrade.id());
        }

        @Override
        public HookResult afterUpgrade(UpgradeEvent finished) {
            return next("afterUpgrade", finished.upgrade().id());
        }

        @Override
        public HookResult beforeControlPlane(Upgrade part) {
            return next("beforeControlPlane", part.id());
        }

        @Override
        public HookResult afterControlPlane(Upgrade part) {
            return next("afterControlPlane", part.id());
        }

        @Override
        public HookResult beforeWorkers(Upgrade part) {
            return next("beforeWorkers", part.id());
        }

        @Override
        public HookResult afterWorkers(Upgrade part) {
            return next("afterWorkers", part.id());
        }
    }
}
