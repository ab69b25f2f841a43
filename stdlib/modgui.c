/* The `_taichi_gui` module: the C half of ti.GUI and ti.tools' images
 * (stdlib/py/taichi/ui/gui.py, taichi/tools/image.py). A canvas is a
 * bytearray of RGBA floats that the GUI object owns (canvas.h); images and
 * host arrays travel as bytearrays of raw little-endian elements named by a
 * Taichi type name ("u8", "f32", ...), in the row-major order of a field
 * whose indices are (x, y[, channel]). Fields come in through their place
 * SNodes (program/). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../program/program.h"
#include "canvas.h"
#include "image.h"
#include "modules.h"
#include "window.h"

#define TNAME(v) (vm_type_of(vm, (v))->name->data)

/* ---- element types --------------------------------------------------------------------- */

typedef struct {
    const char *name;
    int size;
    char kind;              /* 'i' signed, 'u' unsigned, 'f' float */
} ElemType;

static const ElemType elem_types[] = {
    {"i8", 1, 'i'}, {"i16", 2, 'i'}, {"i32", 4, 'i'}, {"i64", 8, 'i'}, {"u8", 1, 'u'}, {"u16", 2, 'u'},
    {"u32", 4, 'u'}, {"u64", 8, 'u'}, {"f32", 4, 'f'}, {"f64", 8, 'f'},
};

static const ElemType *arg_type(VM *vm, Value v)
{
    if (v_has_layout(v, LAYOUT_STR))
        for (size_t i = 0; i < sizeof elem_types / sizeof elem_types[0]; i++)
            if (!strcmp(AS_STR(v)->data, elem_types[i].name)) return &elem_types[i];
    vm_raise(vm, vm->e_ValueError, "unsupported element type %s", v_has_layout(v, LAYOUT_STR) ? AS_STR(v)->data : TNAME(v));
    return NULL;
}

static int64_t load_int(const ElemType *t, const uint8_t *p)
{
    switch (t->size * (t->kind == 'u' ? -1 : 1)) {
    case 1: return *(const int8_t *)p;
    case 2: { int16_t v; memcpy(&v, p, 2); return v; }
    case 4: { int32_t v; memcpy(&v, p, 4); return v; }
    case -1: return *p;
    case -2: { uint16_t v; memcpy(&v, p, 2); return v; }
    case -4: { uint32_t v; memcpy(&v, p, 4); return v; }
    default: { int64_t v; memcpy(&v, p, 8); return v; }   /* u64 as its bits */
    }
}

static double load_double(const ElemType *t, const uint8_t *p)
{
    if (t->kind == 'f') {
        if (t->size == 4) {
            float f;
            memcpy(&f, p, 4);
            return f;
        }
        double d;
        memcpy(&d, p, 8);
        return d;
    }
    int64_t i = load_int(t, p);
    return t->kind == 'u' && t->size == 8 ? (double)(uint64_t)i : (double)i;
}

/* ---- arguments ------------------------------------------------------------------------- */

typedef struct {
    uint8_t *p;
    size_t n;
} Bytes;

static bool arg_bytes(VM *vm, Value v, Bytes *b)
{
    if (v_has_layout(v, LAYOUT_BYTEARRAY)) {
        ByteArrayObj *a = (ByteArrayObj *)v_as_obj(v);
        *b = (Bytes){a->data, a->len};
        return true;
    }
    if (v_has_layout(v, LAYOUT_BYTES)) {
        BytesObj *a = (BytesObj *)v_as_obj(v);
        *b = (Bytes){a->data, a->len};
        return true;
    }
    vm_raise(vm, vm->e_TypeError, "a bytes-like object is required, not '%s'", TNAME(v));
    return false;
}

static bool arg_int(VM *vm, Value v, int64_t *out)
{
    if (v_is_int(v)) {
        *out = v_as_int(v);
        return true;
    }
    return vm_index(vm, v, out);
}

static bool arg_float(VM *vm, Value v, float *out)
{
    double d;
    if (v_is_double(v)) d = v_as_double(v);
    else if (!vm_to_double(vm, v, &d)) return false;
    *out = (float)d;
    return true;
}

/* A bytearray of n bytes (zeroed). */
static Value new_bytearray(VM *vm, size_t n, uint8_t **data)
{
    if (n >= UINT32_MAX) return vm_raise(vm, vm->e_MemoryError, "an image of %zu bytes is too large", n);
    ByteArrayObj *a = vm_alloc(vm, vm->t_bytearray, sizeof *a);
    if (!a) return V_EXC;
    a->len = a->cap = 0;
    a->data = NULL;
    uint8_t *d = calloc(n ? n : 1, 1);
    if (!d) return vm_raise(vm, vm->e_MemoryError, "out of memory");
    a->data = d;
    a->len = a->cap = (uint32_t)n;
    *data = d;
    return v_obj(a);
}

