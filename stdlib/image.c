/* PNG (through libpng) and BMP (our own codec) for stdlib/image.h. Reading
 * converts channel counts the way stb_image (Taichi's loader) does: grey
 * replicates, RGB to grey is the integer luma (77 R + 150 G + 29 B) / 256, a
 * missing alpha is 255. 16-bit PNG samples keep their high byte. */
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "image.h"

static bool fail(char *err, size_t errlen, const char *fmt, const char *arg)
{
    snprintf(err, errlen, fmt, arg);
    return false;
}

static bool has_suffix(const char *path, const char *suffix)
{
    size_t n = strlen(path), k = strlen(suffix);
    return n >= k && strcmp(path + n - k, suffix) == 0;
}

/* ---- PNG --------------------------------------------------------------------------- */

static bool png_write(const char *path, const GuiImage *img, char *err, size_t errlen)
{
    static const int types[] = {0, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA, PNG_COLOR_TYPE_RGB,
                                PNG_COLOR_TYPE_RGB_ALPHA};
    FILE *f = fopen(path, "wb");
    if (!f) return fail(err, errlen, "Cannot write image file [%s]", path);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        fclose(f);
        return fail(err, errlen, "Cannot write image file [%s]", path);
    }
    png_init_io(png, f);
    png_set_IHDR(png, info, (png_uint_32)img->width, (png_uint_32)img->height, 8, types[img->comp],
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    size_t stride = (size_t)img->width * (size_t)img->comp;
    for (int y = 0; y < img->height; y++) png_write_row(png, img->pixels + (size_t)y * stride);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return fclose(f) == 0 || fail(err, errlen, "Cannot write image file [%s]", path);
}

/* The file's pixels as 8-bit grey, grey + alpha, RGB or RGBA. */
static bool png_read(FILE *f, const char *path, GuiImage *img, char *err, size_t errlen)
{
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    uint8_t *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(pixels);
        free(rows);
        return fail(err, errlen, "Cannot read image file [%s]", path);
    }
    png_init_io(png, f);
    png_read_info(png, info);
    png_set_strip_16(png);
    png_set_packing(png);
    png_set_expand(png);    /* palettes to RGB, grey below 8 bits to 8, tRNS to alpha */
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    img->width = (int)png_get_image_width(png, info);
    img->height = (int)png_get_image_height(png, info);
    img->comp = png_get_channels(png, info);
    size_t stride = png_get_rowbytes(png, info);
    if (img->comp < 1 || img->comp > 4 || stride != (size_t)img->width * (size_t)img->comp) png_error(png, "format");
    pixels = malloc(stride * (size_t)img->height + 1);
    rows = malloc(sizeof *rows * (size_t)img->height + 1);
    if (!pixels || !rows) png_error(png, "memory");
    for (int y = 0; y < img->height; y++) rows[y] = pixels + (size_t)y * stride;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    img->pixels = pixels;
    return true;
}

/* ---- BMP: uncompressed 24- and 32-bit, and 8-bit with a palette ----------------------- */

static void put16(uint8_t *p, unsigned v) { p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8); }
static void put32(uint8_t *p, uint32_t v) { put16(p, v & 0xFFFF), put16(p + 2, v >> 16); }
static uint32_t get16(const uint8_t *p) { return p[0] | (uint32_t)p[1] << 8; }
static uint32_t get32(const uint8_t *p) { return get16(p) | get16(p + 2) << 16; }

/* Bottom-up rows of BGR padded to 4 bytes. As stb_image_write (Taichi's
 * writer) does, an alpha channel is composited over magenta. */
static bool bmp_write(const char *path, const GuiImage *img, char *err, size_t errlen)
{
    static const int magenta[3] = {255, 0, 255};
    const int bpp = 3;
    size_t stride = ((size_t)img->width * (size_t)bpp + 3) & ~(size_t)3;
    size_t size = 54 + stride * (size_t)img->height;
    uint8_t *out = calloc(size, 1);
    if (!out) return fail(err, errlen, "Cannot write image file [%s]", path);
    out[0] = 'B', out[1] = 'M';
    put32(out + 2, (uint32_t)size);
    put32(out + 10, 54);
    put32(out + 14, 40);
    put32(out + 18, (uint32_t)img->width);
    put32(out + 22, (uint32_t)img->height);
    put16(out + 26, 1);
    put16(out + 28, (unsigned)bpp * 8);
    put32(out + 34, (uint32_t)(stride * (size_t)img->height));
    for (int y = 0; y < img->height; y++) {
        const uint8_t *src = img->pixels + (size_t)(img->height - 1 - y) * (size_t)img->width * (size_t)img->comp;
        uint8_t *dst = out + 54 + (size_t)y * stride;
        for (int x = 0; x < img->width; x++, src += img->comp, dst += bpp) {
            bool grey = img->comp < 3;
            int rgb[3] = {src[0], src[grey ? 0 : 1], src[grey ? 0 : 2]};
            if (img->comp == 4)
                for (int k = 0; k < 3; k++) rgb[k] = magenta[k] + (rgb[k] - magenta[k]) * src[3] / 255;
            dst[0] = (uint8_t)rgb[2], dst[1] = (uint8_t)rgb[1], dst[2] = (uint8_t)rgb[0];
        }
    }
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(out, 1, size, f) == size;
    if (f && fclose(f) != 0) ok = false;
    free(out);
    return ok || fail(err, errlen, "Cannot write image file [%s]", path);
}

