/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-generator-private.h"
#include "maze-union-find.h"

#define RECT (1u << MAZE_SHAPE_RECT)
#define HEX  (1u << MAZE_SHAPE_HEX)
#define TRI  (1u << MAZE_SHAPE_TRI)
#define CIRC (1u << MAZE_SHAPE_CIRCULAR)
/* Those that go from cell to cell: every shape. */
#define ALL  (RECT | HEX | TRI | CIRC)

/* One row per algorithm: what the public API tells about it, the function
 * that carves it, and whether it may leave a region's open cells in
 * pieces when some cells are masked, or on a shape whose cells lack some
 * directions (triangles): the driver then joins the pieces. Binary tree
 * is rectangular only: on hex and tri a cell may have no UP direction and
 * the result would be mostly the join. The row-based ones and recursive
 * division are not offered on the circular grid: its rings differ in
 * length, so a column of one ring is no column of the next, and a
 * chamber of rings has no straight wall to split it by. */
typedef struct
{
  MazeAlgorithmInfo  info;
  MazeGeneratorFunc  generate;
  gboolean           may_split;
} Generator;

#define GENERATOR(ID, name, title, description, shapes, trace, func, may_split) \
  [MAZE_ALGORITHM_##ID] = { { MAZE_ALGORITHM_##ID, name, title, description, shapes, trace }, \
                            func, may_split }

static const Generator generators[MAZE_N_ALGORITHMS] = {
  GENERATOR (BACKTRACKER, "backtracker", N_("Recursive backtracker"),
             N_("Depth-first carving: long winding corridors, few dead ends"),
             ALL, MAZE_TRACE_VISIT_PUSHES, maze_gen_backtracker, FALSE),
  GENERATOR (PRIM, "prim", N_("Prim’s"),
             N_("Grows from a random frontier wall: many short dead ends"),
             ALL, MAZE_TRACE_FRONTIER_OTHER, maze_gen_prim, FALSE),
  GENERATOR (SIMPLIFIED_PRIM, "simplified-prim", N_("Simplified Prim’s"),
             N_("Grows from a random cell of the tree: short branches, busy texture"),
             ALL, 0, maze_gen_simplified_prim, FALSE),
  GENERATOR (KRUSKAL, "kruskal", N_("Kruskal’s"),
             N_("Opens random walls between unconnected sets: even texture"),
             ALL, MAZE_TRACE_PASSAGE_JOINS, maze_gen_kruskal, FALSE),
  GENERATOR (WILSON, "wilson", N_("Wilson’s"),
             N_("Loop-erased random walks: a uniform spanning tree, no bias"),
             ALL, 0, maze_gen_wilson, FALSE),
  GENERATOR (ALDOUS_BRODER, "aldous-broder", N_("Aldous-Broder"),
             N_("A random walk carving into unvisited cells: unbiased but slow"),
             ALL, 0, maze_gen_aldous_broder, FALSE),
  GENERATOR (HUNT_AND_KILL, "hunt-and-kill", N_("Hunt-and-kill"),
             N_("Random walks, then a hunt for a new start: long corridors"),
             ALL, 0, maze_gen_hunt_and_kill, FALSE),
  GENERATOR (GROWING_TREE, "growing-tree", N_("Growing tree"),
             N_("Grows from the newest, a random or a mixed choice of cells"),
             ALL, 0, maze_gen_growing_tree, FALSE),
  GENERATOR (ELLER, "eller", N_("Eller’s"),
             N_("Row by row, merging sets: needs only one row of memory"),
             RECT | HEX | TRI, 0, maze_gen_eller, TRUE),
  GENERATOR (SIDEWINDER, "sidewinder", N_("Sidewinder"),
             N_("Runs along each row closed upwards: an open top corridor"),
             RECT | HEX | TRI, 0, maze_gen_sidewinder, TRUE),
  GENERATOR (BINARY_TREE, "binary-tree", N_("Binary tree"),
             N_("Each cell opens north or east: very fast, strong diagonal bias"),
             RECT, 0, maze_gen_binary_tree, TRUE),
  GENERATOR (RECURSIVE_DIVISION, "recursive-division", N_("Recursive division"),
             N_("Splits chambers with walls: long straight walls, a boxy look"),
             RECT | HEX | TRI, 0, maze_gen_recursive_division, TRUE),
};

static const char *const growing_tree_mode_names[] = { "newest", "random", "mixed" };

const MazeAlgorithmInfo *
maze_algorithm_get_info (MazeAlgorithm algorithm)
{
  g_return_val_if_fail ((guint) algorithm < MAZE_N_ALGORITHMS, NULL);
  return &generators[algorithm].info;
}

