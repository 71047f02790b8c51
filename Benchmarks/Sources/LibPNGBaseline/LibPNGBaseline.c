#include "LibPNGBaseline.h"
#include <png.h>
#include <string.h>

int baseline_decode_rgba(const uint8_t *png, size_t size, uint8_t *rgba, size_t rgba_size) {
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, png, size)) return 1;
  image.format = PNG_FORMAT_RGBA;
  if (PNG_IMAGE_SIZE(image) > rgba_size) { png_image_free(&image); return 1; }
  return png_image_finish_read(&image, NULL, rgba, 0, NULL) ? 0 : 1;
}

int baseline_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, uint8_t *png,
                         size_t *png_size) {
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  image.width = width;
  image.height = height;
  image.format = PNG_FORMAT_RGBA;
  return png_image_write_to_memory(&image, png, png_size, 0, rgba, 0, NULL) ? 0 : 1;
}
