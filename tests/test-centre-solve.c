/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "maze-core.h"
#include "maze-test-util.h"

/* Solvers, metrics, difficulty and endpoints on circular grids with a
 * centre cell: ring 0 is one cell whose directions are its spokes to the
 * first ring, and the way back along a spoke is no topology opposite
 * (maze_grid_back_dir()). Every answer is checked against one worked out
 * here from the passage bits alone, each read in the cell that owns it,
 * so nothing here asks the centre which way its passages go. The mazes
 * are Prim's, a perfect maze on a centre grid. */

static const MazeSolverKind all_solvers[] = {
  MAZE_SOLVER_BACKTRACKING, MAZE_SOLVER_DIJKSTRA, MAZE_SOLVER_BFS, MAZE_SOLVER_ASTAR,
  MAZE_SOLVER_WALL_FOLLOWER,
};

/* Rings around the centre, the centre itself counted: 1 is the centre
 * alone, 2 the centre and the first ring. */
static const guint ring_counts[] = { 1, 2, 3, 4, 7 };

#define CENTRE 0u   /* the centre's index: ring 0 comes first */

/* Helpers */

static MazeGrid *
new_centre_maze (guint   first,
                 guint   rings,
                 guint64 seed)
{
  g_autoptr(GError) error = NULL;
  MazeGrid *grid = maze_test_new_centre_grid (first, rings);
  MazeGenerateOptions options;

  maze_generate_options_init (&options);
  options.algorithm = MAZE_ALGORITHM_PRIM;
  options.seed = seed;
  g_assert_true (maze_generate (grid, &options, &error));
  g_assert_no_error (error);
  g_assert_true (maze_grid_check_perfect (grid, NULL));
  return grid;
}

/* Opens walls at random between open cells (spokes among them): loops. */
static void
open_loops (MazeGrid *grid,
            guint64   seed,
            guint     n)
{
  MazeRng rng;

  maze_rng_init (&rng, seed);
  for (guint i = 0; i < n; i++)
    {
      guint32 cell = maze_rng_below (&rng, grid->n_cells);
      guint dir = maze_rng_below (&rng, grid->topology->n_dirs);
      guint x, y, nx, ny;

      maze_grid_xy (grid, cell, &x, &y);
      if (maze_grid_step (grid, x, y, dir, &nx, &ny))
        maze_grid_set_passage (grid, x, y, dir, TRUE);
    }
}

/* Which cells a passage joins, as an n × n table, read from the bits
 * each cell owns: the centre owns none, its spokes are the first ring's
 * inward bits. */
static guint8 *
joined_by_hand (const MazeGrid *grid)
{
  const MazeTopology *t = grid->topology;
  guint8 *joined = g_new0 (guint8, (gsize) grid->n_cells * grid->n_cells);

  for (guint32 cell = 0; cell < grid->n_cells; cell++)
    {
      guint x, y;

      maze_grid_xy (grid, cell, &x, &y);
      for (guint d = 0; d < t->n_dirs; d++)
        {
          guint nx = 0, ny = 0;
          guint32 other;

          if (t->owned_bit[d] < 0 || !((grid->cells[cell] >> t->owned_bit[d]) & 1))
            continue;
          g_assert_true (maze_grid_step (grid, x, y, d, &nx, &ny));
          other = maze_grid_index (grid, nx, ny);
          joined[(gsize) cell * grid->n_cells + other] = 1;
          joined[(gsize) other * grid->n_cells + cell] = 1;
        }
    }
  return joined;
}

static guint
degree_by_hand (const MazeGrid *grid,
                const guint8   *joined,
                guint32         cell)
{
  guint degree = 0;

  for (guint32 other = 0; other < grid->n_cells; other++)
    degree += joined[(gsize) cell * grid->n_cells + other];
  return degree;
}

/* The cheapest cost from start to every cell (entering a cell costs its
 * weight; G_MAXUINT64: unreachable), the plainest way: n rounds. */
