/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

/* MazeOverlay (see maze-overlay.h): copies of what a panel shows over
 * the maze, and a "changed" signal saying what changed where. */

#include "config.h"

#include "maze-overlay.h"

#include <string.h>

#include "maze-cell-rect.h"

struct _MazeOverlay
{
  GObject          parent_instance;

  /* A maze of the size, every wall up: its rows say where cells are
   * (the rings of a circular one differ in length). */
  MazeGrid        *like;
  guint32          n_cells;

  guint32         *paths[MAZE_OVERLAY_MAX_PATHS];
  guint32          path_lens[MAZE_OVERLAY_MAX_PATHS];
  MazeOverlayKind  heat_kind;
  guint32         *heat;
  guint32          heat_max;
  MazeColor        heat_color;
  guint8          *roles;
  MazeGrid        *grid;
  guint32          current_cell;
  guint32          start;
  guint32          end;
};

G_DEFINE_FINAL_TYPE (MazeOverlay, maze_overlay, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Sky blue (Okabe-Ito), the heat map's colour when none is given. */
static const MazeColor default_heat_color = { 0x56 / 255.0, 0xB4 / 255.0, 0xE9 / 255.0, 1.0 };

static void
emit_changed (MazeOverlay    *self,
              guint           changes,
              const MazeRect *rect)
{
  g_signal_emit (self, signals[CHANGED], 0, changes, rect);
}

static void
maze_overlay_finalize (GObject *object)
{
  MazeOverlay *self = MAZE_OVERLAY (object);

  for (guint s = 0; s < MAZE_OVERLAY_MAX_PATHS; s++)
    g_free (self->paths[s]);
  g_free (self->heat);
  g_free (self->roles);
  g_clear_pointer (&self->grid, maze_grid_free);
  g_clear_pointer (&self->like, maze_grid_free);

  G_OBJECT_CLASS (maze_overlay_parent_class)->finalize (object);
}

static void
maze_overlay_class_init (MazeOverlayClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = maze_overlay_finalize;

  /**
   * MazeOverlay::changed:
   * @changes: MazeOverlayChange bits
   * @rect: (nullable): the cells changed, NULL: anywhere
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                                   G_TYPE_UINT, G_TYPE_POINTER);
}

static void
maze_overlay_init (MazeOverlay *self)
{
  self->current_cell = MAZE_NO_CELL;
  self->start = MAZE_NO_CELL;
  self->end = MAZE_NO_CELL;
  self->heat_color = default_heat_color;
}

MazeOverlay *
maze_overlay_new (void)
{
  return g_object_new (MAZE_TYPE_OVERLAY, NULL);
}

/* Whether a and b are grids of one shape and size (and of one centre:
 * a centre cell adds a cell and moves every ring's first index). */
static gboolean
same_size (const MazeGrid *a,
           const MazeGrid *b)
{
  guint aw, ah, bw, bh;

  if (a->shape != b->shape)
    return FALSE;
  maze_grid_get_size_args (a, &aw, &ah);
  maze_grid_get_size_args (b, &bw, &bh);
  return aw == bw && ah == bh && maze_grid_is_centre (a, 0, 0) == maze_grid_is_centre (b, 0, 0);
}

void
maze_overlay_set_size (MazeOverlay    *self,
                       const MazeGrid *like)
{
  g_return_if_fail (MAZE_IS_OVERLAY (self));
  g_return_if_fail (like != NULL);

  if (self->like != NULL && same_size (self->like, like))
    return;
  maze_overlay_clear (self);
  g_clear_pointer (&self->like, maze_grid_free);
  self->like = maze_grid_new_like (like, NULL);
  self->n_cells = self->like != NULL ? self->like->n_cells : 0;
}

gboolean
maze_overlay_fits (MazeOverlay    *self,
                   const MazeGrid *grid)
{
  g_return_val_if_fail (MAZE_IS_OVERLAY (self), FALSE);

  return grid != NULL && self->n_cells > 0 && same_size (self->like, grid);
}

guint32
maze_overlay_get_n_cells (MazeOverlay *self)
{
  g_return_val_if_fail (MAZE_IS_OVERLAY (self), 0);
  return self->n_cells;
}

void
maze_overlay_clear (MazeOverlay *self)
{
  g_return_if_fail (MAZE_IS_OVERLAY (self));

  for (guint s = 0; s < MAZE_OVERLAY_MAX_PATHS; s++)
    maze_overlay_set_path (self, s, NULL, 0);
  maze_overlay_set_heat_map (self, MAZE_OVERLAY_NONE, NULL, 0, NULL);
  maze_overlay_set_cell_roles (self, NULL);
  maze_overlay_set_grid (self, NULL);
  maze_overlay_set_current_cell (self, MAZE_NO_CELL);
  maze_overlay_set_endpoints (self, MAZE_NO_CELL, MAZE_NO_CELL);
}

/* ---- Paths ---- */

void
maze_overlay_set_path (MazeOverlay   *self,
                       guint          slot,
                       const guint32 *cells,
                       guint32        len)
{
  g_return_if_fail (MAZE_IS_OVERLAY (self));
  g_return_if_fail (slot < MAZE_OVERLAY_MAX_PATHS);
  g_return_if_fail (cells != NULL || len == 0);

  if (cells == NULL || len == 0)
    {
      cells = NULL;
      len = 0;
    }
  if (len == self->path_lens[slot] &&
      (len == 0 || memcmp (cells, self->paths[slot], (gsize) len * sizeof (guint32)) == 0))
    return;
  g_free (self->paths[slot]);
  self->paths[slot] = len > 0 ? g_memdup2 (cells, (gsize) len * sizeof (guint32)) : NULL;
  self->path_lens[slot] = len;
  emit_changed (self, MAZE_OVERLAY_CHANGED_PATHS, NULL);
}

const guint32 *
maze_overlay_get_path (MazeOverlay *self,
                       guint        slot,
                       guint32     *len)
{
  g_return_val_if_fail (MAZE_IS_OVERLAY (self), NULL);
  g_return_val_if_fail (slot < MAZE_OVERLAY_MAX_PATHS, NULL);

  if (len != NULL)
    *len = self->path_lens[slot];
  return self->paths[slot];
}

gboolean
maze_overlay_has_paths (MazeOverlay *self)
{
  g_return_val_if_fail (MAZE_IS_OVERLAY (self), FALSE);

  for (guint s = 0; s < MAZE_OVERLAY_MAX_PATHS; s++)
    if (self->paths[s] != NULL)
      return TRUE;
  return FALSE;
}

/* ---- Per-cell data ---- */

void
maze_overlay_set_heat_map (MazeOverlay     *self,
                           MazeOverlayKind  kind,
                           const guint32   *values,
                           guint32          max,
                           const MazeColor *color)
{
  gboolean had;

  g_return_if_fail (MAZE_IS_OVERLAY (self));
  g_return_if_fail (kind <= MAZE_OVERLAY_HEAT);
  g_return_if_fail (values == NULL || self->n_cells > 0);

  if (kind == MAZE_OVERLAY_NONE)
    values = NULL;
  had = self->heat != NULL;
  /* The same map again (a panel refreshing all it shows) costs nothing. */
  if (values != NULL && had && kind == self->heat_kind && max == self->heat_max &&
      (color == NULL || memcmp (color, &self->heat_color, sizeof *color) == 0) &&
      memcmp (values, self->heat, (gsize) self->n_cells * sizeof (guint32)) == 0)
    return;
  g_clear_pointer (&self->heat, g_free);
  self->heat_kind = values != NULL ? kind : MAZE_OVERLAY_NONE;
  self->heat_max = max;
  self->heat_color = color != NULL ? *color : default_heat_color;
  if (values != NULL)
    self->heat = g_memdup2 (values, (gsize) self->n_cells * sizeof (guint32));
  if (had || values != NULL)
    emit_changed (self, MAZE_OVERLAY_CHANGED_CELLS, NULL);
}

const guint32 *
maze_overlay_get_heat_map (MazeOverlay     *self,
                           MazeOverlayKind *kind,
                           guint32         *max,
                           MazeColor       *color)
{
  g_return_val_if_fail (MAZE_IS_OVERLAY (self), NULL);

  if (kind != NULL)
    *kind = self->heat_kind;
  if (max != NULL)
    *max = self->heat != NULL ? self->heat_max : 0;
  if (color != NULL)
    *color = self->heat_color;
  return self->heat;
}

void
maze_overlay_set_cell_roles (MazeOverlay  *self,
                             const guint8 *roles)
{
  gboolean had;

  g_return_if_fail (MAZE_IS_OVERLAY (self));
  g_return_if_fail (roles == NULL || self->n_cells > 0);

  had = self->roles != NULL;
  g_clear_pointer (&self->roles, g_free);
  if (roles != NULL)
    self->roles = g_memdup2 (roles, self->n_cells);
  if (had || roles != NULL)
    emit_changed (self, MAZE_OVERLAY_CHANGED_CELLS, NULL);
}

const guint8 *
maze_overlay_get_cell_roles (MazeOverlay *self)
{
  g_return_val_if_fail (MAZE_IS_OVERLAY (self), NULL);
  return self->roles;
}

void
maze_overlay_set_grid (MazeOverlay    *self,
                       const MazeGrid *grid)
{
  gboolean had;

  g_return_if_fail (MAZE_IS_OVERLAY (self));
  g_return_if_fail (grid == NULL || maze_overlay_fits (self, grid));

  had = self->grid != NULL;
  g_clear_pointer (&self->grid, maze_grid_free);
  if (grid != NULL)
    self->grid = maze_grid_copy (grid);
  if (had || grid != NULL)
    emit_changed (self, MAZE_OVERLAY_CHANGED_GRID, NULL);
}

const MazeGrid *
maze_overlay_get_grid (MazeOverlay *self)
{
  g_return_val_if_fail (MAZE_IS_OVERLAY (self), NULL);
  return self->grid;
}

void
maze_overlay_update_cells (MazeOverlay    *self,
                           const MazeRect *rect,
                           const MazeGrid *grid,
                           const guint8   *roles,
                           const guint32  *heat,
                           guint32         heat_max)
{
  MazeRect all;
  guint changes = 0;

  g_return_if_fail (MAZE_IS_OVERLAY (self));
  g_return_if_fail (self->like != NULL);
  g_return_if_fail (grid == NULL || maze_overlay_fits (self, grid));

  all = maze_grid_full_rect (self->like);
  if (rect == NULL)
    rect = &all;
  g_return_if_fail (rect->x + rect->width <= all.width && rect->y + rect->height <= all.height);

  for (guint y = rect->y; y < rect->y + rect->height; y++)
    {
      guint x0, x1;
      gsize first, count;

      /* A circular maze's inner rings hold fewer cells of the rect. */
      maze_rect_row_span (self->like, rect, y, &x0, &x1);
      first = maze_grid_index (self->like, x0, y);
      count = x1 - x0;
      if (grid != NULL && self->grid != NULL)
        memcpy (self->grid->cells + first, grid->cells + first, count);
      if (roles != NULL && self->roles != NULL)
        memcpy (self->roles + first, roles + first, count);
      if (heat != NULL && self->heat != NULL)
        memcpy (self->heat + first, heat + first, count * sizeof (guint32));
    }
  if (heat != NULL && self->heat != NULL)
    self->heat_max = heat_max;
  changes |= (grid != NULL && self->grid != NULL) ? MAZE_OVERLAY_CHANGED_GRID : 0;
  changes |= ((roles != NULL && self->roles != NULL) || (heat != NULL && self->heat != NULL))
             ? MAZE_OVERLAY_CHANGED_CELLS : 0;
  if (changes != 0 && rect->width > 0 && rect->height > 0)
    emit_changed (self, changes, rect == &all ? NULL : rect);
}

void
maze_overlay_set_current_cell (MazeOverlay *self,
                               guint32      cell)
{
  g_return_if_fail (MAZE_IS_OVERLAY (self));

  if (self->current_cell == cell)
    return;
  self->current_cell = cell;
  emit_changed (self, MAZE_OVERLAY_CHANGED_MARKS, NULL);
}

guint32
maze_overlay_get_current_cell (MazeOverlay *self)
{
  g_return_val_if_fail (MAZE_IS_OVERLAY (self), MAZE_NO_CELL);
  return self->current_cell;
}

void
maze_overlay_set_endpoints (MazeOverlay *self,
                            guint32      start,
                            guint32      end)
{
  g_return_if_fail (MAZE_IS_OVERLAY (self));

  if (self->start == start && self->end == end)
    return;
  self->start = start;
  self->end = end;
  emit_changed (self, MAZE_OVERLAY_CHANGED_MARKS, NULL);
}

void
maze_overlay_get_endpoints (MazeOverlay *self,
                            guint32     *start,
                            guint32     *end)
{
  g_return_if_fail (MAZE_IS_OVERLAY (self));

  if (start != NULL)
    *start = self->start;
  if (end != NULL)
    *end = self->end;
}

/* ---- Extent ---- */

gboolean
maze_overlay_get_cells_extent (MazeOverlay    *self,
                               const MazeGrid *like,
                               MazeRect       *rect)
{
  MazeRect extent = { 0, 0, 0, 0 };
  const MazeGrid *other;

  g_return_val_if_fail (MAZE_IS_OVERLAY (self), FALSE);

  other = self->grid != NULL && like != NULL && maze_overlay_fits (self, like) ? like : NULL;
  for (guint32 cell = 0; cell < self->n_cells; cell++)
    {
      gboolean touched = (self->heat != NULL && self->heat[cell] != G_MAXUINT32) ||
                         (self->roles != NULL && self->roles[cell] != 0) ||
                         (other != NULL && self->grid->cells[cell] != other->cells[cell]);

      if (touched)
        {
          guint x, y;

          maze_grid_xy (self->like, cell, &x, &y);
          maze_cell_rect_add (self->like, &extent, x, y);
        }
    }
  if (extent.width == 0)
    return FALSE;
  *rect = extent;
  return TRUE;
}