/* args[0..3) = canvas, width, height */
static bool arg_canvas(VM *vm, Value *args, GuiCanvas *c)
{
    Bytes b;
    int64_t w, h;
    if (!arg_bytes(vm, args[0], &b) || !arg_int(vm, args[1], &w) || !arg_int(vm, args[2], &h)) return false;
    if (w <= 0 || h <= 0 || w > 1 << 15 || h > 1 << 15 || b.n != (size_t)w * (size_t)h * 4 * sizeof(float)) {
        vm_raise(vm, vm->e_ValueError, "the canvas does not hold %lld x %lld pixels", (long long)w, (long long)h);
        return false;
    }
    *c = (GuiCanvas){(float *)(void *)b.p, (int)w, (int)h};
    return true;
}

static bool arg_color(VM *vm, Value v, float rgba[4])
{
    int64_t hex;
    if (!arg_int(vm, v, &hex)) return false;
    gui_color((uint32_t)hex, rgba);
    return true;
}

/* A number, or a list / tuple of n numbers: *one set, or the items in *items. */
typedef struct {
    Value *items;
    uint32_t n;
    Value one;
} PerItem;

static bool arg_per_item(VM *vm, Value v, uint32_t n, const char *what, PerItem *out)
{
    if (v_has_layout(v, LAYOUT_LIST) || v_has_layout(v, LAYOUT_TUPLE)) {
        out->items = vm_seq_items(v, &out->n);
        if (out->n != n) {
            vm_raise(vm, vm->e_ValueError, "%u %s for %u items", out->n, what, n);
            return false;
        }
        return true;
    }
    *out = (PerItem){NULL, 0, v};
    return true;
}

static Value item_of(const PerItem *p, uint32_t i) { return p->items ? p->items[i] : p->one; }

/* A flat list of 2 * n numbers (x0, y0, x1, y1, ...). */
static bool arg_points(VM *vm, Value v, float **pts, uint32_t *n)
{
    if (!v_has_layout(v, LAYOUT_LIST) && !v_has_layout(v, LAYOUT_TUPLE)) {
        vm_raise(vm, vm->e_TypeError, "expected a flat list of coordinates, got %s", TNAME(v));
        return false;
    }
    uint32_t len;
    Value *items = vm_seq_items(v, &len);
    if (len % 2) {
        vm_raise(vm, vm->e_ValueError, "an odd number of coordinates");
        return false;
    }
    *pts = malloc(sizeof(float) * (len ? len : 1));
    if (!*pts) {
        vm_raise(vm, vm->e_MemoryError, "out of memory");
        return false;
    }
    for (uint32_t i = 0; i < len; i++) {
        items = vm_seq_items(v, &len);
        double d;
        if (v_is_double(items[i]) || v_is_int(items[i]))
            d = v_is_int(items[i]) ? (double)v_as_int(items[i]) : v_as_double(items[i]);
        else if (v_is_bool(items[i]) || !vm_to_double(vm, items[i], &d)) {
            /* numbers of other kinds (numpy's float32, Fraction) convert through __float__ */
            vm->exc = V_NONE;
            free(*pts);
            vm_raise(vm, vm->e_TypeError, "coordinates must be numbers, not %s", TNAME(items[i]));
            return false;
        }
        (*pts)[i] = (float)d;
    }
    *n = len / 2;
    return true;
}

/* ---- canvas drawing -------------------------------------------------------------------- */

/* clear(canvas, w, h, color) */
static Value g_clear(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    GuiCanvas c;
    float rgba[4];
    if (!mod_check_range(vm, "clear", nargs, kw, 4, 4) || !arg_canvas(vm, args, &c) || !arg_color(vm, args[3], rgba))
        return V_EXC;
    gui_canvas_clear(&c, rgba);
    return V_NONE;
}

/* circles(canvas, w, h, sx, sy, xy, radius, color): xy flat, scaled by (sx, sy);
 * radius and color one each or a list. */
static Value g_circles(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    GuiCanvas c;
    float sx, sy, *pts;
    uint32_t n;
    PerItem radius, color;
    if (!mod_check_range(vm, "circles", nargs, kw, 8, 8) || !arg_canvas(vm, args, &c) ||
        !arg_float(vm, args[3], &sx) || !arg_float(vm, args[4], &sy) || !arg_points(vm, args[5], &pts, &n))
        return V_EXC;
    bool ok = arg_per_item(vm, args[6], n, "radii", &radius) && arg_per_item(vm, args[7], n, "colors", &color);
    for (uint32_t i = 0; ok && i < n; i++) {
        float r, rgba[4];
        ok = arg_float(vm, item_of(&radius, i), &r) && arg_color(vm, item_of(&color, i), rgba);
        if (ok) gui_canvas_circle(&c, pts[2 * i] * sx, pts[2 * i + 1] * sy, r, rgba);
    }
    free(pts);
    return ok ? V_NONE : V_EXC;
}

