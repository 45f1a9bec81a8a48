package dev.upshift.core.file;

import dev.upshift.common.problem.Problems;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.schedule.CalendarSource;
import dev.upshift.schedule.CalendarText;
import dev.upshift.schedule.IcsCalendar;
import dev.upshift.schedule.Origin;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * Finds the calendars schedules name in {@code spec.exclusionsFrom[].ics}: a path relative to the
 * folder of the schedule's file, which must stay inside the fleet folder (after {@code ..} and after
 * symbolic links), as resource folders must. A calendar is read to at most
 * {@link IcsCalendar#MAX_BYTES} bytes and must be UTF-8.
 */
final class CalendarFiles {
    private CalendarFiles() {}

    static CalendarSource of(FileSystem fs, Optional<Path> fleet) {
        return (schedule, reference, at, problems) -> resolve(fs, fleet, schedule, reference, at, problems)
                .flatMap(file -> read(file, at, problems));
    }

    private static Optional<Path> resolve(FileSystem fs, Optional<Path> fleet, SourceDocument schedule, String reference,
            Origin at, Problems problems) {
        Path relative;
        try {
            relative = fs.getPath(reference);
        } catch (InvalidPathException e) {
            problems.error(at.location(), at.field(), "'" + reference + "' is not a path: " + e.getReason());
            return Optional.empty();
        }
        if (relative.isAbsolute() || relative.getRoot() != null) {
            problems.error(at.location(), at.field(), "must be a path relative to the folder of this file, not '"
                    + reference + "'");
            return Optional.empty();
        }
        Path file = fs.getPath(schedule.source()).normalize();
        Path base = file.getParent() == null ? fs.getPath("") : file.getParent();
        Path resolved = base.resolve(relative).normalize();
        Path inside = fleet.orElse(base.toAbsolutePath().normalize());
        if (!resolved.toAbsolutePath().normalize().startsWith(inside)) {
            problems.error(at.location(), at.field(), "'" + reference + "' leaves the fleet folder " + inside
                    + "; calendars must lie inside it");
            return Optional.empty();
        }
        if (!Files.exists(resolved)) {
            problems.error(at.location(), at.field(), "no such calendar file: " + resolved);
            return Optional.empty();
        }
        if (!realPath(resolved).startsWith(realPath(inside))) {
            problems.error(at.location(), at.field(), "'" + reference + "' leads out of the fleet folder " + inside
                    + " through a symbolic link; calendars must lie inside it");
            return Optional.empty();
        }
        if (Files.isDirectory(resolved)) {
            problems.error(at.location(), at.field(), "'" + reference + "' is a folder; name an .ics file");
            return Optional.empty();
        }
        return Optional.of(resolved);
    }

    private static Optional<CalendarText> read(Path file, Origin at, Problems problems) {
        SourceLocation where = new SourceLocation(file.toString(), 1, 1);
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes((int) IcsCalendar.MAX_BYTES + 1);
        } catch (IOException e) {
            problems.error(at.location(), at.field(), "cannot read " + file + ": " + DocumentFiles.reason(e));
            return Optional.empty();
        }
        if (bytes.length > IcsCalendar.MAX_BYTES) {
            problems.error(where, "", String.format(Locale.ROOT, "the calendar is larger than %d MiB",
                    IcsCalendar.MAX_BYTES / (1024 * 1024)));
            return Optional.empty();
        }
        try {
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
            return Optional.of(new CalendarText(file.toString(), text));
        } catch (CharacterCodingException e) {
            problems.error(new SourceLocation(file.toString(), firstBadLine(bytes), 1), "",
                    "not valid UTF-8 text; save the calendar as UTF-8 (RFC 5545 section 3.1.4)");
            return Optional.empty();
        }
    }

    private static int firstBadLine(byte[] bytes) {
        var decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        decoder.decode(in, java.nio.CharBuffer.allocate(bytes.length), true);
        int line = 1;
        for (int i = 0; i < in.position(); i++) {
            if (bytes[i] == '\n') {
                line++;
            }
        }
        return line;
    }

    private static Path realPath(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }
}
