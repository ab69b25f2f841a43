/* A small game embedding tirun: a Taichi script (sim.py) simulates sparks in
 * kernels, and this host launches them every frame, reads the image field they
 * draw and shows it with SDL2, or writes it to PNG files with --headless.
 *
 * The script is reloaded whenever it changes on disk: it runs again in the
 * same runtime, and the kernel handles follow its new definitions. A script
 * that fails is reported on stderr and in the window's title while the game
 * goes on with what the last good run defined.
 *
 * usage: game [--headless N] [--out DIR] [--swap FILE K]... [SCRIPT]
 * Build: see README.md (make, against the installed library). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <png.h>
#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <tirun.h>

#define MAX_SWAPS 8
#define SCALE 2   /* window pixels per image pixel */

typedef struct {
    const char *file;
    long after;   /* frame after which file replaces the script */
} Swap;

typedef struct {
    const char *script;
    long headless;     /* frames to write, 0 for a window */
    const char *out;   /* where --headless writes them */
    Swap swaps[MAX_SWAPS];
    int nswaps;
} Options;

typedef struct {
    tirun *rt;
    const char *script;
    struct stat seen;      /* the script as last loaded: a change reloads it */
    tirun_kernel *step, *render;
    int w, h;              /* the image's size, 0 before a good run */
    float *field;          /* img as tirun_field_read gives it: h x w x RGB */
    uint8_t *rgb;          /* the same as 8-bit RGB */
    char *shown;           /* the error reported last, so a failing frame prints once */
    SDL_Window *win;
    SDL_Renderer *ren;
    SDL_Texture *tex;
} Game;

/* ---- errors */

/* The last non-empty line of a message: a traceback's exception. */
static void last_line(const char *msg, char *buf, size_t size)
{
    const char *end = msg + strlen(msg);
    while (end > msg && (end[-1] == '\n' || end[-1] == ' ')) end--;
    const char *start = end;
    while (start > msg && start[-1] != '\n') start--;
    snprintf(buf, size, "%.*s", (int)(end - start), start);
}

static void set_title(Game *g, const char *error)
{
    if (!g->win) return;
    char title[512];
    if (error) {
        char line[400];
        last_line(error, line, sizeof line);
        snprintf(title, sizeof title, "tirun sparks - %s: %s", g->script, line);
    } else {
        snprintf(title, sizeof title, "tirun sparks - %s", g->script);
    }
    SDL_SetWindowTitle(g->win, title);
}

/* Reports an error once, however many frames in a row meet it. */
static void report(Game *g, const char *what, const char *msg)
{
    if (g->shown && !strcmp(g->shown, msg)) return;
    free(g->shown);
    g->shown = strdup(msg);
    fprintf(stderr, "game: %s failed:\n%s", what, msg);
    if (*msg && msg[strlen(msg) - 1] != '\n') fputc('\n', stderr);
    set_title(g, msg);
}

static void clear_report(Game *g)
{
    if (!g->shown) return;
    free(g->shown);
    g->shown = NULL;
    set_title(g, NULL);
}

/* ---- the script */