static guint64 *
costs_by_hand (const MazeGrid *grid,
               const guint8   *joined,
               guint32         start,
               gboolean        weighted)
{
  guint32 n = grid->n_cells;
  guint64 *cost = g_new (guint64, n);
  g_autofree guint8 *done = g_new0 (guint8, n);

  for (guint32 i = 0; i < n; i++)
    cost[i] = G_MAXUINT64;
  cost[start] = 0;
  for (;;)
    {
      guint32 best = G_MAXUINT32;

      for (guint32 i = 0; i < n; i++)
        if (!done[i] && cost[i] != G_MAXUINT64 && (best == G_MAXUINT32 || cost[i] < cost[best]))
          best = i;
      if (best == G_MAXUINT32)
        return cost;
      done[best] = 1;
      for (guint32 i = 0; i < n; i++)
        if (joined[(gsize) best * n + i])
          cost[i] = MIN (cost[i], cost[best] + (weighted ? maze_grid_get_weight (grid, i) : 1));
    }
}

static guint64
distance_by_hand (const MazeGrid *grid,
                  const guint8   *joined,
                  guint32         from,
                  guint32         to)
{
  g_autofree guint64 *cost = costs_by_hand (grid, joined, from, FALSE);

  return cost[to];
}

/* A path from start to end along passages, no cell twice. */
static void
assert_real_path (const MazeGrid     *grid,
                  const guint8       *joined,
                  const MazeSolution *s,
                  guint32             start,
                  guint32             end)
{
  g_autofree guint8 *on_path = g_new0 (guint8, grid->n_cells);

  g_assert_nonnull (s);
  g_assert_cmpuint (s->path_len, >=, 1);
  g_assert_cmpuint (s->path[0], ==, start);
  g_assert_cmpuint (s->path[s->path_len - 1], ==, end);
  for (guint32 i = 0; i < s->path_len; i++)
    {
      g_assert_cmpuint (s->path[i], <, grid->n_cells);
      g_assert_false (on_path[s->path[i]]);
      on_path[s->path[i]] = 1;
      if (i > 0)
        g_assert_true (joined[(gsize) s->path[i - 1] * grid->n_cells + s->path[i]]);
    }
  g_assert_cmpuint (s->cost, ==, maze_path_cost (grid, s->path, s->path_len));
}

/* A solver that loops would hang the test: it is stopped after far more
 * steps than any of these small mazes takes, and fails. */
static gboolean
stop_when_spent (gpointer user_data)
{
  guint *asks_left = user_data;

  return (*asks_left)-- == 0;
}

static MazeSolution *
solve (const MazeGrid      *grid,
       MazeSolverKind       solver,
       guint32              start,
       guint32              end,
       const MazeObserver  *observer,
       GError             **error)
{
  guint asks_left = 64;

  return maze_solve_full (grid, solver, start, end, observer, stop_when_spent, &asks_left,
                          error);
}

static MazeSolution *
solve_ok (const MazeGrid *grid,
          const guint8   *joined,
          MazeSolverKind  solver,
          guint32         start,
          guint32         end)
{
  g_autoptr(GError) error = NULL;
  MazeSolution *s = solve (grid, solver, start, end, NULL, &error);

  if (s == NULL)
    g_error ("%s on a centre grid (first %u, %u rings) from %u to %u: %s",
             maze_solver_to_string (solver), grid->polar->first, grid->height, start, end,
             error->message);
  assert_real_path (grid, joined, s, start, end);
  return s;
}

/* Every solver finds the one path of a perfect maze, the centre a start
 * or an end: the same cells, as long as the distance. */
static void
check_perfect_pair (const MazeGrid *grid,
                    const guint8   *joined,
                    guint32         start,
                    guint32         end)
{
  guint64 dist = distance_by_hand (grid, joined, start, end);
  g_autoptr(MazeSolution) first = NULL;

  g_assert_cmpuint (dist, !=, G_MAXUINT64);
  for (guint k = 0; k < G_N_ELEMENTS (all_solvers); k++)
    {
      g_autoptr(MazeSolution) s = solve_ok (grid, joined, all_solvers[k], start, end);

      g_assert_cmpuint (s->path_len, ==, dist + 1);
      if (first == NULL)
        first = g_steal_pointer (&s);
      else
        g_assert_cmpmem (s->path, s->path_len * sizeof (guint32),
                         first->path, first->path_len * sizeof (guint32));
    }
}

