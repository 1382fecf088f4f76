/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

/* MazeCanvas's layers (see "Overlays" in maze-canvas.h): the solution
 * and the overlays it was given, in order. Each overlay's paths are
 * indexed by chunks of cells and drawn in lanes of their own; its heat
 * map and cell roles lie on the base, its grid stands in for the
 * document's. An overlay's "changed" marks the tiles it touches as
 * stale; the tiles ask here what to draw. */

#include "config.h"

#include "maze-canvas-private.h"

#include <string.h>

#include "maze-playback.h"
#include "maze-render-private.h"

/* The roles are a playback's cell flags, copied in as they are. */
G_STATIC_ASSERT ((int) MAZE_OVERLAY_CELL_ACTIVE == (int) MAZE_PLAYBACK_CELL_ACTIVE);
G_STATIC_ASSERT ((int) MAZE_OVERLAY_CELL_DEAD == (int) MAZE_PLAYBACK_CELL_DEAD);

#define SOLUTION_CHUNK    64             /* cells per side of a path index chunk */
#define PATH_BAND         0.6            /* cells: the lanes of all paths together */
#define PATH_LANE_MAX     0.2            /* cells between two lanes */
#define PATH_WIDTH_ONE    0.2            /* cells: a path alone */
#define PATH_WIDTH_MAX    0.14           /* cells: paths side by side */
#define PATH_CASING       0.025          /* cells: the casing on each side */
#define PATH_MIN_PX       1.5            /* widget pixels: a path never thinner */
#define STALE_CELLS_MAX   64             /* a path change of more cells redraws all paths */

/* Cells on an algorithm's stack or frontier: stripes of Okabe-Ito yellow
 * and the foreground colour. A flat yellow looked like the mud beside it
 * (orange, flat), and every other hue is some solver's heat map: the
 * stripes tell them apart in any style, over any heat map. */
static const MazeColor active_color = { 0xF0 / 255.0, 0xE4 / 255.0, 0x42 / 255.0, 0.75 };
#define ACTIVE_STRIPE_PX 4    /* device pixels a stripe, across */

/* ---- What the layers hold ---- */

static guint count_lanes (MazeCanvas *self);

static gboolean
entry_fits (MazeCanvas         *self,
            const OverlayEntry *entry)
{
  return self->document != NULL &&
         maze_overlay_fits (entry->overlay, maze_document_get_grid (self->document));
}

/* Whether the overlay is drawn: it is for the document's maze, and play
 * mode, which would have the way given away, is off. */
static gboolean
entry_shown (MazeCanvas         *self,
             const OverlayEntry *entry)
{
  return self->play == NULL && entry_fits (self, entry);
}

/* The last overlay's grid that has one, play mode or not; NULL: none. */
const MazeGrid *
maze_canvas_overlay_grid (MazeCanvas *self)
{
  for (guint i = self->overlays->len; i > 0; i--)
    {
      OverlayEntry *entry = g_ptr_array_index (self->overlays, i - 1);

      if (entry_fits (self, entry) && maze_overlay_get_grid (entry->overlay) != NULL)
        return maze_overlay_get_grid (entry->overlay);
    }
  return NULL;
}

/* The grid the tiles show: the play session's, the last overlay's that
 * has one, or the document's; all of the same shape and size. */
const MazeGrid *
maze_canvas_drawn_grid (MazeCanvas *self)
{
  const MazeGrid *grid;

  if (self->play != NULL)
    return maze_play_session_get_grid (self->play);
  grid = maze_canvas_overlay_grid (self);
  return grid != NULL ? grid : maze_document_get_grid (self->document);
}

/* Whether the tiles need a paths layer. Play mode shows only the trail:
 * the rest would give the way away. */
gboolean
maze_canvas_has_paths (MazeCanvas *self)
{
  if (self->play != NULL)
    return self->trail.cells != NULL;
  if (self->solution.cells != NULL)
    return TRUE;
  return count_lanes (self) > 0;
}

/* Ends a play session made for a maze of another shape or size (the
 * session may already be the new maze's: the window makes one as soon
 * as the maze changes). Overlays know their maze: one that does not fit
 * is not drawn. */
void
maze_canvas_drop_unfit_session (MazeCanvas *self)
{
  const MazeGrid *grid = self->document != NULL ? maze_document_get_grid (self->document) : NULL;

  if (self->play != NULL &&
      (grid == NULL || !grid_fits (maze_play_session_get_grid (self->play), grid)))
    maze_canvas_set_play_session (self, NULL);
}

