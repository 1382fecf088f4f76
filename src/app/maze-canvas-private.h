/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The insides of MazeCanvas, shared by the files it is made of:
 *   maze-canvas.c         the GObject, the document and viewport it
 *                         follows, the view and colours, and the
 *                         snapshot that puts the parts together;
 *   maze-canvas-tiles.c   what the tiles show: marking them stale,
 *                         rendering each layer of a tile (the tiles
 *                         per zoom and the frame's budget are
 *                         maze-tile-cache.c's);
 *   maze-canvas-layers.c  the overlays it was given (MazeOverlay: paths
 *                         and their lanes, heat map, cell roles, a grid,
 *                         marks) and what of them a tile draws;
 *   maze-canvas-marks.c   what is drawn over the tiles every frame:
 *                         markers, the token, hover and cursor, the
 *                         rubber band and the brush stroke;
 *   maze-canvas-input.c   the tools and everything the pointer and the
 *                         keyboard do, keyboard zoom;
 *   maze-canvas-play.c    play mode: the session, its trail, its keys.
 * Only these files include this header. */

#include "maze-canvas.h"
#include "maze-cell-rect.h"
#include "maze-overlay.h"
#include "maze-render.h"
#include "maze-tile-cache.h"

G_BEGIN_DECLS

/* How the canvas draws.
 *
 * Model units are cells: the maze is maze_render's drawing with a cell
 * size of 1 and a margin of 0.5, and the viewport maps it to the widget.
 * The static picture (walls, masked cells, weights) is drawn by
 * maze_render at the zoomed device-pixel size, in square tiles of the
 * content, so walls land on whole pixels and stay crisp; the view offset
 * is rounded to whole device pixels for the same reason. Tiles are kept
 * as textures for the zoom they were drawn at; a change marks only the
 * tiles its cells touch as stale. Each tile holds three textures, one a
 * layer, each redrawn on its own:
 *   base   opaque: the paper, masked cells, weights, the overlays' heat
 *          maps and cells with a role (what lies under the walls);
 *   walls  transparent: the walls and doors;
 *   paths  transparent, only while there are paths: the solution, the
 *          overlays' paths or the play trail, drawn from an index of each
 *          path by chunks of cells, so a tile costs only the paths in it.
 * A weight or a heat map changes the base only, a passage the walls
 * only, a path the paths only. Markers (the maze's and the overlays'),
 * tokens, hover, the cell cursor, the rubber band and the brush strokes
 * are drawn on top every frame.
 *
 * Far out (MAZE_LOD_MAX_ZOOM device pixels a cell or less) the walls of
 * a rectangular maze are drawn from the passage bits straight into the
 * pixels (maze-lod.c), each as dark as the wall under it: drawing each
 * wall there would cost seconds for a big maze and show a flat grey.
 *
 * A frame draws only visible tiles and renders missing ones within a time
 * budget; tiles still missing show the previous zoom's tiles scaled (and
 * under them the tiles of the fitted view, kept as an overview while
 * zoomed in) and are finished in the next frames, so zooming a big maze
 * never blocks. Tiles are opaque over the maze, so whatever a fresh tile
 * covers does not show through. */

typedef enum
{
  LAYER_BASE,
  LAYER_WALLS,
  LAYER_PATHS,
  N_LAYERS
} Layer;

#define LAYER_BIT(layer) (1u << (layer))

G_STATIC_ASSERT (N_LAYERS == MAZE_TILE_N_LAYERS);

/* A path (copied) and where it runs: runs of consecutive cells per chunk
 * of cells, so a tile finds the pieces inside it without walking it all. */
typedef struct
{
  guint32    *cells;
  guint32     len;
  GHashTable *runs;      /* chunk key → GArray of (first, last) index pairs */
  /* Chunks are bands of whole rows (rings): a cell of an inner ring
   * spans columns of many chunks of the outer one. */
  gboolean    whole_rows;
} PathIndex;

/* An overlay the canvas draws, and the index of its paths. */
typedef struct
{
  MazeCanvas    *canvas;
  MazeOverlay   *overlay;
  gulong         changed_id;
  PathIndex      paths[MAZE_OVERLAY_MAX_PATHS];
} OverlayEntry;

typedef enum
{
  DRAG_NONE,
  DRAG_PAN,
  DRAG_MARKER,
  DRAG_BAND,
  DRAG_MASK,
  DRAG_WEIGHT,
} DragMode;

/* Where the maze lies for one frame or one hit test. */
typedef struct
{
  int          width;    /* widget pixels */
  int          height;
  double       scale;    /* device pixels per widget pixel */
  double       z;        /* device pixels per model unit */
  double       dx;       /* content device pixel at the widget's origin, whole */
  double       dy;
  MazeGeometry geo;      /* the maze in content device pixels */
} View;

typedef struct
{
  GdkRGBA fg;
  GdkRGBA paper;
  GdkRGBA accent;
} Palette;

struct _MazeCanvas
{
  GtkWidget      parent_instance;

  /* Owned */
  MazeDocument  *document;
  gulong         document_changed_id;
  MazeViewport  *viewport;
  MazeTileCache *tile_cache;
  PathIndex      solution;
  GPtrArray     *overlays;      /* OverlayEntry, drawn in order */
  GHashTable    *painted;       /* cells of the brush stroke in progress */

  guint          n_lanes;       /* paths shown side by side */

  /* Play mode */
  MazePlaySession *play;
  PathIndex      trail;

  MazeTool       tool;
  guint8         weight;

  /* What the tiles show, to find the doors an endpoint change moved. */
  guint32        shown_start;
  guint32        shown_end;
  GdkRGBA        tile_fg;        /* the colours the tiles were drawn in */
  GdkRGBA        tile_paper;
  gboolean       have_tile_colors;
  guint64        frame;
  guint          tick_id;

  gboolean       pointer_inside;
  double         pointer_x;
  double         pointer_y;
  gboolean       hover_valid;
  guint          hover_x;
  guint          hover_y;

  gboolean       cursor_valid;
  gboolean       cursor_shown;
  guint          cursor_x;
  guint          cursor_y;
  gboolean       space_held;

  DragMode       drag;
  gboolean       drag_secondary;
  double         gesture_x;      /* where the drag gesture began */
  double         gesture_y;
  double         pan_anchor_x;   /* model point held under the pointer */
  double         pan_anchor_y;
  double         last_x;         /* widget point the stroke reached */
  double         last_y;
  guint32        live_cell;      /* the marker being dragged */
  guint          band_x0;
  guint          band_y0;
  guint          band_x1;
  guint          band_y1;
  MazeRect       painted_rect;
  gboolean       stroke_failed;
  guint          editing;        /* the canvas's own edits under way (they nest) */

  double         pinch_zoom;
  double         pinch_anchor_x;
  double         pinch_anchor_y;
};

/* The properties: maze-canvas.c installs them, maze_canvas_notify()
 * tells of a change. */
enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_PLAY_SESSION,
  N_PROPS
};

