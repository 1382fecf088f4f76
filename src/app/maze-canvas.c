/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

/* MazeCanvas itself: the GObject (properties, signals, class and
 * instance set-up), the document and viewport it follows, the view and
 * colours of a frame, the snapshot that draws the parts in order, and
 * the public API for plain state (document, tool, weight, hover). The parts are listed in maze-canvas-private.h. */

#include "config.h"

#include "maze-canvas.h"
#include "maze-canvas-private.h"
#include "maze-compat.h"

#include <glib/gi18n.h>
#include <math.h>
#include <time.h>


G_DEFINE_FINAL_TYPE (MazeCanvas, maze_canvas, GTK_TYPE_WIDGET)

enum {
  HOVER_CHANGED,
  EDIT_FAILED,
  CELL_PICKED,
  REGENERATE_REGION,
  PAINT_MASK,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* ---- Signals and notification ---- */

/* For the parts, which cannot reach the static arrays. The document
 * refused an edit: "edit-failed". */
void
maze_canvas_emit_edit_failed (MazeCanvas *self,
                              GError     *error)
{
  g_signal_emit (self, signals[EDIT_FAILED], 0, error);
}

/* A band or a mask stroke: TRUE when a handler made the edit (the
 * window, on a thread for a big maze), FALSE to make it here. */
gboolean
maze_canvas_emit_regenerate_region (MazeCanvas     *self,
                                    const MazeRect *rect)
{
  gboolean handled = FALSE;

  g_signal_emit (self, signals[REGENERATE_REGION], 0, rect, &handled);
  return handled;
}

gboolean
maze_canvas_emit_paint_mask (MazeCanvas     *self,
                             const MazeRect *rect,
                             const guint8   *mask)
{
  gboolean handled = FALSE;

  g_signal_emit (self, signals[PAINT_MASK], 0, rect, mask, &handled);
  return handled;
}

/* The pick tool chose cell: "cell-picked". */
void
maze_canvas_emit_cell_picked (MazeCanvas *self,
                              guint32     cell,
                              gboolean    finished)
{
  g_signal_emit (self, signals[CELL_PICKED], 0, cell, finished);
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

void
maze_canvas_ring_sector (const MazeGeometry *geo,
                         const MazeRect     *rect,
                         RingSector         *sector)
{
  /* The rings lie around the centre of the bounding box, ring y between
   * y + 1 and y + 2 cell sizes (maze-geometry.h); column 0 of the outer
   * ring starts straight up, cairo's -pi / 2. */
  sector->cx = geo->origin_x + geo->width / 2;
  sector->cy = geo->origin_y + geo->height / 2;
  sector->r0 = (rect->y + 1) * geo->cell_size;
  sector->r1 = (rect->y + rect->height + 1) * geo->cell_size;
  sector->a0 = 2 * G_PI * rect->x / geo->columns - G_PI / 2;
  sector->a1 = 2 * G_PI * (rect->x + rect->width) / geo->columns - G_PI / 2;
}

void
maze_canvas_ring_sector_path (cairo_t          *cr,
                              const RingSector *sector)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, sector->cx, sector->cy, sector->r1, sector->a0, sector->a1);
  cairo_arc_negative (cr, sector->cx, sector->cy, sector->r0, sector->a1, sector->a0);
  cairo_close_path (cr);
}

/* The box of a ring sector: its corners, and where its outer arc
 * crosses the axes. */
static void
ring_sector_bbox (const MazeGeometry *geo,
                  const MazeRect     *rect,
                  double             *x1,
                  double             *y1,
                  double             *x2,
                  double             *y2)
{
  RingSector sector;
  double angles[6];
  guint n = 0;

  maze_canvas_ring_sector (geo, rect, &sector);
  angles[n++] = sector.a0;
  angles[n++] = sector.a1;
  /* A sector across angle 0 ends past 3 pi / 2 (maze_region_wraps()). */
  for (int k = -1; k <= 5 && n < G_N_ELEMENTS (angles); k++)
    if (k * G_PI / 2 > sector.a0 && k * G_PI / 2 < sector.a1)
      angles[n++] = k * G_PI / 2;
  *x1 = *y1 = G_MAXDOUBLE;
  *x2 = *y2 = -G_MAXDOUBLE;
  for (guint i = 0; i < n; i++)
    for (guint r = 0; r < 2; r++)
      {
        double radius = r == 0 ? sector.r0 : sector.r1;
        double x = sector.cx + radius * cos (angles[i]);
        double y = sector.cy + radius * sin (angles[i]);

        *x1 = MIN (*x1, x);
        *y1 = MIN (*y1, y);
        *x2 = MAX (*x2, x);
        *y2 = MAX (*y2, y);
      }
}