static bool same_file(const struct stat *a, const struct stat *b)
{
    return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size &&
           a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

/* An int that the script's function `name` returns, or -1 after reporting. */
static long script_int(Game *g, const char *name)
{
    tirun_value r;
    if (tirun_call(g->rt, name, 0, NULL, &r)) {
        report(g, name, tirun_error(g->rt));
        return -1;
    }
    if (r.kind != TIRUN_INT || r.as.i < 1 || r.as.i > 4096) {
        char msg[128];
        snprintf(msg, sizeof msg, "ValueError: %s() must return an int from 1 to 4096\n", name);
        report(g, name, msg);
        return -1;
    }
    return (long)r.as.i;
}

/* Takes the image size the script gives, when its img field has it. */
static bool adopt_size(Game *g)
{
    long w = script_int(g, "width"), h = script_int(g, "height");
    if (w < 0 || h < 0) return false;
    size_t size;
    if (tirun_field_size(g->rt, "img", &size)) {
        report(g, "img", tirun_error(g->rt));
        return false;
    }
    size_t n = (size_t)w * (size_t)h * 3;
    if (size != n * sizeof(float)) {
        report(g, "img", "TypeError: img must be a ti.Vector.field(3, ti.f32, shape=(height(), width()))\n");
        return false;
    }
    if (w == g->w && h == g->h) return true;
    float *field = malloc(n * sizeof *field);
    uint8_t *rgb = calloc(n, 1);
    if (!field || !rgb) {
        free(field);
        free(rgb);
        report(g, "img", "MemoryError\n");
        return false;
    }
    free(g->field);
    free(g->rgb);
    g->field = field;
    g->rgb = rgb;
    g->w = (int)w;
    g->h = (int)h;
    if (g->tex) {
        SDL_DestroyTexture(g->tex);
        g->tex = NULL;   /* made again at the new size when next shown */
    }
    return true;
}

/* Runs the script (again); after a failure the last good run's definitions
 * stay in force. */
static void load(Game *g)
{
    if (stat(g->script, &g->seen)) memset(&g->seen, 0, sizeof g->seen);
    if (tirun_run_file(g->rt, g->script)) {
        report(g, g->script, tirun_error(g->rt));
        return;
    }
    /* handles follow later redefinitions by themselves; these are only got
     * once the script defines the kernels */
    if (!g->step) g->step = tirun_kernel_get(g->rt, "step");
    if (!g->step) {
        report(g, "step", tirun_error(g->rt));
        return;
    }
    if (!g->render) g->render = tirun_kernel_get(g->rt, "render");
    if (!g->render) {
        report(g, "render", tirun_error(g->rt));
        return;
    }
    if (adopt_size(g)) clear_report(g);
}

static void reload_if_changed(Game *g)
{
    struct stat now;
    if (stat(g->script, &now)) memset(&now, 0, sizeof now);
    if (!same_file(&now, &g->seen)) load(g);
}

/* Puts file's text in place of the script the way an editor saving it by
 * renaming does (--swap, for tests). */
static void swap_in(const char *file, const char *script)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.swap", script);
    FILE *in = fopen(file, "rb"), *out = in ? fopen(tmp, "wb") : NULL;
    bool ok = in && out;
    char buf[8192];
    size_t n;
    while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0) ok = fwrite(buf, 1, n, out) == n;
    ok = ok && !ferror(in);
    if (out && fclose(out)) ok = false;
    if (in) fclose(in);
    if (!ok || rename(tmp, script)) fprintf(stderr, "game: --swap %s: %s\n", file, strerror(errno));
}

/* ---- a frame */

/* Steps the simulation, draws it into img and reads that; a failure leaves
 * the last image. */
static void simulate(Game *g, float dt, float mx, float my, bool pull)
{
    if (!g->step || !g->render || !g->w) return;
    tirun_value args[4] = { tirun_float(dt), tirun_float(mx), tirun_float(my), tirun_int(pull) };
    size_t n = (size_t)g->w * (size_t)g->h * 3;
    const char *failed = NULL;
    if (tirun_kernel_launch(g->step, 4, args, NULL)) failed = "step";
    else if (tirun_kernel_launch(g->render, 0, NULL, NULL)) failed = "render";
    else if (tirun_field_read(g->rt, "img", g->field, n * sizeof(float))) failed = "img";
    if (failed) {
        report(g, failed, tirun_error(g->rt));
        return;
    }
    for (size_t i = 0; i < n; i++) {
        float v = g->field[i];
        g->rgb[i] = v <= 0.0f ? 0 : v >= 1.0f ? 255 : (uint8_t)(v * 255.0f + 0.5f);
    }
}

static bool write_png(const char *path, const uint8_t *rgb, int w, int h)
{
    FILE *f = fopen(path, "wb");
    if (!f) return false;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    bool ok = false;
    if (info && !setjmp(png_jmpbuf(png))) {
        png_init_io(png, f);
        png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                     PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
        png_write_info(png, info);
        for (int y = 0; y < h; y++) png_write_row(png, rgb + (size_t)y * (size_t)w * 3);
        png_write_end(png, NULL);
        ok = true;
    }
    png_destroy_write_struct(&png, &info);
    return fclose(f) == 0 && ok;
}

/* ---- the two ways to play */

static int run_headless(Game *g, const Options *o)
{
    if (mkdir(o->out, 0777) && errno != EEXIST) {
        fprintf(stderr, "game: can't make %s: %s\n", o->out, strerror(errno));
        return 1;
    }
    for (long frame = 1; frame <= o->headless; frame++) {
        reload_if_changed(g);
        simulate(g, 1.0f / 60.0f, 0, 0, false);
        if (!g->w) {
            fprintf(stderr, "game: frame %ld: no image to write (the script has not run without an error yet)\n", frame);
            return 1;
        }
        char path[4096];
        snprintf(path, sizeof path, "%s/frame-%04ld.png", o->out, frame);
        if (!write_png(path, g->rgb, g->w, g->h)) {
            fprintf(stderr, "game: can't write %s\n", path);
            return 1;
        }
        for (int i = 0; i < o->nswaps; i++)
            if (o->swaps[i].after == frame) swap_in(o->swaps[i].file, g->script);
    }
    return 0;
}