/* Widget pixels to content device pixels, and back. */
static inline void
view_to_device (const View *view,
                double      x,
                double      y,
                double     *px,
                double     *py)
{
  *px = x * view->scale + view->dx;
  *py = y * view->scale + view->dy;
}

static inline void
device_to_view (const View *view,
                double      px,
                double      py,
                double     *x,
                double     *y)
{
  *x = (px - view->dx) / view->scale;
  *y = (py - view->dy) / view->scale;
}

/* A theme colour for the renderer, or for cairo, with alpha applied. */
static inline MazeColor
maze_color (const GdkRGBA *rgba,
            double         alpha)
{
  MazeColor c = { rgba->red, rgba->green, rgba->blue, rgba->alpha * alpha };

  return c;
}

static inline void
set_source (cairo_t       *cr,
            const GdkRGBA *rgba,
            double         alpha)
{
  cairo_set_source_rgba (cr, rgba->red, rgba->green, rgba->blue, rgba->alpha * alpha);
}

/* Whether two grids have the same shape and size. */
static inline gboolean
grid_fits (const MazeGrid *a,
           const MazeGrid *b)
{
  /* Circular grids of one outer ring and ring count may differ inside. */
  return a->shape == b->shape && a->width == b->width && a->height == b->height &&
         a->n_cells == b->n_cells;
}

/* A MazeRect of the circular grid as drawn: a ring sector around
 * (cx, cy) between radii r0 and r1 and cairo's angles a0 to a1. */
typedef struct
{
  double cx, cy;
  double r0, r1;
  double a0, a1;
} RingSector;

/* maze-canvas.c */
gboolean maze_canvas_get_view           (MazeCanvas         *self,
                                         View               *view);
void     maze_canvas_ring_sector        (const MazeGeometry *geo,
                                         const MazeRect     *rect,
                                         RingSector         *sector);
void     maze_canvas_ring_sector_path   (cairo_t            *cr,
                                         const RingSector   *sector);
void     maze_canvas_cells_bbox         (const MazeGeometry *geo,
                                         const MazeRect     *rect,
                                         double             *x1,
                                         double             *y1,
                                         double             *x2,
                                         double             *y2);
gboolean maze_canvas_emit_regenerate_region (MazeCanvas     *self,
                                             const MazeRect *rect);
gboolean maze_canvas_emit_paint_mask        (MazeCanvas     *self,
                                             const MazeRect *rect,
                                             const guint8   *mask);
void     maze_canvas_emit_edit_failed   (MazeCanvas         *self,
                                         GError             *error);