/* Tests */

static void
test_perfect (void)
{
  for (guint first = MAZE_POLAR_MIN_FIRST; first <= MAZE_POLAR_MAX_CENTRE_FIRST; first++)
    for (guint r = 0; r < G_N_ELEMENTS (ring_counts); r++)
      for (guint64 seed = 1; seed <= maze_test_seeds (3); seed++)
        {
          g_autoptr(MazeGrid) grid = new_centre_maze (first, ring_counts[r], seed);
          g_autofree guint8 *joined = joined_by_hand (grid);
          MazeRng rng;

          /* From and to the centre, every cell of the first maze; a few
           * of the others, and pairs that miss the centre. */
          maze_rng_init (&rng, seed * 7919 + first);
          for (guint32 cell = 0; cell < grid->n_cells; cell++)
            if (seed == 1 || maze_rng_below (&rng, 4) == 0)
              {
                check_perfect_pair (grid, joined, CENTRE, cell);
                check_perfect_pair (grid, joined, cell, CENTRE);
              }
          for (guint pair = 0; pair < 6; pair++)
            check_perfect_pair (grid, joined, maze_rng_below (&rng, grid->n_cells),
                                maze_rng_below (&rng, grid->n_cells));
        }
}

/* With loops (and weights), BFS takes the fewest cells and Dijkstra's
 * and A* (its heuristic the rings between, a lower bound through the
 * centre too) the cheapest way; backtracking some real path, the wall
 * follower a real path or the answer that it went round. */
static void
test_loops (void)
{
  for (guint first = MAZE_POLAR_MIN_FIRST; first <= MAZE_POLAR_MAX_CENTRE_FIRST; first++)
    for (guint r = 1; r < G_N_ELEMENTS (ring_counts); r++)
      for (guint64 seed = 1; seed <= maze_test_seeds (4); seed++)
        {
          g_autoptr(MazeGrid) grid = new_centre_maze (first, ring_counts[r], seed);
          g_autofree guint8 *joined = NULL;
          gboolean weighted = seed % 2 == 0;
          MazeRng rng;

          open_loops (grid, seed, grid->n_cells / 3 + first);
          if (weighted)
            maze_test_set_random_weights (grid, seed, 6);
          joined = joined_by_hand (grid);
          maze_rng_init (&rng, seed ^ 0x5eed);
          for (guint pair = 0; pair < 8; pair++)
            {
              guint32 other = maze_rng_below (&rng, grid->n_cells);
              guint32 start = pair % 3 == 0 ? CENTRE : other;
              guint32 end = pair % 3 == 1 ? CENTRE : maze_rng_below (&rng, grid->n_cells);
              g_autofree guint64 *steps = costs_by_hand (grid, joined, start, FALSE);
              g_autofree guint64 *costs = costs_by_hand (grid, joined, start, TRUE);
              g_autoptr(MazeSolution) bfs = solve_ok (grid, joined, MAZE_SOLVER_BFS, start, end);
              g_autoptr(MazeSolution) dijkstra = solve_ok (grid, joined, MAZE_SOLVER_DIJKSTRA, start, end);
              g_autoptr(MazeSolution) astar = solve_ok (grid, joined, MAZE_SOLVER_ASTAR, start, end);
              g_autoptr(MazeSolution) dfs = solve_ok (grid, joined, MAZE_SOLVER_BACKTRACKING, start, end);
              g_autoptr(MazeSolution) follower = NULL;
              g_autoptr(GError) error = NULL;

              g_assert_cmpuint (bfs->path_len, ==, steps[end] + 1);
              g_assert_cmpuint (dijkstra->cost, ==, costs[end]);
              g_assert_cmpuint (astar->cost, ==, costs[end]);
              g_assert_cmpuint (dfs->cost, >=, costs[end]);
              follower = solve (grid, MAZE_SOLVER_WALL_FOLLOWER, start, end, NULL, &error);
              if (follower != NULL)
                assert_real_path (grid, joined, follower, start, end);
              else
                g_assert_error (error, MAZE_ERROR, MAZE_ERROR_UNREACHABLE);
            }
        }
}

