/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-difficulty.h"

#include "maze-solver-private.h"

/* The difficulty of a maze for a person with a pencil.
 *
 * What the literature gives, and what is taken from it:
 * - Davies and Davies (1965), "The difficulty and graded scoring of
 *   Elithorn's perceptual maze test", Br. J. Psychol. 56, 295-302, fitted
 *   people's results on a lattice maze to log (2^R / U): R binary choices,
 *   U routes that score best; their fuller models multiply in how crowded
 *   the maze is and the length of the best route. Taken: a logarithmic
 *   scale; every choice met adds to the difficulty; the longer the route,
 *   the harder; and the more routes succeed, the easier. Not taken: their
 *   fitted constants, which belong to a different task.
 * - McClendon (2001), "The Complexity and Difficulty of a Maze", Bridges
 *   proceedings, 213-222, measures a maze along its solution: how much
 *   its hallways twist (change of direction per length), the choices at
 *   each junction weighted by the side branches, combined as a log of a
 *   product. Only its abstract and first page could be read when this was
 *   written (archive.bridgesmathart.org), so its formulas are not copied;
 *   taken: the turns along the solution count, side branches count by
 *   their length, the whole on a log scale.
 * - Maze texture as Pullen's Think Labyrinth describes it ("river"): few
 *   long dead ends (the recursive backtracker) make a harder maze than
 *   many short ones (Prim's), whose dead ends a solver sees at a glance.
 *   Taken: a side branch counts by its depth, not by its cells.
 *
 * The measure. The solution is the cheapest route (the BFS or Dijkstra
 * path the caller passes). Take its cells away; what is left falls into
 * regions, each entered from the solution by one passage or more. A
 * region with one way in is a dead end (a side tree, or a tangle with
 * loops of its own); one with two or more ways in is a loop that leads
 * back to the solution. A region's depth is the greatest distance, in
 * steps, from any of its cells to the nearest solution cell: how far a
 * wrong turn can lead you before you can see your mistake. Then
 *
 *   work  = cost of the solution + 1      (its cells, mud by its weight)
 *         + turns along the solution       (McClendon's twistiness)
 *         + the sum of the regions' depths (each wrong way at a decision
 *                                            leads into one of them)
 *   score = 10 log2 (work) - 35, rounded, clamped to 0..100.
 *
 * Each term is in cells walked, so the work estimates the cells a solver
 * traces; the log makes a level (20 points) four times the work, and a
 * decision point with k ways adds k - 1 regions. The size of the maze
 * counts through the length of the solution and the depth of its
 * branches, not by itself: a big maze whose end is next to its start is
 * not hard. A region reached only through the end is never entered and
 * is left out.
 *
 * Loops. A loop region's depth is measured to the nearest of its ways
 * back, so opening a dead end into a loop shortens how far it can lead
 * you astray; braiding also shortens the solution. Braided mazes (as
 * maze_braid makes them, opening dead ends at random) therefore score
 * lower than the perfect maze they came from: more routes succeed, which
 * by Davies and Davies is easier, and a pencil that takes a wrong turn
 * into a loop comes back to the solution instead of to a dead end. (A
 * braid maze designed by hand to send you round in circles can be hard;
 * random braiding does not do that.)
 *
 * Stability: over 200 seeds of one recipe, the middle 90 % of the scores
 * span at most 14 points, less than a level (bench/difficulty-table
 * prints the figures).
 *
 * Integers only (a fixed-point log2), so every platform gives the same
 * score. Time and memory O(cells): each cell is taken once by its region's
 * flood and once by its depth sweep; a byte per cell and the queues. No
 * shape is named: neighbours come from the topology (a circular maze's
 * centre cell aside, whose spokes count as outward for the turns). */

/* Per-cell marks. */
#define ON_PATH   0x01u
#define IN_REGION 0x02u
#define MEASURED  0x04u

