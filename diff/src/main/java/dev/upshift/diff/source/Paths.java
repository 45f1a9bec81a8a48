package dev.upshift.diff.source;

/** Converts between RFC 6901 pointers and the dotted field paths problems show. */
final class Paths {
    private Paths() {}

    /** {@code /spec/windows/0/name} → {@code spec.windows[0].name}. */
    static String dotted(String pointer) {
        if (pointer.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        for (String raw : pointer.substring(1).split("/", -1)) {
            String token = raw.replace("~1", "/").replace("~0", "~");
            if (!token.isEmpty() && token.chars().allMatch(Character::isDigit)) {
                out.append('[').append(token).append(']');
            } else {
                if (out.length() > 0) {
                    out.append('.');
                }
                out.append(token);
            }
        }
        return out.toString();
    }
}
