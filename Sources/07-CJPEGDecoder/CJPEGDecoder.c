// See include/CJPEGDecoder.h for why this file exists at all.

#include "CJPEGDecoder.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

#ifndef JCS_EXTENSIONS
#error "libjpeg-turbo is required: it decodes straight to B, G, R, A (JCS_EXT_BGRA)"
#endif

_Static_assert(sizeof(((AFNJPEGReport *)0)->message) == JMSG_LENGTH_MAX,
               "the report's message must hold any libjpeg message");

/// A legitimate progressive encoder writes about ten scans. Thousands of tiny scans make a file
/// of a few kilobytes cost seconds of CPU; no real image needs more than this.
enum { afn_max_progressive_scans = 1000 };

// Defined below the error handling, which comes first because it is the point of this file.
static void afn_limit_scans(j_common_ptr cinfo);
static void afn_decode_into(j_decompress_ptr cinfo, struct jpeg_progress_mgr *progress,
                            const void *data, size_t size, const AFNJPEGRequest *request,
                            uint8_t *pixels, AFNJPEGReport *report);

// listing: jpeg-error-manager
/// libjpeg finds our callbacks through `cinfo->err`, so the public part must come first: a pointer
/// to it is a pointer to the whole struct.
struct afn_error_manager {
    struct jpeg_error_mgr pub;
    jmp_buf escape;              // back into afn_decode_guarded, never into Swift
    AFNJPEGStatus status;        // why we jumped
    int accept_warnings;
    AFNJPEGReport *report;
};

/// Everything libjpeg reads and writes during one decode.
struct afn_session {
    struct jpeg_decompress_struct cinfo;
    struct afn_error_manager errors;
    struct jpeg_progress_mgr progress;
};
// end-listing

// listing: jpeg-escape
/// Leaves the decode from anywhere inside libjpeg: records why, then unwinds C frames only.
static void afn_escape(j_common_ptr cinfo, AFNJPEGStatus status) {
    struct afn_error_manager *errors = (struct afn_error_manager *)cinfo->err;
    errors->status = status;
    if (errors->report->message[0] == '\0') {
        cinfo->err->format_message(cinfo, errors->report->message);
    }
    longjmp(errors->escape, 1);
}

/// Replaces libjpeg's default, which prints the message and calls exit().
static void afn_error_exit(j_common_ptr cinfo) {
    afn_escape(cinfo, AFNJPEGStatusCorrupt);
}

/// Level -1 is a warning: damaged data that libjpeg can paper over (grey blocks for missing
/// data). Strict mode turns it into an error; either way nothing is printed to stderr.
static void afn_emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0) {
        return;  // trace output, only produced when trace_level is raised
    }
    struct afn_error_manager *errors = (struct afn_error_manager *)cinfo->err;
    cinfo->err->num_warnings++;
    errors->report->warning_count++;
    if (!errors->accept_warnings) {
        int ran_out = cinfo->err->msg_code == JWRN_JPEG_EOF;
        afn_escape(cinfo, ran_out ? AFNJPEGStatusTruncated : AFNJPEGStatusCorrupt);
    }
}
// end-listing

// listing: jpeg-setjmp
/// The only function with a setjmp. After a longjmp C guarantees the values of this function's
/// own locals only if they did not change since the setjmp; the one read here, `session`, never
/// does (everything libjpeg changes lives in the caller's frame, behind that pointer).
static AFNJPEGStatus afn_decode_guarded(struct afn_session *session, const void *data,
                                        size_t size, const AFNJPEGRequest *request,
                                        void *pixels, AFNJPEGReport *report) {
    if (setjmp(session->errors.escape) != 0) {
        // Arrived here by longjmp from afn_escape: free libjpeg's memory and report.
        jpeg_destroy_decompress(&session->cinfo);
        return session->errors.status;
    }
    afn_decode_into(&session->cinfo, &session->progress, data, size, request, pixels, report);
    jpeg_destroy_decompress(&session->cinfo);
    return AFNJPEGStatusOK;
}
// end-listing

