package dev.upshift.core.present;

import dev.upshift.core.plan.ReasonCodes;
import dev.upshift.spi.Reason;

/** Reasons shortened for a one-line note, keeping first what a reader acts on. */
final class Notes {
    private Notes() {}

    /**
     * A field's reason ({@code FIELD_CONFLICT}, {@code IMMUTABLE_FIELD}) with the field first and
     * the document after it, its API group dropped: {@code spec.template.spec.template: conflict:
     * ... (VSphereMachineTemplate ns/name)}, so that a note cut at its end never loses the field.
     * Other reasons, and messages not of the form {@code Kind.group ns/name: field: what}, are
     * returned as they are.
     */
    static String fieldFirst(Reason r) {
        String m = r.message();
        if (!r.code().equals(ReasonCodes.FIELD_CONFLICT) && !r.code().equals(ReasonCodes.IMMUTABLE_FIELD)) {
            return m;
        }
        int document = m.indexOf(": ");
        if (document <= 0 || document + 2 >= m.length()) {
            return m;
        }
        String id = m.substring(0, document);
        int space = id.indexOf(' ');
        String kind = space < 0 ? id : id.substring(0, space);
        int dot = kind.indexOf('.');
        String shortId = (dot < 0 ? kind : kind.substring(0, dot)) + (space < 0 ? "" : id.substring(space));
        return m.substring(document + 2) + " (" + shortId + ")";
    }
}