/* lines(canvas, w, h, sx, sy, begin, end, radius, color) */
static Value g_lines(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    GuiCanvas c;
    float sx, sy, *a, *b = NULL;
    uint32_t n, nb;
    PerItem radius, color;
    if (!mod_check_range(vm, "lines", nargs, kw, 9, 9) || !arg_canvas(vm, args, &c) ||
        !arg_float(vm, args[3], &sx) || !arg_float(vm, args[4], &sy) || !arg_points(vm, args[5], &a, &n))
        return V_EXC;
    bool ok = arg_points(vm, args[6], &b, &nb);
    if (ok && nb != n) ok = vm_raise(vm, vm->e_ValueError, "%u line starts but %u ends", n, nb) != V_EXC;
    ok = ok && arg_per_item(vm, args[7], n, "radii", &radius) && arg_per_item(vm, args[8], n, "colors", &color);
    for (uint32_t i = 0; ok && i < n; i++) {
        float r, rgba[4];
        ok = arg_float(vm, item_of(&radius, i), &r) && arg_color(vm, item_of(&color, i), rgba);
        if (ok) gui_canvas_stroke(&c, a[2 * i] * sx, a[2 * i + 1] * sy, b[2 * i] * sx, b[2 * i + 1] * sy, r, rgba);
    }
    free(a);
    free(b);
    return ok ? V_NONE : V_EXC;
}

/* triangles(canvas, w, h, sx, sy, a, b, c, color) */
static Value g_triangles(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    GuiCanvas c;
    float sx, sy, *v[3] = {NULL, NULL, NULL};
    uint32_t n[3];
    PerItem color;
    if (!mod_check_range(vm, "triangles", nargs, kw, 9, 9) || !arg_canvas(vm, args, &c) ||
        !arg_float(vm, args[3], &sx) || !arg_float(vm, args[4], &sy))
        return V_EXC;
    bool ok = true;
    for (int k = 0; ok && k < 3; k++) ok = arg_points(vm, args[5 + k], &v[k], &n[k]);
    if (ok && (n[1] != n[0] || n[2] != n[0]))
        ok = vm_raise(vm, vm->e_ValueError, "the triangles' corners differ in number") != V_EXC;
    ok = ok && arg_per_item(vm, args[8], n[0], "colors", &color);
    for (uint32_t i = 0; ok && i < n[0]; i++) {
        float rgba[4], p[3][2];
        for (int k = 0; k < 3; k++) p[k][0] = v[k][2 * i] * sx, p[k][1] = v[k][2 * i + 1] * sy;
        ok = arg_color(vm, item_of(&color, i), rgba);
        if (ok) gui_canvas_triangle(&c, p[0], p[1], p[2], rgba);
    }
    for (int k = 0; k < 3; k++) free(v[k]);
    return ok ? V_NONE : V_EXC;
}

/* fill(canvas, w, h, x0, y0, x1, y1, color): pixels */
static Value g_fill(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    GuiCanvas c;
    int64_t r[4];
    float rgba[4];
    if (!mod_check_range(vm, "fill", nargs, kw, 8, 8) || !arg_canvas(vm, args, &c)) return V_EXC;
    for (int k = 0; k < 4; k++)
        if (!arg_int(vm, args[3 + k], &r[k])) return V_EXC;
    if (!arg_color(vm, args[7], rgba)) return V_EXC;
    for (int k = 0; k < 4; k++) r[k] = r[k] < -1 ? -1 : r[k] > 1 << 16 ? 1 << 16 : r[k];
    gui_canvas_fill(&c, (int)r[0], (int)r[1], (int)r[2], (int)r[3], rgba);
    return V_NONE;
}

/* text(canvas, w, h, text, x, y, size, color): pixels */
static Value g_text(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    GuiCanvas c;
    float x, y, size, rgba[4];
    if (!mod_check_range(vm, "text", nargs, kw, 8, 8) || !arg_canvas(vm, args, &c)) return V_EXC;
    if (!v_has_layout(args[3], LAYOUT_STR)) return vm_raise(vm, vm->e_TypeError, "text must be a str, not %s", TNAME(args[3]));
    if (!arg_float(vm, args[4], &x) || !arg_float(vm, args[5], &y) || !arg_float(vm, args[6], &size) ||
        !arg_color(vm, args[7], rgba))
        return V_EXC;
    gui_canvas_text(&c, AS_STR(args[3])->data, x, y, size, rgba);
    return V_NONE;
}

/* ---- images into the canvas ------------------------------------------------------------ */

