// libpng's simplified API (png_image) catches its own errors and returns 0 with a message, so Swift
// can call it directly. Nothing else from libpng is used.
#include <png.h>