/* log2 (n) in thousandths, n >= 1, integers only so every platform agrees:
 * the integer part is the top bit, then 16 bits of fraction by repeated
 * squaring of the mantissa (Q30 fixed point, in [1, 2)). */
static guint64
log2_milli (guint64 n)
{
  guint whole = 63 - (guint) __builtin_clzll (n);
  guint64 m = whole >= 30 ? n >> (whole - 30) : n << (30 - whole);
  guint64 fixed = whole;

  for (guint i = 0; i < 16; i++)
    {
      m = (m * m) >> 30;
      fixed <<= 1;
      if (m >= (G_GUINT64_CONSTANT (2) << 30))
        {
          m >>= 1;
          fixed |= 1;
        }
    }
  return (fixed * 1000) >> 16;
}

/* 10 log2 (work) - 35, rounded half up, clamped to 0..100. */
static guint32
score_from_work (guint64 work)
{
  guint64 tenfold = 10 * log2_milli (MAX (work, 1));

  if (tenfold <= 35000)
    return 0;
  return (guint32) MIN ((tenfold - 35000 + 500) / 1000, 100);
}

/* The open cells a passage leads to from cell, and in which direction. */
static guint
open_neighbours (const MazeGrid *grid,
                 guint32         cell,
                 guint32         next[MAZE_MAX_DIRS],
                 guint           dirs[MAZE_MAX_DIRS])
{
  guint x, y, n = 0;

  maze_grid_xy (grid, cell, &x, &y);
  for (guint d = 0; d < grid->topology->n_dirs; d++)
    {
      guint nx, ny;
      guint32 other;

      if (!maze_grid_step (grid, x, y, d, &nx, &ny) || !maze_grid_has_passage (grid, x, y, d))
        continue;
      other = maze_grid_index (grid, nx, ny);
      if (maze_grid_is_masked (grid, other))
        continue;
      next[n] = other;
      dirs[n] = d;
      n++;
    }
  return n;
}

/* Which way a step from cell through direction dir heads, for counting
 * turns: dir, but a centre cell's spokes, numbered by the cell they lead
 * to rather than by a side, all head outward as a ring's OUT_A does. */
static guint
step_heading (const MazeGrid *grid,
              guint32         cell,
              guint           dir)
{
  guint x, y;

  maze_grid_xy (grid, cell, &x, &y);
  return maze_grid_is_centre (grid, x, y) ? MAZE_POLAR_OUT_A : dir;
}

static guint
count_turns (const MazeGrid     *grid,
             const MazeSolution *solution)
{
  guint turns = 0, last_dir = G_MAXUINT;

  for (guint32 i = 1; i < solution->path_len; i++)
    {
      guint32 next[MAZE_MAX_DIRS];
      guint dirs[MAZE_MAX_DIRS];
      guint n = open_neighbours (grid, solution->path[i - 1], next, dirs);
      guint dir = G_MAXUINT;

      for (guint k = 0; k < n; k++)
        if (next[k] == solution->path[i])
          dir = step_heading (grid, solution->path[i - 1], dirs[k]);
      g_assert (dir != G_MAXUINT);
      if (i >= 2 && dir != last_dir)
        turns++;
      last_dir = dir;
    }
  return turns;
}

typedef struct
{
  const MazeGrid *grid;
  guint8         *marks;
  GArray         *cells;     /* the region being measured */
  GArray         *frontier;  /* its depth sweep */
} Regions;

/* Floods the region that from leads into, and returns how many passages
 * join it to the solution. Its cells go to r->cells, those next to the
 * solution also to r->frontier. */
