/* Describes a PNG for tests/run's check of examples/embed's frames, so the
 * check needs no Python: prints "WIDTH HEIGHT COLOURS RRGGBB", COLOURS being
 * how many distinct colours it has (counted up to 1000) and RRGGBB its top
 * left pixel. Exit 1 with a message when the file is no readable PNG. */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COLOURS 1000

static int count_colours(png_bytep *rows, png_uint_32 w, png_uint_32 h)
{
    static png_uint_32 seen[MAX_COLOURS];
    int n = 0;
    for (png_uint_32 y = 0; y < h && n < MAX_COLOURS; y++)
        for (png_uint_32 x = 0; x < w && n < MAX_COLOURS; x++) {
            png_bytep p = rows[y] + x * 4;
            png_uint_32 c = (png_uint_32)p[0] << 16 | (png_uint_32)p[1] << 8 | p[2];
            int i = 0;
            while (i < n && seen[i] != c) i++;
            if (i == n) seen[n++] = c;
        }
    return n;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fputs("usage: pngstat FILE.png\n", stderr);
        return 2;
    }
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&img, argv[1])) {
        fprintf(stderr, "pngstat: %s: %s\n", argv[1], img.message);
        return 1;
    }
    img.format = PNG_FORMAT_RGBA;
    png_bytep px = malloc(PNG_IMAGE_SIZE(img));
    png_bytep *rows = malloc(img.height * sizeof *rows);
    if (!px || !rows || !png_image_finish_read(&img, NULL, px, 0, NULL)) {
        fprintf(stderr, "pngstat: %s: %s\n", argv[1], px && rows ? img.message : "out of memory");
        png_image_free(&img);
        return 1;
    }
    for (png_uint_32 y = 0; y < img.height; y++) rows[y] = px + (size_t)y * img.width * 4;
    printf("%u %u %d %02x%02x%02x\n", img.width, img.height, count_colours(rows, img.width, img.height), px[0],
           px[1], px[2]);
    free(rows);
    free(px);
    return 0;
}
