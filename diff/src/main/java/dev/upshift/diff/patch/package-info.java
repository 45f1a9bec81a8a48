/** The standard codecs: RFC 6901 JSON Pointers, RFC 6902 JSON Patch (applying) and RFC 7396 merge patches. */
package dev.upshift.diff.patch;