/* ---- Path index ---- */

static inline gint64
chunk_key (guint x,
           guint y)
{
  return (gint64) (((guint64) (x / SOLUTION_CHUNK) << 32) | (y / SOLUTION_CHUNK));
}

void
maze_canvas_path_index_clear (PathIndex *index)
{
  g_clear_pointer (&index->cells, g_free);
  g_clear_pointer (&index->runs, g_hash_table_unref);
  index->len = 0;
}

/* The path as runs of consecutive cells per chunk of cells. */
void
maze_canvas_path_index_build (PathIndex      *index,
                              const MazeGrid *grid)
{
  GArray *runs = NULL;
  gint64 current = -1;

  g_clear_pointer (&index->runs, g_hash_table_unref);
  if (index->cells == NULL || grid == NULL)
    return;
  index->runs = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                       (GDestroyNotify) g_array_unref);
  index->whole_rows = grid->polar != NULL;
  for (guint32 i = 0; i < index->len; i++)
    {
      guint32 cell = index->cells[i];
      guint x, y;
      gint64 key;

      if (cell >= grid->n_cells)
        {
          current = -1;
          continue;
        }
      maze_grid_xy (grid, cell, &x, &y);
      key = chunk_key (index->whole_rows ? 0 : x, y);
      if (key != current)
        {
          runs = g_hash_table_lookup (index->runs, &key);
          if (runs == NULL)
            {
              runs = g_array_new (FALSE, FALSE, sizeof (guint32));
              g_hash_table_insert (index->runs, g_memdup2 (&key, sizeof key), runs);
            }
          g_array_append_val (runs, i);
          g_array_append_val (runs, i);
          current = key;
        }
      else
        g_array_index (runs, guint32, runs->len - 1) = i;
    }
}

void
maze_canvas_path_index_set (PathIndex      *index,
                            const guint32  *cells,
                            guint32         len,
                            const MazeGrid *grid)
{
  maze_canvas_path_index_clear (index);
  if (cells == NULL || len == 0)
    return;
  index->cells = g_memdup2 (cells, (gsize) len * sizeof (guint32));
  index->len = len;
  maze_canvas_path_index_build (index, grid);
}

/* The pieces of the path that may show in area, as (first, last) pairs:
 * the runs of the chunks the area touches, each a step longer at both
 * ends so the runs of neighbouring chunks join. */
static void
path_index_pieces (const PathIndex *index,
                   const MazeRect  *area,
                   GArray          *pieces)
{
  guint cx0 = index->whole_rows ? 0 : area->x / SOLUTION_CHUNK;
  guint cx1 = index->whole_rows ? 0 : (area->x + area->width - 1) / SOLUTION_CHUNK;
  guint cy1 = (area->y + area->height - 1) / SOLUTION_CHUNK;

  g_array_set_size (pieces, 0);
  if (index->runs == NULL)
    return;
  for (guint cy = area->y / SOLUTION_CHUNK; cy <= cy1; cy++)
    for (guint cx = cx0; cx <= cx1; cx++)
      {
        gint64 key = chunk_key (cx * SOLUTION_CHUNK, cy * SOLUTION_CHUNK);
        GArray *runs = g_hash_table_lookup (index->runs, &key);

        if (runs == NULL)
          continue;
        for (guint r = 0; r + 1 < runs->len; r += 2)
          {
            guint32 first = g_array_index (runs, guint32, r);
            guint32 last = g_array_index (runs, guint32, r + 1);

            first = first > 0 ? first - 1 : 0;
            last = MIN (last + 1, index->len - 1);
            g_array_append_val (pieces, first);
            g_array_append_val (pieces, last);
          }
      }
}

/* Marks the tiles a path change touches: the cells after the part the
 * old and new path share, or, when that is most of them, every tile. */
void
maze_canvas_mark_path_change (MazeCanvas    *self,
                              const guint32 *old_cells,
                              guint32        old_len,
                              const guint32 *new_cells,
                              guint32        new_len)
{
  guint32 common = 0;

  if (self->document == NULL)
    return;
  while (common < old_len && common < new_len && old_cells[common] == new_cells[common])
    common++;
  /* The step into the first cell that differs changes too. */
  if (common > 0)
    common--;
  if ((old_len - common) + (new_len - common) > STALE_CELLS_MAX)
    {
      maze_canvas_mark_all_stale (self, LAYER_BIT (LAYER_PATHS));
      return;
    }
  for (guint32 i = common; i < old_len; i++)
    maze_canvas_mark_cell_stale (self, old_cells[i], LAYER_BIT (LAYER_PATHS));
  for (guint32 i = common; i < new_len; i++)
    maze_canvas_mark_cell_stale (self, new_cells[i], LAYER_BIT (LAYER_PATHS));
}

