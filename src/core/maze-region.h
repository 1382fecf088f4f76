/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-generate.h"

G_BEGIN_DECLS

/* Regenerates the cells inside region of a perfect maze with a fresh
 * spanning tree and stitches it back, so the whole is again one perfect
 * maze. Passages that touch no cell of the region are never changed; the
 * stitch only opens walls across the region's border.
 *
 * new_mask, when not NULL, gives the region's mask afterwards (row-major
 * over the region, nonzero = masked; on the circular grid a cell's byte is
 * at maze_rect_local()): the mask brush paints cells out of
 * or back into the maze this way. The options' seed should be one derived
 * for this edit (maze_rng_derive), not the document's own.
 *
 * On the circular grid region may reach round past angle 0 (x + width
 * beyond the outer ring, width under it: maze_region_wraps()); then
 * new_mask must be NULL.
 *
 * On error (the new mask would cut cells off, the algorithm does not fit
 * the shape, out of memory, or options->stop said stop:
 * MAZE_ERROR_CANCELLED) the grid is left exactly as it was.
 *
 * The cost grows with the region, not with the maze: see maze-region.c. */
gboolean maze_regenerate_region (MazeGrid                   *grid,
                                 const MazeRect             *region,
                                 const guint8               *new_mask,
                                 const MazeGenerateOptions  *options,
                                 GError                    **error);

/* Does region, a ring sector, reach round past angle 0 (see above)? */
gboolean maze_region_wraps      (const MazeGrid             *grid,
                                 const MazeRect             *region);
/* A region across angle 0 is regenerated as two: before_0, from its x
 * to the outer ring's end, with the options' seed, then after_0, from
 * angle 0 on, with maze_rng_derive (seed, MAZE_REGION_AFTER_0_STREAM).
 * Regenerating the two in turn gives the same maze (a file's history
 * holds them so: a history rect stays inside the grid). */
#define MAZE_REGION_AFTER_0_STREAM 0x5717c5
void     maze_region_split_at_0 (const MazeGrid            *grid,
                                 const MazeRect            *region,
                                 MazeRect                  *before_0,
                                 MazeRect                  *after_0);
/* maze_rect_clip() that keeps a sector across angle 0 whole: FALSE when
 * nothing of region is left in the grid. */
gboolean maze_region_clip       (const MazeGrid             *grid,
                                 MazeRect                   *region);
/* maze_rect_contains_cell() for a region that may cross angle 0. */
gboolean maze_region_contains_cell (const MazeGrid          *grid,
                                    const MazeRect          *region,
                                    guint                    x,
                                    guint                    y);

/* The cells a regeneration of region may change: the region and the
 * ring of cells around it, where the stitch opens or closes walls across
 * the border (a passage is kept in the cells on both of its sides);
 * clipped to the grid. A caller keeping undo copies these cells. */
MazeRect maze_region_get_reach  (const MazeGrid             *grid,
                                 const MazeRect             *region);

/* The ring of cells regenerated around painted cells: with none, a cell
 * painted out in a corridor would cut the two ends apart; one ring lets
 * the maze route around it (no failures in 400 random trials, braided or
 * not, against a quarter without). */
#define MAZE_MASK_MARGIN 2

/* What painting the mask regenerates: painted (inside the grid) and a
 * margin around it, clipped to the grid, in *region, and the region's
 * new mask (row-major over *region, nonzero = masked; free with
 * g_free()): mask (painted->width * painted->height, the new state of
 * every painted cell) inside painted, the cells' own mask in the margin.
 * Hand both, with options, to maze_regenerate_region().
 *
 * The margin is MAZE_MASK_MARGIN when that region can be stitched back
 * into one maze. It cannot always: a piece of the maze outside whose only
 * doors into the region are painted out may join the rest only beyond
 * the margin, though the open cells still touch. Then the margin doubles
 * until the region can, up to the whole grid, so an edit is refused
 * (MAZE_ERROR_DISCONNECTED) exactly when the open cells would no longer
 * all touch. Deciding runs the regeneration on grid and puts every cell
 * back: grid is as it was on return. NULL with
 * MAZE_ERROR_INVALID_ARGUMENT when painted is empty or leaves the grid. */
guint8  *maze_mask_edit_region  (MazeGrid                   *grid,
                                 const MazeRect             *painted,
                                 const guint8               *mask,
                                 const MazeGenerateOptions  *options,
                                 MazeRect                   *region,
                                 GError                    **error);

G_END_DECLS
