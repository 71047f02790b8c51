// json-c (Debian: libjson-c-dev), for SnapshotsJSON.
#include <json-c/json.h>