/* ---- What a tile draws of them ---- */

/* Diagonal stripes fixed to the device pixels of cr's target, so they
 * keep their width at every zoom and meet across tiles. */
static cairo_pattern_t *
new_active_stripes (cairo_t       *cr,
                    const Palette *palette)
{
  const int period = 2 * ACTIVE_STRIPE_PX;
  cairo_surface_t *tile = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, period, period);
  cairo_t *tcr = cairo_create (tile);
  cairo_pattern_t *pattern;
  cairo_matrix_t matrix;

  cairo_set_source_rgba (tcr, active_color.red, active_color.green, active_color.blue,
                         active_color.alpha);
  cairo_paint (tcr);
  /* Where (x + y) mod period < ACTIVE_STRIPE_PX, in the fg colour: a
   * corner triangle and the band across the far diagonal. */
  cairo_set_source_rgba (tcr, palette->fg.red, palette->fg.green, palette->fg.blue, 0.45);
  cairo_move_to (tcr, 0, 0);
  cairo_line_to (tcr, ACTIVE_STRIPE_PX, 0);
  cairo_line_to (tcr, 0, ACTIVE_STRIPE_PX);
  cairo_close_path (tcr);
  cairo_move_to (tcr, period, 0);
  cairo_line_to (tcr, period, ACTIVE_STRIPE_PX);
  cairo_line_to (tcr, ACTIVE_STRIPE_PX, period);
  cairo_line_to (tcr, 0, period);
  cairo_close_path (tcr);
  cairo_fill (tcr);
  cairo_destroy (tcr);

  pattern = cairo_pattern_create_for_surface (tile);
  cairo_surface_destroy (tile);
  cairo_pattern_set_extend (pattern, CAIRO_EXTEND_REPEAT);
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_NEAREST);
  /* Pattern space = device space. */
  cairo_get_matrix (cr, &matrix);
  cairo_pattern_set_matrix (pattern, &matrix);
  return pattern;
}

/* The cells whose role has flag, in stripes: drawn opaque into a group
 * that then masks the stripes. */
static void
render_active_cells (cairo_t                 *cr,
                     const MazeGrid          *grid,
                     const MazeRenderOptions *options,
                     const guint8            *roles,
                     const Palette           *palette)
{
  static const MazeColor opaque = { 0, 0, 0, 1 };
  cairo_pattern_t *mask, *stripes;

  cairo_push_group_with_content (cr, CAIRO_CONTENT_ALPHA);
  maze_render_cells (cr, grid, options, roles, MAZE_OVERLAY_CELL_ACTIVE, &opaque);
  mask = cairo_pop_group (cr);
  stripes = new_active_stripes (cr, palette);
  cairo_set_source (cr, stripes);
  cairo_mask (cr, mask);
  cairo_pattern_destroy (stripes);
  cairo_pattern_destroy (mask);
}

/* What lies on the base under the walls: in play mode the cells
 * visited, else each overlay's heat map and cells with a role, in the
 * overlays' order. options are the tile's, with no overlay set. */
void
maze_canvas_render_overlays_base (MazeCanvas              *self,
                                  cairo_t                 *cr,
                                  const MazeGrid          *grid,
                                  const MazeRenderOptions *options,
                                  const Palette           *palette)
{
  MazeRenderOptions heat = *options;
  MazeColor dead = maze_color (&palette->fg, 0.12);

  if (self->play != NULL)
    {
      heat.overlay_values = maze_play_session_get_visited (self->play, &heat.overlay_max);
      heat.overlay_kind = MAZE_OVERLAY_EXPLORED;
      heat.overlay_color = maze_color (&palette->accent, 0.6);
      maze_render_layers (cr, grid, &heat, MAZE_RENDER_OVERLAY);
      return;
    }
  for (guint i = 0; i < self->overlays->len; i++)
    {
      OverlayEntry *entry = g_ptr_array_index (self->overlays, i);
      const guint8 *roles;

      if (!entry_shown (self, entry))
        continue;
      heat.overlay_values = maze_overlay_get_heat_map (entry->overlay, &heat.overlay_kind,
                                                       &heat.overlay_max, &heat.overlay_color);
      if (heat.overlay_values != NULL)
        maze_render_layers (cr, grid, &heat, MAZE_RENDER_OVERLAY);
      roles = maze_overlay_get_cell_roles (entry->overlay);
      if (roles != NULL)
        {
          maze_render_cells (cr, grid, options, roles, MAZE_OVERLAY_CELL_DEAD, &dead);
          render_active_cells (cr, grid, options, roles, palette);
        }
    }
}

