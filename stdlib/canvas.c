/* Drawing on a GuiCanvas (canvas.h): discs, round-capped segments, triangles,
 * rectangles and text, with the arithmetic of Taichi's GUI canvas (float,
 * the same pixel centres and coverage ramps) so that frames compare with
 * Taichi's. */
#include <math.h>
#include <string.h>

#include "canvas.h"

static float clamp01(float v) { return v > 0.0f ? (v < 1.0f ? v : 1.0f) : 0.0f; }   /* NaN: 0 */
/* (int)v for pixel bounds: far coordinates (and NaN) clamped first, so the
 * conversion is defined */
static int pix(float v) { return v > -1e7f ? (v < 1e7f ? (int)v : 10000000) : -10000000; }
static int imin(int a, int b) { return a < b ? a : b; }
static int imax(int a, int b) { return a > b ? a : b; }

static float *at(const GuiCanvas *c, int x, int y) { return c->px + ((size_t)x * (size_t)c->height + (size_t)y) * 4; }

/* dest = lerp(alpha, dest, rgba) */
static void blend(float *dest, float alpha, const float rgba[4])
{
    for (int k = 0; k < 4; k++) dest[k] = dest[k] * (1.0f - alpha) + rgba[k] * alpha;
}

void gui_color(uint32_t hex, float rgba[4])
{
    const float s = 1.0f / 255.0f;
    rgba[0] = (float)(hex / 65536) * s;
    rgba[1] = (float)(hex / 256 % 256) * s;
    rgba[2] = (float)(hex % 256) * s;
    rgba[3] = 255.0f * s;
}

void gui_canvas_clear(GuiCanvas *c, const float rgba[4])
{
    size_t n = (size_t)c->width * (size_t)c->height;
    for (size_t i = 0; i < n; i++) memcpy(c->px + i * 4, rgba, 4 * sizeof(float));
}

void gui_canvas_circle(GuiCanvas *c, float x, float y, float radius, const float rgba[4])
{
    int x0 = imax(0, pix(ceilf(x - radius))), x1 = imin(pix(floorf(x + radius)), c->width - 1);
    int y0 = imax(0, pix(ceilf(y - radius))), y1 = imin(pix(floorf(y + radius)), c->height - 1);
    for (int i = x0; i <= x1; i++)
        for (int j = y0; j <= y1; j++) {
            float dx = x - (float)i, dy = y - (float)j;
            blend(at(c, i, j), rgba[3] * clamp01(radius - sqrtf(dx * dx + dy * dy)), rgba);
        }
}

void gui_canvas_stroke(GuiCanvas *c, float ax, float ay, float bx, float by, float radius, const float rgba[4])
{
    int r = imin(pix(ceilf(radius + 0.5f)), 1 << 16);
    int axi = pix(ax + 0.5f), ayi = pix(ay + 0.5f), bxi = pix(bx + 0.5f), byi = pix(by + 0.5f);
    int x0 = imax(0, imin(axi, bxi) - r), x1 = imin(c->width - 1, imax(axi, bxi) + r);
    int y0 = imax(0, imin(ayi, byi) - r), y1 = imin(c->height - 1, imax(ayi, byi) + r);
    float len = sqrtf((bx - ax) * (bx - ax) + (by - ay) * (by - ay));
    float dx = len > 0.0f ? (bx - ax) / len : 1.0f, dy = len > 0.0f ? (by - ay) / len : 0.0f;
    for (int i = x0; i <= x1; i++)
        for (int j = y0; j <= y1; j++) {
            float px = (float)i + 0.5f - ax, py = (float)j + 0.5f - ay;
            float u = -dy * px + dx * py;           /* across the segment */
            float v = dx * px + dy * py;            /* along it, 0 at a */
            if (v > 0.0f) v = fmaxf(0.0f, v - len);
            blend(at(c, i, j), rgba[3] * clamp01(radius - sqrtf(u * u + v * v)), rgba);
        }
}

static float cross(const float o[2], const float p[2], const float q[2])
{
    return (p[0] - o[0]) * (q[1] - o[1]) - (p[1] - o[1]) * (q[0] - o[0]);
}

