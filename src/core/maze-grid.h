/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-polar.h"
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

/* A rectangle of cells: columns x..x+width-1, rows y..y+height-1.
 *
 * On the circular grid, whose rings differ in length, it is a ring
 * sector: rings y..y+height-1 and an angle range counted in cells of the
 * outer ring (the grid's width: 0..width is the whole turn clockwise), each
 * ring holding the cells that overlap that range (maze_rect_row_span()). */
typedef struct
{
  guint x;
  guint y;
  guint width;
  guint height;
} MazeRect;

/* Cells are stored row after row. Rect, hex and tri rows are all width
 * long. The circular grid's rows are its rings (polar, the row table):
 * height rings, row y maze_grid_row_length() long, width the longest
 * (the outer ring); it is made from the first ring's cells and the ring
 * count, passed to maze_check_size() and maze_grid_new() as width and
 * height. */
typedef struct
{
  const MazeTopology *topology;
  MazeShape           shape;
  guint               width;
  guint               height;
  guint32             n_cells;
  guint8             *cells;
  guint8             *weights;   /* NULL: every cell costs 1; else 1..255 */
  MazePolarLayout    *polar;     /* the circular grid's rings, else NULL */
} MazeGrid;

/* The smallest first ring of a circular maze: fewer cells make no ring
 * (two cells would touch twice). */
#define MAZE_POLAR_MIN_FIRST 3u

gboolean  maze_check_size              (MazeShape        shape,
                                        guint64          width,
                                        guint64          height,
                                        GError         **error);
MazeGrid *maze_grid_new                (MazeShape        shape,
                                        guint            width,
                                        guint            height,
                                        GError         **error);
/* The same; a circular grid with centre has a centre cell (ring 0)
 * instead of the open room, its directions spokes to the first ring
 * (see "A centre cell" in HACKING.md). */
MazeGrid *maze_grid_new_rings          (MazeShape        shape,
                                        guint            width,
                                        guint            height,
                                        gboolean         centre,
                                        GError         **error);
/* A grid of the same shape and size as grid, every wall up. */
MazeGrid *maze_grid_new_like           (const MazeGrid  *grid,
                                        GError         **error);
/* The width and height maze_grid_new() takes to make grid again (on the
 * circular grid the first ring's cells and the rings). */
void      maze_grid_get_size_args      (const MazeGrid  *grid,
                                        guint           *width,
                                        guint           *height);
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

/* The cells of row y. */
static inline guint
maze_grid_row_length (const MazeGrid *grid,
                      guint           y)
{
  return G_UNLIKELY (grid->polar != NULL) ? grid->polar->lengths[y] : grid->width;
}

/* The hot helpers below come twice: the plain one for any grid, and a
 * _regular one for grids whose topology is not irregular (rect, hex,
 * tri: rows all width long, neighbours at offsets), which loops call
 * after testing topology->irregular once, outside the loop. The test at
 * every step cost the random walks a quarter of their speed. */
static inline guint32
maze_grid_index_regular (const MazeGrid *grid,
                         guint           x,
                         guint           y)
{
  return (guint32) y * grid->width + x;
}

static inline guint32
maze_grid_index (const MazeGrid *grid,
                 guint           x,
                 guint           y)
{
  if (G_UNLIKELY (grid->polar != NULL))
    return grid->polar->starts[y] + x;
  return maze_grid_index_regular (grid, x, y);
}

static inline void
maze_grid_xy (const MazeGrid *grid,
              guint32         cell,
              guint          *x,
              guint          *y)
{
  if (G_UNLIKELY (grid->polar != NULL))
    {
      maze_polar_cell_xy (grid->polar, cell, x, y);
      return;
    }
  *x = cell % grid->width;
  *y = cell / grid->width;
}

static inline gboolean
maze_grid_contains (const MazeGrid *grid,
                    gint64          x,
                    gint64          y)
{
  return x >= 0 && y >= 0 && y < grid->height && x < maze_grid_row_length (grid, (guint) y);
}

/* The directions cell (x, y) has a side towards (on the border too). */
static inline guint
maze_grid_dirs_at (const MazeGrid *grid,
                   guint           x,
                   guint           y)
{
  if (G_UNLIKELY (grid->polar != NULL))
    return maze_polar_dirs_at (grid->polar, x, y);
  return maze_topology_dirs_at (grid->topology, x, y);
}

static inline gboolean
maze_grid_has_dir (const MazeGrid *grid,
                   guint           x,
                   guint           y,
                   guint           dir)
{
  return (maze_grid_dirs_at (grid, x, y) >> dir) & 1;
}

