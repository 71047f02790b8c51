#ifndef JSONC_BASELINE_H
#define JSONC_BASELINE_H
#include <stddef.h>

// json-c used directly: a strict parse of a document into its tree, then freeing the tree; the
// floor our JSON canonicalisation (which parses with json-c too) is measured against. Returns 0
// on success.
int baseline_jsonc_parse_free(const char *text, size_t length);
#endif