typedef struct
{
  const MazeGrid *grid;
  const guint8   *joined;
  GArray         *visits;
  guint           n_events;
} Checker;

/* Every event names a cell of the grid, and one with a direction names
 * the cell a passage leads to that way. */
static void
check_event_cb (const MazeEvent *event,
                gpointer         user_data)
{
  Checker *c = user_data;
  guint x, y, nx = 0, ny = 0;

  c->n_events++;
  g_assert_cmpuint (event->cell, <, c->grid->n_cells);
  if (event->type == MAZE_EVENT_VISIT)
    g_array_append_val (c->visits, event->cell);
  if (event->other == MAZE_NO_CELL || event->dir < 0)
    return;
  g_assert_cmpuint (event->other, <, c->grid->n_cells);
  maze_grid_xy (c->grid, event->cell, &x, &y);
  g_assert_true (maze_grid_step (c->grid, x, y, (guint) event->dir, &nx, &ny));
  g_assert_cmpuint (maze_grid_index (c->grid, nx, ny), ==, event->other);
  g_assert_true (c->joined[(gsize) event->cell * c->grid->n_cells + event->other]);
}

static void
test_events (void)
{
  for (guint first = MAZE_POLAR_MIN_FIRST; first <= MAZE_POLAR_MAX_CENTRE_FIRST; first++)
    for (guint64 seed = 1; seed <= maze_test_seeds (4); seed++)
      {
        g_autoptr(MazeGrid) grid = new_centre_maze (first, 5, seed);
        g_autofree guint8 *joined = NULL;

        /* Loops and weights on every other maze: Dijkstra's weighted way. */
        if (seed % 2 == 0)
          {
            open_loops (grid, seed, grid->n_cells / 4);
            maze_test_set_random_weights (grid, seed, 4);
          }
        joined = joined_by_hand (grid);
        for (guint k = 0; k < G_N_ELEMENTS (all_solvers); k++)
          for (guint way = 0; way < 2; way++)
            {
              g_autoptr(GArray) visits = g_array_new (FALSE, FALSE, sizeof (guint32));
              Checker c = { grid, joined, visits, 0 };
              MazeObserver observer = { check_event_cb, &c };
              guint32 far = grid->n_cells - 1 - (guint32) seed;
              guint32 start = way == 0 ? CENTRE : far;
              guint32 end = way == 0 ? far : CENTRE;
              g_autoptr(GError) error = NULL;
              g_autoptr(MazeSolution) s = solve (grid, all_solvers[k], start, end, &observer,
                                                 &error);

              if (s == NULL)
                {
                  g_assert_cmpint (all_solvers[k], ==, MAZE_SOLVER_WALL_FOLLOWER);
                  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_UNREACHABLE);
                  continue;
                }
              assert_real_path (grid, joined, s, start, end);
              g_assert_cmpuint (c.n_events, >, s->path_len);
            }
      }
}

/* A star: the centre joined to every first-ring cell, nothing else. The
 * follower goes round the centre's spokes clockwise, as round any
 * cell's sides: back from spoke k it takes spoke k + 1. */
static void
test_wall_follower_star (void)
{
  for (guint first = MAZE_POLAR_MIN_FIRST; first <= MAZE_POLAR_MAX_CENTRE_FIRST; first++)
    for (guint from = 0; from < 2; from++)
      {
        g_autoptr(MazeGrid) grid = maze_test_new_centre_grid (first, 2);
        g_autofree guint8 *joined = NULL;
        g_autoptr(GArray) visits = g_array_new (FALSE, FALSE, sizeof (guint32));
        Checker c = { grid, NULL, visits, 0 };
        MazeObserver observer = { check_event_cb, &c };
        g_autoptr(GError) error = NULL;
        g_autoptr(MazeSolution) s = NULL;
        /* From the centre (sweeping from spoke 0) or from arm 0. */
        guint32 start = from == 0 ? CENTRE : maze_grid_index (grid, 0, 1);
        guint32 end = maze_grid_index (grid, first - 1, 1);
        guint arm = from;

        for (guint x = 0; x < first; x++)
          maze_grid_set_passage (grid, 0, 0, x, TRUE);
        joined = joined_by_hand (grid);
        c.joined = joined;
        g_assert_cmpuint (degree_by_hand (grid, joined, CENTRE), ==, first);
        s = solve (grid, MAZE_SOLVER_WALL_FOLLOWER, start, end, &observer, &error);
        g_assert_no_error (error);
        assert_real_path (grid, joined, s, start, end);
        g_assert_cmpuint (s->path_len, ==, from == 0 ? 2 : 3);

        /* start, then each arm in turn and back to the centre, but the last. */
        g_assert_cmpuint (g_array_index (visits, guint32, 0), ==, start);
        for (guint i = 1; i < visits->len; i++)
          {
            guint32 cell = g_array_index (visits, guint32, i);

            if ((i % 2 == 1) == (from == 0))
              {
                g_assert_cmpuint (cell, ==, maze_grid_index (grid, arm, 1));
                arm++;
              }
            else
              g_assert_cmpuint (cell, ==, CENTRE);
          }
        g_assert_cmpuint (arm, ==, first);
      }
}