/* Adds index's path to paths with the pieces inside area (into a new
 * array of pieces). */
static void
add_tile_path (GArray          *paths,
               GPtrArray       *pieces,
               const PathIndex *index,
               const MazeRect  *area,
               MazeRenderPath  *path)
{
  GArray *array = g_array_new (FALSE, FALSE, sizeof (guint32));

  path_index_pieces (index, area, array);
  path->cells = index->cells;
  path->len = index->len;
  path->pieces = (const guint32 *) array->data;
  path->n_pieces = array->len / 2;
  g_array_append_val (paths, *path);
  g_ptr_array_add (pieces, array);
}

/* A casing in the paper's colour keeps crossing paths apart; a pale
 * path gets a darker outline instead, at least a device pixel wide, so it
 * stands out from the paper (maze_render_path_casing()). */
static void
set_path_casing (MazeRenderPath  *path,
                 const MazeColor *paper,
                 double           z,
                 double           scale)
{
  if (maze_render_path_casing (&path->color, paper, &path->casing))
    path->casing_width = MAX (PATH_CASING * z, scale);
  else
    path->casing_width = MAX (PATH_CASING * z, scale / 2);
}

/* The paths a tile at zoom z shows in area, into paths (MazeRenderPath)
 * and pieces (what they point to, to free after drawing): in play mode
 * the trail, else the solution and the overlays' paths, in order, each
 * in a lane of its own. */
void
maze_canvas_collect_paths (MazeCanvas              *self,
                           const MazeRenderOptions *options,
                           const Palette           *palette,
                           double                   z,
                           double                   scale,
                           const MazeRect          *area,
                           GArray                  *paths,
                           GPtrArray               *pieces)
{
  double min_width = PATH_MIN_PX * scale;
  MazeColor paper = maze_color (&palette->paper, 1.0);
  MazeRenderPath path;

  if (self->play != NULL)
    {
      /* The way the player took, cased like the solvers' paths. */
      maze_render_path_init (&path, options);
      path.color = maze_color (&palette->accent, 1.0);
      path.width = MAX (PATH_WIDTH_ONE * z, min_width);
      set_path_casing (&path, &paper, z, scale);
      add_tile_path (paths, pieces, &self->trail, area, &path);
    }
  else
    {
      guint lane = 0, n_lanes = MAX (self->n_lanes, 1);
      double spacing = n_lanes > 1 ? MIN (PATH_LANE_MAX, PATH_BAND / (n_lanes - 1)) : 0;
      double width = n_lanes > 1 ? MIN (PATH_WIDTH_MAX, spacing * 0.7) : PATH_WIDTH_ONE;

      if (self->solution.cells != NULL)
        {
          MazeRenderStyle style;

          maze_render_style_init (&style, options);
          maze_render_path_init (&path, options);
          path.width = MAX (style.solution_width, min_width);
          add_tile_path (paths, pieces, &self->solution, area, &path);
        }
      /* Each path in a lane of its own, the lanes side by side around
       * the centre line, overlay by overlay, in slot order. */
      for (guint i = 0; i < self->overlays->len; i++)
        {
          OverlayEntry *entry = g_ptr_array_index (self->overlays, i);

          if (!entry_shown (self, entry))
            continue;
          for (guint slot = 0; slot < MAZE_OVERLAY_MAX_PATHS; slot++)
            {
              if (entry->paths[slot].cells == NULL)
                continue;
              maze_render_path_init (&path, options);
              maze_render_path_palette (slot, &path.color, &path.dash);
              path.width = MAX (width * z, min_width);
              path.offset = (lane - (n_lanes - 1) / 2.0) * spacing * z;
              set_path_casing (&path, &paper, z, scale);
              add_tile_path (paths, pieces, &entry->paths[slot], area, &path);
              lane++;
            }
        }
    }
}

/* ---- Overlays ---- */