void     maze_canvas_emit_hover_changed (MazeCanvas         *self);
void     maze_canvas_emit_cell_picked   (MazeCanvas         *self,
                                         guint32             cell,
                                         gboolean            finished);
void     maze_canvas_notify             (MazeCanvas         *self,
                                         guint               prop_id);

/* maze-canvas-tiles.c */
void maze_canvas_mark_stale      (MazeCanvas     *self,
                                  const MazeRect *rect,
                                  guint           mask);
void maze_canvas_mark_cell_stale (MazeCanvas     *self,
                                  guint32         cell,
                                  guint           mask);
void maze_canvas_mark_all_stale  (MazeCanvas     *self,
                                  guint           mask);
gboolean maze_canvas_far_view     (MazeCanvas    *self,
                                   double         z);
gboolean maze_canvas_append_tiles (MazeCanvas    *self,
                                   GtkSnapshot   *snapshot,
                                   const View    *view,
                                   const Palette *palette,
                                   MazeTileStats *stats);

/* maze-canvas-layers.c */
GPtrArray      *maze_canvas_overlays_new         (void);
const MazeGrid *maze_canvas_overlay_grid         (MazeCanvas               *self);
const MazeGrid *maze_canvas_drawn_grid           (MazeCanvas               *self);
gboolean        maze_canvas_has_paths            (MazeCanvas               *self);
void            maze_canvas_path_index_clear     (PathIndex                *index);
void            maze_canvas_path_index_build     (PathIndex                *index,
                                                  const MazeGrid           *grid);
void            maze_canvas_path_index_set       (PathIndex                *index,
                                                  const guint32            *cells,
                                                  guint32                   len,
                                                  const MazeGrid           *grid);
void            maze_canvas_mark_path_change     (MazeCanvas               *self,
                                                  const guint32            *old_cells,
                                                  guint32                   old_len,
                                                  const guint32            *new_cells,
                                                  guint32                   new_len);
void            maze_canvas_render_overlays_base (MazeCanvas               *self,
                                                  cairo_t                  *cr,
                                                  const MazeGrid           *grid,
                                                  const MazeRenderOptions  *options,
                                                  const Palette            *palette);
void            maze_canvas_collect_paths        (MazeCanvas               *self,
                                                  const MazeRenderOptions  *options,
                                                  const Palette            *palette,
                                                  double                    z,
                                                  double                    scale,
                                                  const MazeRect           *area,
                                                  GArray                   *paths,
                                                  GPtrArray                *pieces);
void            maze_canvas_rebuild_overlays     (MazeCanvas               *self);
/* The marks the overlays drawn hold, in order: current cells,
 * endpoints; at most MAX_MARKS of each are drawn. */
#define MAX_MARKS 8
typedef enum
{
  MARK_CURRENT,
  MARK_START,
  MARK_END,
} MarkKind;

guint           maze_canvas_get_marks            (MazeCanvas               *self,
                                                  MarkKind                  kind,
                                                  guint32                  *cells,
                                                  guint                     max);
void            maze_canvas_drop_unfit_session   (MazeCanvas               *self);

/* maze-canvas-marks.c */
void maze_canvas_append_cell_highlight (GtkSnapshot   *snapshot,
                                        const View    *view,
                                        guint          x,
                                        guint          y,
                                        const GdkRGBA *color,
                                        double         fill_alpha,
                                        double         line_width);
void maze_canvas_append_token          (MazeCanvas    *self,
                                        GtkSnapshot   *snapshot,
                                        const View    *view,
                                        const Palette *palette,
                                        guint32        cell);
void maze_canvas_append_markers        (MazeCanvas    *self,
                                        GtkSnapshot   *snapshot,
                                        const View    *view,
                                        const Palette *palette);
void maze_canvas_append_band           (MazeCanvas    *self,
                                        GtkSnapshot   *snapshot,
                                        const View    *view,
                                        const Palette *palette);
void maze_canvas_append_painted        (MazeCanvas    *self,
                                        GtkSnapshot   *snapshot,
                                        const View    *view,
                                        const Palette *palette);

/* maze-canvas-input.c */
void maze_canvas_add_controllers   (MazeCanvas     *self);
void maze_canvas_cancel_drag       (MazeCanvas     *self);
void maze_canvas_update_cursor     (MazeCanvas     *self);
MazeRect maze_canvas_band_rect    (MazeCanvas     *self);
void maze_canvas_update_hover      (MazeCanvas     *self);
void maze_canvas_scroll_to_cell    (MazeCanvas     *self,
                                    guint           x,
                                    guint           y);

/* maze-canvas-play.c */
gboolean maze_canvas_play_key_pressed (MazeCanvas *self,
                                       guint       keyval);

G_END_DECLS