enum { SET_SCALAR = 0, SET_VECTOR = 1, SET_COOKED = 2 };

/* set_image(canvas, w, h, data, type, channels, mode): data holds w * h *
 * channels elements. The modes are Taichi's three paths: SET_SCALAR (a float
 * scalar field: r = g = b = v, alpha kept), SET_VECTOR (a float vector field:
 * its channels, blue 0 below three, alpha kept below four), SET_COOKED
 * (GUI.cook_image: ints scaled by 1 / their maximum in float32, one channel
 * to all four, missing ones 0). */
static Value g_set_image(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    GuiCanvas c;
    Bytes d;
    int64_t ch, mode;
    const ElemType *t;
    if (!mod_check_range(vm, "set_image", nargs, kw, 7, 7) || !arg_canvas(vm, args, &c) || !arg_bytes(vm, args[3], &d) ||
        !(t = arg_type(vm, args[4])) || !arg_int(vm, args[5], &ch) || !arg_int(vm, args[6], &mode))
        return V_EXC;
    size_t n = (size_t)c.width * (size_t)c.height;
    if (ch < 1 || ch > 4 || d.n != n * (size_t)ch * (size_t)t->size)
        return vm_raise(vm, vm->e_ValueError, "Image resolution does not match GUI resolution");
    float scale = 1.0f;
    if (t->kind == 'u') scale = (float)(1.0 / (double)(t->size == 8 ? UINT64_MAX : (UINT64_C(1) << 8 * t->size) - 1));
    for (size_t i = 0; i < n; i++) {
        float v[4] = {0, 0, 0, 0}, *px = c.px + i * 4;
        for (int k = 0; k < ch; k++) {
            const uint8_t *p = d.p + (i * (size_t)ch + (size_t)k) * (size_t)t->size;
            v[k] = t->kind == 'f' ? (float)load_double(t, p) : (float)load_double(t, p) * scale;
        }
        if (mode == SET_SCALAR) {
            px[0] = px[1] = px[2] = v[0];
        } else if (mode == SET_VECTOR) {
            for (int k = 0; k < ch; k++) px[k] = v[k];
            if (ch <= 2) px[2] = 0.0f;
        } else if (ch == 1) {
            px[0] = px[1] = px[2] = px[3] = v[0];
        } else {
            memcpy(px, v, sizeof v);
        }
    }
    return V_NONE;
}

/* fast_image(data, type, w, h, channels) -> bytearray of u32 0xRRGGBB, rows
 * from the top: what Taichi's fast_gui keeps in gui.img (floats times 255
 * truncated into 0..255, u8 as they are) */
static Value g_fast_image(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Bytes d;
    const ElemType *t;
    int64_t w, h, ch;
    uint8_t *out;
    if (!mod_check_range(vm, "fast_image", nargs, kw, 5, 5) || !arg_bytes(vm, args[0], &d) ||
        !(t = arg_type(vm, args[1])) || !arg_int(vm, args[2], &w) || !arg_int(vm, args[3], &h) ||
        !arg_int(vm, args[4], &ch))
        return V_EXC;
    if (w <= 0 || h <= 0 || ch < 3 || ch > 4 || d.n != (size_t)(w * h * ch) * (size_t)t->size)
        return vm_raise(vm, vm->e_ValueError, "Image resolution does not match GUI resolution");
    Value r = new_bytearray(vm, (size_t)(w * h) * 4, &out);
    if (r == V_EXC) return V_EXC;
    for (int64_t j = 0; j < h; j++)
        for (int64_t i = 0; i < w; i++) {
            const uint8_t *px = d.p + (size_t)((i * h + (h - 1 - j)) * ch) * (size_t)t->size;
            uint32_t rgb = 0;
            for (int k = 0; k < 3; k++) {
                const uint8_t *p = px + (size_t)k * (size_t)t->size;
                double v = t->kind == 'f' ? load_double(t, p) * 255.0 : (double)load_int(t, p);
                if (t->kind == 'f' && t->size == 4) v = (double)((float)load_double(t, p) * 255.0f);
                int c = v > 0.0 ? (v < 255.0 ? (int)v : 255) : 0;
                rgb = rgb << 8 | (uint32_t)c;
            }
            memcpy(out + (size_t)(j * w + i) * 4, &rgb, 4);
        }
    return r;
}

/* get_image(canvas, w, h) -> bytearray of the canvas's f32 RGBA, (x, y) row-major */
static Value g_get_image(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    GuiCanvas c;
    uint8_t *out;
    if (!mod_check_range(vm, "get_image", nargs, kw, 3, 3) || !arg_canvas(vm, args, &c)) return V_EXC;
    size_t n = (size_t)c.width * (size_t)c.height * 4 * sizeof(float);
    Value r = new_bytearray(vm, n, &out);
    if (r != V_EXC) memcpy(out, c.px, n);
    return r;
}

