/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

/* MazeCanvas's layers (see "Layers" in maze-canvas.h): the solution and
 * the paths in their slots, each indexed by chunks of cells and drawn in
 * a lane of its own; the heat map, the cell roles and the lent grid,
 * borrowed from the caller; the current cell. Setting one marks the
 * tiles it shows in as stale; the tiles ask here what to draw of them. */

#include "config.h"

#include "maze-canvas-private.h"

#include <string.h>

#include "maze-playback.h"
#include "maze-render-private.h"

/* The roles are a playback's cell flags, handed over as they are. */
G_STATIC_ASSERT ((int) MAZE_CANVAS_CELL_ACTIVE == (int) MAZE_PLAYBACK_CELL_ACTIVE);
G_STATIC_ASSERT ((int) MAZE_CANVAS_CELL_DEAD == (int) MAZE_PLAYBACK_CELL_DEAD);

#define SOLUTION_CHUNK    64             /* cells per side of a path index chunk */
#define PATH_BAND         0.6            /* cells: the lanes of all paths together */
#define PATH_LANE_MAX     0.2            /* cells between two lanes */
#define PATH_WIDTH_ONE    0.2            /* cells: a path alone */
#define PATH_WIDTH_MAX    0.14           /* cells: paths side by side */
#define PATH_CASING       0.025          /* cells: the casing on each side */
#define PATH_MIN_PX       1.5            /* widget pixels: a path never thinner */
#define STALE_CELLS_MAX   64             /* a path change of more cells redraws all paths */

/* Cells on an algorithm's stack or frontier: Okabe-Ito yellow, apart from
 * the paths' colours; the shading is light enough for walls on top. */
static const MazeColor active_color = { 0xF0 / 255.0, 0xE4 / 255.0, 0x42 / 255.0, 0.6 };

/* ---- What the layers hold ---- */

/* The grid the tiles show: the play session's, a lent one, or the
 * document's; all of the same shape and size. */
const MazeGrid *
maze_canvas_drawn_grid (MazeCanvas *self)
{
  if (self->play != NULL)
    return maze_play_session_get_grid (self->play);
  if (self->grid.data != NULL)
    return self->grid.data;
  return maze_document_get_grid (self->document);
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
  for (guint i = 0; i < MAZE_CANVAS_MAX_PATHS; i++)
    if (self->paths[i].cells != NULL)
      return TRUE;
  return FALSE;
}

void
maze_canvas_lent_clear (Lent *lent)
{
  GDestroyNotify destroy = lent->destroy;
  gpointer keeper = lent->keeper;

  lent->data = NULL;
  lent->keeper = NULL;
  lent->destroy = NULL;
  if (destroy != NULL)
    destroy (keeper);
}

/* Drops what was made for a maze of another shape or size: the layers,
 * the solve endpoints, a play session. Returns whether anything went. */
