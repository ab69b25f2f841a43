/* Image files for ti.tools.imwrite / imread and ti.GUI.show(file): 8-bit
 * images of 1 to 4 channels read and written as PNG (libpng) or BMP (our own
 * codec), chosen by the file name's suffix as Taichi chooses it. Pixels are
 * row-major from the top row, channels interleaved: the layout of the file,
 * not Taichi's (x, y) one, which stdlib/modgui.c converts. */
#ifndef TIRUN_IMAGE_H
#define TIRUN_IMAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    int width, height, comp;    /* comp: 1 grey, 2 grey + alpha, 3 RGB, 4 RGBA */
    uint8_t *pixels;            /* width * height * comp bytes, malloc'd */
} GuiImage;

/* Writes img to path (.png or .bmp); false with a message in err. */
bool gui_image_write(const char *path, const GuiImage *img, char *err, size_t errlen);
/* Reads path into *img, converted to `channels` channels (0: the file's own);
 * false with a message in err. The caller frees img->pixels. */
bool gui_image_read(const char *path, int channels, GuiImage *img, char *err, size_t errlen);

#endif
