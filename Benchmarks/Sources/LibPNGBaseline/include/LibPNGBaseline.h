#ifndef LIBPNG_BASELINE_H
#define LIBPNG_BASELINE_H
#include <stddef.h>
#include <stdint.h>

// libpng used directly through its simplified API: the baseline our PNG wrapper is measured
// against. Returns 0 on success.
int baseline_decode_rgba(const uint8_t *png, size_t size, uint8_t *rgba, size_t rgba_size);
int baseline_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, uint8_t *png,
                         size_t *png_size);
#endif
