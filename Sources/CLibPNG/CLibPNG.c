#include "CLibPNG.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  jmp_buf jump;
  char *message;
  size_t message_size;
} failure;

typedef struct {
  const uint8_t *data;
  size_t size;
  size_t offset;
} source;

typedef struct {
  uint8_t *data;
  size_t size;
  size_t capacity;
} sink;

static void on_error(png_structp png, png_const_charp text) {
  failure *fail = png_get_error_ptr(png);
  snprintf(fail->message, fail->message_size, "%s", text);
  longjmp(fail->jump, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;
}

static void read_bytes(png_structp png, png_bytep out, size_t length) {
  source *input = png_get_io_ptr(png);
  if (length > input->size - input->offset) {
    png_error(png, "unexpected end of data: the file is truncated");
  }
  memcpy(out, input->data + input->offset, length);
  input->offset += length;
}

static void write_bytes(png_structp png, png_bytep bytes, size_t length) {
  sink *output = png_get_io_ptr(png);
  if (output->size + length > output->capacity) {
    size_t capacity = output->capacity ? output->capacity : 4096;
    while (capacity < output->size + length) capacity *= 2;
    uint8_t *grown = realloc(output->data, capacity);
    if (!grown) png_error(png, "out of memory while encoding");
    output->data = grown;
    output->capacity = capacity;
  }
  memcpy(output->data + output->size, bytes, length);
  output->size += length;
}

static void flush_bytes(png_structp png) { (void)png; }

/// Asks libpng for RGBA8 whatever the file holds.
static void request_rgba8(png_structp png, png_infop info) {
  int depth = png_get_bit_depth(png, info);
  int color = png_get_color_type(png, info);
  int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
  if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
  if (has_trns) png_set_tRNS_to_alpha(png);
  if (depth == 16) png_set_scale_16(png);
  if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
  if (!(color & PNG_COLOR_MASK_ALPHA) && !has_trns) png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
}

struct snapshots_png_reader {
  failure fail;
  source input;
  png_structp png;
  png_infop info;
};

static void close_reader(snapshots_png_reader *reader) {
  png_destroy_read_struct(&reader->png, &reader->info, NULL);
  free(reader);
}

snapshots_png_reader *snapshots_png_open(const uint8_t *data, size_t size, uint32_t max_side,
                                         uint64_t max_pixels, uint32_t *width, uint32_t *height,
                                         char *message, size_t message_size) {
  if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
    snprintf(message, message_size, "not a PNG file: the 8-byte signature is missing");
    return NULL;
  }
  snapshots_png_reader *reader = calloc(1, sizeof *reader);
  if (!reader) {
    snprintf(message, message_size, "out of memory");
    return NULL;
  }
  reader->fail = (failure){.message = message, .message_size = message_size};
  reader->input = (source){.data = data, .size = size, .offset = 0};
  reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &reader->fail, on_error, on_warning);
  reader->info = reader->png ? png_create_info_struct(reader->png) : NULL;
  if (!reader->png || !reader->info) {
    snprintf(message, message_size, "out of memory");
    close_reader(reader);
    return NULL;
  }
  if (setjmp(reader->fail.jump)) {
    close_reader(reader);
    return NULL;
  }
  png_set_user_limits(reader->png, max_side, max_side);
  png_set_chunk_malloc_max(reader->png, 16u << 20);
  png_set_read_fn(reader->png, &reader->input, read_bytes);
  png_read_info(reader->png, reader->info);
  *width = png_get_image_width(reader->png, reader->info);
  *height = png_get_image_height(reader->png, reader->info);
  if ((uint64_t)*width * *height > max_pixels) png_error(reader->png, "image has too many pixels");
  request_rgba8(reader->png, reader->info);
  if (png_get_rowbytes(reader->png, reader->info) != (size_t)*width * 4) {
    png_error(reader->png, "unexpected row layout");
  }
  return reader;
}

int snapshots_png_read_pixels(snapshots_png_reader *reader, uint8_t *rgba, char *message,
                              size_t message_size) {
  reader->fail.message = message;
  reader->fail.message_size = message_size;
  uint32_t width = png_get_image_width(reader->png, reader->info);
  uint32_t height = png_get_image_height(reader->png, reader->info);
  png_bytep *volatile rows = malloc(sizeof(png_bytep) * (height ? height : 1));
  if (!rows) {
    snprintf(message, message_size, "out of memory");
    close_reader(reader);
    return 1;
  }
  if (setjmp(reader->fail.jump)) {
    free(rows);
    close_reader(reader);
    return 1;
  }
  for (uint32_t y = 0; y < height; y++) rows[y] = rgba + (size_t)y * width * 4;
  png_read_image(reader->png, rows);
  png_read_end(reader->png, NULL);
  free(rows);
  close_reader(reader);
  return 0;
}

int snapshots_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height,
                         const char *const *text_keys, const char *const *text_values,
                         int text_count, uint8_t **png_out, size_t *png_size, char *message,
                         size_t message_size) {
  failure fail = {.message = message, .message_size = message_size};
  sink output = {0};
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &fail, on_error, on_warning);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  if (!png || !info) {
    png_destroy_write_struct(&png, &info);
    snprintf(message, message_size, "out of memory");
    return 1;
  }
  png_bytep *volatile rows = NULL;
  if (setjmp(fail.jump)) {
    png_destroy_write_struct(&png, &info);
    free(rows);
    free(output.data);
    return 1;
  }
  png_set_write_fn(png, &output, write_bytes, flush_bytes);
  png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_compression_level(png, 6);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_ALL_FILTERS);
  if (text_count > 0) {
    png_text *texts = calloc((size_t)text_count, sizeof(png_text));
    if (!texts) png_error(png, "out of memory");
    for (int i = 0; i < text_count; i++) {
      texts[i].compression = PNG_TEXT_COMPRESSION_NONE;
      texts[i].key = (png_charp)text_keys[i];
      texts[i].text = (png_charp)text_values[i];
    }
    png_set_text(png, info, texts, text_count);  // copies them
    free(texts);
  }
  png_write_info(png, info);
  rows = malloc(sizeof(png_bytep) * (height ? height : 1));
  if (!rows) png_error(png, "out of memory");
  for (uint32_t y = 0; y < height; y++) rows[y] = (png_bytep)rgba + (size_t)y * width * 4;
  png_write_image(png, rows);
  png_write_end(png, NULL);
  png_destroy_write_struct(&png, &info);
  free(rows);
  *png_out = output.data;
  *png_size = output.size;
  return 0;
}

void snapshots_png_free(void *pointer) { free(pointer); }

int snapshots_png_text_count(snapshots_png_reader *reader) {
  png_textp texts = NULL;
  int count = 0;
  png_get_text(reader->png, reader->info, &texts, &count);
  return count;
}

void snapshots_png_text_at(snapshots_png_reader *reader, int index, const char **key,
                           const char **value) {
  png_textp texts = NULL;
  int count = 0;
  png_get_text(reader->png, reader->info, &texts, &count);
  *key = index < count ? texts[index].key : "";
  *value = index < count ? texts[index].text : "";
}

void snapshots_png_close(snapshots_png_reader *reader) { close_reader(reader); }

const char *snapshots_png_version(void) { return png_get_libpng_ver(NULL); }
