/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-topology.h"

G_BEGIN_DECLS

/* One byte per cell:
 *   bits 0-2  passages this cell owns (see MazeTopology.owned_bit)
 *   bit  3    masked: the cell is out of the maze
 *   bits 4-7  scratch for the algorithm running right now; always zero
 *             between operations (generators use it for the direction a
 *             cell was entered from, so a DFS needs no stack). */
#define MAZE_CELL_PASSAGES      0x07u
#define MAZE_CELL_MASKED        0x08u
#define MAZE_CELL_STATE         0x0Fu
#define MAZE_CELL_SCRATCH_SHIFT 4
#define MAZE_CELL_SCRATCH       0xF0u

#define MAZE_NO_CELL G_MAXUINT32

/* A rectangle of cells: columns x..x+width-1, rows y..y+height-1. */
typedef struct
{
  guint x;
  guint y;
  guint width;
  guint height;
} MazeRect;

typedef struct
{
  const MazeTopology *topology;
  MazeShape           shape;
  guint               width;
  guint               height;
  guint32             n_cells;
  guint8             *cells;
  guint8             *weights;   /* NULL: every cell costs 1; else 1..255 */
} MazeGrid;

gboolean  maze_check_size              (MazeShape        shape,
                                        guint64          width,
                                        guint64          height,
                                        GError         **error);
MazeGrid *maze_grid_new                (MazeShape        shape,
                                        guint            width,
                                        guint            height,
                                        GError         **error);
MazeGrid *maze_grid_copy               (const MazeGrid  *grid);
void      maze_grid_free               (MazeGrid        *grid);
gboolean  maze_grid_equal              (const MazeGrid  *a,
                                        const MazeGrid  *b);
guint64   maze_grid_hash               (const MazeGrid  *grid);

void      maze_grid_clear_passages     (MazeGrid        *grid);
void      maze_grid_set_masked         (MazeGrid        *grid,
                                        guint            x,
                                        guint            y,
                                        gboolean         masked);
gboolean  maze_grid_has_mask           (const MazeGrid  *grid,
                                        const MazeRect  *region);
guint32   maze_grid_count_open         (const MazeGrid  *grid);
/* Is any cell outside r (inside the grid) open? */
gboolean  maze_grid_has_open_outside   (const MazeGrid  *grid,
                                        const MazeRect  *r);
guint32   maze_grid_count_passages     (const MazeGrid  *grid);
void      maze_grid_set_passage        (MazeGrid        *grid,
                                        guint            x,
                                        guint            y,
                                        guint            dir,
                                        gboolean         open);
guint     maze_grid_passage_mask       (const MazeGrid  *grid,
                                        guint            x,
                                        guint            y);
guint     maze_grid_degree             (const MazeGrid  *grid,
                                        guint            x,
                                        guint            y);
guint8    maze_grid_get_weight         (const MazeGrid  *grid,
                                        guint32          cell);
void      maze_grid_set_weight         (MazeGrid        *grid,
                                        guint32          cell,
                                        guint8           weight);
gboolean  maze_grid_validate           (const MazeGrid  *grid,
                                        GError         **error);
gboolean  maze_grid_check_perfect      (const MazeGrid  *grid,
                                        GError         **error);
guint32   maze_grid_count_components   (const MazeGrid  *grid,
                                        const MazeRect  *region,
                                        gboolean         use_passages);

MazeRect  maze_grid_full_rect          (const MazeGrid  *grid);
gboolean  maze_rect_clip               (MazeRect        *rect,
                                        const MazeGrid  *grid);

static inline guint32
maze_grid_index (const MazeGrid *grid,
                 guint           x,
                 guint           y)
{
  return (guint32) y * grid->width + x;
}

static inline void
maze_grid_xy (const MazeGrid *grid,
              guint32         cell,
              guint          *x,
              guint          *y)
{
  *x = cell % grid->width;
  *y = cell / grid->width;
}

static inline gboolean
maze_grid_contains (const MazeGrid *grid,
                    gint64          x,
                    gint64          y)
{
  return x >= 0 && y >= 0 && x < grid->width && y < grid->height;
}

/* The neighbour of (x, y) in direction dir; FALSE off the grid. */
static inline gboolean
maze_grid_step (const MazeGrid *grid,
                guint           x,
                guint           y,
                guint           dir,
                guint          *nx,
                guint          *ny)
{
  const MazeTopology *t = grid->topology;
  guint tx = x + t->dx[y & 1][dir];
  guint ty = y + t->dy[dir];

  /* Unsigned wrap-around turns -1 into a huge value. */
  if (tx >= grid->width || ty >= grid->height)
    return FALSE;
  if (!maze_topology_has_dir (t, x, y, dir))
    return FALSE;
  *nx = tx;
  *ny = ty;
  return TRUE;
}

static inline gboolean
maze_grid_is_masked (const MazeGrid *grid,
                     guint32         cell)
{
  return (grid->cells[cell] & MAZE_CELL_MASKED) != 0;
}

static inline gboolean
maze_grid_is_open (const MazeGrid *grid,
                   guint           x,
                   guint           y)
{
  return x < grid->width && y < grid->height &&
         !(grid->cells[maze_grid_index (grid, x, y)] & MAZE_CELL_MASKED);
}

/* Is there a passage from (x, y) towards dir? FALSE at the border. */
static inline gboolean
maze_grid_has_passage (const MazeGrid *grid,
                       guint           x,
                       guint           y,
                       guint           dir)
{
  const MazeTopology *t = grid->topology;
  guint nx, ny;

  if (t->owned_bit[dir] >= 0)
    return (grid->cells[maze_grid_index (grid, x, y)] >> t->owned_bit[dir]) & 1;
  if (!maze_grid_step (grid, x, y, dir, &nx, &ny))
    return FALSE;
  return (grid->cells[maze_grid_index (grid, nx, ny)] >> t->owned_bit[t->opposite[dir]]) & 1;
}

/* Opens the passage from (x, y) towards dir, whose neighbour (nx, ny) the
 * caller already knows: the hot path of every generator. */
static inline void
maze_grid_carve (MazeGrid *grid,
                 guint     x,
                 guint     y,
                 guint     dir,
                 guint     nx,
                 guint     ny)
{
  const MazeTopology *t = grid->topology;

  if (t->owned_bit[dir] >= 0)
    grid->cells[maze_grid_index (grid, x, y)] |= (guint8) (1u << t->owned_bit[dir]);
  else
    grid->cells[maze_grid_index (grid, nx, ny)] |= (guint8) (1u << t->owned_bit[t->opposite[dir]]);
}

static inline void
maze_grid_uncarve (MazeGrid *grid,
                   guint     x,
                   guint     y,
                   guint     dir,
                   guint     nx,
                   guint     ny)
{
  const MazeTopology *t = grid->topology;

  if (t->owned_bit[dir] >= 0)
    grid->cells[maze_grid_index (grid, x, y)] &= (guint8) ~(1u << t->owned_bit[dir]);
  else
    grid->cells[maze_grid_index (grid, nx, ny)] &= (guint8) ~(1u << t->owned_bit[t->opposite[dir]]);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MazeGrid, maze_grid_free)

G_END_DECLS
