package dev.upshift.examples.cli;

import dev.upshift.common.problem.UpshiftException;
import dev.upshift.release.Version;
import picocli.CommandLine;

/** Lets picocli read release versions, reporting a malformed one as wrong usage (exit 2). */
final class VersionConverter implements CommandLine.ITypeConverter<Version> {
    @Override
    public Version convert(String value) {
        try {
            return Version.parse(value);
        } catch (UpshiftException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
