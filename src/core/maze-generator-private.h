/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Private to the core: what every generator in generators/ sees. */

#include <glib.h>
#include <glib/gi18n-lib.h>

#include "maze-bitset.h"
#include "maze-error.h"
#include "maze-generate.h"
#include "maze-rng.h"

G_BEGIN_DECLS

typedef struct
{
  MazeGrid            *grid;
  MazeRect             region;     /* the cells to carve; clipped to the grid */
  MazeRng              rng;
  const MazeObserver  *observer;
  MazeGrowingTreeMode  growing_tree_mode;
} MazeGenContext;

/* The contract of every generator:
 * - on entry no passage touches a cell of ctx->region (inside it or across
 *   its border) and every scratch bit is zero;
 * - it carves only between open (unmasked) cells inside the region, never
 *   a cycle, and draws randomness only from ctx->rng, in an order that
 *   depends on nothing but the seed and the grid;
 * - it leaves one tree per connected part of the region's open cells.
 *   Row-based algorithms and recursive division may leave a part in pieces
 *   when cells are masked; the driver joins those (MAZE_GEN_MAY_SPLIT);
 * - scratch bits are zero again on return;
 * - it returns FALSE only when memory runs out, with error set. */
typedef gboolean (*MazeGeneratorFunc) (MazeGenContext  *ctx,
                                       GError         **error);

gboolean maze_gen_backtracker        (MazeGenContext *ctx, GError **error);
gboolean maze_gen_prim               (MazeGenContext *ctx, GError **error);
gboolean maze_gen_simplified_prim    (MazeGenContext *ctx, GError **error);
gboolean maze_gen_kruskal            (MazeGenContext *ctx, GError **error);
gboolean maze_gen_wilson             (MazeGenContext *ctx, GError **error);
gboolean maze_gen_aldous_broder      (MazeGenContext *ctx, GError **error);
gboolean maze_gen_hunt_and_kill      (MazeGenContext *ctx, GError **error);
gboolean maze_gen_growing_tree       (MazeGenContext *ctx, GError **error);
gboolean maze_gen_eller              (MazeGenContext *ctx, GError **error);
gboolean maze_gen_sidewinder         (MazeGenContext *ctx, GError **error);
gboolean maze_gen_binary_tree        (MazeGenContext *ctx, GError **error);
gboolean maze_gen_recursive_division (MazeGenContext *ctx, GError **error);

/* Carves a forest into region (see the contract above) and joins pieces a
 * row-based generator left. Used by maze_generate() and region
 * regeneration. */
gboolean maze_generate_forest (MazeGrid                   *grid,
                               const MazeRect             *region,
                               const MazeGenerateOptions  *options,
                               GError                    **error);

/* Joins the pieces of the forest inside region with random walls until
 * each connected part of its open cells is one tree. */
gboolean maze_gen_join_forest (MazeGenContext  *ctx,
                               GError         **error);

void     maze_gen_set_out_of_memory (GError **error);

static inline gboolean
maze_gen_in_region (const MazeGenContext *ctx,
                    guint                 x,
                    guint                 y)
{
  return x - ctx->region.x < ctx->region.width && y - ctx->region.y < ctx->region.height;
}

/* The neighbour of (x, y) towards dir when it is an open cell inside the
 * region: the only neighbours a generator may carve to. */
static inline gboolean
maze_gen_step (const MazeGenContext *ctx,
               guint                 x,
               guint                 y,
               guint                 dir,
               guint                *nx,
               guint                *ny)
{
  return maze_grid_step (ctx->grid, x, y, dir, nx, ny) &&
         maze_gen_in_region (ctx, *nx, *ny) &&
         !(ctx->grid->cells[maze_grid_index (ctx->grid, *nx, *ny)] & MAZE_CELL_MASKED);
}

/* Cell index relative to the region, 0..width*height-1, for per-region
 * arrays whose size follows the region rather than the grid. */
static inline guint32
maze_gen_local (const MazeGenContext *ctx,
                guint                 x,
                guint                 y)
{
  return (y - ctx->region.y) * ctx->region.width + (x - ctx->region.x);
}

static inline void
maze_gen_local_xy (const MazeGenContext *ctx,
                   guint32               local,
                   guint                *x,
                   guint                *y)
{
  *x = ctx->region.x + local % ctx->region.width;
  *y = ctx->region.y + local / ctx->region.width;
}

/* Carves and reports it: the one way generators open a passage. */
static inline void
maze_gen_carve (MazeGenContext *ctx,
                guint           x,
                guint           y,
                guint           dir,
                guint           nx,
                guint           ny)
{
  maze_grid_carve (ctx->grid, x, y, dir, nx, ny);
  MAZE_EMIT (ctx->observer, MAZE_EVENT_CARVE,
             maze_grid_index (ctx->grid, x, y), maze_grid_index (ctx->grid, nx, ny),
             (gint8) dir, 0, 0);
}

G_END_DECLS