gboolean
maze_algorithm_from_string (const char    *name,
                            MazeAlgorithm *algorithm)
{
  g_return_val_if_fail (name != NULL, FALSE);

  for (guint i = 0; i < MAZE_N_ALGORITHMS; i++)
    if (g_str_equal (generators[i].info.name, name))
      {
        *algorithm = generators[i].info.algorithm;
        return TRUE;
      }
  return FALSE;
}

gboolean
maze_algorithm_supports (MazeAlgorithm algorithm,
                         MazeShape     shape)
{
  g_return_val_if_fail ((guint) algorithm < MAZE_N_ALGORITHMS, FALSE);
  return (generators[algorithm].info.shapes & (1u << shape)) != 0;
}

gboolean
maze_growing_tree_mode_from_string (const char          *name,
                                    MazeGrowingTreeMode *mode)
{
  for (guint i = 0; i < G_N_ELEMENTS (growing_tree_mode_names); i++)
    if (g_str_equal (growing_tree_mode_names[i], name))
      {
        *mode = (MazeGrowingTreeMode) i;
        return TRUE;
      }
  return FALSE;
}

const char *
maze_growing_tree_mode_to_string (MazeGrowingTreeMode mode)
{
  g_return_val_if_fail ((guint) mode < G_N_ELEMENTS (growing_tree_mode_names), NULL);
  return growing_tree_mode_names[mode];
}

void
maze_generate_options_init (MazeGenerateOptions *options)
{
  *options = (MazeGenerateOptions) {
    .algorithm = MAZE_ALGORITHM_BACKTRACKER,
    .growing_tree_mode = MAZE_GROWING_TREE_MIXED,
  };
}

void
maze_gen_set_out_of_memory (GError **error)
{
  g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                       _("Not enough memory to generate a maze this large"));
}

void
maze_gen_set_cancelled (GError **error)
{
  g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_CANCELLED,
                       _("Making the maze was cancelled"));
}

void
maze_gen_set_unsupported (GError        **error,
                          MazeAlgorithm   algorithm,
                          MazeShape       shape)
{
  const char *name = maze_algorithm_get_info (algorithm)->name;

  /* One sentence for each shape, so that translations can inflect it. */
  if (shape == MAZE_SHAPE_HEX)
    g_set_error (error, MAZE_ERROR, MAZE_ERROR_UNSUPPORTED,
                 /* Translators: the algorithm's name as the CLI takes it */
                 _("The %s algorithm has no meaning on a hexagonal grid"), name);
  else if (shape == MAZE_SHAPE_TRI)
    g_set_error (error, MAZE_ERROR, MAZE_ERROR_UNSUPPORTED,
                 /* Translators: the algorithm's name as the CLI takes it */
                 _("The %s algorithm has no meaning on a triangular grid"), name);
  else if (shape == MAZE_SHAPE_CIRCULAR)
    g_set_error (error, MAZE_ERROR, MAZE_ERROR_UNSUPPORTED,
                 /* Translators: the algorithm's name as the CLI takes it */
                 _("The %s algorithm has no meaning on a circular grid"), name);
  else
    g_set_error (error, MAZE_ERROR, MAZE_ERROR_UNSUPPORTED,
                 /* Translators: the algorithm's name as the CLI takes it */
                 _("The %s algorithm has no meaning on a rectangular grid"), name);
}

static gboolean
check_supported (const MazeGrid      *grid,
                 MazeAlgorithm        algorithm,
                 GError             **error)
{
  const MazeAlgorithmInfo *info;

  if ((guint) algorithm >= MAZE_N_ALGORITHMS)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("Unknown algorithm %d"), (int) algorithm);
      return FALSE;
    }
  info = &generators[algorithm].info;
  if (!(info->shapes & (1u << grid->shape)))
    {
      maze_gen_set_unsupported (error, algorithm, grid->shape);
      return FALSE;
    }
  return TRUE;
}

gboolean
maze_generate_forest (MazeGrid                   *grid,
                      const MazeRect             *region,
                      const MazeGenerateOptions  *options,
                      MazeStopCheck              *stop,
                      GError                    **error)
{
  MazeGenContext ctx = {
    .grid = grid,
    .region = *region,
    .observer = options->observer,
    .growing_tree_mode = options->growing_tree_mode,
    .stop = stop,
  };
  gboolean ok;

  if (!check_supported (grid, options->algorithm, error))
    return FALSE;
  if (!maze_rect_clip (&ctx.region, grid))
    return TRUE;

  maze_rng_init (&ctx.rng, options->seed);
  ok = generators[options->algorithm].generate (&ctx, error);
  if (ok && generators[options->algorithm].may_split &&
      (grid->topology->partial_dirs || maze_grid_has_mask (grid, &ctx.region)))
    ok = maze_gen_join_forest (&ctx, error);
  /* A generator told to stop leaves the error to us. */
  if (!ok && stop->stopped)
    maze_gen_set_cancelled (error);
  return ok;
}

