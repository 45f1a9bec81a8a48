package dev.upshift.release;

final class KubernetesSkew implements SkewPolicy {
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

    @Override
    public boolean checks(String component) {
        return Release.KUBERNETES.equals(component);
    }

    @Override
    public String toString() {
        return "kubernetes skew (one minor per hop, never down)";
    }
}