static bool bmp_read(FILE *f, const char *path, GuiImage *img, char *err, size_t errlen)
{
    uint8_t h[54];
    uint8_t palette[256][4] = {{0}};
    if (fread(h, 1, 54, f) != 54) return fail(err, errlen, "Cannot read image file [%s]", path);
    uint32_t data_at = get32(h + 10), header = get32(h + 14), bits = get16(h + 28), compression = get32(h + 30);
    int32_t width = (int32_t)get32(h + 18), height = (int32_t)get32(h + 22);
    bool top_down = height < 0;
    if (top_down) height = -height;
    if (width <= 0 || height <= 0 || width > 1 << 15 || height > 1 << 15 || header < 40 ||
        (bits != 8 && bits != 24 && bits != 32) || (compression != 0 && !(compression == 3 && bits == 32)))
        return fail(err, errlen, "Cannot read image file [%s]: not an uncompressed 8-, 24- or 32-bit BMP", path);
    if (bits == 8) {
        uint32_t colours = get32(h + 46);
        if (colours == 0 || colours > 256) colours = 256;
        if (fseek(f, 14 + (long)header, SEEK_SET) != 0 || fread(palette, 4, colours, f) != colours)
            return fail(err, errlen, "Cannot read image file [%s]", path);
    }
    size_t stride = ((size_t)width * bits / 8 + 3) & ~(size_t)3;
    img->width = width, img->height = height, img->comp = bits == 32 ? 4 : 3;
    uint8_t *row = malloc(stride);
    img->pixels = malloc((size_t)width * (size_t)height * (size_t)img->comp);
    bool ok = row && img->pixels && fseek(f, (long)data_at, SEEK_SET) == 0;
    for (int y = 0; ok && y < height; y++) {
        ok = fread(row, 1, stride, f) == stride;
        uint8_t *dst = img->pixels + (size_t)(top_down ? y : height - 1 - y) * (size_t)width * (size_t)img->comp;
        for (int x = 0; ok && x < width; x++, dst += img->comp) {
            const uint8_t *src = bits == 8 ? palette[row[x]] : row + (size_t)x * bits / 8;
            dst[0] = src[2], dst[1] = src[1], dst[2] = src[0];
            if (bits == 32) dst[3] = src[3];
        }
    }
    free(row);
    if (!ok) {
        free(img->pixels);
        img->pixels = NULL;
        return fail(err, errlen, "Cannot read image file [%s]", path);
    }
    return true;
}

/* ---- channel conversion and the entry points -------------------------------------------- */

static uint8_t luma(const uint8_t *p) { return (uint8_t)((p[0] * 77 + p[1] * 150 + p[2] * 29) >> 8); }

/* img converted to `to` channels in place (a new buffer); false when out of memory. */
static bool convert(GuiImage *img, int to)
{
    int from = img->comp;
    if (to == from) return true;
    size_t n = (size_t)img->width * (size_t)img->height;
    uint8_t *out = malloc(n * (size_t)to + 1);
    if (!out) return false;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *s = img->pixels + i * (size_t)from;
        uint8_t *d = out + i * (size_t)to;
        uint8_t grey = from < 3 ? s[0] : luma(s);
        uint8_t alpha = from == 2 ? s[1] : from == 4 ? s[3] : 255;
        if (to < 3) {
            d[0] = grey;
            if (to == 2) d[1] = alpha;
        } else {
            for (int c = 0; c < 3; c++) d[c] = from < 3 ? grey : s[c];
            if (to == 4) d[3] = alpha;
        }
    }
    free(img->pixels);
    img->pixels = out;
    img->comp = to;
    return true;
}

bool gui_image_write(const char *path, const GuiImage *img, char *err, size_t errlen)
{
    if (has_suffix(path, ".png")) return png_write(path, img, err, errlen);
    if (has_suffix(path, ".bmp")) return bmp_write(path, img, err, errlen);
    size_t n = strlen(path);
    return fail(err, errlen, "Unknown image file suffix %s", n >= 4 ? path + n - 4 : path);
}

bool gui_image_read(const char *path, int channels, GuiImage *img, char *err, size_t errlen)
{
    img->pixels = NULL;
    FILE *f = fopen(path, "rb");
    if (!f) return fail(err, errlen, "Cannot read image file [%s]", path);
    uint8_t magic[8] = {0};
    size_t got = fread(magic, 1, 8, f);
    rewind(f);
    bool ok;
    if (got == 8 && png_sig_cmp(magic, 0, 8) == 0) ok = png_read(f, path, img, err, errlen);
    else if (got >= 2 && magic[0] == 'B' && magic[1] == 'M') ok = bmp_read(f, path, img, err, errlen);
    else ok = fail(err, errlen, "Cannot read image file [%s]: neither PNG nor BMP", path);
    fclose(f);
    if (ok && channels > 0 && !convert(img, channels)) {
        free(img->pixels);
        img->pixels = NULL;
        return fail(err, errlen, "out of memory reading [%s]", path);
    }
    return ok;
}