static guint32
flood_region (Regions *r,
              guint32  from)
{
  guint32 ways = 0;

  g_array_set_size (r->cells, 0);
  g_array_set_size (r->frontier, 0);
  r->marks[from] |= IN_REGION;
  g_array_append_val (r->cells, from);
  for (guint i = 0; i < r->cells->len; i++)
    {
      guint32 cell = g_array_index (r->cells, guint32, i);
      guint32 next[MAZE_MAX_DIRS];
      guint dirs[MAZE_MAX_DIRS];
      guint n = open_neighbours (r->grid, cell, next, dirs);
      guint32 ways_here = 0;

      for (guint k = 0; k < n; k++)
        {
          if (r->marks[next[k]] & ON_PATH)
            ways_here++;
          else if (!(r->marks[next[k]] & IN_REGION))
            {
              r->marks[next[k]] |= IN_REGION;
              g_array_append_val (r->cells, next[k]);
            }
        }
      if (ways_here > 0)
        {
          r->marks[cell] |= MEASURED;
          g_array_append_val (r->frontier, cell);
        }
      ways += ways_here;
    }
  return ways;
}

/* The region's depth: breadth first from its cells next to the solution
 * (depth 1), level by level. */
static guint32
measure_depth (Regions *r)
{
  guint32 depth = 0, level_end = 0;

  for (guint i = 0; i < r->frontier->len; i++)
    {
      guint32 cell = g_array_index (r->frontier, guint32, i);
      guint32 next[MAZE_MAX_DIRS];
      guint dirs[MAZE_MAX_DIRS];
      guint n;

      if (i == level_end)
        {
          depth++;
          level_end = r->frontier->len;
        }
      n = open_neighbours (r->grid, cell, next, dirs);
      for (guint k = 0; k < n; k++)
        if (!(r->marks[next[k]] & (ON_PATH | MEASURED)))
          {
            r->marks[next[k]] |= MEASURED;
            g_array_append_val (r->frontier, next[k]);
          }
    }
  return depth;
}

gboolean
maze_difficulty_compute (const MazeGrid      *grid,
                         const MazeSolution  *solution,
                         MazeDifficulty      *difficulty,
                         GError             **error)
{
  g_autofree guint8 *marks = NULL;
  g_autoptr(GArray) cells = NULL;
  g_autoptr(GArray) frontier = NULL;
  MazeDifficulty d = { 0, };
  Regions r;

  g_return_val_if_fail (grid != NULL, FALSE);
  g_return_val_if_fail (solution != NULL && solution->path_len > 0, FALSE);
  g_return_val_if_fail (difficulty != NULL, FALSE);

  marks = g_try_malloc0 (grid->n_cells);
  if (marks == NULL)
    {
      maze_solve_set_out_of_memory (error);
      return FALSE;
    }
  cells = g_array_new (FALSE, FALSE, sizeof (guint32));
  frontier = g_array_new (FALSE, FALSE, sizeof (guint32));
  r = (Regions) { grid, marks, cells, frontier };

  for (guint32 i = 0; i < solution->path_len; i++)
    marks[solution->path[i]] |= ON_PATH;

  d.turns = count_turns (grid, solution);
  d.work = solution->cost + 1 + d.turns;

  /* Every way off the solution, the end's aside: you are there. */
  for (guint32 i = 0; i + 1 < solution->path_len; i++)
    {
      guint32 cell = solution->path[i];
      guint32 next[MAZE_MAX_DIRS];
      guint dirs[MAZE_MAX_DIRS];
      guint n = open_neighbours (grid, cell, next, dirs);
      gboolean decision = FALSE;

      for (guint k = 0; k < n; k++)
        {
          guint32 depth;

          if (next[k] == solution->path[i + 1] || (i > 0 && next[k] == solution->path[i - 1]))
            continue;
          /* A passage to a solution cell further on or back (only a
           * weighted maze has one): a loop with nothing off the way. */
          decision = TRUE;
          if (marks[next[k]] & (ON_PATH | IN_REGION))
            continue;
          if (flood_region (&r, next[k]) > 1)
            d.loops++;
          else
            d.dead_ends++;
          depth = measure_depth (&r);
          d.deepest = MAX (d.deepest, depth);
          d.work += depth;
        }
      d.decisions += decision;
    }

  d.score = score_from_work (d.work);
  d.level = maze_level_from_score (d.score);
  *difficulty = d;
  return TRUE;
}
