#ifndef CLIBPNG_H
#define CLIBPNG_H

#include <stddef.h>
#include <stdint.h>

// A thin layer over libpng that never lets its errors escape: libpng reports errors by
// longjmp, which Swift cannot catch, so every call into libpng happens behind setjmp here and
// comes back as a status and a message.

/// A PNG being read: its header is known, its pixels not yet.
typedef struct snapshots_png_reader snapshots_png_reader;

/// Reads the header of any PNG (grey, RGB, palette, grey+alpha, RGBA; 1 to 16 bits; tRNS;
/// Adam7) and prepares decoding to RGBA8: 16-bit samples scaled to 8 bits with rounding, gamma
/// and colour-space chunks ignored. Images wider or taller than `max_side` or with more than
/// `max_pixels` pixels are refused here, before any pixel memory exists. Returns NULL with a
/// message on error; otherwise finish with `snapshots_png_read_pixels`.
snapshots_png_reader *snapshots_png_open(const uint8_t *data, size_t size, uint32_t max_side,
                                         uint64_t max_pixels, uint32_t *width, uint32_t *height,
                                         char *message, size_t message_size);

/// Decodes the pixels into `rgba` (`width × height × 4` bytes, rows top to bottom) and frees
/// the reader, whatever the outcome. Returns 0 on success; otherwise writes a message.
int snapshots_png_read_pixels(snapshots_png_reader *reader, uint8_t *rgba, char *message,
                              size_t message_size);

/// Encodes RGBA8 pixels as a non-interlaced 8-bit RGBA PNG with fixed settings and no time
/// chunk, so the same pixels and texts always give the same bytes; `text_count` uncompressed
/// `tEXt` chunks (Latin-1 keywords of 1 to 79 bytes) go before the pixels. Free `*png` with
/// `snapshots_png_free`.
int snapshots_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height,
                         const char *const *text_keys, const char *const *text_values,
                         int text_count, uint8_t **png, size_t *png_size, char *message,
                         size_t message_size);

void snapshots_png_free(void *pointer);

/// The text chunks read with the header (those before the pixels), valid until the reader is
/// freed.
int snapshots_png_text_count(snapshots_png_reader *reader);
void snapshots_png_text_at(snapshots_png_reader *reader, int index, const char **key,
                           const char **value);

/// Frees a reader without decoding its pixels.
void snapshots_png_close(snapshots_png_reader *reader);

/// The version of the libpng this runs with, such as `1.6.39`.
const char *snapshots_png_version(void);

#endif
