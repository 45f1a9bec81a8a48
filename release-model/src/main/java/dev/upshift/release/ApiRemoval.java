package dev.upshift.release;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * One API a component stops serving: documents of {@code apiVersion} and {@code kind} are refused
 * from the {@code component}'s release {@code removedIn} on (docs/planning.md, "Readiness"). The
 * built-in entries are Kubernetes' own ({@link ApiRemovals#kubernetes()}); a fleet adds its own in
 * {@code ApiRemoval} documents (docs/formats.md).
 *
 * <p>Releases here are a component's {@code major.minor}: a patch is ignored, since Kubernetes
 * removes APIs at minor releases only.
 *
 * @param apiVersion the group and version no longer served, {@code batch/v1beta1} ({@code v1} for the core group)
 * @param kind the kind, {@code CronJob}
 * @param component the release component whose version serves the API; {@code kubernetes} for
 *     Kubernetes' own APIs, a component's name ({@code cert-manager}) for an add-on's
 * @param deprecatedIn the release from which the API is deprecated but still served, when known
 * @param removedIn the first release that no longer serves it
 * @param replacement the {@code apiVersion} to migrate to; empty when there is none (PodSecurityPolicy)
 * @param replacementSince the first release that serves {@code replacement}; present exactly when it is
 * @param source where the entry comes from, for messages: {@code Kubernetes deprecation guide} or
 *     the file and line of an {@code ApiRemoval} document
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ApiRemoval(String apiVersion, String kind, String component, Optional<Version> deprecatedIn,
        Version removedIn, Optional<String> replacement, Optional<Version> replacementSince, String source) {
    private static final Pattern API_VERSION = Pattern.compile("([a-z0-9]([-a-z0-9.]*[a-z0-9])?/)?v[0-9]+[a-z0-9]*");
    private static final Pattern KIND = Pattern.compile("[A-Za-z][A-Za-z0-9]*");

    /**
     * Validates the parts and keeps only each release's {@code major.minor}.
     *
     * @throws IllegalArgumentException when an {@code apiVersion} is not {@code group/version} or
     *     {@code version}, the kind is not a name, the component is blank, the API is deprecated
     *     in or after its removal, or a replacement and its release are not given together
     */
    public ApiRemoval {
        Objects.requireNonNull(apiVersion, "apiVersion");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(component, "component");
        Objects.requireNonNull(removedIn, "removedIn");
        Objects.requireNonNull(deprecatedIn, "deprecatedIn");
        Objects.requireNonNull(replacement, "replacement");
        Objects.requireNonNull(replacementSince, "replacementSince");
        Objects.requireNonNull(source, "source");
        if (!API_VERSION.matcher(apiVersion).matches()) {
            throw new IllegalArgumentException("an apiVersion is group/version or version, such as batch/v1beta1, not '"
                    + apiVersion + "'");
        }
        if (!KIND.matcher(kind).matches()) {
            throw new IllegalArgumentException("a kind is a name such as CronJob, not '" + kind + "'");
        }
        if (component.isBlank()) {
            throw new IllegalArgumentException("an API removal names the component that serves the API, such as kubernetes");
        }
        removedIn = minor(removedIn);
        deprecatedIn = deprecatedIn.map(ApiRemoval::minor);
        replacementSince = replacementSince.map(ApiRemoval::minor);
        if (deprecatedIn.isPresent() && deprecatedIn.get().compareMajorMinor(removedIn) >= 0) {
            throw new IllegalArgumentException(apiVersion + " " + kind + " is deprecated in " + text(deprecatedIn.get())
                    + ", which is not before its removal in " + text(removedIn));
        }
        if (replacement.isPresent() != replacementSince.isPresent()) {
            throw new IllegalArgumentException(apiVersion + " " + kind + ": a replacement and the release that first"
                    + " serves it go together");
        }
        if (replacement.isPresent() && !API_VERSION.matcher(replacement.get()).matches()) {
            throw new IllegalArgumentException("a replacement is an apiVersion such as batch/v1, not '"
                    + replacement.get() + "'");
        }
    }

    /** A Kubernetes API removal from the deprecation guide, releases written {@code 1.25}. */
    static ApiRemoval guide(String apiVersion, String kind, String deprecatedIn, String removedIn,
            String replacement, String replacementSince) {
        return new ApiRemoval(apiVersion, kind, ApiRemovals.KUBERNETES, Optional.of(Version.parse(deprecatedIn)),
                Version.parse(removedIn), Optional.ofNullable(replacement),
                Optional.ofNullable(replacementSince).map(Version::parse), ApiRemovals.GUIDE);
    }

    /** Whether the text is an {@code apiVersion}: {@code group/version} or a core {@code version}, lower case. */
    public static boolean isApiVersion(String text) {
        return API_VERSION.matcher(text).matches();
    }

    /** Whether the text is a kind's name, {@code CronJob}. */
    public static boolean isKind(String text) {
        return KIND.matcher(text).matches();
    }

    /** Whether the component at {@code release} still serves the API. */
    public boolean servedAt(Version release) {
        return release.compareMajorMinor(removedIn) < 0;
    }

    /** Whether the component at {@code release} serves the API but has deprecated it. */
    public boolean deprecatedAt(Version release) {
        return servedAt(release) && deprecatedIn.isPresent() && release.compareMajorMinor(deprecatedIn.get()) >= 0;
    }

    /** Whether the component at {@code release} serves the replacement already; false when there is none. */
    public boolean replacementServedAt(Version release) {
        return replacementSince.isPresent() && release.compareMajorMinor(replacementSince.get()) >= 0;
    }

    /** {@code apiVersion kind}, as messages name the API: {@code batch/v1beta1 CronJob}. */
    public String api() {
        return apiVersion + " " + kind;
    }

    /** A release as the tables write it, {@code 1.25}. */
    public static String text(Version release) {
        return release.major() + "." + release.minor();
    }

    private static Version minor(Version v) {
        return Version.of(v.major(), v.minor(), 0);
    }

    /** {@code batch/v1beta1 CronJob: removed in kubernetes 1.25, use batch/v1 (served since 1.21)}. */
    @Override
    public String toString() {
        return api() + ": removed in " + component + " " + text(removedIn)
                + replacement.map(r -> ", use " + r + " (served since " + text(replacementSince.orElseThrow()) + ")")
                        .orElse(", with no replacement");
    }
}