/* Dead ends and junctions count the centre by its spokes; the solution,
 * the longest path and perfection as by hand. */
static void
test_metrics (void)
{
  for (guint first = MAZE_POLAR_MIN_FIRST; first <= MAZE_POLAR_MAX_CENTRE_FIRST; first++)
    for (guint r = 0; r < G_N_ELEMENTS (ring_counts); r++)
      for (guint64 seed = 1; seed <= maze_test_seeds (4); seed++)
        {
          g_autoptr(MazeGrid) grid = new_centre_maze (first, ring_counts[r], seed);
          g_autofree guint8 *joined = NULL;
          gboolean perfect = seed % 2 == 1;
          guint32 dead_ends = 0, junctions = 0, edges = 0;
          guint64 longest = 0;

          if (!perfect)
            open_loops (grid, seed, grid->n_cells / 4 + 1);
          joined = joined_by_hand (grid);
          for (guint32 cell = 0; cell < grid->n_cells; cell++)
            {
              guint degree = degree_by_hand (grid, joined, cell);
              g_autofree guint64 *steps = costs_by_hand (grid, joined, cell, FALSE);

              dead_ends += degree == 1;
              junctions += degree >= 3;
              edges += degree;
              for (guint32 other = 0; other < grid->n_cells; other++)
                longest = MAX (longest, steps[other]);
            }
          perfect = edges / 2 == grid->n_cells - 1;

          for (guint way = 0; way < 2; way++)
            {
              g_autoptr(GError) error = NULL;
              guint32 start = way == 0 ? CENTRE : grid->n_cells - 1;
              guint32 end = way == 0 ? grid->n_cells - 1 : CENTRE;
              MazeMetrics m;

              g_assert_true (maze_metrics_compute (grid, start, end, &m, &error));
              g_assert_no_error (error);
              g_assert_cmpuint (m.open_cells, ==, grid->n_cells);
              g_assert_cmpuint (m.dead_ends, ==, dead_ends);
              g_assert_cmpuint (m.junctions, ==, junctions);
              g_assert_cmpuint (m.solution_length, ==,
                                distance_by_hand (grid, joined, start, end) + 1);
              g_assert_cmpint (m.perfect, ==, perfect);
              /* Two sweeps find the longest path of a tree. */
              if (perfect)
                g_assert_cmpuint (m.longest_path, ==, longest + 1);
              else
                g_assert_cmpuint (m.longest_path, <=, longest + 1);
            }
        }
}

/* How a step from a to b heads, for counting turns: the direction from
 * a, but every spoke from the centre heads outward (OUT_A), as the
 * steps from a ring outward do. */
static guint
heading_by_hand (const MazeGrid *grid,
                 guint32         a,
                 guint32         b)
{
  guint x, y;

  if (a == CENTRE)
    return MAZE_POLAR_OUT_A;
  maze_grid_xy (grid, a, &x, &y);
  for (guint d = 0; d < grid->topology->n_dirs; d++)
    {
      guint nx, ny;

      if (maze_grid_step (grid, x, y, d, &nx, &ny) && maze_grid_index (grid, nx, ny) == b)
        return d;
    }
  g_assert_not_reached ();
}

