package dev.upshift.archrules;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.Charset;
import java.time.Clock;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.WeekFields;
import java.util.Locale;
import java.util.TimeZone;

/**
 * No result of Upshift depends on the machine it runs on: not on the default locale (week starts,
 * digits, case rules), the default time zone or the default charset. Every module's architecture
 * test includes these rules with {@code ArchTests.in(MachineIndependenceRules.class)}; each rule
 * names the JDK entry points that silently take a machine default, so that code passes
 * {@code Locale.ROOT}, an explicit zone or UTF-8 instead.
 */
public final class MachineIndependenceRules {
    private MachineIndependenceRules() {}

    @ArchTest
    public static final ArchRule noDefaultLocale = noClasses()
            .should().callMethod(Locale.class, "getDefault")
            .orShould().callMethod(Locale.class, "getDefault", Locale.Category.class)
            .orShould().callMethod(String.class, "toLowerCase")
            .orShould().callMethod(String.class, "toUpperCase")
            .orShould().callMethod(String.class, "format", String.class, Object[].class)
            .orShould().callMethod(String.class, "formatted", Object[].class)
            .orShould().callMethod(DateTimeFormatter.class, "ofPattern", String.class)
            .orShould().callConstructor(java.util.Formatter.class)
            .orShould().callMethod(WeekFields.class, "of", Locale.class)
            .because("the default locale changes case rules, digits and week starts from machine to machine;"
                    + " pass Locale.ROOT, and take a week's first day from the data (RFC 5545's WKST), never a locale");

    @ArchTest
    public static final ArchRule noDefaultZone = noClasses()
            .should().callMethod(TimeZone.class, "getDefault")
            .orShould().callMethod(ZoneId.class, "systemDefault")
            .orShould().callMethod(Clock.class, "systemDefaultZone")
            .because("results never depend on the machine's time zone; zones are explicit");

    @ArchTest
    public static final ArchRule noDefaultCharset = noClasses()
            .should().callMethod(Charset.class, "defaultCharset")
            .orShould().callMethod(String.class, "getBytes")
            .orShould().callConstructor(String.class, byte[].class)
            .orShould().callConstructor(String.class, byte[].class, int.class, int.class)
            .orShould().callConstructor(InputStreamReader.class, InputStream.class)
            .orShould().callConstructor(OutputStreamWriter.class, OutputStream.class)
            .because("text is UTF-8 on every machine; name the charset");
}
