package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.merge.MergeResult;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * What an {@link UpgradeStrategy} is asked to take over (seed 004): the machines of one owner — the
 * control plane or one machine deployment — that need to change, their new specs, and the diff.
 * An upgrade that changes the control plane and two machine deployments makes three requests,
 * control plane first.
 *
 * @param upgrade the upgrade: the cluster, from and to which release, and its stable id
 * @param owner the object that owns the machines
 * @param machines the machines that need to change, in the order they are to change (one at a
 *     time); empty when Upshift does not know them and the strategy finds them itself; no duplicates
 * @param newSpecs the owner's documents after the upgrade: the owner itself and the templates its
 *     machines are made from (bootstrap config, infrastructure machine)
 * @param diff the whole cluster's three-way merge; {@link MergeResult#changes(DocumentId)} gives
 *     the changes of one document, {@link MergeResult#highestImpact()} what they cost
 * @param preference what the {@link ClusterUpgrade} prefers
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record UpgradeRequest(Upgrade upgrade, Owner owner, List<DocumentId> machines, DocumentSet newSpecs,
        MergeResult diff, StrategyPreference preference) {

    /**
     * Validates and copies the parts.
     *
     * @throws IllegalArgumentException when a machine is listed twice
     */
    public UpgradeRequest {
        Objects.requireNonNull(upgrade, "upgrade");
        Objects.requireNonNull(owner, "owner");
        machines = List.copyOf(machines);
        if (new HashSet<>(machines).size() != machines.size()) {
            throw new IllegalArgumentException("upgrade " + upgrade.id() + ": a machine is listed twice for " + owner);
        }
        Objects.requireNonNull(newSpecs, "newSpecs");
        Objects.requireNonNull(diff, "diff");
        Objects.requireNonNull(preference, "preference");
    }

    /**
     * The object that owns the machines of a request.
     *
     * @param kind a control plane or a machine deployment
     * @param document its identity ({@code KubeadmControlPlane}, {@code MachineDeployment}, ...)
     */
    public record Owner(Kind kind, DocumentId document) {
        /** Validates the parts. */
        public Owner {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(document, "document");
        }

        /** The control plane with this identity. */
        public static Owner controlPlane(DocumentId document) {
            return new Owner(Kind.CONTROL_PLANE, document);
        }

        /** The machine deployment with this identity. */
        public static Owner machineDeployment(DocumentId document) {
            return new Owner(Kind.MACHINE_DEPLOYMENT, document);
        }

        @Override
        public String toString() {
            return kind + " " + document.name();
        }

        /** What kind of owner. */
        public enum Kind {
            /** The control plane: its machines change first, one at a time. */
            CONTROL_PLANE("control plane"),
            /** A machine deployment: its workers change after the control plane, one at a time. */
            MACHINE_DEPLOYMENT("machine deployment");

            private final String word;

            Kind(String word) {
                this.word = word;
            }

            /** {@code control plane} or {@code machine deployment}, for messages. */
            public String word() {
                return word;
            }

            @Override
            public String toString() {
                return word;
            }
        }
    }
}
