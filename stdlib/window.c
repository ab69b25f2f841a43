/* ti.GUI's window (window.h) over SDL2 through dlopen: a streaming RGBA
 * texture the canvas is copied into each frame, and SDL's events renamed as
 * Taichi's X11 GUI names them. */
#include <SDL2/SDL.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "window.h"

/* The SDL functions a window uses, looked up by name in the library. */
#define SDL_FUNCTIONS(X)                                                                       \
    X(SDL_InitSubSystem) X(SDL_QuitSubSystem) X(SDL_GetError) X(SDL_CreateWindow)               \
    X(SDL_DestroyWindow) X(SDL_SetWindowTitle) X(SDL_CreateRenderer) X(SDL_DestroyRenderer)     \
    X(SDL_CreateTexture) X(SDL_DestroyTexture) X(SDL_UpdateTexture) X(SDL_RenderCopy)           \
    X(SDL_RenderPresent) X(SDL_PollEvent) X(SDL_GetKeyName)

struct GuiWindow {
    void *lib;
#define X(name) __typeof__(&name) name;
    SDL_FUNCTIONS(X)
#undef X
    SDL_Window *window;
    SDL_Renderer *renderer;
    SDL_Texture *texture;
    int width, height;
    int cursor_x, cursor_y;
};

static void release(GuiWindow *w)
{
    if (w->texture) w->SDL_DestroyTexture(w->texture);
    if (w->renderer) w->SDL_DestroyRenderer(w->renderer);
    if (w->window) w->SDL_DestroyWindow(w->window);
    if (w->SDL_QuitSubSystem) w->SDL_QuitSubSystem(SDL_INIT_VIDEO);
    dlclose(w->lib);
    free(w);
}

GuiWindow *gui_window_open(const char *title, int width, int height, bool fullscreen, char *err, size_t errlen)
{
    const char *why = "Taichi fails to create a window. Consider using the `ti.GUI(show_gui=False)` option "
                      "(or TI_GUI_SHOW=0)";
    GuiWindow *w = calloc(1, sizeof *w);
    if (!w) return snprintf(err, errlen, "out of memory"), NULL;
    w->lib = dlopen("libSDL2-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!w->lib) {
        snprintf(err, errlen, "%s: SDL2 is not installed (%s)", why, dlerror());
        free(w);
        return NULL;
    }
#define X(name)                                                                  \
    if (!(*(void **)&w->name = dlsym(w->lib, #name))) {                          \
        snprintf(err, errlen, "%s: libSDL2 lacks %s", why, #name);               \
        dlclose(w->lib);                                                         \
        free(w);                                                                 \
        return NULL;                                                             \
    }
    SDL_FUNCTIONS(X)
#undef X
    if (w->SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) {
        snprintf(err, errlen, "%s: %s", why, w->SDL_GetError());
        w->SDL_QuitSubSystem = NULL;
        release(w);
        return NULL;
    }
    w->width = width, w->height = height;
    w->window = w->SDL_CreateWindow(title, SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED, width, height,
                                    fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
    w->renderer = w->window ? w->SDL_CreateRenderer(w->window, -1, 0) : NULL;
    w->texture = w->renderer ? w->SDL_CreateTexture(w->renderer, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_STREAMING,
                                                    width, height)
                             : NULL;
    if (!w->texture) {
        snprintf(err, errlen, "%s: %s", why, w->SDL_GetError());
        release(w);
        return NULL;
    }
    return w;
}

void gui_window_present(GuiWindow *w, const uint8_t *rgba)
{
    w->SDL_UpdateTexture(w->texture, NULL, rgba, w->width * 4);
    w->SDL_RenderCopy(w->renderer, w->texture, NULL, NULL);
    w->SDL_RenderPresent(w->renderer);
}

void gui_window_set_title(GuiWindow *w, const char *title) { w->SDL_SetWindowTitle(w->window, title); }

/* An SDL key as the X11 keysym Taichi reports: printable ASCII as itself. */
static void key_name(GuiWindow *w, SDL_Keycode k, char *out, size_t n)
{
    static const struct {
        SDL_Keycode code;
        const char *name;
    } names[] = {
        {SDLK_ESCAPE, "Escape"}, {SDLK_RETURN, "Return"}, {SDLK_BACKSPACE, "BackSpace"}, {SDLK_TAB, "Tab"},
        {SDLK_DELETE, "Delete"}, {SDLK_UP, "Up"}, {SDLK_DOWN, "Down"}, {SDLK_LEFT, "Left"}, {SDLK_RIGHT, "Right"},
        {SDLK_LSHIFT, "Shift_L"}, {SDLK_RSHIFT, "Shift_R"}, {SDLK_LCTRL, "Control_L"}, {SDLK_RCTRL, "Control_R"},
        {SDLK_LALT, "Alt_L"}, {SDLK_RALT, "Alt_R"}, {SDLK_CAPSLOCK, "Caps_Lock"}, {SDLK_HOME, "Home"},
        {SDLK_END, "End"}, {SDLK_PAGEUP, "Prior"}, {SDLK_PAGEDOWN, "Next"}, {SDLK_INSERT, "Insert"},
        {SDLK_KP_ENTER, "KP_Enter"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].code == k) {
            snprintf(out, n, "%s", names[i].name);
            return;
        }
    if (k >= 32 && k < 127) snprintf(out, n, "%c", (char)k);
    else if (k >= SDLK_F1 && k <= SDLK_F12) snprintf(out, n, "F%d", (int)(k - SDLK_F1) + 1);
    else snprintf(out, n, "%s", w->SDL_GetKeyName(k));
}

int gui_window_events(GuiWindow *w, GuiEvent *out, int max)
{
    static const char *const buttons[] = {"", "LMB", "MMB", "RMB"};
    int n = 0;
    SDL_Event e;
    while (n < max && w->SDL_PollEvent(&e)) {
        GuiEvent *g = &out[n];
        *g = (GuiEvent){.type = 1};
        switch (e.type) {
        case SDL_QUIT:
            snprintf(g->key, sizeof g->key, "WMClose");
            break;
        case SDL_KEYDOWN:
        case SDL_KEYUP:
            if (e.key.repeat) continue;
            g->type = e.type == SDL_KEYDOWN ? 1 : 2;
            key_name(w, e.key.keysym.sym, g->key, sizeof g->key);
            break;
        case SDL_MOUSEMOTION:
            w->cursor_x = e.motion.x, w->cursor_y = w->height - e.motion.y - 1;
            g->type = 0;
            snprintf(g->key, sizeof g->key, "Motion");
            break;
        case SDL_MOUSEBUTTONDOWN:
        case SDL_MOUSEBUTTONUP:
            w->cursor_x = e.button.x, w->cursor_y = w->height - e.button.y - 1;
            g->type = e.type == SDL_MOUSEBUTTONDOWN ? 1 : 2;
            if (e.button.button <= 3) snprintf(g->key, sizeof g->key, "%s", buttons[e.button.button]);
            else snprintf(g->key, sizeof g->key, "Button%d", e.button.button);
            break;
        case SDL_MOUSEWHEEL:
            g->type = 0;
            snprintf(g->key, sizeof g->key, "Wheel");
            g->dx = e.wheel.x * 120, g->dy = e.wheel.y * 120;
            break;
        default:
            continue;
        }
        g->x = w->cursor_x, g->y = w->cursor_y;
        n++;
    }
    return n;
}

void gui_window_close(GuiWindow *w)
{
    if (w) release(w);
}