void gui_canvas_triangle(GuiCanvas *c, const float a[2], const float b[2], const float p[2], const float rgba[4])
{
    float lo_x = fminf(a[0], fminf(b[0], p[0])), hi_x = fmaxf(a[0], fmaxf(b[0], p[0]));
    float lo_y = fminf(a[1], fminf(b[1], p[1])), hi_y = fmaxf(a[1], fmaxf(b[1], p[1]));
    int x0 = imax(0, pix(floorf(lo_x))), x1 = imin(c->width, pix(ceilf(hi_x)));
    int y0 = imax(0, pix(floorf(lo_y))), y1 = imin(c->height, pix(ceilf(hi_y)));
    for (int i = x0; i < x1; i++)
        for (int j = y0; j < y1; j++) {
            float q[2] = {(float)i + 0.5f, (float)j + 0.5f};
            /* inside when q is on the same side of all three edges, either winding */
            bool sa = cross(a, q, b) <= 0.0f, sb = cross(b, q, p) <= 0.0f, sc = cross(p, q, a) <= 0.0f;
            if (sa == sb && sa == sc) memcpy(at(c, i, j), rgba, 4 * sizeof(float));
        }
}

void gui_canvas_fill(GuiCanvas *c, int x0, int y0, int x1, int y1, const float rgba[4])
{
    for (int i = imax(0, x0); i < imin(x1, c->width); i++)
        for (int j = imax(0, y0); j < imin(y1, c->height); j++) memcpy(at(c, i, j), rgba, 4 * sizeof(float));
}

/* A glyph cell is GUI_FONT_COLS + 1 units wide and GUI_FONT_ROWS + 2 tall
 * (a row of space above and below); size pixels make one cell's height. Each
 * pixel takes the glyph's coverage of it, sampled 4 x 4. */
void gui_canvas_text(GuiCanvas *c, const char *text, float x, float y, float size, const float rgba[4])
{
    const int cell_w = GUI_FONT_COLS + 1, cell_h = GUI_FONT_ROWS + 2, ss = 4;
    if (!(size > 0.0f) || size > 4096.0f) return;
    float unit = size / (float)cell_h;
    int top = pix(y) - 1, left = pix(x) + 2;     /* as Taichi: 2 pixels of padding, hanging from y */
    int height = (int)ceilf(size);
    float pen = 0.0f;
    for (const unsigned char *s = (const unsigned char *)text; *s; s++, pen += (float)cell_w * unit) {
        if (*s >= 0x80 && (*s & 0xC0) == 0x80) {      /* a UTF-8 continuation: one '?' per character */
            pen -= (float)cell_w * unit;
            continue;
        }
        const uint8_t *g = gui_font_glyph(*s);
        int width = (int)ceilf((float)cell_w * unit);
        for (int col = 0; col < width; col++)
            for (int row = 0; row < height; row++) {
                int hits = 0;
                for (int sx = 0; sx < ss; sx++)
                    for (int sy = 0; sy < ss; sy++) {
                        float gx = ((float)col + ((float)sx + 0.5f) / (float)ss) / unit;
                        float gy = ((float)row + ((float)sy + 0.5f) / (float)ss) / unit - 1.0f;
                        int gc = (int)gx, gr = (int)floorf(gy);
                        if (gc < GUI_FONT_COLS && gr >= 0 && gr < GUI_FONT_ROWS && (g[gr] >> (GUI_FONT_COLS - 1 - gc) & 1))
                            hits++;
                    }
                int px = left + pix(pen) + col, py = top - row;
                if (hits && px >= 0 && px < c->width && py >= 0 && py < c->height)
                    blend(at(c, px, py), (float)hits / (float)(ss * ss), rgba);
            }
    }
}

void gui_canvas_rgb8(const GuiCanvas *c, uint8_t *out, int comp)
{
    for (int j = 0; j < c->height; j++)
        for (int i = 0; i < c->width; i++) {
            const float *p = at(c, i, c->height - 1 - j);
            uint8_t *d = out + ((size_t)j * (size_t)c->width + (size_t)i) * (size_t)comp;
            for (int k = 0; k < 3; k++) d[k] = (uint8_t)(255.0f * clamp01(p[k]));
            if (comp == 4) d[3] = 255;
        }
}
