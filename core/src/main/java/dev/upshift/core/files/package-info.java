/**
 * Reading document files: one file or a folder ({@link dev.upshift.core.files.DocumentFiles}), a fleet folder with
 * its clusters' resource folders ({@link dev.upshift.core.files.FleetFiles}), and the embedded default sources over
 * it ({@link dev.upshift.core.files.FleetFolder}).
 */
package dev.upshift.core.files;
