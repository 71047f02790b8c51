#include "JSONCBaseline.h"
#include <json-c/json.h>

int baseline_jsonc_parse_free(const char *text, size_t length) {
  struct json_tokener *tokener = json_tokener_new_ex(512);
  if (tokener == NULL) return -1;
  json_tokener_set_flags(tokener, JSON_TOKENER_STRICT);
  struct json_object *tree = json_tokener_parse_ex(tokener, text, (int)length);
  int failed = tree == NULL || json_tokener_get_error(tokener) != json_tokener_success;
  json_object_put(tree);
  json_tokener_free(tokener);
  return failed ? -1 : 0;
}
