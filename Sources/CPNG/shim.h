// libpng (Debian: libpng-dev), for CLibPNG: declared as a system library so that a machine
// without it is told which package to install.
#include <png.h>