/* screenshot(canvas, w, h, path): the RGB image file */
static Value g_screenshot(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    GuiCanvas c;
    if (!mod_check_range(vm, "screenshot", nargs, kw, 4, 4) || !arg_canvas(vm, args, &c)) return V_EXC;
    if (!v_has_layout(args[3], LAYOUT_STR)) return vm_raise(vm, vm->e_TypeError, "the file name must be a str");
    GuiImage img = {c.width, c.height, 3, malloc((size_t)c.width * (size_t)c.height * 3)};
    if (!img.pixels) return vm_raise(vm, vm->e_MemoryError, "out of memory");
    gui_canvas_rgb8(&c, img.pixels, 3);
    char err[512];
    bool ok = gui_image_write(AS_STR(args[3])->data, &img, err, sizeof err);
    free(img.pixels);
    return ok ? V_NONE : vm_raise(vm, vm->e_RuntimeError, "%s", err);
}

/* ---- image files ----------------------------------------------------------------------- */

/* to_u8(data, type) -> bytearray: ti.tools.imwrite's conversion of each
 * element: floats clip(v, 0, 1) * 255 truncated (in the type's precision),
 * u16 / u32 / u64 divided by (max // 256) and wrapped to 8 bits, u8 kept. */
static Value g_to_u8(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Bytes d;
    const ElemType *t;
    uint8_t *out;
    if (!mod_check_range(vm, "to_u8", nargs, kw, 2, 2) || !arg_bytes(vm, args[0], &d) || !(t = arg_type(vm, args[1])))
        return V_EXC;
    if (t->kind == 'i') return vm_raise(vm, vm->e_ValueError, "signed elements are not an image");
    size_t n = d.n / (size_t)t->size;
    Value r = new_bytearray(vm, n, &out);
    if (r == V_EXC) return V_EXC;
    uint64_t div = t->size == 8 ? UINT64_MAX / 256 : ((UINT64_C(1) << 8 * t->size) - 1) / 256;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *p = d.p + i * (size_t)t->size;
        if (t->kind == 'f' && t->size == 4) {
            float f = (float)load_double(t, p);
            f = f > 0.0f ? (f < 1.0f ? f : 1.0f) : 0.0f;
            out[i] = (uint8_t)(f * 255.0f);
        } else if (t->kind == 'f') {
            double f = load_double(t, p);
            f = f > 0.0 ? (f < 1.0 ? f : 1.0) : 0.0;
            out[i] = (uint8_t)(f * 255.0);
        } else {
            out[i] = t->size == 1 ? *p : (uint8_t)((uint64_t)load_int(t, p) / div);
        }
    }
    return r;
}

/* imwrite(path, data, w, h, comp): data u8, (x, y, channel) row-major */
static Value g_imwrite(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Bytes d;
    int64_t w, h, comp;
    if (!mod_check_range(vm, "imwrite", nargs, kw, 5, 5) || !arg_bytes(vm, args[1], &d) || !arg_int(vm, args[2], &w) ||
        !arg_int(vm, args[3], &h) || !arg_int(vm, args[4], &comp))
        return V_EXC;
    if (!v_has_layout(args[0], LAYOUT_STR)) return vm_raise(vm, vm->e_TypeError, "the file name must be a str");
    if (w <= 0 || h <= 0 || w > 1 << 16 || h > 1 << 16 || comp < 1 || comp > 4 || d.n != (size_t)(w * h * comp))
        return vm_raise(vm, vm->e_ValueError, "%zu bytes are not a %lld x %lld x %lld image", d.n, (long long)w,
                        (long long)h, (long long)comp);
    GuiImage img = {(int)w, (int)h, (int)comp, malloc(d.n)};
    if (!img.pixels) return vm_raise(vm, vm->e_MemoryError, "out of memory");
    for (int64_t y = 0; y < h; y++)     /* file row r is y = h - 1 - r */
        for (int64_t x = 0; x < w; x++)
            memcpy(img.pixels + ((h - 1 - y) * w + x) * comp, d.p + (x * h + y) * comp, (size_t)comp);
    char err[512];
    bool ok = gui_image_write(AS_STR(args[0])->data, &img, err, sizeof err);
    free(img.pixels);
    return ok ? V_NONE : vm_raise(vm, vm->e_RuntimeError, "%s", err);
}