/* The deepest a branch off the path goes from cell, not crossing the
 * path (a tree: no cell twice). */
static guint32
branch_depth (const MazeGrid *grid,
              const guint8   *joined,
              const guint8   *on_path,
              guint32         cell,
              guint32         parent)
{
  guint32 deepest = 0;

  for (guint32 other = 0; other < grid->n_cells; other++)
    if (other != parent && !on_path[other] && joined[(gsize) cell * grid->n_cells + other])
      deepest = MAX (deepest, branch_depth (grid, joined, on_path, other, cell));
  return deepest + 1;
}

/* On perfect mazes: every way off the solution is a dead-end branch,
 * its depth its height; turns as heading_by_hand() counts them. */
static void
test_difficulty (void)
{
  for (guint first = MAZE_POLAR_MIN_FIRST; first <= MAZE_POLAR_MAX_CENTRE_FIRST; first++)
    for (guint r = 1; r < G_N_ELEMENTS (ring_counts); r++)
      for (guint64 seed = 1; seed <= maze_test_seeds (4); seed++)
        for (guint way = 0; way < 3; way++)
          {
            g_autoptr(MazeGrid) grid = new_centre_maze (first, ring_counts[r], seed);
            g_autofree guint8 *joined = joined_by_hand (grid);
            g_autofree guint8 *on_path = g_new0 (guint8, grid->n_cells);
            g_autoptr(GError) error = NULL;
            /* From the centre, to it, and through it. */
            guint32 start = way == 0 ? CENTRE : maze_grid_index (grid, 0, ring_counts[r] - 1);
            guint32 end = way == 1 ? CENTRE : grid->n_cells - 1;
            g_autoptr(MazeSolution) s = NULL;
            MazeDifficulty d;
            guint32 turns = 0, decisions = 0, branches = 0, deepest = 0;
            guint64 work;

            if (way == 2)
              start = maze_grid_index (grid, 0, 1), end = maze_grid_index (grid, first / 2, 1);
            s = solve_ok (grid, joined, MAZE_SOLVER_BFS, start, end);
            for (guint32 i = 0; i < s->path_len; i++)
              on_path[s->path[i]] = 1;
            work = s->cost + 1;
            for (guint32 i = 2; i < s->path_len; i++)
              turns += heading_by_hand (grid, s->path[i - 2], s->path[i - 1]) !=
                       heading_by_hand (grid, s->path[i - 1], s->path[i]);
            for (guint32 i = 0; i + 1 < s->path_len; i++)
              {
                guint32 off = 0;

                for (guint32 other = 0; other < grid->n_cells; other++)
                  if (!on_path[other] && joined[(gsize) s->path[i] * grid->n_cells + other])
                    {
                      guint32 depth = branch_depth (grid, joined, on_path, other, s->path[i]);

                      off++;
                      work += depth;
                      deepest = MAX (deepest, depth);
                    }
                decisions += off > 0;
                branches += off;
              }
            work += turns;

            g_assert_true (maze_difficulty_compute (grid, s, &d, &error));
            g_assert_no_error (error);
            g_assert_cmpuint (d.turns, ==, turns);
            g_assert_cmpuint (d.decisions, ==, decisions);
            g_assert_cmpuint (d.dead_ends, ==, branches);
            g_assert_cmpuint (d.loops, ==, 0);
            g_assert_cmpuint (d.deepest, ==, deepest);
            g_assert_cmpuint (d.work, ==, work);
          }
}

/* A path straight out from the centre turns nowhere, whichever spoke it
 * takes. */