gboolean
maze_canvas_drop_unfit_layers (MazeCanvas *self)
{
  const MazeGrid *grid = self->document != NULL ? maze_document_get_grid (self->document) : NULL;
  gboolean fits;
  gboolean dropped = FALSE;

  fits = grid != NULL && grid->shape == self->layers_shape &&
         grid->width == self->layers_width && grid->height == self->layers_height;
  if (!fits)
    {
      for (guint i = 0; i < MAZE_CANVAS_MAX_PATHS; i++)
        maze_canvas_path_index_clear (&self->paths[i]);
      self->n_lanes = 0;
      dropped = self->heat.data != NULL || self->roles.data != NULL || self->grid.data != NULL;
      maze_canvas_lent_clear (&self->heat);
      maze_canvas_lent_clear (&self->roles);
      maze_canvas_lent_clear (&self->grid);
      self->current_cell = MAZE_NO_CELL;
      if (self->solve_start != MAZE_NO_CELL || self->solve_end != MAZE_NO_CELL)
        maze_canvas_set_solve_endpoints (self, MAZE_NO_CELL, MAZE_NO_CELL);
    }
  if (grid != NULL)
    {
      self->layers_shape = grid->shape;
      self->layers_width = grid->width;
      self->layers_height = grid->height;
    }
  /* The session may already be the new maze's: the window makes one as
   * soon as the maze changes. */
  if (self->play != NULL &&
      (grid == NULL || !grid_fits (maze_play_session_get_grid (self->play), grid)))
    {
      maze_canvas_set_play_session (self, NULL);
      dropped = TRUE;
    }
  return dropped;
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
      key = chunk_key (x, y);
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
  guint cx1 = (area->x + area->width - 1) / SOLUTION_CHUNK;
  guint cy1 = (area->y + area->height - 1) / SOLUTION_CHUNK;

  g_array_set_size (pieces, 0);
  if (index->runs == NULL)
    return;
  for (guint cy = area->y / SOLUTION_CHUNK; cy <= cy1; cy++)
    for (guint cx = area->x / SOLUTION_CHUNK; cx <= cx1; cx++)
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

/* The overlay the base layer shades: in play mode the cells visited,
 * else the heat map. */
void
maze_canvas_set_heat_options (MazeCanvas        *self,
                              const Palette     *palette,
                              MazeRenderOptions *options)
{
  options->overlay_kind = MAZE_OVERLAY_NONE;
  options->overlay_values = NULL;
  options->overlay_max = 0;
  if (self->play != NULL)
    {
      options->overlay_values = maze_play_session_get_visited (self->play, &options->overlay_max);
      options->overlay_kind = MAZE_OVERLAY_EXPLORED;
      options->overlay_color = maze_color (&palette->accent, 0.6);
    }
  else if (self->heat.data != NULL && self->heat_kind != MAZE_OVERLAY_NONE)
    {
      options->overlay_kind = self->heat_kind;
      options->overlay_values = self->heat.data;
      options->overlay_max = self->heat_max;
      options->overlay_color = self->heat_color;
    }
}

/* The cells with a role, shaded on the base; not in play mode. */
void
maze_canvas_render_roles (MazeCanvas              *self,
                          cairo_t                 *cr,
                          const MazeGrid          *grid,
                          const MazeRenderOptions *options,
                          const Palette           *palette)
{
  if (self->play == NULL && self->roles.data != NULL)
    {
      MazeColor dead = maze_color (&palette->fg, 0.12);

      maze_render_cells (cr, grid, options, self->roles.data, MAZE_CANVAS_CELL_DEAD, &dead);
      maze_render_cells (cr, grid, options, self->roles.data, MAZE_CANVAS_CELL_ACTIVE, &active_color);
    }
}

/* Adds index's path to paths with the pieces inside area. */
static void
add_tile_path (const PathIndex *index,
               const MazeRect  *area,
               GArray          *pieces,
               MazeRenderPath  *path)
{
  path_index_pieces (index, area, pieces);
  path->cells = index->cells;
  path->len = index->len;
  path->pieces = (const guint32 *) pieces->data;
  path->n_pieces = pieces->len / 2;
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

/* The paths a tile at zoom z shows in area, into paths and pieces (room
 * for MAX_TILE_PATHS each; the caller unrefs the pieces): in play mode
 * the trail, else the solution and the slots' paths in their lanes.
 * Returns how many. */
guint
maze_canvas_collect_paths (MazeCanvas              *self,
                           const MazeRenderOptions *options,
                           const Palette           *palette,
                           double                   z,
                           double                   scale,
                           const MazeRect          *area,
                           MazeRenderPath          *paths,
                           GArray                 **pieces)
{
  double min_width = PATH_MIN_PX * scale;
  MazeColor paper = maze_color (&palette->paper, 1.0);
  guint n = 0;

  if (self->play != NULL)
    {
      /* The way the player took, cased like the solvers' paths. */
      maze_render_path_init (&paths[n], options);
      paths[n].color = maze_color (&palette->accent, 1.0);
      paths[n].width = MAX (PATH_WIDTH_ONE * z, min_width);
      set_path_casing (&paths[n], &paper, z, scale);
      pieces[n] = g_array_new (FALSE, FALSE, sizeof (guint32));
      add_tile_path (&self->trail, area, pieces[n], &paths[n]);
      n++;
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
          maze_render_path_init (&paths[n], options);
          paths[n].width = MAX (style.solution_width, min_width);
          pieces[n] = g_array_new (FALSE, FALSE, sizeof (guint32));
          add_tile_path (&self->solution, area, pieces[n], &paths[n]);
          n++;
        }
      /* Each path in a lane of its own, the lanes side by side
       * around the centre line, in slot order. */
      for (guint slot = 0; slot < MAZE_CANVAS_MAX_PATHS; slot++)
        {
          if (self->paths[slot].cells == NULL)
            continue;
          maze_render_path_init (&paths[n], options);
          maze_render_path_palette (slot, &paths[n].color, &paths[n].dash);
          paths[n].width = MAX (width * z, min_width);
          paths[n].offset = (lane - (n_lanes - 1) / 2.0) * spacing * z;
          set_path_casing (&paths[n], &paper, z, scale);
          pieces[n] = g_array_new (FALSE, FALSE, sizeof (guint32));
          add_tile_path (&self->paths[slot], area, pieces[n], &paths[n]);
          n++;
          lane++;
        }
    }
  return n;
}

/* ---- Public API ---- */

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

static guint
count_paths (MazeCanvas *self)
{
  guint n = 0;

  for (guint i = 0; i < MAZE_CANVAS_MAX_PATHS; i++)
    n += self->paths[i].cells != NULL;
  return n;
}

void
maze_canvas_set_path (MazeCanvas    *self,
                      guint          slot,
                      const guint32 *cells,
                      guint32        len)
{
  PathIndex old;
  guint n_lanes;

  g_return_if_fail (MAZE_IS_CANVAS (self));
  g_return_if_fail (slot < MAZE_CANVAS_MAX_PATHS);
  g_return_if_fail (cells != NULL || len == 0);
  g_return_if_fail (self->document != NULL || len == 0);

  if (cells == NULL || len == 0)
    {
      cells = NULL;
      len = 0;
    }
  if (len == self->paths[slot].len &&
      (len == 0 || memcmp (cells, self->paths[slot].cells, (gsize) len * sizeof (guint32)) == 0))
    return;

  old = self->paths[slot];
  memset (&self->paths[slot], 0, sizeof (PathIndex));
  maze_canvas_path_index_set (&self->paths[slot], cells, len,
                              self->document != NULL ? maze_document_get_grid (self->document) : NULL);
  n_lanes = count_paths (self);
  /* Another number of paths moves every lane; in play mode none shows
   * (leaving it redraws them all). */
  if (self->play == NULL)
    {
      if (n_lanes != self->n_lanes)
        maze_canvas_mark_all_stale (self, LAYER_BIT (LAYER_PATHS));
      else
        maze_canvas_mark_path_change (self, old.cells, old.len, cells, len);
    }
  self->n_lanes = n_lanes;
  maze_canvas_path_index_clear (&old);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
maze_canvas_set_heat_map (MazeCanvas      *self,
                          MazeOverlayKind  kind,
                          const guint32   *values,
                          guint32          max,
                          const MazeColor *color,
                          gpointer         keeper,
                          GDestroyNotify   destroy)
{
  static const MazeColor sky_blue = { 0x56 / 255.0, 0xB4 / 255.0, 0xE9 / 255.0, 1.0 };
  gboolean had;

  g_return_if_fail (MAZE_IS_CANVAS (self));
  g_return_if_fail (kind <= MAZE_OVERLAY_HEAT);
  g_return_if_fail (self->document != NULL || values == NULL);

  /* The same map again (a panel refreshing all its layers) costs
   * nothing. */
  if (values != NULL && kind != MAZE_OVERLAY_NONE && values == self->heat.data &&
      kind == self->heat_kind && max == self->heat_max &&
      (color == NULL || memcmp (color, &self->heat_color, sizeof *color) == 0))
    {
      if (destroy != NULL)
        destroy (keeper);
      return;
    }
  had = self->heat.data != NULL && self->heat_kind != MAZE_OVERLAY_NONE;
  maze_canvas_lent_clear (&self->heat);
  if (kind == MAZE_OVERLAY_NONE || values == NULL)
    {
      self->heat_kind = MAZE_OVERLAY_NONE;
      if (destroy != NULL)
        destroy (keeper);
      if (!had)
        return;
    }
  else
    {
      self->heat.data = values;
      self->heat.keeper = keeper;
      self->heat.destroy = destroy;
      self->heat_kind = kind;
      self->heat_max = max;
      self->heat_color = color != NULL ? *color : sky_blue;
    }
  if (self->play == NULL)
    maze_canvas_mark_all_stale (self, LAYER_BIT (LAYER_BASE));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
maze_canvas_set_cell_roles (MazeCanvas     *self,
                            const guint8   *roles,
                            gpointer        keeper,
                            GDestroyNotify  destroy)
{
  gboolean had;

  g_return_if_fail (MAZE_IS_CANVAS (self));
  g_return_if_fail (self->document != NULL || roles == NULL);

  had = self->roles.data != NULL;
  maze_canvas_lent_clear (&self->roles);
  if (roles == NULL)
    {
      if (destroy != NULL)
        destroy (keeper);
      if (!had)
        return;
    }
  self->roles.data = roles;
  self->roles.keeper = roles != NULL ? keeper : NULL;
  self->roles.destroy = roles != NULL ? destroy : NULL;
  if (self->play == NULL)
    maze_canvas_mark_all_stale (self, LAYER_BIT (LAYER_BASE));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
maze_canvas_set_current_cell (MazeCanvas *self,
                              guint32     cell)
{
  g_return_if_fail (MAZE_IS_CANVAS (self));

  if (self->current_cell == cell)
    return;
  self->current_cell = cell;
  /* Drawn every frame, over the tiles. */
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
maze_canvas_set_grid (MazeCanvas     *self,
                      const MazeGrid *grid,
                      gpointer        keeper,
                      GDestroyNotify  destroy)
{
  gboolean had;

  g_return_if_fail (MAZE_IS_CANVAS (self));
  g_return_if_fail (grid == NULL || self->document != NULL);
  g_return_if_fail (grid == NULL || grid_fits (grid, maze_document_get_grid (self->document)));

  had = self->grid.data != NULL;
  maze_canvas_lent_clear (&self->grid);
  if (grid == NULL)
    {
      if (destroy != NULL)
        destroy (keeper);
      if (!had)
        return;
    }
  self->grid.data = grid;
  self->grid.keeper = grid != NULL ? keeper : NULL;
  self->grid.destroy = grid != NULL ? destroy : NULL;
  if (self->play == NULL)
    maze_canvas_mark_all_stale (self, LAYER_BIT (LAYER_BASE) | LAYER_BIT (LAYER_WALLS));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
maze_canvas_cells_changed (MazeCanvas     *self,
                           const MazeRect *rect)
{
  guint mask;

  g_return_if_fail (MAZE_IS_CANVAS (self));

  if (self->document == NULL || self->play != NULL)
    return;
  /* Heat and roles lie in the base; a lent grid's passages in the walls. */
  mask = LAYER_BIT (LAYER_BASE) | (self->grid.data != NULL ? LAYER_BIT (LAYER_WALLS) : 0);
  if (rect == NULL)
    maze_canvas_mark_all_stale (self, mask);
  else if (rect->width > 0 && rect->height > 0)
    maze_canvas_mark_stale (self, rect, mask);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const guint32 *
maze_canvas_get_path (MazeCanvas *self,
                      guint       slot,
                      guint32    *len)
{
  g_return_val_if_fail (MAZE_IS_CANVAS (self), NULL);
  g_return_val_if_fail (slot < MAZE_CANVAS_MAX_PATHS, NULL);

  if (len != NULL)
    *len = self->paths[slot].len;
  return self->paths[slot].cells;
}

const guint32 *
maze_canvas_get_heat_map (MazeCanvas      *self,
                          MazeOverlayKind *kind,
                          guint32         *max)
{
  g_return_val_if_fail (MAZE_IS_CANVAS (self), NULL);

  if (kind != NULL)
    *kind = self->heat.data != NULL ? self->heat_kind : MAZE_OVERLAY_NONE;
  if (max != NULL)
    *max = self->heat.data != NULL ? self->heat_max : 0;
  return self->heat.data;
}

const MazeGrid *
maze_canvas_get_grid (MazeCanvas *self)
{
  g_return_val_if_fail (MAZE_IS_CANVAS (self), NULL);

  if (self->document == NULL)
    return NULL;
  return maze_canvas_drawn_grid (self);
}

const guint8 *
maze_canvas_get_cell_roles (MazeCanvas *self,
                            gsize      *n_cells)
{
  g_return_val_if_fail (MAZE_IS_CANVAS (self), NULL);

  /* Roles are only ever lent for the document's grid. */
  if (n_cells != NULL)
    *n_cells = self->roles.data != NULL && self->document != NULL
               ? maze_document_get_grid (self->document)->n_cells : 0;
  return self->roles.data;
}

guint32
maze_canvas_get_current_cell (MazeCanvas *self)
{
  g_return_val_if_fail (MAZE_IS_CANVAS (self), MAZE_NO_CELL);
  return self->current_cell;
}

void
maze_canvas_clear_layers (MazeCanvas *self)
{
  g_return_if_fail (MAZE_IS_CANVAS (self));

  for (guint i = 0; i < MAZE_CANVAS_MAX_PATHS; i++)
    maze_canvas_set_path (self, i, NULL, 0);
  maze_canvas_set_heat_map (self, MAZE_OVERLAY_NONE, NULL, 0, NULL, NULL, NULL);
  maze_canvas_set_cell_roles (self, NULL, NULL, NULL);
  maze_canvas_set_grid (self, NULL, NULL, NULL);
  maze_canvas_set_current_cell (self, MAZE_NO_CELL);
}
