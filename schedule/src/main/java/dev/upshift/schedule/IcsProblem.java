package dev.upshift.schedule;

/**
 * What is wrong with one property of an imported calendar: the event it belongs to is left out and
 * the problem reported at the property's line.
 */
final class IcsProblem extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient IcsComponent.Property property;

    IcsProblem(IcsComponent.Property property, String message) {
        super(message, null, false, false);
        this.property = property;
    }

    /** The property at fault. */
    IcsComponent.Property property() {
        return property;
    }
}
