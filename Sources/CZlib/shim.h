// zlib (Debian: zlib1g-dev), for SnapshotsHTTP's compressed bodies.
#include <zlib.h>

// `inflateInit2` is a macro, which Swift cannot call.
static inline int czlib_inflate_init(z_streamp stream, int windowBits) {
  return inflateInit2(stream, windowBits);
}