/* imread(path, channels) -> (data, w, h, comp), data u8 (x, y, channel) row-major */
static Value g_imread(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int64_t channels;
    if (!mod_check_range(vm, "imread", nargs, kw, 2, 2) || !arg_int(vm, args[1], &channels)) return V_EXC;
    if (!v_has_layout(args[0], LAYOUT_STR)) return vm_raise(vm, vm->e_TypeError, "the file name must be a str");
    if (channels < 0 || channels > 4) return vm_raise(vm, vm->e_ValueError, "channels must be 0 to 4, not %lld", (long long)channels);
    GuiImage img;
    char err[512];
    if (!gui_image_read(AS_STR(args[0])->data, (int)channels, &img, err, sizeof err))
        return vm_raise(vm, vm->e_RuntimeError, "%s", err);
    size_t w = (size_t)img.width, h = (size_t)img.height, comp = (size_t)img.comp;
    uint8_t *out;
    Value data = new_bytearray(vm, w * h * comp, &out);
    if (data != V_EXC)
        for (size_t y = 0; y < h; y++)
            for (size_t x = 0; x < w; x++)
                memcpy(out + (x * h + y) * comp, img.pixels + ((h - 1 - y) * w + x) * comp, comp);
    free(img.pixels);
    if (data == V_EXC) return V_EXC;
    vm_push_root(vm, data);
    Value items[4] = {data, v_int(img.width), v_int(img.height), v_int(img.comp)};
    Value r = vm_tuple_of(vm, items, 4);
    vm_pop_roots(vm, 1);
    return r;
}

/* ---- host arrays: raw elements <-> Python numbers ---------------------------------------- */

/* field_data(place_ids, type) -> bytearray: the field's elements (their
 * entries in a row), row-major, as raw bytes of the type */
static Value g_field_data(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int64_t ids[64];
    uint32_t n;
    if (!mod_check_range(vm, "field_data", nargs, kw, 1, 1)) return V_EXC;
    if (!v_has_layout(args[0], LAYOUT_LIST) && !v_has_layout(args[0], LAYOUT_TUPLE))
        return vm_raise(vm, vm->e_TypeError, "expected a list of SNode ids");
    Value *items = vm_seq_items(args[0], &n);
    if (n < 1 || n > 64) return vm_raise(vm, vm->e_ValueError, "a field has 1 to 64 entries");
    for (uint32_t i = 0; i < n; i++)
        if (!arg_int(vm, items[i], &ids[i])) return V_EXC;
    Program *p = prog_of(vm);
    size_t size;
    uint8_t *out;
    if (!p || !prog_field_copy(p, ids, (int)n, NULL, 0, false, &size)) return V_EXC;
    Value r = new_bytearray(vm, size, &out);
    if (r == V_EXC) return V_EXC;
    vm_push_root(vm, r);
    bool ok = prog_field_copy(p, ids, (int)n, out, size, false, &size);
    vm_pop_roots(vm, 1);
    return ok ? r : V_EXC;
}

/* unpack(data, type) -> list of Python numbers */
static Value g_unpack(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Bytes d;
    const ElemType *t;
    if (!mod_check_range(vm, "unpack", nargs, kw, 2, 2) || !arg_bytes(vm, args[0], &d) || !(t = arg_type(vm, args[1])))
        return V_EXC;
    size_t n = d.n / (size_t)t->size;
    if (n > UINT32_MAX / 2) return vm_raise(vm, vm->e_MemoryError, "too many elements");
    Value list = vm_new_list(vm, (uint32_t)n);
    if (list == V_EXC) return V_EXC;
    vm_push_root(vm, list);
    bool ok = true;
    for (size_t i = 0; ok && i < n; i++) {
        const uint8_t *p = d.p + i * (size_t)t->size;
        Value v;
        if (t->kind == 'f') {
            v = v_double(load_double(t, p));
        } else if (t->kind == 'u' && t->size == 8 && load_int(t, p) < 0) {
            mpz_t z;
            mpz_init(z);
            mpz_import(z, 1, -1, 8, 0, 0, p);
            v = vm_int_from_mpz(vm, z);
            mpz_clear(z);
        } else {
            v = vm_int_from_i64(vm, load_int(t, p));
        }
        ok = v != V_EXC && vm_list_append(vm, AS_LIST(list), v);
    }
    vm_pop_roots(vm, 1);
    return ok ? list : V_EXC;
}

/* pack(values, type) -> bytearray: each number converted as numpy's astype
 * converts it (floats truncated toward zero, ints wrapped to the width) */