AFNJPEGStatus afn_jpeg_decode(const void *data, size_t size, const AFNJPEGRequest *request,
                              void *pixels, AFNJPEGReport *report) {
    memset(report, 0, sizeof *report);
    if (request->bytes_per_row / 4 < request->expected_width) {
        snprintf(report->message, sizeof report->message, "rows of %zu bytes cannot hold %u pixels",
                 request->bytes_per_row, (unsigned)request->expected_width);
        return AFNJPEGStatusSizeMismatch;
    }
    // Zeroed, so that if jpeg_create_decompress itself fails, jpeg_destroy_decompress finds no
    // memory manager to free rather than stack garbage.
    struct afn_session session;
    memset(&session, 0, sizeof session);
    session.cinfo.err = jpeg_std_error(&session.errors.pub);
    session.errors.pub.error_exit = afn_error_exit;
    session.errors.pub.emit_message = afn_emit_message;
    session.errors.accept_warnings = request->accept_warnings;
    session.errors.report = report;
    session.progress.progress_monitor = afn_limit_scans;
    return afn_decode_guarded(&session, data, size, request, pixels, report);
}

/// Called by libjpeg between scans: a cheap place to refuse a file made of endless scans.
static void afn_limit_scans(j_common_ptr cinfo) {
    j_decompress_ptr decompress = (j_decompress_ptr)cinfo;
    if (decompress->input_scan_number > afn_max_progressive_scans) {
        struct afn_error_manager *errors = (struct afn_error_manager *)cinfo->err;
        snprintf(errors->report->message, sizeof errors->report->message,
                 "more than %d progressive scans", afn_max_progressive_scans);
        afn_escape(cinfo, AFNJPEGStatusTooManyScans);
    }
}

/// Everything that may longjmp back to afn_decode_guarded.
static void afn_decode_into(j_decompress_ptr cinfo, struct jpeg_progress_mgr *progress,
                            const void *data, size_t size, const AFNJPEGRequest *request,
                            uint8_t *pixels, AFNJPEGReport *report) {
    jpeg_create_decompress(cinfo);
    cinfo->progress = progress;  // after create, which clears every field but `err`
    jpeg_mem_src(cinfo, (const unsigned char *)data, (unsigned long)size);
    jpeg_read_header(cinfo, TRUE);

    // The caller allocated for the size its own header sniffer found; libjpeg must agree, or
    // rows would be written past the end of the buffer.
    if (cinfo->image_width != request->expected_width
        || cinfo->image_height != request->expected_height) {
        snprintf(report->message, sizeof report->message,
                 "libjpeg reads %ux%u pixels, the header sniffer %ux%u",
                 (unsigned)cinfo->image_width, (unsigned)cinfo->image_height,
                 (unsigned)request->expected_width, (unsigned)request->expected_height);
        afn_escape((j_common_ptr)cinfo, AFNJPEGStatusSizeMismatch);
    }

    if (cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK) {
        // libjpeg has no CMYK to RGB conversion: ask for CMYK (it does undo YCCK) and let the
        // caller convert, 4 bytes in, 4 bytes out, in place.
        cinfo->out_color_space = JCS_CMYK;
        report->is_cmyk = 1;
        report->cmyk_is_inverted = cinfo->saw_Adobe_marker;
    } else {
        // BGRA, not BGRX: libjpeg-turbo leaves the X byte undefined, and we promise 0xFF.
        cinfo->out_color_space = JCS_EXT_BGRA;
    }

    jpeg_start_decompress(cinfo);
    while (cinfo->output_scanline < cinfo->output_height) {
        // Several rows per call: with 2x2 chroma subsampling libjpeg produces two at a time and
        // would otherwise copy through a spare row.
        JSAMPROW rows[4];
        JDIMENSION count = 0;
        while (count < 4 && cinfo->output_scanline + count < cinfo->output_height) {
            rows[count] = pixels + (size_t)(cinfo->output_scanline + count) * request->bytes_per_row;
            count++;
        }
        if (jpeg_read_scanlines(cinfo, rows, count) == 0) {
            // Only a suspending data source returns no rows; ours never does. Stop rather than
            // loop forever if that ever changes.
            ERREXIT(cinfo, JERR_INPUT_EMPTY);
        }
    }
    jpeg_finish_decompress(cinfo);
}
