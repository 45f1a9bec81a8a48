package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class MainTest {
    @Test
    void anInternalErrorNamesNoJavaClass() {
        StringWriter err = new StringWriter();
        Main.report(new IllegalStateException("the plan lost a cluster"), new PrintWriter(err));
        assertThat(err.toString()).startsWith("upshift: internal error: the plan lost a cluster\n")
                .doesNotContain("java.").doesNotContain("Exception");
    }
}
