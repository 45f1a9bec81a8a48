package dev.upshift.adapters.git;

import java.time.Clock;
import java.time.ZoneOffset;
import java.util.Objects;
import org.eclipse.jgit.lib.PersonIdent;

/** An author or committer of the commits: a name and an e-mail address, dated by a clock. */
record Signature(String name, String email, Clock clock) {

    /** Validates the parts: not blank, one line, no angle brackets (they delimit the address in a commit). */
    Signature {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(email, "email");
        Objects.requireNonNull(clock, "clock");
        for (String part : new String[] {name, email}) {
            if (part.isBlank() || part.contains("\n") || part.contains("<") || part.contains(">")) {
                throw new IllegalArgumentException("a commit author or committer needs a name and an e-mail address,"
                        + " each one line without '<' or '>', not '" + part + "'");
            }
        }
    }

    PersonIdent now() {
        return new PersonIdent(name, email, clock.instant(), ZoneOffset.UTC);
    }
}
