/**
 * Field rules: for the fields of a kind of document, who wins a conflict, whether they may change,
 * what changing them costs and how their lists match.
 */
package dev.upshift.diff.rule;