/* Generates the whole grid afresh. The mask is kept; every open cell must
 * be reachable from every other, or the maze could not be perfect. */
gboolean
maze_generate (MazeGrid                   *grid,
               const MazeGenerateOptions  *options,
               GError                    **error)
{
  MazeRect all;
  MazeStopCheck stop;

  g_return_val_if_fail (grid != NULL, FALSE);
  g_return_val_if_fail (options != NULL, FALSE);

  if (!check_supported (grid, options->algorithm, error))
    return FALSE;

  all = maze_grid_full_rect (grid);
  maze_grid_clear_passages (grid);
  maze_stop_check_init (&stop, options->stop, options->stop_data);
  if (maze_grid_has_mask (grid, &all))
    {
      guint32 parts = maze_grid_count_components_checked (grid, &all, FALSE, &stop);

      if (parts == MAZE_NO_CELL)
        {
          maze_gen_set_cancelled (error);
          return FALSE;
        }
      if (parts == 0)
        {
          g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_DISCONNECTED,
                               _("Every cell is masked: there is no maze left to carve"));
          return FALSE;
        }
      if (parts > 1)
        {
          g_set_error (error, MAZE_ERROR, MAZE_ERROR_DISCONNECTED,
                       _("The masked cells split the maze into %u separate parts"), parts);
          return FALSE;
        }
    }

  if (!maze_generate_forest (grid, &all, options, &stop, error))
    {
      maze_grid_clear_passages (grid);
      return FALSE;
    }
  return TRUE;
}

/* Kruskal's idea, applied to what a generator left: union the passages
 * already carved, then open random walls between different sets. */
gboolean
maze_gen_join_forest (MazeGenContext  *ctx,
                      GError         **error)
{
  MazeGrid *grid = ctx->grid;
  const MazeTopology *t = grid->topology;
  const MazeRect *r = &ctx->region;
  MazeUnionFind uf;
  g_autoptr(GArray) walls = g_array_new (FALSE, FALSE, sizeof (guint64));
  MazeGenWalls shuffled;

  if (!maze_union_find_init (&uf, r->width * r->height))
    {
      maze_gen_set_out_of_memory (error);
      return FALSE;
    }

  for (guint y = r->y; y < r->y + r->height; y++)
    {
      guint x0, x1;

      maze_gen_row_span (ctx, y, &x0, &x1);
      for (guint x = x0; x < x1; x++)
        {
          if (!maze_grid_is_open (grid, x, y))
            continue;
          for (guint d = 0; d < t->n_dirs; d++)
            {
              guint nx, ny;

              if (!maze_grid_owns_dir (grid, x, y, d) || !maze_gen_step (ctx, x, y, d, &nx, &ny))
                continue;
              if (maze_grid_has_passage (grid, x, y, d))
                {
                  gboolean merged = maze_union_find_unite (&uf, maze_gen_local (ctx, x, y),
                                                           maze_gen_local (ctx, nx, ny));
                  g_assert (merged);
                }
              else
                {
                  guint64 wall = ((guint64) maze_gen_local (ctx, x, y) << 3) | d;
                  g_array_append_val (walls, wall);
                }
            }
        }
    }

  shuffled = (MazeGenWalls) { walls->data, TRUE };
  maze_gen_shuffle_walls (&ctx->rng, &shuffled, walls->len);

  for (guint i = 0; i < walls->len; i++)
    {
      guint64 wall = g_array_index (walls, guint64, i);
      guint d = wall & 7;
      guint x, y, nx = 0, ny = 0;

      maze_gen_local_xy (ctx, (guint32) (wall >> 3), &x, &y);
      maze_grid_step (grid, x, y, d, &nx, &ny);
      if (!maze_gen_tick (ctx))
        break;
      if (maze_union_find_unite (&uf, maze_gen_local (ctx, x, y), maze_gen_local (ctx, nx, ny)))
        maze_gen_carve (ctx, x, y, d, nx, ny, MAZE_EVENT_STEP);
    }

  maze_union_find_clear (&uf);
  return !ctx->stop->stopped;
}
