/**
 * Document files: reading one file or a folder ({@link dev.upshift.core.file.DocumentFiles}), a fleet folder with
 * its clusters' resource folders ({@link dev.upshift.core.file.FleetFiles}), the embedded default sources over
 * it ({@link dev.upshift.core.file.FleetFolder}), and the embedded default publisher, which writes upgrades
 * back into it with minimal edits ({@link dev.upshift.core.file.FilePublisher}).
 */
package dev.upshift.core.file;
