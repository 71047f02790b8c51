#ifndef CLIBPNG_H
#define CLIBPNG_H

#include <stddef.h>
#include <stdint.h>

// A thin layer over libpng that never lets its errors escape: libpng reports errors by
// longjmp, which Swift cannot catch, so every call into libpng happens behind setjmp here and
// comes back as a status and a message.

/// Decoded pixels: 8-bit RGBA, straight alpha, rows top to bottom. Free `rgba` with
/// `snapshots_png_free`.
typedef struct {
  uint8_t *rgba;
  uint32_t width;
  uint32_t height;
} snapshots_png_image;

/// Decodes any PNG (grey, RGB, palette, grey+alpha, RGBA; 1 to 16 bits; tRNS; Adam7) to RGBA8.
/// 16-bit samples are scaled to 8 bits with rounding; gamma and colour-space chunks are ignored.
/// Images wider or taller than `max_side` or with more than `max_pixels` pixels are refused
/// before any pixel memory is allocated. Returns 0 on success; otherwise writes a message.
int snapshots_png_decode(const uint8_t *data, size_t size, uint32_t max_side, uint64_t max_pixels,
                         snapshots_png_image *image, char *message, size_t message_size);

/// Encodes RGBA8 pixels as a non-interlaced 8-bit RGBA PNG with fixed settings and no time
/// chunk, so the same pixels always give the same bytes. Free `*png` with `snapshots_png_free`.
int snapshots_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, uint8_t **png,
                         size_t *png_size, char *message, size_t message_size);

void snapshots_png_free(void *pointer);

#endif