static Value g_pack(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    const ElemType *t;
    if (!mod_check_range(vm, "pack", nargs, kw, 2, 2) || !(t = arg_type(vm, args[1]))) return V_EXC;
    if (!v_has_layout(args[0], LAYOUT_LIST) && !v_has_layout(args[0], LAYOUT_TUPLE))
        return vm_raise(vm, vm->e_TypeError, "expected a list of numbers, not %s", TNAME(args[0]));
    uint32_t n;
    vm_seq_items(args[0], &n);
    uint8_t *out;
    Value r = new_bytearray(vm, (size_t)n * (size_t)t->size, &out);
    if (r == V_EXC) return V_EXC;
    uint32_t now;
    Value *items = vm_seq_items(args[0], &now);
    for (uint32_t i = 0; i < n && i < now; i++) {
        Value v = items[i];
        uint8_t *p = out + (size_t)i * (size_t)t->size;
        double d = 0.0;
        uint64_t bits = 0;
        if (v_is_int(v) || v_is_bool(v)) {
            int64_t k = v_is_int(v) ? v_as_int(v) : v == V_TRUE;
            d = (double)k, bits = (uint64_t)k;
        } else if (v_is_double(v)) {
            d = v_as_double(v);
            bits = isfinite(d) && fabs(d) < 9.2e18 ? (uint64_t)(int64_t)d : 0;
            if (t->kind == 'u' && d >= 9.2e18 && d < 1.8e19) bits = (uint64_t)d;
        } else if (v_has_layout(v, LAYOUT_BIGINT)) {
            mpz_t z;
            mpz_init(z);
            vm_int_to_mpz(v, z);
            d = mpz_get_d(z);
            mpz_fdiv_r_2exp(z, z, 64);
            bits = mpz_get_ui(z);
            mpz_clear(z);
        } else {
            return vm_raise(vm, vm->e_TypeError, "expected numbers, not %s", TNAME(v));
        }
        if (t->kind == 'f' && t->size == 4) {
            float f = (float)d;
            memcpy(p, &f, 4);
        } else if (t->kind == 'f') {
            memcpy(p, &d, 8);
        } else {
            memcpy(p, &bits, (size_t)t->size);    /* little-endian: the low bytes */
        }
    }
    return r;
}

/* map_u8(data, table) -> bytearray: table[b] for each byte b (table of 256
 * bytes): the elementwise arithmetic of a uint8 array with a number */
static Value g_map_u8(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Bytes d, t;
    uint8_t *out;
    if (!mod_check_range(vm, "map_u8", nargs, kw, 2, 2) || !arg_bytes(vm, args[0], &d) || !arg_bytes(vm, args[1], &t))
        return V_EXC;
    if (t.n != 256) return vm_raise(vm, vm->e_ValueError, "the table must hold 256 bytes");
    Value r = new_bytearray(vm, d.n, &out);
    if (r != V_EXC)
        for (size_t i = 0; i < d.n; i++) out[i] = t.p[d.p[i]];
    return r;
}

/* ---- windows ------------------------------------------------------------------------- */

/* A window handle: the module's Window type, its GuiWindow (NULL once
 * closed). A handle collected unclosed leaves its window open until the
 * process ends: ti.GUI closes it in close() and __exit__. */
typedef struct {
    Obj hdr;
    GuiWindow *win;
} WindowObj;

#define WINDOW_TAG 0x57494E44u

static TypeObj *window_type(VM *vm)
{
    Value m = vm_dict_get_str(vm->modules, vm_intern(vm, "_taichi_gui", 11));
    if (!v_is_obj(m) || !v_as_obj(m)->dict) return NULL;
    Value t = vm_dict_get_str(v_as_obj(m)->dict, vm_intern(vm, "Window", 6));
    return v_has_layout(t, LAYOUT_TYPE) ? AS_TYPE(t) : NULL;
}

/* v as a window handle, open or closed; NULL with TypeError */
static WindowObj *arg_handle(VM *vm, Value v)
{
    TypeObj *t = window_type(vm);
    if (!t || !v_is_obj(v) || vm_type_of(vm, v) != t || v_as_obj(v)->aux != WINDOW_TAG) {
        vm_raise(vm, vm->e_TypeError, "expected a _taichi_gui.Window, not %s", TNAME(v));
        return NULL;
    }
    return (WindowObj *)v_as_obj(v);
}

/* v as an open window; NULL with TypeError or RuntimeError */
static GuiWindow *arg_window(VM *vm, Value v)
{
    WindowObj *o = arg_handle(vm, v);
    if (o && !o->win) vm_raise(vm, vm->e_RuntimeError, "the window is closed");
    return o ? o->win : NULL;
}

