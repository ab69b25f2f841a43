/* The window of a ti.GUI with show_gui=True: SDL2, loaded with dlopen when
 * the first window opens, so that tirun starts without it and runs headless
 * where it is missing. Each window holds its own handle on the library. */
#ifndef TIRUN_WINDOW_H
#define TIRUN_WINDOW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct GuiWindow GuiWindow;

/* An input event as Taichi's GUI names it: type 0 move, 1 press, 2 release;
 * key an X11 keysym name ("a", "Escape", "Shift_L"), "LMB" / "MMB" / "RMB",
 * "Motion", "Wheel" (delta in 120ths of a notch) or "WMClose"; (x, y) the
 * cursor in pixels, y upwards. */
typedef struct {
    int type;
    char key[32];
    int x, y, dx, dy;
} GuiEvent;

/* A window of width x height pixels; NULL with a message in err. */
GuiWindow *gui_window_open(const char *title, int width, int height, bool fullscreen, char *err, size_t errlen);
/* Shows rgba (width * height RGBA bytes, rows from the top). */
void gui_window_present(GuiWindow *w, const uint8_t *rgba);
void gui_window_set_title(GuiWindow *w, const char *title);
/* Up to max pending events into out; their count. */
int gui_window_events(GuiWindow *w, GuiEvent *out, int max);
void gui_window_close(GuiWindow *w);

#endif
