package dev.upshift.testkit.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;

/**
 * Where the clock of an {@link UpshiftExtension} world starts, for one test or every test of a
 * class: an RFC 3339 instant ({@code @StartAt("2026-12-14T09:00:00Z")}).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
@API(status = EXPERIMENTAL, since = "0.1")
public @interface StartAt {
    /** The instant, as {@code Instant.parse} reads it. */
    String value();
}