static void
test_difficulty_spokes (void)
{
  for (guint first = MAZE_POLAR_MIN_FIRST; first <= MAZE_POLAR_MAX_CENTRE_FIRST; first++)
    for (guint spoke = 0; spoke < first; spoke++)
      {
        g_autoptr(MazeGrid) grid = maze_test_new_centre_grid (first, 4);
        g_autoptr(GError) error = NULL;
        g_autoptr(MazeSolution) s = NULL;
        g_autofree guint8 *joined = NULL;
        guint x = spoke, y = 1;
        MazeDifficulty d;

        maze_grid_set_passage (grid, 0, 0, spoke, TRUE);
        for (; y + 1 < grid->height; y++)
          {
            guint nx = 0, ny = 0;

            g_assert_true (maze_grid_step (grid, x, y, MAZE_POLAR_OUT_A, &nx, &ny));
            maze_grid_set_passage (grid, x, y, MAZE_POLAR_OUT_A, TRUE);
            x = nx;
          }
        joined = joined_by_hand (grid);
        s = solve_ok (grid, joined, MAZE_SOLVER_BFS, CENTRE, maze_grid_index (grid, x, y));
        g_assert_cmpuint (s->path_len, ==, grid->height);
        g_assert_true (maze_difficulty_compute (grid, s, &d, &error));
        g_assert_no_error (error);
        g_assert_cmpuint (d.turns, ==, 0);
      }
}

/* Corners starts on the centre and ends on the last cell of the outer
 * ring, the way from the centre out (the first open cell when the centre
 * is masked); farthest the two ends of a longest path, the centre among
 * the cells it may pick. */
static void
test_endpoints (void)
{
  for (guint first = MAZE_POLAR_MIN_FIRST; first <= MAZE_POLAR_MAX_CENTRE_FIRST; first++)
    for (guint r = 0; r < G_N_ELEMENTS (ring_counts); r++)
      for (guint64 seed = 1; seed <= maze_test_seeds (3); seed++)
        {
          g_autoptr(MazeGrid) grid = new_centre_maze (first, ring_counts[r], seed);
          g_autofree guint8 *joined = joined_by_hand (grid);
          g_autoptr(GError) error = NULL;
          guint32 start, end;
          guint64 longest = 0;

          g_assert_true (maze_endpoints_choose (grid, MAZE_ENDPOINTS_CORNERS, &start, &end,
                                                &error));
          g_assert_no_error (error);
          g_assert_cmpuint (start, ==, CENTRE);
          g_assert_cmpuint (end, ==, grid->n_cells - 1);

          for (guint32 cell = 0; cell < grid->n_cells; cell++)
            {
              g_autofree guint64 *steps = costs_by_hand (grid, joined, cell, FALSE);

              for (guint32 other = 0; other < grid->n_cells; other++)
                longest = MAX (longest, steps[other]);
            }
          g_assert_true (maze_endpoints_choose (grid, MAZE_ENDPOINTS_FARTHEST, &start, &end,
                                                &error));
          g_assert_no_error (error);
          g_assert_cmpuint (start, <=, end);
          g_assert_cmpuint (distance_by_hand (grid, joined, start, end), ==, longest);
        }
}

static void
test_endpoints_masked_centre (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_centre_grid (5, 4);
  g_autoptr(GError) error = NULL;
  MazeGenerateOptions options;
  guint32 start, end;

  maze_grid_set_masked (grid, 0, 0, TRUE);
  maze_generate_options_init (&options);
  options.algorithm = MAZE_ALGORITHM_PRIM;
  options.seed = 4;
  g_assert_true (maze_generate (grid, &options, &error));
  g_assert_no_error (error);
  g_assert_true (maze_endpoints_choose (grid, MAZE_ENDPOINTS_CORNERS, &start, &end, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (start, ==, maze_grid_index (grid, 0, 1));
  g_assert_cmpuint (end, ==, grid->n_cells - 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/maze/centre-solve/perfect", test_perfect);
  g_test_add_func ("/maze/centre-solve/loops", test_loops);
  g_test_add_func ("/maze/centre-solve/events", test_events);
  g_test_add_func ("/maze/centre-solve/wall-follower-star", test_wall_follower_star);
  g_test_add_func ("/maze/centre-solve/metrics", test_metrics);
  g_test_add_func ("/maze/centre-solve/difficulty", test_difficulty);
  g_test_add_func ("/maze/centre-solve/difficulty-spokes", test_difficulty_spokes);
  g_test_add_func ("/maze/centre-solve/endpoints", test_endpoints);
  g_test_add_func ("/maze/centre-solve/endpoints-masked-centre", test_endpoints_masked_centre);

  return g_test_run ();
}
