// No Swift file imports this module: libjpeg reports errors with longjmp, so only C may call it
// (see 07-CJPEGDecoder). The target exists for its pkg-config flags, which reach that C target.
// jpeglib.h uses size_t and FILE without including their headers.
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>
