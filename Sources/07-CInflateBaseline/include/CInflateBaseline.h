// The other side of `afn-bench inflate`: what a C programmer would write with the same libraries,
// no Swift in between. It also makes the benchmark's inputs, so no large file is committed.
// Used only by the benchmark.

#ifndef CINFLATEBASELINE_H
#define CINFLATEBASELINE_H

#include <stddef.h>
#include <stdint.h>

/// Decodes a JPEG to B, G, R, 0xFF. Returns 1 on success, 0 on any libjpeg error.
int afn_baseline_decode_jpeg(const void *data, size_t size, void *pixels, size_t bytes_per_row);

/// Decodes a PNG to B, G, R, A and premultiplies, the same bytes as the Swift path. 1 on success.
int afn_baseline_decode_png(const void *data, size_t size, void *pixels, size_t bytes_per_row);

/// Compresses packed R, G, B rows to a baseline JPEG in a malloc'ed buffer (free() it).
int afn_baseline_encode_jpeg(const uint8_t *rgb, uint32_t width, uint32_t height, int quality,
                             uint8_t **jpeg, size_t *jpeg_size);

/// Compresses packed R, G, B, A rows to an 8-bit RGBA PNG in a malloc'ed buffer (free() it).
int afn_baseline_encode_png(const uint8_t *rgba, uint32_t width, uint32_t height,
                            uint8_t **png, size_t *png_size);

/// Makes glibc give every large block its own mapping and return it when freed, so that the
/// process's peak resident size measures what a decode allocates. No-op elsewhere.
void afn_baseline_track_large_allocations(void);

#endif
