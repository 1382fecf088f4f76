/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

/* MazeCanvas's input: the editing tools (markers dragged, the rubber
 * band, mask and weight strokes painted cell by cell), hover, panning
 * and zooming with the wheel, the touchpad, drags and pinches, the
 * keyboard's cell cursor, and keyboard zoom. In play mode the keys go
 * to maze-canvas-play.c and the tools do nothing. */

#include "config.h"

#include "maze-canvas-private.h"

#include <math.h>
#include <string.h>

#define WHEEL_PAN_STEP    64.0           /* widget pixels per wheel step */
#define WHEEL_ZOOM_STEP   1.2
#define TOUCHPAD_ZOOM     0.01           /* per pixel of touchpad scroll */
#define KEY_ZOOM_STEP     1.25

/* ---- Where the pointer is ---- */

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

/* The cell of a circular maze nearest the point: the point brought in
 * from outside the outer ring, or out of the room, along its ray from
 * the centre. A centre cell fills the middle: ring y spans radii y to
 * y + 1 there, the room's ring y + 1 to y + 2 (maze-geometry-polar.c). */
static void
nearest_ring_cell (const MazeGeometry *geo,
                   double              px,
                   double              py,
                   guint              *cx,
                   guint              *cy)
{
  double ox = geo->origin_x + geo->width / 2, oy = geo->origin_y + geo->height / 2;
  double r = hypot (px - ox, py - oy) / geo->cell_size;
  double inner = geo->polar->centre ? 0 : 1.5;
  double outer = geo->rows + (geo->polar->centre ? -0.5 : 0.5);
  double want = CLAMP (r, inner, outer);

  if (r > 0)
    {
      px = ox + (px - ox) * want / r;
      py = oy + (py - oy) * want / r;
    }
  else
    py = oy - want * geo->cell_size;
  if (!maze_geometry_cell_at (geo, px, py, cx, cy))
    *cx = *cy = 0;
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
  if (view.geo.polar != NULL)
    {
      nearest_ring_cell (&view.geo, px, py, cx, cy);
      return;
    }
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

/* ---- Tools ---- */

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
  /* A pick that did not end with a release is called off. */
  if (self->drag == DRAG_MARKER && self->tool == MAZE_TOOL_PICK && self->live_cell != MAZE_NO_CELL)
    {
      self->drag = DRAG_NONE;
      self->live_cell = MAZE_NO_CELL;
      maze_canvas_emit_cell_picked (self, MAZE_NO_CELL, TRUE);
    }
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
  /* clear_stroke() left it empty. */
  maze_cell_rect_add (grid, &self->painted_rect, x, y);

  if (self->drag == DRAG_WEIGHT && !maze_grid_is_masked (grid, cell))
    {
      g_autoptr(GError) error = NULL;
      guint8 weight = self->drag_secondary ? 1 : self->weight;

      /* The stroke is one undo group (begun in begin_tool). One error a
       * stroke is enough. */
      gboolean ok;

      self->editing++;
      ok = maze_document_set_weight (self->document, cell, weight, &error);
      self->editing--;
      if (!ok && !self->stroke_failed)
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
  /* Over the painted cells' bounding box (a ring sector on rings, whose
   * cells sit at maze_rect_local()); the document regenerates a margin
   * around it so the maze can close up around them. */
  rect = self->painted_rect;
  mask = g_malloc0 ((gsize) rect.width * rect.height);
  for (guint y = rect.y; y < rect.y + rect.height; y++)
    {
      guint x0, x1;

      maze_rect_row_span (grid, &rect, y, &x0, &x1);
      for (guint x = x0; x < x1; x++)
        {
          guint32 cell = maze_grid_index (grid, x, y);
          gboolean masked = maze_grid_is_masked (grid, cell);
          gboolean want = masked;

          if (g_hash_table_contains (self->painted, GUINT_TO_POINTER (cell)))
            want = !self->drag_secondary;
          changed |= want != masked;
          mask[maze_rect_local (grid, &rect, x, y)] = want ? 1 : 0;
        }
    }
  if (changed && !maze_canvas_emit_paint_mask (self, &rect, mask) &&
      !maze_document_set_mask (self->document, &rect, mask, &error))
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
    case MAZE_TOOL_PICK:
      if (!on_cell)
        return;
      /* A masked cell is kept so the release can say why it failed. */
      self->drag = DRAG_MARKER;
      self->live_cell = maze_grid_index (grid, cx, cy);
      if (self->tool == MAZE_TOOL_PICK)
        maze_canvas_emit_cell_picked (self, self->live_cell, FALSE);
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
          if (self->tool == MAZE_TOOL_PICK)
            maze_canvas_emit_cell_picked (self, self->live_cell, FALSE);
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

/* The cells between the band's corner cells: a rectangle, or on rings
 * the shorter sector from the one to the other, across straight up if
 * need be. */
MazeRect
maze_canvas_band_rect (MazeCanvas *self)
{
  return maze_cell_rect_span (maze_document_get_grid (self->document),
                              self->band_x0, self->band_y0, self->band_x1, self->band_y1);
}

/* Regenerates the rectangle the band covers; a refusal is said. */
static void
apply_band (MazeCanvas *self)
{
  g_autoptr(GError) error = NULL;
  MazeRect rect = maze_canvas_band_rect (self);
  gboolean ok;

  if (maze_canvas_emit_regenerate_region (self, &rect))
    return;
  self->editing++;
  ok = maze_document_regenerate_region (self->document, &rect, &error);
  self->editing--;
  if (!ok)
    maze_canvas_emit_edit_failed (self, error);
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

  self->editing++;
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
      else
        {
          /* A panel's cell: it decides what the cell means. */
          guint32 cell = self->live_cell;

          self->live_cell = MAZE_NO_CELL;
          maze_canvas_emit_cell_picked (self, cell, TRUE);
        }
      break;

    case DRAG_BAND:
      apply_band (self);
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
  self->editing--;

  if (!ok)
    maze_canvas_emit_edit_failed (self, error);
  maze_canvas_cancel_drag (self);
}

/* ---- Pointer and gestures ---- */

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

/* ---- Keyboard ---- */

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

/* On rings the arrows go as in play mode (maze_play_key_hint()): round
 * the ring, wrapping, and out or in, whatever the walls: outward to the
 * first of two cells, inward to the one there; from a centre cell the
 * way they point. */
static void
move_ring_cursor (MazeCanvas     *self,
                  const MazeGrid *grid,
                  int             dx,
                  int             dy)
{
  MazePlayKey key = dx < 0 ? MAZE_PLAY_KEY_LEFT : dx > 0 ? MAZE_PLAY_KEY_RIGHT
                  : dy < 0 ? MAZE_PLAY_KEY_UP : MAZE_PLAY_KEY_DOWN;
  gint dir = maze_grid_is_centre (grid, self->cursor_x, self->cursor_y)
             ? maze_play_key_to_spoke (key, grid, FALSE)
             : maze_play_key_to_direction (key, grid->shape, self->cursor_y);
  guint nx, ny;

  if (dir < 0)
    return;
  if (maze_grid_step (grid, self->cursor_x, self->cursor_y, (guint) dir, &nx, &ny) ||
      (dir == MAZE_POLAR_IN_A &&
       maze_grid_step (grid, self->cursor_x, self->cursor_y, MAZE_POLAR_IN_B, &nx, &ny)))
    {
      self->cursor_x = nx;
      self->cursor_y = ny;
    }
}

static void
move_cursor (MazeCanvas *self,
             int         dx,
             int         dy)
{
  const MazeGrid *grid = maze_document_get_grid (self->document);

  if (self->cursor_valid && self->cursor_shown)
    {
      if (grid->polar != NULL)
        move_ring_cursor (self, grid, dx, dy);
      else
        {
          self->cursor_x = (guint) CLAMP ((gint64) self->cursor_x + dx, 0,
                                          (gint64) grid->width - 1);
          self->cursor_y = (guint) CLAMP ((gint64) self->cursor_y + dy, 0,
                                          (gint64) grid->height - 1);
        }
    }
  /* The first key only shows where the cursor is. */
  ensure_cursor (self);
  self->cursor_shown = TRUE;
  /* A rectangle chosen with the keys stretches to the cursor. */
  if (self->drag == DRAG_BAND)
    {
      self->band_x1 = self->cursor_x;
      self->band_y1 = self->cursor_y;
    }
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

/* Enter: the current tool, clicked on the cursor cell; Shift+Enter its
 * second button (paints a cell back in, clears mud). With Regenerate,
 * Enter starts a rectangle at the cursor, the arrows stretch it, and
 * Enter again regenerates it, as a drag would. */
static void
activate_at_cursor (MazeCanvas *self,
                    gboolean    secondary)
{
  View view;
  double cx, cy, vx, vy;

  ensure_cursor (self);
  self->cursor_shown = TRUE;
  if (self->tool == MAZE_TOOL_REGENERATE && !secondary)
    {
      if (self->drag == DRAG_BAND)
        {
          /* Where the pointer is plays no part: the band is the keys'. */
          self->band_x1 = self->cursor_x;
          self->band_y1 = self->cursor_y;
          apply_band (self);
          maze_canvas_cancel_drag (self);
        }
      else if (self->drag == DRAG_NONE)
        {
          self->drag = DRAG_BAND;
          self->band_x0 = self->band_x1 = self->cursor_x;
          self->band_y0 = self->band_y1 = self->cursor_y;
          gtk_widget_queue_draw (GTK_WIDGET (self));
        }
      return;
    }
  if (!maze_canvas_get_view (self, &view))
    return;
  maze_geometry_cell_center (&view.geo, self->cursor_x, self->cursor_y, &cx, &cy);
  device_to_view (&view, cx, cy, &vx, &vy);
  maze_canvas_press (self, vx, vy, secondary);
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
      activate_at_cursor (self, (state & GDK_SHIFT_MASK) != 0);
      return TRUE;
    case GDK_KEY_Escape:
      /* Drops a drag or a rectangle under way; with none the key goes on
       * to the window (a generation, play mode). A stroke's cells painted
       * so far stay, one undo step. */
      if (self->drag == DRAG_NONE || self->drag == DRAG_PAN)
        return FALSE;
      maze_canvas_cancel_drag (self);
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

/* ---- Keyboard zoom and controllers ---- */

void
maze_canvas_zoom_in (MazeCanvas *self)
{
  double x, y;

  g_return_if_fail (MAZE_IS_CANVAS (self));

  if (self->document == NULL)
    return;
  pointer_or_center (self, &x, &y);
  maze_viewport_zoom_by (self->viewport, KEY_ZOOM_STEP, x, y);
}

void
maze_canvas_zoom_out (MazeCanvas *self)
{
  double x, y;

  g_return_if_fail (MAZE_IS_CANVAS (self));

  if (self->document == NULL)
    return;
  pointer_or_center (self, &x, &y);
  maze_viewport_zoom_by (self->viewport, 1 / KEY_ZOOM_STEP, x, y);
}

void
maze_canvas_zoom_fit (MazeCanvas *self)
{
  g_return_if_fail (MAZE_IS_CANVAS (self));

  if (self->document == NULL)
    return;
  maze_viewport_fit (self->viewport);
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

/* ---- Public API ---- */

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
