/* The canvas of a ti.GUI: RGBA floats, one pixel per (x, y) with x the width
 * axis and y growing upwards, stored x-major as Taichi's Array2D<Vector4>
 * (pixel (x, y) at (x * height + y) * 4) so that a field's row-major order is
 * the canvas's own. Coordinates here are pixels; the GUI scales its
 * [0, 1]^2 ones. Shapes draw as Taichi's canvas draws them, in float. */
#ifndef TIRUN_CANVAS_H
#define TIRUN_CANVAS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    float *px;          /* width * height * 4 floats, owned by the caller */
    int width, height;
} GuiCanvas;

/* 0xRRGGBB as Taichi's color_from_hex: each byte / 255, alpha 1. */
void gui_color(uint32_t hex, float rgba[4]);

void gui_canvas_clear(GuiCanvas *c, const float rgba[4]);
/* A disc centred at (x, y) (pixel centres are integers), anti-aliased over one pixel. */
void gui_canvas_circle(GuiCanvas *c, float x, float y, float radius, const float rgba[4]);
/* A segment of half-width radius with round caps (pixel centres at + 0.5). */
void gui_canvas_stroke(GuiCanvas *c, float ax, float ay, float bx, float by, float radius, const float rgba[4]);
void gui_canvas_triangle(GuiCanvas *c, const float a[2], const float b[2], const float p[2], const float rgba[4]);
/* Pixels x0 <= x < x1, y0 <= y < y1 set to rgba. */
void gui_canvas_fill(GuiCanvas *c, int x0, int y0, int x1, int y1, const float rgba[4]);
/* text (ASCII; others draw as '?') in the built-in font, size pixels per line,
 * hanging down from its top-left corner (x, y) as Taichi's text does. */
void gui_canvas_text(GuiCanvas *c, const char *text, float x, float y, float size, const float rgba[4]);
/* The canvas as 8-bit rows from the top, comp 3 (RGB) or 4 (RGBA with
 * alpha 255): out holds width * height * comp bytes. Each channel is
 * (uint8)(255 * clamp(v, 0, 1)), truncated as Taichi's screenshot. */
void gui_canvas_rgb8(const GuiCanvas *c, uint8_t *out, int comp);

/* The built-in font (font.c): glyph rows of ASCII 32..126, 5 columns in the
 * low bits (bit 4 the leftmost), GUI_FONT_ROWS rows from the top; rows 0-6
 * hold capitals, row 7 descenders. */
enum { GUI_FONT_COLS = 5, GUI_FONT_ROWS = 8 };
const uint8_t *gui_font_glyph(int ch);

#endif
