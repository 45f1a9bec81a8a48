/** Validation of a fleet folder (or any set of documents) in one call: every document, every kind, every problem. */
package dev.upshift.core.validate;
