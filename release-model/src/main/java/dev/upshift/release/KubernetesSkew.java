package dev.upshift.release;

import java.util.ArrayList;
import java.util.List;

final class KubernetesSkew implements SkewPolicy, SkewBuckets {
    static final KubernetesSkew INSTANCE = new KubernetesSkew();

    private KubernetesSkew() {}

    @Override
    public boolean allows(Release from, Release to) {
        Version a = from.kubernetes().orElse(null);
        Version b = to.kubernetes().orElse(null);
        if (a == null || b == null || a.major() != b.major() || b.compareTo(a) < 0) {
            return false;
        }
        return b.minor() - a.minor() <= 1;
    }

    @Override
    public String reason(Release from, Release to) {
        Version a = from.kubernetes().orElse(null);
        Version b = to.kubernetes().orElse(null);
        if (a == null || b == null) {
            return (a == null ? from : to).version() + " names no kubernetes version";
        }
        if (b.compareTo(a) < 0) {
            return "kubernetes would move down from " + a + " to " + b;
        }
        if (a.major() != b.major()) {
            return "kubernetes " + a.major() + "." + a.minor() + " → " + b.major() + "." + b.minor() + " changes major";
        }
        long skipped = b.minor() - a.minor() - 1;
        return "kubernetes " + a.major() + "." + a.minor() + " → " + b.major() + "." + b.minor() + " skips "
                + (skipped == 1 ? "a minor" : skipped + " minors");
    }

    /** A kubernetes major and minor version. */
    private record Minor(long major, long minor) {}

    @Override
    public Object bucket(Release release) {
        return release.kubernetes().map(k -> new Minor(k.major(), k.minor())).orElse(null);
    }

    @Override
    public List<Object> sources(Object bucket) {
        Minor m = (Minor) bucket;
        List<Object> out = new ArrayList<>(2);
        if (m.minor() > 0) {
            out.add(new Minor(m.major(), m.minor() - 1));
        }
        out.add(m);
        return out;
    }

    @Override
    public List<Object> targets(Object bucket) {
        Minor m = (Minor) bucket;
        List<Object> out = new ArrayList<>(2);
        out.add(m);
        if (m.minor() < Long.MAX_VALUE) {
            out.add(new Minor(m.major(), m.minor() + 1));
        }
        return out;
    }

    @Override
    public boolean checks(String component) {
        return Release.KUBERNETES.equals(component);
    }

    @Override
    public String toString() {
        return "kubernetes skew (one minor per hop, never down)";
    }
}
