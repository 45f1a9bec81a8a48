package dev.upshift.common.source;

/**
 * Named by a global tag in the hostile corpus ({@code !!dev.upshift.common.source.TagProbe}): if the
 * loader ever constructed objects from tags, loading that file would initialise this class, which
 * sets {@link #INITIALISED}. Tests read the property, never the class, so as not to initialise it
 * themselves.
 */
public final class TagProbe {
    static final String INITIALISED = "upshift.test.tagProbeInitialised";

    static {
        System.setProperty(INITIALISED, "true");
    }

    public TagProbe() {}

    public void setLoaded(boolean loaded) {
        // a bean property, as a YAML constructor would set it
    }
}
