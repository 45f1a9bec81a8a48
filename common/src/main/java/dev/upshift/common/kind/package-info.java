/**
 * One way to read every document kind: {@link dev.upshift.common.kind.DocumentKind} (kind name,
 * apiVersions, migrations, reader), the {@link dev.upshift.common.kind.DocumentKinds} registry,
 * {@code apiVersion} migration chains and the {@link dev.upshift.common.kind.Metadata} every
 * document carries.
 */
package dev.upshift.common.kind;