/* The neighbour of (x, y) in direction dir; FALSE off the grid. */
static inline gboolean
maze_grid_step_regular (const MazeGrid *grid,
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
maze_grid_step (const MazeGrid *grid,
                guint           x,
                guint           y,
                guint           dir,
                guint          *nx,
                guint          *ny)
{
  if (G_UNLIKELY (grid->polar != NULL))
    return maze_polar_step (grid->polar, x, y, dir, nx, ny);
  return maze_grid_step_regular (grid, x, y, dir, nx, ny);
}

/* Is (x, y) the centre cell of a circular grid? Its directions are its
 * spokes to the first ring (maze_polar_dirs_at()), and it owns none of
 * its passages: each first-ring cell owns its IN_A. */
static inline gboolean
maze_grid_is_centre (const MazeGrid *grid,
                     guint           x,
                     guint           y)
{
  return G_UNLIKELY (grid->polar != NULL) && y == 0 && grid->polar->centre;
}

/* Does (x, y) own its passage towards dir (keep it in its own byte)?
 * Each passage has one owner: code that visits every passage once goes
 * over the owned directions of every cell. The centre owns none. */
static inline gboolean
maze_grid_owns_dir (const MazeGrid *grid,
                    guint           x,
                    guint           y,
                    guint           dir)
{
  return grid->topology->owned_bit[dir] >= 0 && !maze_grid_is_centre (grid, x, y);
}

/* The direction from the neighbour of (x, y) towards dir back to (x, y):
 * the topology's opposite, but for a centre's spokes (IN_A back) and a
 * first-ring cell's IN_A (the centre's spoke to it, its column). */
static inline guint
maze_grid_back_dir (const MazeGrid *grid,
                    guint           x,
                    guint           y,
                    guint           dir)
{
  if (G_UNLIKELY (grid->polar != NULL) && grid->polar->centre && y <= 1)
    {
      if (y == 0)
        return MAZE_POLAR_IN_A;
      if (dir == MAZE_POLAR_IN_A)
        return x;
    }
  return grid->topology->opposite[dir];
}

/* How many outer-ring cells one cell of row y spans: 1 on the grids
 * whose rows are all width long. A power of two. */
static inline guint
maze_grid_row_scale (const MazeGrid *grid,
                     guint           y)
{
  return G_UNLIKELY (grid->polar != NULL) ? grid->width / grid->polar->lengths[y] : 1;
}

/* The columns x0..x1-1 of row y inside r (r's rows only; see MazeRect). */
static inline void
maze_rect_row_span (const MazeGrid *grid,
                    const MazeRect *r,
                    guint           y,
                    guint          *x0,
                    guint          *x1)
{
  guint s = maze_grid_row_scale (grid, y);

  *x0 = r->x / s;
  *x1 = r->width == 0 ? *x0 : (r->x + r->width - 1) / s + 1;
}

/* Is (x, y), a cell of the grid, inside r? */
static inline gboolean
maze_rect_contains_cell_regular (const MazeRect *r,
                                 guint           x,
                                 guint           y)
{
  return y - r->y < r->height && x - r->x < r->width;
}

static inline gboolean
maze_rect_contains_cell (const MazeGrid *grid,
                         const MazeRect *r,
                         guint           x,
                         guint           y)
{
  guint s;

  if (G_LIKELY (grid->polar == NULL))
    return maze_rect_contains_cell_regular (r, x, y);
  if (y - r->y >= r->height)
    return FALSE;
  s = maze_grid_row_scale (grid, y);
  return (guint64) x * s < (guint64) r->x + r->width && (guint64) x * s + s > r->x;
}

/* A cell's index among r's width × height places (it must be inside r),
 * for arrays sized by a region rather than the grid. A cell of a circular
 * ring spanning several outer columns takes the first of them inside r;
 * the others stay unused (maze_rect_local_xy() says which are used). */
static inline guint32
maze_rect_local_regular (const MazeRect *r,
                         guint           x,
                         guint           y)
{
  return (y - r->y) * r->width + (x - r->x);
}

static inline guint32
maze_rect_local (const MazeGrid *grid,
                 const MazeRect *r,
                 guint           x,
                 guint           y)
{
  if (G_UNLIKELY (grid->polar != NULL))
    x = MAX (x * maze_grid_row_scale (grid, y), r->x);
  return maze_rect_local_regular (r, x, y);
}

/* The cell at a place of r; FALSE when no cell takes that place. */
static inline gboolean
maze_rect_local_xy (const MazeGrid *grid,
                    const MazeRect *r,
                    guint32         local,
                    guint          *x,
                    guint          *y)
{
  guint column = r->x + local % r->width;
  guint s;

  *y = r->y + local / r->width;
  if (G_LIKELY (grid->polar == NULL))
    {
      *x = column;
      return TRUE;
    }
  s = maze_grid_row_scale (grid, *y);
  *x = column / s;
  return MAX (*x * s, r->x) == column;
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
  return maze_grid_contains (grid, x, y) &&
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

  if (maze_grid_owns_dir (grid, x, y, dir))
    return (grid->cells[maze_grid_index (grid, x, y)] >> t->owned_bit[dir]) & 1;
  if (!maze_grid_step (grid, x, y, dir, &nx, &ny))
    return FALSE;
  return (grid->cells[maze_grid_index (grid, nx, ny)] >>
          t->owned_bit[maze_grid_back_dir (grid, x, y, dir)]) & 1;
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

  if (maze_grid_owns_dir (grid, x, y, dir))
    grid->cells[maze_grid_index (grid, x, y)] |= (guint8) (1u << t->owned_bit[dir]);
  else
    grid->cells[maze_grid_index (grid, nx, ny)] |=
      (guint8) (1u << t->owned_bit[maze_grid_back_dir (grid, x, y, dir)]);
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

  if (maze_grid_owns_dir (grid, x, y, dir))
    grid->cells[maze_grid_index (grid, x, y)] &= (guint8) ~(1u << t->owned_bit[dir]);
  else
    grid->cells[maze_grid_index (grid, nx, ny)] &=
      (guint8) ~(1u << t->owned_bit[maze_grid_back_dir (grid, x, y, dir)]);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MazeGrid, maze_grid_free)

G_END_DECLS
