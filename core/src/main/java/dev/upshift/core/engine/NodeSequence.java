package dev.upshift.core.engine;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.spi.UpgradeRequest.Owner;
import dev.upshift.spi.UpgradeStatus.Progress;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The order in which in-place work changes a cluster's machines (seed 004), as data: the control
 * plane's machines one at a time, then each machine deployment's workers one at a time, and each
 * machine drained, upgraded in place, then uncordoned. A strategy that accepted the work follows
 * it; the engine passes each owner's machines in this order as {@code UpgradeRequest.machines()},
 * and reads where the work stands from the probe's {@link Progress}.
 *
 * <p>An owner's machines are the change's {@code Machine} documents that Cluster API labels as its
 * own ({@code cluster.x-k8s.io/control-plane-name} for a control plane,
 * {@code cluster.x-k8s.io/deployment-name} for a machine deployment), in name order; where the
 * documents hold none, its {@code spec.replicas} unnamed machines ({@code md-0 #2}).
 *
 * @param steps every step, in order
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record NodeSequence(List<Step> steps) {
    static final String CONTROL_PLANE_LABEL = "cluster.x-k8s.io/control-plane-name";
    static final String DEPLOYMENT_LABEL = "cluster.x-k8s.io/deployment-name";

    /** Validates and copies the steps. */
    public NodeSequence {
        steps = List.copyOf(steps);
    }

    /**
     * The sequence for the owners a strategy took, in the order given (control plane first, as
     * the engine asks).
     *
     * @param change the cluster's change, whose documents name the machines
     * @param owners the owners whose machines change in place
     * @return the steps
     */
    public static NodeSequence of(MergeResult change, List<Owner> owners) {
        List<Step> steps = new ArrayList<>();
        int machine = 0;
        for (Owner owner : owners) {
            for (Machine m : machines(change, owner)) {
                machine++;
                for (Action a : Action.values()) {
                    steps.add(new Step(machine, owner, m.name(), m.document(), a));
                }
            }
        }
        return new NodeSequence(steps);
    }

    /** The machines of one owner, in the order they change: what {@code UpgradeRequest.machines()} carries. */
    public static List<DocumentId> machineIds(MergeResult change, Owner owner) {
        return machines(change, owner).stream().flatMap(m -> m.document().stream()).toList();
    }

    /** How many machines change. */
    public int machines() {
        return steps.isEmpty() ? 0 : steps.get(steps.size() - 1).machine();
    }

    /**
     * The step the work is at, from what the probe reports: the machine after the {@code upgraded}
     * ones, drained and upgraded (its first step), or, while the last upgraded machines are not
     * ready, that machine's {@link Action#UNCORDON}; empty when every machine is upgraded and ready.
     */
    public Optional<Step> current(Progress progress) {
        Objects.requireNonNull(progress, "progress");
        int done = Math.min(progress.upgraded(), machines());
        if (done > 0 && !progress.ready()) {
            return steps.stream().filter(s -> s.machine() == done && s.action() == Action.UNCORDON).findFirst();
        }
        return steps.stream().filter(s -> s.machine() == done + 1).findFirst();
    }

    /** {@code 3 machines in place: control plane cp (2), then machine deployment md-0 (1), one at a time}. */
    public String summary() {
        if (steps.isEmpty()) {
            return "no machines change in place";
        }
        List<String> parts = new ArrayList<>();
        Owner last = null;
        int count = 0;
        for (Step s : steps) {
            if (s.action() != Action.DRAIN) {
                continue;
            }
            if (!s.owner().equals(last)) {
                if (last != null) {
                    parts.add(last + " (" + count + ")");
                }
                last = s.owner();
                count = 0;
            }
            count++;
        }
        parts.add(last + " (" + count + ")");
        return machines() + (machines() == 1 ? " machine" : " machines") + " in place: " + String.join(", then ", parts)
                + ", one at a time";
    }

    private record Machine(String name, Optional<DocumentId> document) {}

    private static List<Machine> machines(MergeResult change, Owner owner) {
        String label = owner.kind() == Owner.Kind.CONTROL_PLANE ? CONTROL_PLANE_LABEL : DEPLOYMENT_LABEL;
        List<Machine> found = new ArrayList<>();
        for (Document d : change.documents().documents()) {
            JsonNode value = d.tree().path("metadata").path("labels").path(label);
            if (d.id().kind().equals("Machine") && value.isTextual() && value.textValue().equals(owner.document().name())
                    && Objects.equals(d.id().namespace(), owner.document().namespace())) {
                found.add(new Machine(d.id().name(), Optional.of(d.id())));
            }
        }
        found.sort(java.util.Comparator.comparing(Machine::name));
        if (!found.isEmpty()) {
            return found;
        }
        JsonNode replicas = change.documents().get(owner.document()).map(d -> d.tree().path("spec").path("replicas"))
                .orElse(null);
        int n = replicas != null && replicas.canConvertToInt() && replicas.intValue() >= 0 ? replicas.intValue() : 1;
        for (int i = 1; i <= n; i++) {
            found.add(new Machine(owner.document().name() + " #" + i, Optional.empty()));
        }
        return found;
    }

    /**
     * One step of one machine.
     *
     * @param machine which machine, counted from 1 across owners
     * @param owner the owner whose machine it is
     * @param name the machine's name, or {@code owner #i} where the documents name no machines
     * @param document the machine's document, where the change holds one
     * @param action what happens to it
     */
    public record Step(int machine, Owner owner, String name, Optional<DocumentId> document, Action action) {
        /** Validates the parts. */
        public Step {
            Objects.requireNonNull(owner, "owner");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(document, "document");
            Objects.requireNonNull(action, "action");
        }

        @Override
        public String toString() {
            return action.word + " " + name;
        }
    }

    /** What happens to a machine, in this order. */
    public enum Action {
        /** Cordon it and evict its pods. */
        DRAIN("drain"),
        /** Change it in place: the strategy's own steps. */
        UPGRADE("upgrade"),
        /** Let pods back onto it once it is ready. */
        UNCORDON("uncordon");

        private final String word;

        Action(String word) {
            this.word = word;
        }
    }
}
