/**
 * One way to read every document kind: {@link dev.upshift.diff.kind.DocumentKind} (kind name,
 * apiVersions, migrations, reader), the {@link dev.upshift.diff.kind.DocumentKinds} registry,
 * {@code apiVersion} migration chains and the {@link dev.upshift.diff.kind.Metadata} every
 * document carries.
 */
package dev.upshift.diff.kind;
