/**
 * Releases and their versions: {@link dev.upshift.release.Version} (SemVer 2.0.0, parsed the way
 * Helm users expect) and {@link dev.upshift.release.VersionConstraint} (the constraint language of
 * Helm and Flux, Masterminds/semver v3), on which the catalog and the upgrade graph build.
 */
package dev.upshift.release;
