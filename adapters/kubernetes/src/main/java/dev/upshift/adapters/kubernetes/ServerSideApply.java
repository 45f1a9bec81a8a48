package dev.upshift.adapters.kubernetes;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apiguardian.api.API;

/**
 * The part of an API server that Upshift needs beyond reads: a server-side apply, for real or as a
 * dry-run, with a field manager and field ownership. {@link Fabric8ServerSideApply} sends it to a
 * real API server; tests give the adapters a fake that models ownership and admission, since the
 * fabric8 mock server cannot (docs/adapters.md).
 *
 * <p><b>Contract.</b> Called by {@link DryRunRenderer} and {@link ServerSideApplyPublisher} on the
 * engine's or the planner's thread, one call at a time. {@link #apply} sends one object as the
 * applied configuration of {@link ApplyOptions#fieldManager()}: the server merges it into the live
 * object (creating it when absent), runs admission, and answers the object as stored (or, for a
 * dry-run, as it would be stored, nothing kept). A refusal is an answer: a field-manager conflict
 * ({@link ApplyResult.Conflicted}) or a rejection by validation or admission
 * ({@link ApplyResult.Refused}), and changes nothing. An exception means the server could not be
 * asked or did not answer (unreachable, a timeout, a server error): nothing is known of the effect.
 */
@FunctionalInterface
@API(status = EXPERIMENTAL, since = "0.1")
public interface ServerSideApply {

    /**
     * Applies one object.
     *
     * @param object the applied configuration: {@code apiVersion}, {@code kind},
     *     {@code metadata.name}, {@code metadata.namespace} and the fields the manager owns; not
     *     changed by the call
     * @param options the field manager, whether conflicts are forced, whether this is a dry-run
     * @return the object as stored (or as it would be), or why the server refused it
     */
    ApplyResult apply(ObjectNode object, ApplyOptions options);
}
