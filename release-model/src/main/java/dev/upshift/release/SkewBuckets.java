package dev.upshift.release;

import java.util.List;

/**
 * What a skew policy knows about which releases can be one hop apart, so that the upgrade graph
 * looks only there: each release falls in a bucket (for Kubernetes' policy, the kubernetes
 * component's major and minor), and a hop can only join a bucket to a few others. A policy that
 * does not implement this lets every pair be a candidate.
 */
interface SkewBuckets {

    /** The bucket of a release (a value with equals and hashCode), or null when no hop may touch it. */
    Object bucket(Release release);

    /** The buckets a hop into a release of {@code bucket} may start from. */
    List<Object> sources(Object bucket);

    /** The buckets a hop from a release of {@code bucket} may end in. */
    List<Object> targets(Object bucket);

    /** The buckets {@code policy} declares, or null when it declares none. */
    static SkewBuckets of(SkewPolicy policy) {
        if (policy instanceof SkewBuckets b) {
            return b;
        }
        if (policy instanceof BothSkews both) {
            SkewBuckets first = of(both.first());
            return first != null ? first : of(both.second());
        }
        return null;
    }
}
