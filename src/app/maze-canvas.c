/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-canvas.h"
#include "maze-canvas-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "maze-playback.h"
#include "maze-render.h"
#include "maze-render-private.h"

#define WHEEL_PAN_STEP    64.0           /* widget pixels per wheel step */
#define WHEEL_ZOOM_STEP   1.2
#define TOUCHPAD_ZOOM     0.01           /* per pixel of touchpad scroll */
#define KEY_ZOOM_STEP     1.25

G_DEFINE_FINAL_TYPE (MazeCanvas, maze_canvas, GTK_TYPE_WIDGET)

enum {
  HOVER_CHANGED,
  EDIT_FAILED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The bounding box of a rectangle of cells, in the geometry's units. */
void
maze_canvas_cells_bbox (const MazeGeometry *geo,
                        const MazeRect     *rect,
                        double             *x1,
                        double             *y1,
                        double             *x2,
                        double             *y2)
{
  guint x_end = rect->x + rect->width - 1;
  guint y_end = rect->y + rect->height - 1;
  guint rows[3] = { rect->y, MIN (rect->y + 1, y_end), y_end };

  *x1 = *y1 = G_MAXDOUBLE;
  *x2 = *y2 = -G_MAXDOUBLE;
  /* Hexagon rows alternate their shift: the first two rows and the last
   * one hold the extremes. */
  for (guint r = 0; r < G_N_ELEMENTS (rows); r++)
    for (guint c = 0; c < 2; c++)
      {
        double xs[MAZE_MAX_DIRS], ys[MAZE_MAX_DIRS];
        guint n = maze_geometry_cell_outline (geo, c == 0 ? rect->x : x_end, rows[r], xs, ys);

        for (guint k = 0; k < n; k++)
          {
            *x1 = MIN (*x1, xs[k]);
            *y1 = MIN (*y1, ys[k]);
            *x2 = MAX (*x2, xs[k]);
            *y2 = MAX (*y2, ys[k]);
          }
      }
}

/* ---- Views and colours ---- */

gboolean
maze_canvas_get_view (MazeCanvas *self,
                      View       *view)
{
  GtkWidget *widget = GTK_WIDGET (self);
  double ox, oy;

  if (self->document == NULL)
    return FALSE;
  view->width = gtk_widget_get_width (widget);
  view->height = gtk_widget_get_height (widget);
  view->scale = gtk_widget_get_scale_factor (widget);
  view->z = maze_viewport_get_zoom (self->viewport) * view->scale;
  maze_viewport_get_offset (self->viewport, &ox, &oy);
  view->dx = round (ox * view->z);
  view->dy = round (oy * view->z);
  maze_geometry_init (&view->geo, maze_document_get_grid (self->document),
                      view->z, 0.5 * view->z, 0.5 * view->z);
  return TRUE;
}

static gboolean
cell_at_view (MazeCanvas *self,
              double      x,
              double      y,
              guint      *cx,
              guint      *cy)
{
  View view;
  double px, py;

  if (!maze_canvas_get_view (self, &view))
    return FALSE;
  view_to_device (&view, x, y, &px, &py);
  return maze_geometry_cell_at (&view.geo, px, py, cx, cy);
}

/* The cell under the point, or the nearest one when the point is off
 * the maze (a rubber band may start or end outside it). */
static void
nearest_cell (MazeCanvas *self,
              double      x,
              double      y,
              guint      *cx,
              guint      *cy)
{
  const MazeGrid *grid = maze_document_get_grid (self->document);
  View view;
  double px, py, best = G_MAXDOUBLE;
  guint gx, gy;

  maze_canvas_get_view (self, &view);
  view_to_device (&view, x, y, &px, &py);
  px = CLAMP (px, view.geo.origin_x, view.geo.origin_x + view.geo.width);
  py = CLAMP (py, view.geo.origin_y, view.geo.origin_y + view.geo.height);
  if (maze_geometry_cell_at (&view.geo, px, py, cx, cy))
    return;

  /* Off the jagged edge of a hexagon maze: the nearest centre among the
   * cells around the rough row and column. */
  gy = (guint) CLAMP ((py - view.geo.origin_y) / view.geo.height * grid->height, 0, grid->height - 1);
  gx = (guint) CLAMP ((px - view.geo.origin_x) / view.geo.width * grid->width, 0, grid->width - 1);
  *cx = gx;
  *cy = gy;
  for (guint yy = gy > 0 ? gy - 1 : 0; yy <= MIN (gy + 1, grid->height - 1); yy++)
    for (guint xx = gx > 0 ? gx - 1 : 0; xx <= MIN (gx + 1, grid->width - 1); xx++)
      {
        double ccx, ccy, d;

        maze_geometry_cell_center (&view.geo, xx, yy, &ccx, &ccy);
        d = (ccx - px) * (ccx - px) + (ccy - py) * (ccy - py);
        if (d < best)
          {
            best = d;
            *cx = xx;
            *cy = yy;
          }
      }
}

static void
get_fg_color (GtkWidget *widget,
              GdkRGBA   *color)
{
#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_widget_get_color (widget, color);
#else
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), color);
#endif
}