/* window_open(title, w, h, fullscreen) -> Window */
static Value g_window_open(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int64_t w, h;
    if (!mod_check_range(vm, "window_open", nargs, kw, 4, 4) || !arg_int(vm, args[1], &w) || !arg_int(vm, args[2], &h))
        return V_EXC;
    if (!v_has_layout(args[0], LAYOUT_STR)) return vm_raise(vm, vm->e_TypeError, "the title must be a str");
    if (w <= 0 || h <= 0 || w > 1 << 15 || h > 1 << 15)
        return vm_raise(vm, vm->e_ValueError, "a window of %lld x %lld pixels", (long long)w, (long long)h);
    TypeObj *t = window_type(vm);
    WindowObj *o = t ? vm_alloc(vm, t, sizeof *o) : NULL;
    if (!o) return t ? V_EXC : vm_raise(vm, vm->e_RuntimeError, "_taichi_gui.Window is missing");
    o->hdr.aux = WINDOW_TAG;
    o->win = NULL;
    char err[512];
    o->win = gui_window_open(AS_STR(args[0])->data, (int)w, (int)h, args[3] == V_TRUE, err, sizeof err);
    return o->win ? v_obj(o) : vm_raise(vm, vm->e_RuntimeError, "%s", err);
}

/* window_show(window, canvas, w, h) */
static Value g_window_show(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    GuiCanvas c;
    GuiWindow *win;
    if (!mod_check_range(vm, "window_show", nargs, kw, 4, 4) || !(win = arg_window(vm, args[0])) ||
        !arg_canvas(vm, args + 1, &c))
        return V_EXC;
    uint8_t *rgba = malloc((size_t)c.width * (size_t)c.height * 4);
    if (!rgba) return vm_raise(vm, vm->e_MemoryError, "out of memory");
    gui_canvas_rgb8(&c, rgba, 4);
    gui_window_present(win, rgba);
    free(rgba);
    return V_NONE;
}

/* window_title(window, title) */
static Value g_window_title(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    GuiWindow *win;
    if (!mod_check_range(vm, "window_title", nargs, kw, 2, 2) || !(win = arg_window(vm, args[0]))) return V_EXC;
    if (!v_has_layout(args[1], LAYOUT_STR)) return vm_raise(vm, vm->e_TypeError, "the title must be a str");
    gui_window_set_title(win, AS_STR(args[1])->data);
    return V_NONE;
}

/* window_events(window) -> [(type, key, x, y, dx, dy), ...] */
static Value g_window_events(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    GuiWindow *win;
    GuiEvent ev[64];
    if (!mod_check_range(vm, "window_events", nargs, kw, 1, 1) || !(win = arg_window(vm, args[0]))) return V_EXC;
    int n = gui_window_events(win, ev, 64);
    Value list = vm_new_list(vm, (uint32_t)n);
    if (list == V_EXC) return V_EXC;
    vm_push_root(vm, list);
    bool ok = true;
    for (int i = 0; ok && i < n; i++) {
        Value key = vm_cstr(vm, ev[i].key);
        if (key == V_EXC) {
            ok = false;
            break;
        }
        vm_push_root(vm, key);
        Value items[6] = {v_int(ev[i].type), key, v_int(ev[i].x), v_int(ev[i].y), v_int(ev[i].dx), v_int(ev[i].dy)};
        Value tuple = vm_tuple_of(vm, items, 6);
        vm_pop_roots(vm, 1);
        ok = tuple != V_EXC && vm_list_append(vm, AS_LIST(list), tuple);
    }
    vm_pop_roots(vm, 1);
    return ok ? list : V_EXC;
}

/* window_close(window): closes it (again: nothing) */
static Value g_window_close(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    WindowObj *o;
    if (!mod_check_range(vm, "window_close", nargs, kw, 1, 1) || !(o = arg_handle(vm, args[0]))) return V_EXC;
    gui_window_close(o->win);
    o->win = NULL;
    return V_NONE;
}

Value mod_gui_open(VM *vm)
{
    static const ModFunction functions[] = {
        {"clear", g_clear}, {"circles", g_circles}, {"lines", g_lines}, {"triangles", g_triangles},
        {"fill", g_fill}, {"text", g_text}, {"set_image", g_set_image}, {"get_image", g_get_image}, {"fast_image", g_fast_image},
        {"screenshot", g_screenshot}, {"to_u8", g_to_u8}, {"imwrite", g_imwrite}, {"imread", g_imread},
        {"field_data", g_field_data}, {"unpack", g_unpack}, {"pack", g_pack}, {"map_u8", g_map_u8},
        {"window_open", g_window_open}, {"window_show", g_window_show}, {"window_title", g_window_title},
        {"window_events", g_window_events}, {"window_close", g_window_close},
    };
    Value m = vm_new_module(vm, "_taichi_gui");
    if (m == V_EXC) return V_EXC;
    vm_push_root(vm, m);
    bool ok = mod_add_functions(vm, m, functions, sizeof functions / sizeof functions[0]);
    TypeObj *t = ok ? vm_new_builtin_type(vm, "_taichi_gui.Window", vm->t_object, LAYOUT_OBJECT) : NULL;
    ok = t && mod_dict_put(vm, v_as_obj(m)->dict, "Window", v_obj(t));
    vm_pop_roots(vm, 1);
    return ok ? m : V_EXC;
}