static guint
count_lanes (MazeCanvas *self)
{
  guint n = 0;

  for (guint i = 0; i < self->overlays->len; i++)
    {
      OverlayEntry *entry = g_ptr_array_index (self->overlays, i);

      if (!entry_shown (self, entry))
        continue;
      for (guint slot = 0; slot < MAZE_OVERLAY_MAX_PATHS; slot++)
        n += entry->paths[slot].cells != NULL;
    }
  return n;
}

static OverlayEntry *
find_entry (MazeCanvas  *self,
            MazeOverlay *overlay,
            guint       *index)
{
  for (guint i = 0; i < self->overlays->len; i++)
    {
      OverlayEntry *entry = g_ptr_array_index (self->overlays, i);

      if (entry->overlay == overlay)
        {
          if (index != NULL)
            *index = i;
          return entry;
        }
    }
  return NULL;
}

/* Brings the entry's path indexes up to its overlay's paths; marks the
 * tiles of the paths that changed (all when the lanes move). */
static void
sync_paths (MazeCanvas   *self,
            OverlayEntry *entry)
{
  const MazeGrid *grid = self->document != NULL ? maze_document_get_grid (self->document) : NULL;
  gboolean shown = entry_shown (self, entry);
  guint n_lanes;

  for (guint slot = 0; slot < MAZE_OVERLAY_MAX_PATHS; slot++)
    {
      PathIndex old = entry->paths[slot];
      guint32 len;
      const guint32 *cells = maze_overlay_get_path (entry->overlay, slot, &len);

      if (len == old.len && (len == 0 || memcmp (cells, old.cells, (gsize) len * sizeof (guint32)) == 0))
        continue;
      memset (&entry->paths[slot], 0, sizeof (PathIndex));
      maze_canvas_path_index_set (&entry->paths[slot], cells, len, shown ? grid : NULL);
      if (shown)
        maze_canvas_mark_path_change (self, old.cells, old.len, cells, len);
      maze_canvas_path_index_clear (&old);
    }
  /* Another number of paths moves every lane. */
  n_lanes = count_lanes (self);
  if (n_lanes != self->n_lanes && self->play == NULL)
    maze_canvas_mark_all_stale (self, LAYER_BIT (LAYER_PATHS));
  self->n_lanes = n_lanes;
}

/* Rebuilds every overlay's path index for the document's grid (after
 * the document changed shape or size, or came or went). */
void
maze_canvas_rebuild_overlays (MazeCanvas *self)
{
  for (guint i = 0; i < self->overlays->len; i++)
    {
      OverlayEntry *entry = g_ptr_array_index (self->overlays, i);

      for (guint slot = 0; slot < MAZE_OVERLAY_MAX_PATHS; slot++)
        maze_canvas_path_index_clear (&entry->paths[slot]);
      sync_paths (self, entry);
    }
  self->n_lanes = count_lanes (self);
}