/* Shows the image, making the texture at its size when it has none. */
static void present(Game *g)
{
    SDL_SetRenderDrawColor(g->ren, 0, 0, 0, 255);
    SDL_RenderClear(g->ren);
    if (g->w && !g->tex) {
        g->tex = SDL_CreateTexture(g->ren, SDL_PIXELFORMAT_RGB24, SDL_TEXTUREACCESS_STREAMING, g->w, g->h);
        SDL_RenderSetLogicalSize(g->ren, g->w, g->h);
        SDL_SetWindowSize(g->win, g->w * SCALE, g->h * SCALE);
    }
    if (g->tex) {
        SDL_UpdateTexture(g->tex, NULL, g->rgb, g->w * 3);
        SDL_RenderCopy(g->ren, g->tex, NULL, NULL);
    }
    SDL_RenderPresent(g->ren);
}

static int run_window(Game *g)
{
    if (SDL_Init(SDL_INIT_VIDEO)) {
        fprintf(stderr, "game: SDL_Init: %s (--headless N runs without a display)\n", SDL_GetError());
        return 1;
    }
    int w = g->w ? g->w : 320, h = g->h ? g->h : 240;
    g->win = SDL_CreateWindow("tirun sparks", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w * SCALE, h * SCALE,
                              SDL_WINDOW_RESIZABLE);
    g->ren = g->win ? SDL_CreateRenderer(g->win, -1, SDL_RENDERER_PRESENTVSYNC) : NULL;
    if (!g->ren) {
        fprintf(stderr, "game: can't open a window: %s\n", SDL_GetError());
        return 1;
    }
    set_title(g, g->shown);
    float mx = 0, my = 0;
    bool pull = false;
    Uint64 last = SDL_GetPerformanceCounter();
    for (;;) {
        SDL_Event e;
        while (SDL_PollEvent(&e)) {
            if (e.type == SDL_QUIT || (e.type == SDL_KEYDOWN && e.key.keysym.sym == SDLK_ESCAPE)) return 0;
            if (e.type == SDL_MOUSEMOTION) mx = (float)e.motion.x, my = (float)e.motion.y;
            if (e.type == SDL_MOUSEBUTTONDOWN || e.type == SDL_MOUSEBUTTONUP) pull = e.type == SDL_MOUSEBUTTONDOWN;
        }
        Uint64 now = SDL_GetPerformanceCounter();
        float dt = (float)(now - last) / (float)SDL_GetPerformanceFrequency();
        last = now;
        reload_if_changed(g);
        /* the simulation's y goes up; a long stall (a reload compiling) steps 1/30 s */
        simulate(g, dt < 1.0f / 30.0f ? dt : 1.0f / 30.0f, mx, (float)g->h - 1 - my, pull);
        present(g);
    }
}

/* ---- start-up */

static int usage(void)
{
    fputs("usage: game [--headless N] [--out DIR] [--swap FILE K]... [SCRIPT]\n"
          "  SCRIPT          the Taichi script (default sim.py); edits reload it\n"
          "  --headless N    no window: write N frames as PNG files, then exit\n"
          "  --out DIR       where --headless writes frame-0001.png... (default frames)\n"
          "  --swap FILE K   after frame K, replace SCRIPT with FILE's text (tests reloading)\n",
          stderr);
    return 2;
}

static bool count_arg(const char *s, long *n)
{
    char *end;
    errno = 0;
    *n = strtol(s, &end, 10);
    return !errno && end != s && !*end && *n >= 0;
}

static bool parse_options(int argc, char **argv, Options *o)
{
    *o = (Options){ .script = "sim.py", .out = "frames" };
    bool have_script = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--headless") && i + 1 < argc) {
            if (!count_arg(argv[++i], &o->headless) || !o->headless) return false;
        } else if (!strcmp(a, "--out") && i + 1 < argc) {
            o->out = argv[++i];
        } else if (!strcmp(a, "--swap") && i + 2 < argc && o->nswaps < MAX_SWAPS) {
            Swap *s = &o->swaps[o->nswaps++];
            s->file = argv[++i];
            if (!count_arg(argv[++i], &s->after)) return false;
        } else if (a[0] != '-' && !have_script) {
            o->script = a;
            have_script = true;
        } else {
            return false;
        }
    }
    return true;
}

int main(int argc, char **argv)
{
    Options o;
    if (!parse_options(argc, argv, &o)) return usage();
    tirun_config cfg;
    tirun_config_init(&cfg);
    cfg.banner = 0;
    Game g = { .script = o.script };
    if (!(g.rt = tirun_new_with(&cfg))) {
        fputs("game: out of memory\n", stderr);
        return 1;
    }
    load(&g);
    int status = o.headless ? run_headless(&g, &o) : run_window(&g);
    if (g.tex) SDL_DestroyTexture(g.tex);
    if (g.ren) SDL_DestroyRenderer(g.ren);
    if (g.win) SDL_DestroyWindow(g.win);
    if (!o.headless) SDL_Quit();
    tirun_free(g.rt);
    free(g.field);
    free(g.rgb);
    free(g.shown);
    return status;
}
