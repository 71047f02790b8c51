// libxml2 (Debian: libxml2-dev), for SnapshotsHTML: its HTML parser and its error records.
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, whose headers clash with the copy Foundation carries. Only
// the layout of encoding handlers depends on it, and SnapshotsHTML never looks inside one.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/xmlerror.h>