static void
overlay_changed_cb (MazeOverlay    *overlay,
                    guint           changes,
                    const MazeRect *rect,
                    OverlayEntry   *entry)
{
  MazeCanvas *self = entry->canvas;
  guint mask = 0;

  if (changes & MAZE_OVERLAY_CHANGED_PATHS)
    sync_paths (self, entry);
  if (!entry_shown (self, entry))
    return;
  /* Heat and roles lie on the base; a grid's passages in the walls, its
   * masked cells on the base. */
  if (changes & MAZE_OVERLAY_CHANGED_CELLS)
    mask |= LAYER_BIT (LAYER_BASE);
  if (changes & MAZE_OVERLAY_CHANGED_GRID)
    mask |= LAYER_BIT (LAYER_BASE) | LAYER_BIT (LAYER_WALLS);
  if (mask != 0 && rect == NULL)
    maze_canvas_mark_all_stale (self, mask);
  else if (mask != 0 && rect->width > 0 && rect->height > 0)
    maze_canvas_mark_stale (self, rect, mask);
  /* The current cell is drawn every frame, over the tiles. */
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Marks what the overlay shows as stale: its cells and the cells of
 * its paths, for an overlay coming or going. */
static void
mark_overlay_stale (MazeCanvas   *self,
                    OverlayEntry *entry)
{
  const MazeGrid *grid = maze_document_get_grid (self->document);
  MazeRect extent;

  if (maze_overlay_get_cells_extent (entry->overlay, grid, &extent))
    maze_canvas_mark_stale (self, &extent,
                            LAYER_BIT (LAYER_BASE) |
                            (maze_overlay_get_grid (entry->overlay) != NULL ? LAYER_BIT (LAYER_WALLS) : 0));
  for (guint slot = 0; slot < MAZE_OVERLAY_MAX_PATHS; slot++)
    if (entry->paths[slot].cells != NULL)
      maze_canvas_mark_path_change (self, entry->paths[slot].cells, entry->paths[slot].len, NULL, 0);
}

static void
entry_free (gpointer data)
{
  OverlayEntry *entry = data;

  g_clear_signal_handler (&entry->changed_id, entry->overlay);
  g_clear_object (&entry->overlay);
  for (guint slot = 0; slot < MAZE_OVERLAY_MAX_PATHS; slot++)
    maze_canvas_path_index_clear (&entry->paths[slot]);
  g_free (entry);
}

/* The canvas's list of overlays: it frees what it holds. */
GPtrArray *
maze_canvas_overlays_new (void)
{
  return g_ptr_array_new_with_free_func (entry_free);
}

/* ---- Public API ---- */

void
maze_canvas_add_overlay (MazeCanvas  *self,
                         MazeOverlay *overlay)
{
  OverlayEntry *entry;

  g_return_if_fail (MAZE_IS_CANVAS (self));
  g_return_if_fail (MAZE_IS_OVERLAY (overlay));

  if (find_entry (self, overlay, NULL) != NULL)
    return;
  entry = g_new0 (OverlayEntry, 1);
  entry->canvas = self;
  entry->overlay = g_object_ref (overlay);
  entry->changed_id = g_signal_connect (overlay, "changed", G_CALLBACK (overlay_changed_cb), entry);
  g_ptr_array_add (self->overlays, entry);
  sync_paths (self, entry);
  if (entry_shown (self, entry))
    mark_overlay_stale (self, entry);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
maze_canvas_remove_overlay (MazeCanvas  *self,
                            MazeOverlay *overlay)
{
  OverlayEntry *entry;
  guint index;
  gboolean shown;

  g_return_if_fail (MAZE_IS_CANVAS (self));
  g_return_if_fail (MAZE_IS_OVERLAY (overlay));

  entry = find_entry (self, overlay, &index);
  if (entry == NULL)
    return;
  shown = entry_shown (self, entry);
  if (shown)
    mark_overlay_stale (self, entry);
  g_ptr_array_steal_index (self->overlays, index);
  entry_free (entry);
  if (count_lanes (self) != self->n_lanes && self->play == NULL)
    maze_canvas_mark_all_stale (self, LAYER_BIT (LAYER_PATHS));
  self->n_lanes = count_lanes (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
maze_canvas_has_overlay (MazeCanvas  *self,
                         MazeOverlay *overlay)
{
  g_return_val_if_fail (MAZE_IS_CANVAS (self), FALSE);
  return find_entry (self, overlay, NULL) != NULL;
}

/* The marks of kind the overlays drawn hold, in order, into cells; how
 * many. */
guint
maze_canvas_get_marks (MazeCanvas *self,
                       MarkKind    kind,
                       guint32    *cells,
                       guint       max)
{
  guint n = 0;

  for (guint i = 0; i < self->overlays->len && n < max; i++)
    {
      OverlayEntry *entry = g_ptr_array_index (self->overlays, i);
      guint32 cell, start, end;

      if (!entry_shown (self, entry))
        continue;
      maze_overlay_get_endpoints (entry->overlay, &start, &end);
      cell = kind == MARK_START ? start : kind == MARK_END ? end
             : maze_overlay_get_current_cell (entry->overlay);
      if (cell != MAZE_NO_CELL)
        cells[n++] = cell;
    }
  return n;
}

void
maze_canvas_set_solution (MazeCanvas    *self,
                          const guint32 *path,
                          guint32        path_len)
{
  g_return_if_fail (MAZE_IS_CANVAS (self));
  g_return_if_fail (path != NULL || path_len == 0);

  maze_canvas_path_index_set (&self->solution, path, path_len,
                              self->document != NULL ? maze_document_get_grid (self->document) : NULL);
  maze_canvas_mark_all_stale (self, LAYER_BIT (LAYER_PATHS));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const MazeGrid *
maze_canvas_get_grid (MazeCanvas *self)
{
  g_return_val_if_fail (MAZE_IS_CANVAS (self), NULL);

  if (self->document == NULL)
    return NULL;
  return maze_canvas_drawn_grid (self);
}
