// The only door from Swift to libjpeg.
//
// libjpeg reports a fatal error by calling `error_exit`, which by default prints and calls exit():
// one bad download would end the whole process. The usual cure is setjmp/longjmp, and Swift can
// do neither: it cannot call setjmp, and a longjmp across Swift frames skips their cleanup
// (undefined behaviour). So this target owns every setjmp and every libjpeg callback, and Swift
// sees one plain function that returns a status and a message.
//
// This header deliberately does not include jpeglib.h: Swift needs none of libjpeg's types.

#ifndef CJPEGDECODER_H
#define CJPEGDECODER_H

#include <stddef.h>
#include <stdint.h>

/// How a decode ended. Imported into Swift as an enum (`AFNJPEGStatus.truncated`, ...).
typedef enum __attribute__((enum_extensibility(closed))) {
    AFNJPEGStatusOK = 0,
    /// The data ended before the image did.
    AFNJPEGStatusTruncated,
    /// libjpeg gave up (or, in strict mode, warned) for any other reason; see the message.
    AFNJPEGStatusCorrupt,
    /// libjpeg read a different size than the caller sniffed and allocated for.
    AFNJPEGStatusSizeMismatch,
    /// More progressive scans than any real encoder writes (a cheap way to burn CPU).
    AFNJPEGStatusTooManyScans,
} AFNJPEGStatus;

/// What the caller asks for.
typedef struct {
    /// The size the caller sniffed from the header and allocated `pixels` for.
    uint32_t expected_width;
    uint32_t expected_height;
    /// Bytes from one row of `pixels` to the next; at least 4 * expected_width.
    size_t bytes_per_row;
    /// 0: any libjpeg warning ends the decode. 1: warnings are counted and decoding goes on
    /// (missing data comes out grey, as in a browser).
    int accept_warnings;
} AFNJPEGRequest;

/// What the decode found out, filled in on every return.
typedef struct {
    /// 1 when `pixels` holds C, M, Y, K bytes (the file was CMYK or YCCK) instead of B, G, R, A.
    int is_cmyk;
    /// 1 when that CMYK is stored inverted, as Adobe applications write it (255 means no ink).
    int cmyk_is_inverted;
    /// Warnings seen (only ever more than 0 when accept_warnings is 1).
    int warning_count;
    /// libjpeg's own wording of the error or of the warning that ended the decode.
    char message[200];
} AFNJPEGReport;

/// Decodes a whole JPEG held in memory into `pixels` (expected_height rows of bytes_per_row
/// bytes): B, G, R, 0xFF for gray, YCbCr and RGB files; C, M, Y, K for CMYK and YCCK files.
/// Never exits, never prints, never longjmps into the caller. Safe to call from many threads at
/// once: all state lives on this call's stack.
AFNJPEGStatus afn_jpeg_decode(const void *data, size_t size, const AFNJPEGRequest *request,
                              void *pixels, AFNJPEGReport *report);

#endif