static gboolean
lookup_color (GtkWidget  *widget,
              const char *name,
              GdkRGBA    *color)
{
  gboolean found;

  /* Named colours have no replacement API before CSS variables; a miss
   * falls back to colours derived from the foreground. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  found = gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), name, color);
  G_GNUC_END_IGNORE_DEPRECATIONS
  return found;
}

static void
get_palette (MazeCanvas *self,
             Palette    *palette)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean dark;

  get_fg_color (widget, &palette->fg);
  dark = 0.299 * palette->fg.red + 0.587 * palette->fg.green + 0.114 * palette->fg.blue > 0.5;
  if (!lookup_color (widget, "view_bg_color", &palette->paper) &&
      !lookup_color (widget, "theme_base_color", &palette->paper))
    palette->paper = dark ? (GdkRGBA) { 0.14f, 0.14f, 0.14f, 1.0f } : (GdkRGBA) { 1.0f, 1.0f, 1.0f, 1.0f };
  if (!lookup_color (widget, "accent_color", &palette->accent) &&
      !lookup_color (widget, "theme_selected_bg_color", &palette->accent))
    palette->accent = dark ? (GdkRGBA) { 0.47f, 0.68f, 0.93f, 1.0f } : (GdkRGBA) { 0.11f, 0.44f, 0.85f, 1.0f };
}

/* ---- Snapshot ---- */

static void
maze_canvas_snapshot (GtkWidget   *widget,
                      GtkSnapshot *snapshot)
{
  MazeCanvas *self = MAZE_CANVAS (widget);
  gint64 begin = g_get_monotonic_time ();
  guint n_drawn = 0, n_rendered = 0, n_layers[N_LAYERS] = { 0 };
  Palette palette;
  View view;
  guint32 token;

  if (!maze_canvas_get_view (self, &view) || view.width <= 0 || view.height <= 0)
    return;

  get_palette (self, &palette);
  if (!self->have_tile_colors || !gdk_rgba_equal (&self->tile_fg, &palette.fg) ||
      !gdk_rgba_equal (&self->tile_paper, &palette.paper))
    {
      /* The style changed (dark mode, high contrast): draw anew. */
      maze_canvas_drop_tiles (self);
      self->tile_fg = palette.fg;
      self->tile_paper = palette.paper;
      self->have_tile_colors = TRUE;
    }

  self->frame++;
  maze_canvas_ensure_tile_set (self, &view);
  maze_canvas_append_tiles (self, snapshot, &view, &palette, &n_drawn, &n_rendered, n_layers);

  if (self->drag == DRAG_MASK)
    maze_canvas_append_painted (self, snapshot, &view, &palette);
  if (self->drag == DRAG_BAND)
    maze_canvas_append_band (self, snapshot, &view, &palette);
  if (self->hover_valid)
    maze_canvas_append_cell_highlight (snapshot, &view, self->hover_x, self->hover_y, &palette.accent, 0.3, 0);
  maze_canvas_append_markers (self, snapshot, &view, &palette);
  /* Over the markers: the player standing on the start must show. */
  token = self->play != NULL ? maze_play_session_get_cell (self->play) : self->current_cell;
  if (token != MAZE_NO_CELL)
    maze_canvas_append_token (self, snapshot, &view, &palette, token);
  if (self->play == NULL && self->cursor_valid && self->cursor_shown && gtk_widget_has_focus (widget))
    maze_canvas_append_cell_highlight (snapshot, &view, self->cursor_x, self->cursor_y, &palette.accent, 0,
                                       2 * view.scale);

  g_debug ("canvas frame %" G_GUINT64_FORMAT ": %.3f ms, zoom %.4g, %u tiles drawn, %u rendered "
           "(layers: %u base, %u walls, %u paths)",
           self->frame, (g_get_monotonic_time () - begin) / 1000.0,
           view.z / view.scale, n_drawn, n_rendered,
           n_layers[LAYER_BASE], n_layers[LAYER_WALLS], n_layers[LAYER_PATHS]);
}

/* ---- Editing ---- */

/* The document refused an edit: "edit-failed". */
void
maze_canvas_emit_edit_failed (MazeCanvas *self,
                              GError     *error)
{
  g_signal_emit (self, signals[EDIT_FAILED], 0, error);
}

void
maze_canvas_emit_hover_changed (MazeCanvas *self)
{
  g_signal_emit (self, signals[HOVER_CHANGED], 0);
}

void
maze_canvas_notify (MazeCanvas *self,
                    guint       prop_id)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

static void
clear_stroke (MazeCanvas *self)
{
  g_hash_table_remove_all (self->painted);
  memset (&self->painted_rect, 0, sizeof self->painted_rect);
  self->stroke_failed = FALSE;
}

/* Forgets a drag in progress without applying it. */
void
maze_canvas_cancel_drag (MazeCanvas *self)
{
  if (self->drag == DRAG_NONE)
    return;
  if (self->drag == DRAG_WEIGHT && self->document != NULL)
    maze_document_end_group (self->document);
  self->drag = DRAG_NONE;
  self->live_cell = MAZE_NO_CELL;
  clear_stroke (self);
  maze_canvas_update_cursor (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
paint_cell (MazeCanvas *self,
            guint       x,
            guint       y)
{
  const MazeGrid *grid = maze_document_get_grid (self->document);
  guint32 cell = maze_grid_index (grid, x, y);

  if (g_hash_table_contains (self->painted, GUINT_TO_POINTER (cell)))
    return;
  g_hash_table_add (self->painted, GUINT_TO_POINTER (cell));
  if (g_hash_table_size (self->painted) == 1)
    {
      self->painted_rect.x = x;
      self->painted_rect.y = y;
      self->painted_rect.width = 1;
      self->painted_rect.height = 1;
    }
  else
    {
      guint x2 = MAX (self->painted_rect.x + self->painted_rect.width, x + 1);
      guint y2 = MAX (self->painted_rect.y + self->painted_rect.height, y + 1);

      self->painted_rect.x = MIN (self->painted_rect.x, x);
      self->painted_rect.y = MIN (self->painted_rect.y, y);
      self->painted_rect.width = x2 - self->painted_rect.x;
      self->painted_rect.height = y2 - self->painted_rect.y;
    }

  if (self->drag == DRAG_WEIGHT && !maze_grid_is_masked (grid, cell))
    {
      g_autoptr(GError) error = NULL;
      guint8 weight = self->drag_secondary ? 1 : self->weight;

      /* The stroke is one undo group (begun in begin_tool). One error a
       * stroke is enough. */
      if (!maze_document_set_weight (self->document, cell, weight, &error) && !self->stroke_failed)
        {
          self->stroke_failed = TRUE;
          maze_canvas_emit_edit_failed (self, error);
        }
    }
}

/* Paints every cell the pointer passed over, not only those where motion
 * events happened to land. */
static void
paint_line (MazeCanvas *self,
            double      x0,
            double      y0,
            double      x1,
            double      y1)
{
  View view;
  double cells, steps;

  if (!maze_canvas_get_view (self, &view))
    return;
  cells = hypot (x1 - x0, y1 - y0) * view.scale / view.z;
  steps = MIN (ceil (cells * 4), 1e6);
  for (double k = 0; k <= steps; k++)
    {
      double t = steps > 0 ? k / steps : 1.0;
      double px, py;
      guint cx, cy;

      view_to_device (&view, x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, &px, &py);
      if (maze_geometry_cell_at (&view.geo, px, py, &cx, &cy))
        paint_cell (self, cx, cy);
    }
  self->last_x = x1;
  self->last_y = y1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
apply_mask_stroke (MazeCanvas *self)
{
  const MazeGrid *grid = maze_document_get_grid (self->document);
  g_autoptr(GError) error = NULL;
  g_autofree guint8 *mask = NULL;
  MazeRect rect;
  gboolean changed = FALSE;

  if (g_hash_table_size (self->painted) == 0)
    return;
  /* Over the painted cells' bounding box; the document regenerates a
   * margin around it so the maze can close up around them. */
  rect = self->painted_rect;
  mask = g_malloc ((gsize) rect.width * rect.height);
  for (guint y = 0; y < rect.height; y++)
    for (guint x = 0; x < rect.width; x++)
      {
        guint32 cell = maze_grid_index (grid, rect.x + x, rect.y + y);
        gboolean masked = maze_grid_is_masked (grid, cell);
        gboolean want = masked;

        if (g_hash_table_contains (self->painted, GUINT_TO_POINTER (cell)))
          want = !self->drag_secondary;
        changed |= want != masked;
        mask[(gsize) y * rect.width + x] = want ? 1 : 0;
      }
  if (changed && !maze_document_set_mask (self->document, &rect, mask, &error))
    maze_canvas_emit_edit_failed (self, error);
}

static void
begin_tool (MazeCanvas *self,
            double      x,
            double      y,
            gboolean    secondary)
{
  const MazeGrid *grid;
  guint cx, cy;
  gboolean on_cell;

  maze_canvas_cancel_drag (self);
  /* Play mode is no time for editing. */
  if (self->document == NULL || self->play != NULL)
    return;
  grid = maze_document_get_grid (self->document);
  on_cell = cell_at_view (self, x, y, &cx, &cy);
  if (on_cell)
    {
      /* The keyboard cursor follows the mouse, unseen until a key moves it. */
      self->cursor_valid = TRUE;
      self->cursor_x = cx;
      self->cursor_y = cy;
    }
  self->drag_secondary = secondary;
  self->last_x = x;
  self->last_y = y;

  switch (self->tool)
    {
    case MAZE_TOOL_START:
    case MAZE_TOOL_END:
    case MAZE_TOOL_SOLVE_START:
    case MAZE_TOOL_SOLVE_END:
      if (!on_cell)
        return;
      /* A masked cell is kept so the release can say why it failed. */
      self->drag = DRAG_MARKER;
      self->live_cell = maze_grid_index (grid, cx, cy);
      break;

    case MAZE_TOOL_REGENERATE:
      self->drag = DRAG_BAND;
      nearest_cell (self, x, y, &self->band_x0, &self->band_y0);
      self->band_x1 = self->band_x0;
      self->band_y1 = self->band_y0;
      break;

    case MAZE_TOOL_MASK:
    case MAZE_TOOL_WEIGHT:
      self->drag = self->tool == MAZE_TOOL_MASK ? DRAG_MASK : DRAG_WEIGHT;
      /* The whole stroke is one undo step. */
      if (self->drag == DRAG_WEIGHT)
        maze_document_begin_group (self->document);
      clear_stroke (self);
      paint_line (self, x, y, x, y);
      break;

    default:
      g_assert_not_reached ();
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
update_tool (MazeCanvas *self,
             double      x,
             double      y)
{
  const MazeGrid *grid;
  guint cx, cy;

  if (self->document == NULL)
    return;
  grid = maze_document_get_grid (self->document);

  switch (self->drag)
    {
    case DRAG_MARKER:
      if (cell_at_view (self, x, y, &cx, &cy) &&
          maze_grid_is_open (grid, cx, cy) &&
          maze_grid_index (grid, cx, cy) != self->live_cell)
        {
          self->live_cell = maze_grid_index (grid, cx, cy);
          gtk_widget_queue_draw (GTK_WIDGET (self));
        }
      break;

    case DRAG_BAND:
      nearest_cell (self, x, y, &cx, &cy);
      if (cx != self->band_x1 || cy != self->band_y1)
        {
          self->band_x1 = cx;
          self->band_y1 = cy;
          gtk_widget_queue_draw (GTK_WIDGET (self));
        }
      break;

    case DRAG_MASK:
    case DRAG_WEIGHT:
      paint_line (self, self->last_x, self->last_y, x, y);
      break;

    case DRAG_NONE:
    case DRAG_PAN:
    default:
      break;
    }
}

static void
end_tool (MazeCanvas *self,
          double      x,
          double      y)
{
  g_autoptr(GError) error = NULL;
  DragMode drag = self->drag;
  gboolean ok = TRUE;

  update_tool (self, x, y);
  if (self->document == NULL)
    return;

  switch (drag)
    {
    case DRAG_MARKER:
      if (self->live_cell == MAZE_NO_CELL)
        break;
      /* One undo step for the whole drag. */
      if (self->tool == MAZE_TOOL_START)
        ok = maze_document_set_start (self->document, self->live_cell, &error);
      else if (self->tool == MAZE_TOOL_END)
        ok = maze_document_set_end (self->document, self->live_cell, &error);
      else if (!maze_grid_is_masked (maze_document_get_grid (self->document), self->live_cell))
        {
          /* The solvers' endpoints are the view's, not the document's:
           * no undo step. A masked cell is not taken. */
          if (self->tool == MAZE_TOOL_SOLVE_START)
            maze_canvas_set_solve_endpoints (self, self->live_cell, self->solve_end);
          else
            maze_canvas_set_solve_endpoints (self, self->solve_start, self->live_cell);
        }
      break;

    case DRAG_BAND:
      {
        MazeRect rect = {
          MIN (self->band_x0, self->band_x1), MIN (self->band_y0, self->band_y1),
          (guint) ABS ((int) self->band_x1 - (int) self->band_x0) + 1,
          (guint) ABS ((int) self->band_y1 - (int) self->band_y0) + 1,
        };

        ok = maze_document_regenerate_region (self->document, &rect, &error);
      }
      break;

    case DRAG_MASK:
      apply_mask_stroke (self);
      break;

    case DRAG_WEIGHT:
    case DRAG_NONE:
    case DRAG_PAN:
    default:
      break;
    }

  if (!ok)
    maze_canvas_emit_edit_failed (self, error);
  maze_canvas_cancel_drag (self);
}

/* ---- Input ---- */

static void
pointer_or_center (MazeCanvas *self,
                   double     *x,
                   double     *y)
{
  if (self->pointer_inside)
    {
      *x = self->pointer_x;
      *y = self->pointer_y;
    }
  else
    {
      *x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      *y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }
}

void
maze_canvas_update_cursor (MazeCanvas *self)
{
  const char *name = "crosshair";

  if (self->drag == DRAG_PAN)
    name = "grabbing";
  else if (self->space_held)
    name = "grab";
  else if (self->document == NULL || self->play != NULL)
    name = NULL;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), name);
}

static void
set_hover (MazeCanvas *self,
           gboolean    valid,
           guint       x,
           guint       y)
{
  if (valid == self->hover_valid && (!valid || (x == self->hover_x && y == self->hover_y)))
    return;
  self->hover_valid = valid;
  self->hover_x = valid ? x : 0;
  self->hover_y = valid ? y : 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  maze_canvas_emit_hover_changed (self);
}

void
maze_canvas_update_hover (MazeCanvas *self)
{
  guint x = 0, y = 0;
  gboolean valid;

  valid = self->pointer_inside && self->document != NULL &&
          cell_at_view (self, self->pointer_x, self->pointer_y, &x, &y);
  set_hover (self, valid, x, y);
}

static void
motion_cb (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           MazeCanvas               *self)
{
  self->pointer_inside = TRUE;
  self->pointer_x = x;
  self->pointer_y = y;
  maze_canvas_update_hover (self);
}

static void
leave_cb (GtkEventControllerMotion *controller,
          MazeCanvas               *self)
{
  self->pointer_inside = FALSE;
  maze_canvas_update_hover (self);
}

static gboolean
scroll_cb (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           MazeCanvas               *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  gboolean wheel = gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL;
  double x, y;

  if (self->document == NULL)
    return FALSE;

  if (state & GDK_CONTROL_MASK)
    {
      /* A wheel step is a fixed factor; touchpad scrolling comes in
       * pixels and zooms smoothly. */
      double factor = wheel ? pow (WHEEL_ZOOM_STEP, -dy) : exp (-dy * TOUCHPAD_ZOOM);

      pointer_or_center (self, &x, &y);
      maze_viewport_zoom_by (self->viewport, factor, x, y);
      return TRUE;
    }

  if (wheel)
    {
      dx *= WHEEL_PAN_STEP;
      dy *= WHEEL_PAN_STEP;
    }
  if ((state & GDK_SHIFT_MASK) && dx == 0)
    {
      dx = dy;
      dy = 0;
    }
  maze_viewport_pan_by (self->viewport, -dx, -dy);
  return TRUE;
}

static void
pan_to (MazeCanvas *self,
        double      x,
        double      y)
{
  double vx, vy;

  /* Keep the model point grabbed under the pointer. */
  maze_viewport_model_to_view (self->viewport, self->pan_anchor_x, self->pan_anchor_y, &vx, &vy);
  if (vx != x || vy != y)
    maze_viewport_pan_by (self->viewport, x - vx, y - vy);
}

static void
drag_begin_cb (GtkGestureDrag *gesture,
               double          x,
               double          y,
               MazeCanvas     *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));

  if (self->document == NULL || button > GDK_BUTTON_SECONDARY)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  gtk_widget_grab_focus (GTK_WIDGET (self));
  /* Kept rather than asked of the gesture: a test emitting the signals
   * has no event sequence to ask. */
  self->gesture_x = x;
  self->gesture_y = y;

  if (button == GDK_BUTTON_MIDDLE || (self->space_held && button != GDK_BUTTON_SECONDARY))
    {
      maze_canvas_cancel_drag (self);
      self->drag = DRAG_PAN;
      maze_viewport_view_to_model (self->viewport, x, y, &self->pan_anchor_x, &self->pan_anchor_y);
      maze_canvas_update_cursor (self);
      return;
    }
  /* No button means an emitted signal (a test) or touch: primary. */
  begin_tool (self, x, y, button == GDK_BUTTON_SECONDARY || (state & GDK_CONTROL_MASK) != 0);
}

static void
drag_update_cb (GtkGestureDrag *gesture,
                double          offset_x,
                double          offset_y,
                MazeCanvas     *self)
{
  double x = self->gesture_x + offset_x, y = self->gesture_y + offset_y;

  if (self->drag == DRAG_PAN)
    pan_to (self, x, y);
  else
    update_tool (self, x, y);
}

static void
drag_end_cb (GtkGestureDrag *gesture,
             double          offset_x,
             double          offset_y,
             MazeCanvas     *self)
{
  double x = self->gesture_x + offset_x, y = self->gesture_y + offset_y;

  if (self->drag == DRAG_PAN)
    {
      pan_to (self, x, y);
      maze_canvas_cancel_drag (self);
    }
  else if (self->drag != DRAG_NONE)
    end_tool (self, x, y);
}

static void
drag_cancel_cb (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                MazeCanvas       *self)
{
  maze_canvas_cancel_drag (self);
}

static void
zoom_begin_cb (GtkGesture       *gesture,
               GdkEventSequence *sequence,
               MazeCanvas       *self)
{
  double x, y;

  /* Two fingers: whatever one finger started is off. */
  maze_canvas_cancel_drag (self);
  if (!gtk_gesture_get_bounding_box_center (gesture, &x, &y))
    pointer_or_center (self, &x, &y);
  self->pinch_zoom = maze_viewport_get_zoom (self->viewport);
  maze_viewport_view_to_model (self->viewport, x, y, &self->pinch_anchor_x, &self->pinch_anchor_y);
}

static void
zoom_scale_changed_cb (GtkGestureZoom *gesture,
                       double          scale,
                       MazeCanvas     *self)
{
  double x, y;

  if (self->document == NULL || !(scale > 0) ||
      !gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    return;
  /* Zoom about the fingers and follow them as they move. */
  maze_viewport_zoom_at (self->viewport, self->pinch_zoom * scale, x, y);
  self->pan_anchor_x = self->pinch_anchor_x;
  self->pan_anchor_y = self->pinch_anchor_y;
  pan_to (self, x, y);
}

static void
ensure_cursor (MazeCanvas *self)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (self->document);

  if (self->cursor_valid)
    return;
  self->cursor_valid = TRUE;
  self->cursor_x = 0;
  self->cursor_y = 0;
  if (puzzle->start < puzzle->grid->n_cells)
    maze_grid_xy (puzzle->grid, puzzle->start, &self->cursor_x, &self->cursor_y);
}

/* Pans just enough to bring cell (x, y) into view. */
void
maze_canvas_scroll_to_cell (MazeCanvas *self,
                            guint       x,
                            guint       y)
{
  View view;
  double cx, cy, vx, vy, margin, dx = 0, dy = 0;

  if (!maze_canvas_get_view (self, &view) || view.width <= 0 || view.height <= 0)
    return;
  maze_geometry_cell_center (&view.geo, x, y, &cx, &cy);
  device_to_view (&view, cx, cy, &vx, &vy);
  margin = MIN (view.z / view.scale, MIN (view.width, view.height) / 4.0);
  if (vx < margin)
    dx = margin - vx;
  else if (vx > view.width - margin)
    dx = view.width - margin - vx;
  if (vy < margin)
    dy = margin - vy;
  else if (vy > view.height - margin)
    dy = view.height - margin - vy;
  if (dx != 0 || dy != 0)
    maze_viewport_pan_by (self->viewport, dx, dy);
}

static void
scroll_to_cursor (MazeCanvas *self)
{
  maze_canvas_scroll_to_cell (self, self->cursor_x, self->cursor_y);
}

static void
move_cursor (MazeCanvas *self,
             int         dx,
             int         dy)
{
  const MazeGrid *grid = maze_document_get_grid (self->document);

  if (self->cursor_valid && self->cursor_shown)
    {
      self->cursor_x = (guint) CLAMP ((gint64) self->cursor_x + dx, 0, (gint64) grid->width - 1);
      self->cursor_y = (guint) CLAMP ((gint64) self->cursor_y + dy, 0, (gint64) grid->height - 1);
    }
  /* The first key only shows where the cursor is. */
  ensure_cursor (self);
  self->cursor_shown = TRUE;
  scroll_to_cursor (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
set_endpoint_at_cursor (MazeCanvas *self,
                        gboolean    start)
{
  const MazeGrid *grid = maze_document_get_grid (self->document);
  g_autoptr(GError) error = NULL;
  guint32 cell;
  gboolean ok;

  ensure_cursor (self);
  self->cursor_shown = TRUE;
  cell = maze_grid_index (grid, self->cursor_x, self->cursor_y);
  if (start)
    ok = maze_document_set_start (self->document, cell, &error);
  else
    ok = maze_document_set_end (self->document, cell, &error);
  if (!ok)
    maze_canvas_emit_edit_failed (self, error);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Enter: the current tool, clicked on the cursor cell. */
static void
activate_at_cursor (MazeCanvas *self)
{
  View view;
  double cx, cy, vx, vy;

  ensure_cursor (self);
  self->cursor_shown = TRUE;
  if (!maze_canvas_get_view (self, &view))
    return;
  maze_geometry_cell_center (&view.geo, self->cursor_x, self->cursor_y, &cx, &cy);
  device_to_view (&view, cx, cy, &vx, &vy);
  maze_canvas_press (self, vx, vy, FALSE);
  maze_canvas_release (self, vx, vy);
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                MazeCanvas            *self)
{
  if (self->document == NULL ||
      (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK)) != 0)
    return FALSE;

  if (self->play != NULL && keyval != GDK_KEY_space)
    return maze_canvas_play_key_pressed (self, keyval);

  switch (keyval)
    {
    case GDK_KEY_space:
      if (!self->space_held)
        {
          self->space_held = TRUE;
          maze_canvas_update_cursor (self);
        }
      return TRUE;
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      move_cursor (self, -1, 0);
      return TRUE;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      move_cursor (self, 1, 0);
      return TRUE;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      move_cursor (self, 0, -1);
      return TRUE;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      move_cursor (self, 0, 1);
      return TRUE;
    case GDK_KEY_s:
    case GDK_KEY_S:
      set_endpoint_at_cursor (self, TRUE);
      return TRUE;
    case GDK_KEY_e:
    case GDK_KEY_E:
      set_endpoint_at_cursor (self, FALSE);
      return TRUE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
      activate_at_cursor (self);
      return TRUE;
    default:
      return FALSE;
    }
}

static void
key_released_cb (GtkEventControllerKey *controller,
                 guint                  keyval,
                 guint                  keycode,
                 GdkModifierType        state,
                 MazeCanvas            *self)
{
  if (keyval == GDK_KEY_space && self->space_held)
    {
      self->space_held = FALSE;
      maze_canvas_update_cursor (self);
    }
}

static void
focus_changed_cb (GtkEventControllerFocus *controller,
                  MazeCanvas              *self)
{
  /* A space released elsewhere never reaches us. */
  if (!gtk_event_controller_focus_contains_focus (controller) && self->space_held)
    {
      self->space_held = FALSE;
      maze_canvas_update_cursor (self);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- Actions ---- */

static void
zoom_in_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  MazeCanvas *self = MAZE_CANVAS (widget);
  double x, y;

  pointer_or_center (self, &x, &y);
  maze_viewport_zoom_by (self->viewport, KEY_ZOOM_STEP, x, y);
}

static void
zoom_out_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  MazeCanvas *self = MAZE_CANVAS (widget);
  double x, y;

  pointer_or_center (self, &x, &y);
  maze_viewport_zoom_by (self->viewport, 1 / KEY_ZOOM_STEP, x, y);
}

static void
zoom_reset_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  maze_viewport_fit (MAZE_CANVAS (widget)->viewport);
}

void
maze_canvas_update_actions (MazeCanvas *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  double zoom = maze_viewport_get_zoom (self->viewport);
  gboolean has_document = self->document != NULL;

  gtk_widget_action_set_enabled (widget, "canvas.zoom-in",
                                 has_document && zoom < MAZE_VIEWPORT_MAX_ZOOM);
  gtk_widget_action_set_enabled (widget, "canvas.zoom-out",
                                 has_document && zoom > maze_viewport_get_min_zoom (self->viewport));
  gtk_widget_action_set_enabled (widget, "canvas.zoom-reset",
                                 has_document && !maze_viewport_get_fitted (self->viewport));
}

/* The canvas's actions and their keys. */
void
maze_canvas_class_add_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "canvas.zoom-in", NULL, zoom_in_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-out", NULL, zoom_out_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-reset", NULL, zoom_reset_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_CONTROL_MASK, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, GDK_CONTROL_MASK, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, GDK_CONTROL_MASK, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, GDK_CONTROL_MASK, "canvas.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, GDK_CONTROL_MASK, "canvas.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK, "canvas.zoom-reset", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0, GDK_CONTROL_MASK, "canvas.zoom-reset", NULL);
}

/* The controllers that turn events into the handlers above. */
void
maze_canvas_add_controllers (MazeCanvas *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkEventController *controller;
  GtkGesture *gesture;

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (motion_cb), self);
  g_signal_connect (controller, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (controller, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (controller, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (widget, controller);

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (drag_end_cb), self);
  g_signal_connect (gesture, "cancel", G_CALLBACK (drag_cancel_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_zoom_new ();
  g_signal_connect (gesture, "begin", G_CALLBACK (zoom_begin_cb), self);
  g_signal_connect (gesture, "scale-changed", G_CALLBACK (zoom_scale_changed_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_key_new ();
  g_signal_connect (controller, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  g_signal_connect (controller, "key-released", G_CALLBACK (key_released_cb), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_focus_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (focus_changed_cb), self);
  g_signal_connect (controller, "leave", G_CALLBACK (focus_changed_cb), self);
  gtk_widget_add_controller (widget, controller);
}

/* ---- Document and viewport ---- */

static void
reset_for_grid (MazeCanvas *self)
{
  const MazePuzzle *puzzle;
  MazeGeometry geo;

  maze_canvas_cancel_drag (self);
  maze_canvas_drop_tiles (self);
  self->cursor_valid = FALSE;
  self->cursor_shown = FALSE;
  if (self->document == NULL)
    {
      maze_viewport_set_content_size (self->viewport, 0, 0);
      return;
    }
  puzzle = maze_document_get_puzzle (self->document);
  self->shown_start = puzzle->start;
  self->shown_end = puzzle->end;
  maze_geometry_init (&geo, puzzle->grid, 1.0, 0.5, 0.5);
  maze_viewport_set_content_size (self->viewport, geo.width + 1.0, geo.height + 1.0);
  maze_canvas_path_index_build (&self->solution, puzzle->grid);
}

static void
document_changed_cb (MazeDocument   *document,
                     guint           flags,
                     const MazeRect *area,
                     MazeCanvas     *self)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (document);

  if (flags & MAZE_CHANGE_SIZE)
    {
      maze_canvas_drop_unfit_layers (self);
      reset_for_grid (self);
      maze_canvas_update_hover (self);
    }
  else
    {
      /* Each change redraws the layers it shows in: mud lies under the
       * walls, masked cells too but walls close around them. */
      guint mask = ((flags & MAZE_CHANGE_PASSAGES) ? LAYER_BIT (LAYER_WALLS) : 0) |
                   ((flags & MAZE_CHANGE_MASK) ? LAYER_BIT (LAYER_BASE) | LAYER_BIT (LAYER_WALLS) : 0) |
                   ((flags & MAZE_CHANGE_WEIGHTS) ? LAYER_BIT (LAYER_BASE) : 0);

      if (mask != 0)
        maze_canvas_mark_stale (self, area, mask);
      if (flags & MAZE_CHANGE_ENDPOINTS)
        {
          /* Doors in the outer wall move with the endpoints; the change's
           * rectangle holds only the new cell. */
          maze_canvas_mark_cell_stale (self, self->shown_start, LAYER_BIT (LAYER_WALLS));
          maze_canvas_mark_cell_stale (self, self->shown_end, LAYER_BIT (LAYER_WALLS));
          maze_canvas_mark_cell_stale (self, puzzle->start, LAYER_BIT (LAYER_WALLS));
          maze_canvas_mark_cell_stale (self, puzzle->end, LAYER_BIT (LAYER_WALLS));
        }
      self->shown_start = puzzle->start;
      self->shown_end = puzzle->end;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
viewport_changed_cb (MazeViewport *viewport,
                     MazeCanvas   *self)
{
  maze_canvas_update_hover (self);
  maze_canvas_update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- GObject and GtkWidget ---- */

static void
maze_canvas_measure (GtkWidget      *widget,
                     GtkOrientation  orientation,
                     int             for_size,
                     int            *minimum,
                     int            *natural,
                     int            *minimum_baseline,
                     int            *natural_baseline)
{
  *minimum = 120;
  *natural = 480;
}

static void
maze_canvas_size_allocate (GtkWidget *widget,
                           int        width,
                           int        height,
                           int        baseline)
{
  maze_viewport_set_view_size (MAZE_CANVAS (widget)->viewport, width, height);
}

static void
maze_canvas_dispose (GObject *object)
{
  MazeCanvas *self = MAZE_CANVAS (object);

  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  if (self->document != NULL)
    {
      g_clear_signal_handler (&self->document_changed_id, self->document);
      g_clear_object (&self->document);
    }
  if (self->viewport != NULL)
    g_signal_handlers_disconnect_by_data (self->viewport, self);
  g_clear_object (&self->viewport);
  if (self->play != NULL)
    g_signal_handlers_disconnect_by_data (self->play, self);
  g_clear_object (&self->play);
  maze_canvas_lent_clear (&self->heat);
  maze_canvas_lent_clear (&self->roles);
  maze_canvas_lent_clear (&self->grid);
  maze_canvas_drop_tiles (self);

  G_OBJECT_CLASS (maze_canvas_parent_class)->dispose (object);
}

static void
maze_canvas_finalize (GObject *object)
{
  MazeCanvas *self = MAZE_CANVAS (object);

  maze_canvas_path_index_clear (&self->solution);
  maze_canvas_path_index_clear (&self->trail);
  for (guint i = 0; i < MAZE_CANVAS_MAX_PATHS; i++)
    maze_canvas_path_index_clear (&self->paths[i]);
  g_clear_pointer (&self->painted, g_hash_table_unref);

  G_OBJECT_CLASS (maze_canvas_parent_class)->finalize (object);
}

static void
maze_canvas_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  MazeCanvas *self = MAZE_CANVAS (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_SOLVE_START:
      g_value_set_uint (value, self->solve_start);
      break;
    case PROP_SOLVE_END:
      g_value_set_uint (value, self->solve_end);
      break;
    case PROP_PLAY_SESSION:
      g_value_set_object (value, self->play);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
maze_canvas_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  MazeCanvas *self = MAZE_CANVAS (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      maze_canvas_set_document (self, g_value_get_object (value));
      break;
    case PROP_SOLVE_START:
      maze_canvas_set_solve_endpoints (self, g_value_get_uint (value), self->solve_end);
      break;
    case PROP_SOLVE_END:
      maze_canvas_set_solve_endpoints (self, self->solve_start, g_value_get_uint (value));
      break;
    case PROP_PLAY_SESSION:
      maze_canvas_set_play_session (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
maze_canvas_class_init (MazeCanvasClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = maze_canvas_dispose;
  object_class->finalize = maze_canvas_finalize;
  object_class->get_property = maze_canvas_get_property;
  object_class->set_property = maze_canvas_set_property;

  widget_class->measure = maze_canvas_measure;
  widget_class->size_allocate = maze_canvas_size_allocate;
  widget_class->snapshot = maze_canvas_snapshot;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, MAZE_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SOLVE_START] =
    g_param_spec_uint ("solve-start", NULL, NULL, 0, G_MAXUINT32, MAZE_NO_CELL,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SOLVE_END] =
    g_param_spec_uint ("solve-end", NULL, NULL, 0, G_MAXUINT32, MAZE_NO_CELL,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_PLAY_SESSION] =
    g_param_spec_object ("play-session", NULL, NULL, MAZE_TYPE_PLAY_SESSION,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MazeCanvas::hover-changed:
   *
   * The cell under the pointer changed or the pointer left the maze; ask
   * maze_canvas_get_hover_cell().
   */
  signals[HOVER_CHANGED] = g_signal_new ("hover-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * MazeCanvas::edit-failed:
   * @error: what the document refused, to show the user
   */
  signals[EDIT_FAILED] = g_signal_new ("edit-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);

  maze_canvas_class_add_actions (widget_class);

  gtk_widget_class_set_css_name (widget_class, "mazecanvas");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
maze_canvas_init (MazeCanvas *self)
{
  GtkWidget *widget = GTK_WIDGET (self);

  self->viewport = maze_viewport_new ();
  self->tool = MAZE_TOOL_START;
  self->weight = 5;
  self->live_cell = MAZE_NO_CELL;
  self->shown_start = MAZE_NO_CELL;
  self->shown_end = MAZE_NO_CELL;
  self->current_cell = MAZE_NO_CELL;
  self->solve_start = MAZE_NO_CELL;
  self->solve_end = MAZE_NO_CELL;
  self->painted = g_hash_table_new (NULL, NULL);
  g_signal_connect (self->viewport, "changed", G_CALLBACK (viewport_changed_cb), self);

  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_focus_on_click (widget, TRUE);
  gtk_widget_set_overflow (widget, GTK_OVERFLOW_HIDDEN);
  /* The view style: paper and ink of a document, light or dark. */
  gtk_widget_add_css_class (widget, "view");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Maze"),
                                  -1);

  maze_canvas_add_controllers (self);

  maze_canvas_update_actions (self);
  maze_canvas_update_cursor (self);
}

/* ---- Public API ---- */

GtkWidget *
maze_canvas_new (void)
{
  return g_object_new (MAZE_TYPE_CANVAS, NULL);
}

void
maze_canvas_set_document (MazeCanvas   *self,
                          MazeDocument *document)
{
  g_return_if_fail (MAZE_IS_CANVAS (self));
  g_return_if_fail (document == NULL || MAZE_IS_DOCUMENT (document));

  if (self->document == document)
    return;
  maze_canvas_cancel_drag (self);
  if (self->document != NULL)
    g_clear_signal_handler (&self->document_changed_id, self->document);
  g_set_object (&self->document, document);
  if (document != NULL)
    self->document_changed_id = g_signal_connect (document, "changed",
                                                  G_CALLBACK (document_changed_cb), self);
  /* A path belongs to the maze it was found in; so do the layers and a
   * game. */
  maze_canvas_path_index_clear (&self->solution);
  self->layers_width = 0;
  maze_canvas_drop_unfit_layers (self);
  reset_for_grid (self);
  maze_viewport_fit (self->viewport);
  maze_canvas_update_hover (self);
  maze_canvas_update_actions (self);
  maze_canvas_update_cursor (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

MazeDocument *
maze_canvas_get_document (MazeCanvas *self)
{
  g_return_val_if_fail (MAZE_IS_CANVAS (self), NULL);
  return self->document;
}

MazeViewport *
maze_canvas_get_viewport (MazeCanvas *self)
{
  g_return_val_if_fail (MAZE_IS_CANVAS (self), NULL);
  return self->viewport;
}

void
maze_canvas_set_tool (MazeCanvas *self,
                      MazeTool    tool)
{
  g_return_if_fail (MAZE_IS_CANVAS (self));
  g_return_if_fail (tool <= MAZE_TOOL_SOLVE_END);

  if (self->tool == tool)
    return;
  maze_canvas_cancel_drag (self);
  self->tool = tool;
}

MazeTool
maze_canvas_get_tool (MazeCanvas *self)
{
  g_return_val_if_fail (MAZE_IS_CANVAS (self), MAZE_TOOL_START);
  return self->tool;
}

void
maze_canvas_set_weight (MazeCanvas *self,
                        guint8      weight)
{
  g_return_if_fail (MAZE_IS_CANVAS (self));
  g_return_if_fail (weight >= 1);

  self->weight = weight;
}

/* ---- Solve endpoints ---- */

void
maze_canvas_set_solve_endpoints (MazeCanvas *self,
                                 guint32     start,
                                 guint32     end)
{
  g_return_if_fail (MAZE_IS_CANVAS (self));

  if (self->document != NULL)
    {
      guint32 n_cells = maze_document_get_grid (self->document)->n_cells;

      g_return_if_fail (start == MAZE_NO_CELL || start < n_cells);
      g_return_if_fail (end == MAZE_NO_CELL || end < n_cells);
    }

  g_object_freeze_notify (G_OBJECT (self));
  if (self->solve_start != start)
    {
      self->solve_start = start;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOLVE_START]);
    }
  if (self->solve_end != end)
    {
      self->solve_end = end;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOLVE_END]);
    }
  g_object_thaw_notify (G_OBJECT (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
maze_canvas_get_solve_endpoints (MazeCanvas *self,
                                 guint32    *start,
                                 guint32    *end)
{
  const MazePuzzle *puzzle;

  g_return_if_fail (MAZE_IS_CANVAS (self));

  puzzle = self->document != NULL ? maze_document_get_puzzle (self->document) : NULL;
  if (start != NULL)
    *start = self->solve_start != MAZE_NO_CELL ? self->solve_start
             : puzzle != NULL ? puzzle->start : MAZE_NO_CELL;
  if (end != NULL)
    *end = self->solve_end != MAZE_NO_CELL ? self->solve_end
           : puzzle != NULL ? puzzle->end : MAZE_NO_CELL;
}

guint32
maze_canvas_get_solve_start (MazeCanvas *self)
{
  g_return_val_if_fail (MAZE_IS_CANVAS (self), MAZE_NO_CELL);
  return self->solve_start;
}

guint32
maze_canvas_get_solve_end (MazeCanvas *self)
{
  g_return_val_if_fail (MAZE_IS_CANVAS (self), MAZE_NO_CELL);
  return self->solve_end;
}

gboolean
maze_canvas_get_hover_cell (MazeCanvas *self,
                            guint      *x,
                            guint      *y)
{
  g_return_val_if_fail (MAZE_IS_CANVAS (self), FALSE);

  if (!self->hover_valid)
    return FALSE;
  if (x != NULL)
    *x = self->hover_x;
  if (y != NULL)
    *y = self->hover_y;
  return TRUE;
}

void
maze_canvas_press (MazeCanvas *self,
                   double      x,
                   double      y,
                   gboolean    secondary)
{
  g_return_if_fail (MAZE_IS_CANVAS (self));

  begin_tool (self, x, y, secondary);
}

void
maze_canvas_drag_to (MazeCanvas *self,
                     double      x,
                     double      y)
{
  g_return_if_fail (MAZE_IS_CANVAS (self));

  if (self->drag != DRAG_PAN)
    update_tool (self, x, y);
}

void
maze_canvas_release (MazeCanvas *self,
                     double      x,
                     double      y)
{
  g_return_if_fail (MAZE_IS_CANVAS (self));

  if (self->drag != DRAG_NONE && self->drag != DRAG_PAN)
    end_tool (self, x, y);
}
