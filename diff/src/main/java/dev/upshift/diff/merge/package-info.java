/** The three-way merge of base, current and target documents under field rules, and the decisions it records. */
package dev.upshift.diff.merge;
