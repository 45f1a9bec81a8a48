package com.example;

import dev.upshift.core.file.FleetFiles;
import dev.upshift.core.validate.FleetValidator;
import dev.upshift.core.validate.ValidationReport;
import java.nio.file.Path;

/** The consumer's own code: checks a fleet folder before anything uses it. */
public final class FleetCheck {
    private FleetCheck() {}

    /** Every problem of every document below {@code folder}, one {@code file:line:col: field: message} line each. */
    public static String problems(Path folder) {
        ValidationReport report = FleetValidator.create().validate(FleetFiles.load(folder));
        StringBuilder out = new StringBuilder();
        report.problems().forEach(p -> out.append(p).append('\n'));
        return out.toString();
    }
}
