/**
 * Reading document files: one file or a folder ({@link dev.upshift.core.file.DocumentFiles}), a fleet folder with
 * its clusters' resource folders ({@link dev.upshift.core.file.FleetFiles}), and the embedded default sources over
 * it ({@link dev.upshift.core.file.FleetFolder}).
 */
package dev.upshift.core.file;
