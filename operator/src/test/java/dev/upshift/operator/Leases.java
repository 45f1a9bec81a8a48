package dev.upshift.operator;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

/** A lease taken over by another holder, as the tests' intruder takes it. */
final class Leases {
    private Leases() {}

    /**
     * Takes the lease over as another candidate does: reads it, writes itself in as holder for an
     * hour with the version it read, and, when the leader renewed it in between (409 Conflict: the
     * replicas renew every few hundred milliseconds), reads it again and tries again.
     */
    static void takeOver(KubernetesClient client, String namespace, String name, String identity) {
        for (int tries = 1; ; tries++) {
            Lease lease = client.resources(Lease.class).inNamespace(namespace).withName(name).get();
            lease.getSpec().setHolderIdentity(identity);
            lease.getSpec().setLeaseTransitions(lease.getSpec().getLeaseTransitions() + 1);
            lease.getSpec().setLeaseDurationSeconds(3600);
            lease.getSpec().setRenewTime(ZonedDateTime.now(ZoneOffset.UTC));
            try {
                client.resource(lease).update();
                return;
            } catch (KubernetesClientException e) {
                if (e.getCode() != 409 || tries == 20) {
                    throw e;
                }
            }
        }
    }
}
