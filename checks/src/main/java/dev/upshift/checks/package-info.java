/**
 * The build's checks that README.md and docs/ tell the truth: their Java snippets compile, the
 * commands they show print what they show, and README.md's snippets run in a separate project
 * against the installed artifacts.
 */
package dev.upshift.checks;