/* The bounding box of a rectangle of cells (a ring sector on the
 * circular grid), in the geometry's units. */
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

  if (geo->polar != NULL)
    {
      ring_sector_bbox (geo, rect, x1, y1, x2, y2);
      return;
    }
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

static void
get_palette (MazeCanvas *self,
             Palette    *palette)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean dark;

  maze_widget_get_color (widget, &palette->fg);
  dark = 0.299 * palette->fg.red + 0.587 * palette->fg.green + 0.114 * palette->fg.blue > 0.5;
  if (!maze_widget_lookup_color (widget, "view_bg_color", &palette->paper) &&
      !maze_widget_lookup_color (widget, "theme_base_color", &palette->paper))
    palette->paper = dark ? (GdkRGBA) { 0.14f, 0.14f, 0.14f, 1.0f } : (GdkRGBA) { 1.0f, 1.0f, 1.0f, 1.0f };
  if (!maze_widget_lookup_color (widget, "accent_color", &palette->accent) &&
      !maze_widget_lookup_color (widget, "theme_selected_bg_color", &palette->accent))
    palette->accent = dark ? (GdkRGBA) { 0.47f, 0.68f, 0.93f, 1.0f } : (GdkRGBA) { 0.11f, 0.44f, 0.85f, 1.0f };
}

/* ---- Snapshot ---- */

/* The main thread's processor time in µs: what a frame cost the canvas
 * itself, whatever else the machine does (the log and the benchmark). */
static gint64
thread_cpu_time (void)
{
#ifdef CLOCK_THREAD_CPUTIME_ID
  struct timespec ts;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
    return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
#endif
  return g_get_monotonic_time ();
}

static void
maze_canvas_snapshot (GtkWidget   *widget,
                      GtkSnapshot *snapshot)
{
  MazeCanvas *self = MAZE_CANVAS (widget);
  gint64 begin = g_get_monotonic_time ();
  gint64 begin_cpu = thread_cpu_time ();
  MazeTileStats stats;
  gboolean pending;
  Palette palette;
  View view;

  if (!maze_canvas_get_view (self, &view) || view.width <= 0 || view.height <= 0)
    return;

  get_palette (self, &palette);
  if (!self->have_tile_colors || !gdk_rgba_equal (&self->tile_fg, &palette.fg) ||
      !gdk_rgba_equal (&self->tile_paper, &palette.paper))
    {
      /* The style changed (dark mode, high contrast): draw anew. */
      maze_tile_cache_clear (self->tile_cache);
      self->tile_fg = palette.fg;
      self->tile_paper = palette.paper;
      self->have_tile_colors = TRUE;
    }

  self->frame++;
  pending = maze_canvas_append_tiles (self, snapshot, &view, &palette, &stats);

  if (self->drag == DRAG_MASK)
    maze_canvas_append_painted (self, snapshot, &view, &palette);
  if (self->drag == DRAG_BAND)
    maze_canvas_append_band (self, snapshot, &view, &palette);
  if (self->hover_valid)
    maze_canvas_append_cell_highlight (snapshot, &view, self->hover_x, self->hover_y, &palette.accent, 0.3, 0);
  maze_canvas_append_markers (self, snapshot, &view, &palette);
  /* Over the markers: the player standing on the start must show. */
  if (self->play != NULL)
    maze_canvas_append_token (self, snapshot, &view, &palette, maze_play_session_get_cell (self->play));
  else
    {
      guint32 tokens[MAX_MARKS];
      guint n = maze_canvas_get_marks (self, MARK_CURRENT, tokens, G_N_ELEMENTS (tokens));

      for (guint i = 0; i < n; i++)
        maze_canvas_append_token (self, snapshot, &view, &palette, tokens[i]);
    }
  if (self->play == NULL && self->cursor_valid && self->cursor_shown && gtk_widget_has_focus (widget))
    maze_canvas_append_cell_highlight (snapshot, &view, self->cursor_x, self->cursor_y, &palette.accent, 0,
                                       2 * view.scale);

  g_debug ("canvas frame %" G_GUINT64_FORMAT ": %.3f ms, %.3f ms processor, zoom %.4g%s, "
           "%u tiles drawn, %u rendered (layers: %u base, %u walls, %u paths)%s",
           self->frame, (g_get_monotonic_time () - begin) / 1000.0,
           (thread_cpu_time () - begin_cpu) / 1000.0,
           view.z / view.scale, maze_canvas_far_view (self, view.z) ? " (far view)" : "", stats.drawn, stats.rendered,
           stats.layers[LAYER_BASE], stats.layers[LAYER_WALLS], stats.layers[LAYER_PATHS],
           pending ? ", more to render" : ", all drawn");
}

