#include "CInflateBaseline.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <png.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

struct baseline_errors {
    struct jpeg_error_mgr pub;
    jmp_buf escape;
};

static void baseline_error_exit(j_common_ptr cinfo) {
    longjmp(((struct baseline_errors *)cinfo->err)->escape, 1);
}

static void baseline_ignore_message(j_common_ptr cinfo, int level) {
    (void)cinfo;
    (void)level;
}

// Every setjmp below sits in a function of its own whose caller owns the state. C leaves a local
// variable changed between setjmp and longjmp indeterminate unless it is volatile; here the
// function holding setjmp changes nothing the caller reads after the jump.

static int decode_jpeg_guarded(struct jpeg_decompress_struct *cinfo, struct baseline_errors *errors,
                               const void *data, size_t size, void *pixels, size_t bytes_per_row) {
    if (setjmp(errors->escape) != 0) {
        return 0;
    }
    jpeg_create_decompress(cinfo);
    jpeg_mem_src(cinfo, (const unsigned char *)data, (unsigned long)size);
    jpeg_read_header(cinfo, TRUE);
    cinfo->out_color_space = JCS_EXT_BGRA;
    jpeg_start_decompress(cinfo);
    while (cinfo->output_scanline < cinfo->output_height) {
        JSAMPROW rows[4];
        JDIMENSION count = 0;
        while (count < 4 && cinfo->output_scanline + count < cinfo->output_height) {
            rows[count] = (uint8_t *)pixels + (size_t)(cinfo->output_scanline + count) * bytes_per_row;
            count++;
        }
        // No line read means no progress: give up rather than loop forever.
        if (jpeg_read_scanlines(cinfo, rows, count) == 0) {
            return 0;
        }
    }
    jpeg_finish_decompress(cinfo);
    return 1;
}

int afn_baseline_decode_jpeg(const void *data, size_t size, void *pixels, size_t bytes_per_row) {
    struct jpeg_decompress_struct cinfo;
    memset(&cinfo, 0, sizeof cinfo);
    struct baseline_errors errors;
    cinfo.err = jpeg_std_error(&errors.pub);
    errors.pub.error_exit = baseline_error_exit;
    errors.pub.emit_message = baseline_ignore_message;
    int ok = decode_jpeg_guarded(&cinfo, &errors, data, size, pixels, bytes_per_row);
    jpeg_destroy_decompress(&cinfo);
    return ok;
}

int afn_baseline_decode_png(const void *data, size_t size, void *pixels, size_t bytes_per_row) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        return 0;
    }
    image.format = PNG_FORMAT_BGRA;
    image.flags |= PNG_IMAGE_FLAG_16BIT_sRGB;
    uint32_t height = image.height;
    size_t bytes = (size_t)height * bytes_per_row;
    if (!png_image_finish_read(&image, NULL, pixels, (png_int_32)bytes_per_row, NULL)) {
        return 0;
    }
    uint8_t *byte = pixels;
    for (size_t offset = 0; offset < bytes; offset += 4) {
        unsigned alpha = byte[offset + 3];
        if (alpha == 255) continue;
        for (int channel = 0; channel < 3; channel++) {
            unsigned product = byte[offset + channel] * alpha + 128;
            byte[offset + channel] = (uint8_t)((product + (product >> 8)) >> 8);
        }
    }
    return 1;
}

static int encode_jpeg_guarded(struct jpeg_compress_struct *cinfo, struct baseline_errors *errors,
                               const uint8_t *rgb, uint32_t width, uint32_t height, int quality,
                               unsigned char **buffer, unsigned long *buffer_size) {
    if (setjmp(errors->escape) != 0) {
        return 0;
    }
    jpeg_create_compress(cinfo);
    jpeg_mem_dest(cinfo, buffer, buffer_size);
    cinfo->image_width = width;
    cinfo->image_height = height;
    cinfo->input_components = 3;
    cinfo->in_color_space = JCS_RGB;
    jpeg_set_defaults(cinfo);
    jpeg_set_quality(cinfo, quality, TRUE);
    jpeg_start_compress(cinfo, TRUE);
    while (cinfo->next_scanline < cinfo->image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + (size_t)cinfo->next_scanline * width * 3);
        jpeg_write_scanlines(cinfo, &row, 1);
    }
    jpeg_finish_compress(cinfo);
    return 1;
}

int afn_baseline_encode_jpeg(const uint8_t *rgb, uint32_t width, uint32_t height, int quality,
                             uint8_t **jpeg, size_t *jpeg_size) {
    struct jpeg_compress_struct cinfo;
    memset(&cinfo, 0, sizeof cinfo);
    struct baseline_errors errors;
    cinfo.err = jpeg_std_error(&errors.pub);
    errors.pub.error_exit = baseline_error_exit;
    unsigned char *buffer = NULL;
    unsigned long buffer_size = 0;
    int ok = encode_jpeg_guarded(&cinfo, &errors, rgb, width, height, quality, &buffer, &buffer_size);
    jpeg_destroy_compress(&cinfo);
    if (!ok) {
        free(buffer);
        return 0;
    }
    *jpeg = buffer;
    *jpeg_size = buffer_size;
    return 1;
}

int afn_baseline_encode_png(const uint8_t *rgba, uint32_t width, uint32_t height,
                            uint8_t **png, size_t *png_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    image.format = PNG_FORMAT_RGBA;
    size_t size = 0;
    if (!png_image_write_get_memory_size(image, size, 0, rgba, 0, NULL)) {
        return 0;
    }
    *png = malloc(size);
    if (*png == NULL || !png_image_write_to_memory(&image, *png, &size, 0, rgba, 0, NULL)) {
        free(*png);
        return 0;
    }
    *png_size = size;
    return 1;
}

void afn_baseline_track_large_allocations(void) {
#if defined(__GLIBC__)
    // Setting the threshold also switches off glibc's habit of raising it after a large free,
    // which would let the next bitmap reuse pages already counted as resident.
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
    mallopt(M_TRIM_THRESHOLD, 128 * 1024);
#endif
}