/* ---- Document and viewport ---- */

static void
reset_for_grid (MazeCanvas *self)
{
  const MazePuzzle *puzzle;
  MazeGeometry geo;

  maze_canvas_cancel_drag (self);
  maze_tile_cache_clear (self->tile_cache);
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
  maze_canvas_rebuild_overlays (self);
}

static void
document_changed_cb (MazeDocument   *document,
                     guint           flags,
                     const MazeRect *area,
                     MazeCanvas     *self)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (document);

  /* Undo, redo or a finished generation changed the maze under a drag:
   * the drag ends there. A stroke's cells painted so far stay one undo
   * step (they were undone whole), and no more are painted as steps of
   * their own. */
  if (self->drag != DRAG_NONE && self->drag != DRAG_PAN && self->editing == 0)
    maze_canvas_cancel_drag (self);

  if (flags & MAZE_CHANGE_SIZE)
    {
      maze_canvas_drop_unfit_session (self);
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
  g_ptr_array_set_size (self->overlays, 0);
  maze_tile_cache_clear (self->tile_cache);

  G_OBJECT_CLASS (maze_canvas_parent_class)->dispose (object);
}

static void
maze_canvas_finalize (GObject *object)
{
  MazeCanvas *self = MAZE_CANVAS (object);

  maze_canvas_path_index_clear (&self->solution);
  maze_canvas_path_index_clear (&self->trail);
  g_clear_pointer (&self->overlays, g_ptr_array_unref);
  g_clear_pointer (&self->painted, g_hash_table_unref);
  g_clear_pointer (&self->tile_cache, maze_tile_cache_free);

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
  /**
   * MazeCanvas::cell-picked:
   * @cell: the cell the pick tool chose; MAZE_NO_CELL: cancelled
   * @finished: FALSE while dragging, TRUE at the end
   */
  signals[CELL_PICKED] = g_signal_new ("cell-picked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_BOOLEAN);

  /**
   * MazeCanvas::regenerate-region:
   * @rect: (type gpointer): the MazeRect the band covers
   *
   * Returns: TRUE when the handler regenerates it; else the canvas asks
   * the document at once
   */
  signals[REGENERATE_REGION] = g_signal_new ("regenerate-region", G_TYPE_FROM_CLASS (klass),
                                             G_SIGNAL_RUN_LAST, 0,
                                             g_signal_accumulator_true_handled, NULL, NULL,
                                             G_TYPE_BOOLEAN, 1, G_TYPE_POINTER);
  /**
   * MazeCanvas::paint-mask:
   * @rect: (type gpointer): the MazeRect of the stroke's cells
   * @mask: (type gpointer): their new state, as maze_document_set_mask()
   *
   * Returns: TRUE when the handler sets it; else the canvas asks the
   * document at once
   */
  signals[PAINT_MASK] = g_signal_new ("paint-mask", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                      0, g_signal_accumulator_true_handled, NULL, NULL,
                                      G_TYPE_BOOLEAN, 2, G_TYPE_POINTER, G_TYPE_POINTER);

  gtk_widget_class_set_css_name (widget_class, "mazecanvas");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
maze_canvas_init (MazeCanvas *self)
{
  GtkWidget *widget = GTK_WIDGET (self);

  self->viewport = maze_viewport_new ();
  self->tile_cache = maze_tile_cache_new ();
  self->tool = MAZE_TOOL_START;
  self->weight = 5;
  self->live_cell = MAZE_NO_CELL;
  self->shown_start = MAZE_NO_CELL;
  self->shown_end = MAZE_NO_CELL;
  self->overlays = maze_canvas_overlays_new ();
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
  maze_canvas_drop_unfit_session (self);
  reset_for_grid (self);
  maze_viewport_fit (self->viewport);
  maze_canvas_update_hover (self);
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
  g_return_if_fail (tool <= MAZE_TOOL_PICK);

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
