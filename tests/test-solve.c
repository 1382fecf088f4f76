/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "maze-core.h"
#include "maze-solver-private.h"
#include "maze-test-util.h"

/* The solvers, checked against answers worked out here independently:
 * a plain breadth-first search and, on small mazes with loops and
 * weights, the cheapest of all simple paths found by brute force. Every
 * path returned is checked step by step through the passages. */

static const MazeSolverKind all_solvers[] = {
  MAZE_SOLVER_BACKTRACKING, MAZE_SOLVER_DIJKSTRA, MAZE_SOLVER_BFS, MAZE_SOLVER_ASTAR,
  MAZE_SOLVER_WALL_FOLLOWER,
};

typedef struct
{
  guint width;
  guint height;
} Size;

static const Size sizes[] = {
  { 1, 1 }, { 1, 6 }, { 6, 1 }, { 2, 2 }, { 3, 7 }, { 10, 10 }, { 31, 17 }, { 64, 48 },
};

/* Helpers */

static guint32
cell_at (const MazeGrid *grid,
         guint           x,
         guint           y)
{
  return maze_grid_index (grid, x, y);
}

/* Opens the passage from (x, y) towards the named direction. */
static void
open_dir (MazeGrid   *grid,
          guint       x,
          guint       y,
          const char *dir)
{
  gint d = maze_topology_dir_from_name (grid->topology, dir);

  g_assert_cmpint (d, >=, 0);
  maze_grid_set_passage (grid, x, y, (guint) d, TRUE);
}

/* The direction from a to b when there is a passage between them, or -1. */
static gint
passage_dir (const MazeGrid *grid,
             guint32         a,
             guint32         b)
{
  guint x, y;

  maze_grid_xy (grid, a, &x, &y);
  for (guint d = 0; d < grid->topology->n_dirs; d++)
    {
      guint nx, ny;

      if (maze_grid_step (grid, x, y, d, &nx, &ny) && maze_grid_index (grid, nx, ny) == b &&
          maze_grid_has_passage (grid, x, y, d))
        return (gint) d;
    }
  return -1;
}

/* Sum of the weights of the cells entered, the spec's cost, by hand. */
static guint64
cost_by_hand (const MazeGrid *grid,
              const guint32  *path,
              guint32         len)
{
  guint64 cost = 0;

  for (guint32 i = 1; i < len; i++)
    cost += grid->weights ? grid->weights[path[i]] : 1;
  return cost;
}

/* A path from start to end through passages and open cells, no cell
 * twice, with the cost the spec gives. */
static void
assert_valid_path (const MazeGrid     *grid,
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
      g_assert_false (maze_grid_is_masked (grid, s->path[i]));
      g_assert_false (on_path[s->path[i]]);
      on_path[s->path[i]] = 1;
      if (i > 0)
        g_assert_cmpint (passage_dir (grid, s->path[i - 1], s->path[i]), >=, 0);
    }
  g_assert_cmpuint (s->cost, ==, cost_by_hand (grid, s->path, s->path_len));
  g_assert_cmpuint (s->cost, ==, maze_path_cost (grid, s->path, s->path_len));
  g_assert_cmpuint (s->explored, >=, 1);
  g_assert_cmpuint (s->explored, <=, maze_grid_count_open (grid));
}

/* Steps from start to every cell (G_MAXUINT32: unreachable), by a plain
 * breadth-first search written without any of the solvers' tricks. */
static guint32 *
distances_by_hand (const MazeGrid *grid,
                   guint32         start)
{
  guint32 *dist = g_new (guint32, grid->n_cells);
  g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint32 i = 0; i < grid->n_cells; i++)
    dist[i] = G_MAXUINT32;
  dist[start] = 0;
  g_array_append_val (queue, start);
  for (guint head = 0; head < queue->len; head++)
    {
      guint32 cell = g_array_index (queue, guint32, head);
      guint x, y;

      maze_grid_xy (grid, cell, &x, &y);
      for (guint d = 0; d < grid->topology->n_dirs; d++)
        {
          guint nx, ny;
          guint32 next;

          if (!maze_grid_has_passage (grid, x, y, d) || !maze_grid_step (grid, x, y, d, &nx, &ny))
            continue;
          next = maze_grid_index (grid, nx, ny);
          if (dist[next] != G_MAXUINT32 || maze_grid_is_masked (grid, next))
            continue;
          dist[next] = dist[cell] + 1;
          g_array_append_val (queue, next);
        }
    }
  return dist;
}

/* Brute force over every simple path from start to end: the smallest cost
 * and the fewest cells. Exponential, for small mazes only. */
typedef struct
{
  const MazeGrid *grid;
  guint32         end;
  guint8         *on_path;
  guint64         best_cost;
  guint32         best_len;
  guint64         n_paths;
} BruteForce;

static void
brute_force_walk (BruteForce *bf,
                  guint32     cell,
                  guint64     cost,
                  guint32     len)
{
  const MazeGrid *grid = bf->grid;
  guint x, y;

  if (cell == bf->end)
    {
      bf->best_cost = MIN (bf->best_cost, cost);
      bf->best_len = MIN (bf->best_len, len);
      bf->n_paths++;
      return;
    }
  bf->on_path[cell] = 1;
  maze_grid_xy (grid, cell, &x, &y);
  for (guint d = 0; d < grid->topology->n_dirs; d++)
    {
      guint nx, ny;
      guint32 next;

      if (!maze_grid_has_passage (grid, x, y, d) || !maze_grid_step (grid, x, y, d, &nx, &ny))
        continue;
      next = maze_grid_index (grid, nx, ny);
      if (!bf->on_path[next])
        brute_force_walk (bf, next, cost + maze_grid_get_weight (grid, next), len + 1);
    }
  bf->on_path[cell] = 0;
}

static void
brute_force (const MazeGrid *grid,
             guint32         start,
             guint32         end,
             guint64        *best_cost,
             guint32        *best_len)
{
  g_autofree guint8 *on_path = g_new0 (guint8, grid->n_cells);
  BruteForce bf = { grid, end, on_path, G_MAXUINT64, G_MAXUINT32, 0 };

  brute_force_walk (&bf, start, 0, 1);
  *best_cost = bf.best_cost;
  *best_len = bf.best_len;
}

static MazeSolution *
solve_ok (const MazeGrid *grid,
          MazeSolverKind  solver,
          guint32         start,
          guint32         end)
{
  g_autoptr(GError) error = NULL;
  MazeSolution *s = maze_solve (grid, solver, start, end, NULL, &error);

  if (s == NULL)
    g_error ("%s on %s %ux%u from %u to %u: %s", maze_solver_to_string (solver),
             maze_shape_to_string (grid->shape), grid->width, grid->height, start, end,
             error->message);
  g_assert_cmpint (s->solver, ==, solver);
  assert_valid_path (grid, s, start, end);
  return s;
}

static void
assert_solve_error (const MazeGrid *grid,
                    MazeSolverKind  solver,
                    guint32         start,
                    guint32         end,
                    MazeError       code,
                    const char     *needle)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeSolution) s = maze_solve (grid, solver, start, end, NULL, &error);

  g_assert_null (s);
  g_assert_error (error, MAZE_ERROR, (gint) code);
  if (needle != NULL && strstr (error->message, needle) == NULL)
    g_error ("%s: \"%s\" does not mention \"%s\"", maze_solver_to_string (solver),
             error->message, needle);
}

/* Tests */

static void
test_names (void)
{
  static const char *const names[] = { "backtracking", "dijkstra", "bfs", "astar",
                                       "wall-follower" };
  MazeSolverKind kind;

  for (guint i = 0; i < MAZE_N_SOLVERS; i++)
    {
      g_assert_cmpstr (maze_solver_to_string ((MazeSolverKind) i), ==, names[i]);
      g_assert_true (maze_solver_from_string (names[i], &kind));
      g_assert_cmpint (kind, ==, i);
      g_assert_nonnull (maze_solver_get_title ((MazeSolverKind) i));
      g_assert_cmpstr (maze_solver_get_title ((MazeSolverKind) i), !=, "");
    }
  g_assert_false (maze_solver_from_string ("dfs", &kind));
  g_assert_false (maze_solver_from_string ("", &kind));
  g_assert_false (maze_solver_from_string ("BFS", &kind));
}

/* On a perfect maze there is one path between any two cells: every solver
 * must find it, and its length is the plain BFS distance. */
static void
check_perfect_agree (MazeShape shape)
{
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (guint64 seed = 1; seed <= 12; seed++)
      {
        g_autoptr(MazeGrid) grid = maze_test_new_maze (shape, sizes[i].width, sizes[i].height, MAZE_ALGORITHM_BACKTRACKER, seed);
        MazeRng rng;

        maze_rng_init (&rng, seed * 7919);
        for (guint pair = 0; pair < 4; pair++)
          {
            guint32 start = pair == 0 ? 0 : maze_rng_below (&rng, grid->n_cells);
            guint32 end = pair == 0 ? grid->n_cells - 1 : maze_rng_below (&rng, grid->n_cells);
            g_autofree guint32 *dist = distances_by_hand (grid, start);
            g_autoptr(MazeSolution) first = NULL;

            for (guint k = 0; k < G_N_ELEMENTS (all_solvers); k++)
              {
                g_autoptr(MazeSolution) s = solve_ok (grid, all_solvers[k], start, end);

                g_assert_cmpuint (s->path_len, ==, dist[end] + 1);
                g_assert_cmpuint (s->cost, ==, dist[end]);
                if (first == NULL)
                  first = g_steal_pointer (&s);
                else
                  g_assert_cmpmem (s->path, s->path_len * sizeof (guint32),
                                   first->path, first->path_len * sizeof (guint32));
              }
          }
      }
}

static void
test_perfect_rect (void)
{
  check_perfect_agree (MAZE_SHAPE_RECT);
}

static void
test_perfect_hex (void)
{
  check_perfect_agree (MAZE_SHAPE_HEX);
}

static void
test_single_cell (void)
{
  for (guint shape = 0; shape < MAZE_N_SHAPES; shape++)
    {
      g_autoptr(MazeGrid) grid = maze_test_new_grid ((MazeShape) shape, 1, 1);

      for (guint k = 0; k < G_N_ELEMENTS (all_solvers); k++)
        {
          g_autoptr(MazeSolution) s = solve_ok (grid, all_solvers[k], 0, 0);

          g_assert_cmpuint (s->path_len, ==, 1);
          g_assert_cmpuint (s->cost, ==, 0);
          g_assert_cmpuint (s->explored, ==, 1);
        }
    }
}

/* start == end on a bigger maze: a path of one cell, whoever solves it. */
static void
test_start_is_end (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_maze (MAZE_SHAPE_HEX, 9, 7, MAZE_ALGORITHM_BACKTRACKER, 3);

  for (guint k = 0; k < G_N_ELEMENTS (all_solvers); k++)
    {
      g_autoptr(MazeSolution) s = solve_ok (grid, all_solvers[k], 30, 30);

      g_assert_cmpuint (s->path_len, ==, 1);
      g_assert_cmpuint (s->cost, ==, 0);
    }
}

/* Small mazes with loops (braided, or with extra walls opened) and random
 * weights: Dijkstra and A* match the brute-force cheapest path, BFS the
 * brute-force fewest cells; the others find some valid path. */
static void
check_optimal (MazeGrid *grid,
               guint64   seed,
               guint     max_weight)
{
  MazeRng rng;

  if (max_weight > 1)
    maze_test_set_random_weights (grid, seed, max_weight);
  maze_rng_init (&rng, seed ^ 0x5eed);
  for (guint pair = 0; pair < 6; pair++)
    {
      guint32 start = maze_rng_below (&rng, grid->n_cells);
      guint32 end = maze_rng_below (&rng, grid->n_cells);
      guint64 best_cost;
      guint32 best_len;
      g_autoptr(MazeSolution) dijkstra = NULL;
      g_autoptr(MazeSolution) astar = NULL;
      g_autoptr(MazeSolution) bfs = NULL;
      g_autoptr(MazeSolution) dfs = NULL;

      brute_force (grid, start, end, &best_cost, &best_len);
      g_assert_cmpuint (best_len, !=, G_MAXUINT32);  /* generated mazes are connected */

      dijkstra = solve_ok (grid, MAZE_SOLVER_DIJKSTRA, start, end);
      astar = solve_ok (grid, MAZE_SOLVER_ASTAR, start, end);
      bfs = solve_ok (grid, MAZE_SOLVER_BFS, start, end);
      dfs = solve_ok (grid, MAZE_SOLVER_BACKTRACKING, start, end);
      g_assert_cmpuint (dijkstra->cost, ==, best_cost);
      g_assert_cmpuint (astar->cost, ==, best_cost);
      g_assert_cmpuint (bfs->path_len, ==, best_len);
      g_assert_cmpuint (dfs->cost, >=, best_cost);
    }
}

static void
test_dijkstra_weighted (void)
{
  static const struct { MazeShape shape; guint width, height; } cases[] = {
    { MAZE_SHAPE_RECT, 4, 4 }, { MAZE_SHAPE_RECT, 5, 3 }, { MAZE_SHAPE_RECT, 3, 5 },
    { MAZE_SHAPE_HEX, 4, 3 }, { MAZE_SHAPE_HEX, 3, 4 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint64 seed = 1; seed <= 40; seed++)
      {
        g_autoptr(MazeGrid) braided = maze_test_new_maze (cases[i].shape, cases[i].width, cases[i].height,
                                                          MAZE_ALGORITHM_BACKTRACKER, seed);
        g_autoptr(MazeGrid) open = maze_test_new_maze (cases[i].shape, cases[i].width, cases[i].height,
                                                       MAZE_ALGORITHM_BACKTRACKER, seed);

        /* Fully braided, and with about a third of all walls knocked
         * through (more loops than braiding makes). */
        maze_braid (braided, MAZE_BRAID_ONE, seed, NULL);
        g_assert_false (maze_grid_check_perfect (braided, NULL));
        {
          MazeRng rng;

          maze_rng_init (&rng, seed);
          for (guint y = 0; y < open->height; y++)
            for (guint x = 0; x < open->width; x++)
              for (guint d = 0; d < open->topology->n_dirs; d++)
                {
                  guint nx, ny;

                  if (maze_grid_step (open, x, y, d, &nx, &ny) && maze_rng_below (&rng, 3) == 0)
                    maze_grid_set_passage (open, x, y, d, TRUE);
                }
        }

        check_optimal (braided, seed, 9);
        check_optimal (open, seed, 255);
        /* Unweighted loops: costs are path lengths. */
        g_clear_pointer (&braided->weights, g_free);
        check_optimal (braided, seed, 1);
      }
}

/* Bigger braided and weighted mazes, too big for brute force: Dijkstra and
 * A* agree on the cost, and no other solver does better. */
static void
test_dijkstra_astar_agree (void)
{
  for (guint shape = 0; shape < MAZE_N_SHAPES; shape++)
    for (guint64 seed = 1; seed <= 10; seed++)
      {
        g_autoptr(MazeGrid) grid = maze_test_new_maze ((MazeShape) shape, 40, 30, MAZE_ALGORITHM_BACKTRACKER, seed);
        guint32 end = grid->n_cells - 1;
        g_autoptr(MazeSolution) dijkstra = NULL;
        g_autoptr(MazeSolution) astar = NULL;

        maze_braid (grid, MAZE_BRAID_ONE / 2, seed, NULL);
        maze_test_set_random_weights (grid, seed, seed % 2 ? 255 : 3);
        dijkstra = solve_ok (grid, MAZE_SOLVER_DIJKSTRA, 0, end);
        astar = solve_ok (grid, MAZE_SOLVER_ASTAR, 0, end);
        g_assert_cmpuint (astar->cost, ==, dijkstra->cost);
        for (guint k = 0; k < G_N_ELEMENTS (all_solvers); k++)
          {
            g_autoptr(GError) error = NULL;
            g_autoptr(MazeSolution) s = maze_solve (grid, all_solvers[k], 0, end, NULL, &error);

            if (s == NULL)
              {
                /* Only the wall follower may go round for ever. */
                g_assert_cmpint (all_solvers[k], ==, MAZE_SOLVER_WALL_FOLLOWER);
                g_assert_error (error, MAZE_ERROR, MAZE_ERROR_UNREACHABLE);
                continue;
              }
            assert_valid_path (grid, s, 0, end);
            g_assert_cmpuint (s->cost, >=, dijkstra->cost);
          }
      }
}

/* A loop of six cells, one side dear: backtracking takes the first
 * passage in direction order (east) into the dear cell; Dijkstra goes round.
 *
 *   S  [100]  E
 *   .   .     .      costs: backtracking 101, Dijkstra 4
 */
static void
test_backtracking_costlier (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_grid (MAZE_SHAPE_RECT, 3, 2);
  g_autoptr(MazeSolution) dfs = NULL;
  g_autoptr(MazeSolution) dijkstra = NULL;
  g_autoptr(MazeSolution) astar = NULL;
  g_autoptr(MazeSolution) bfs = NULL;
  guint32 start = cell_at (grid, 0, 0), end = cell_at (grid, 2, 0);

  open_dir (grid, 0, 0, "E");
  open_dir (grid, 1, 0, "E");
  open_dir (grid, 0, 0, "S");
  open_dir (grid, 2, 0, "S");
  open_dir (grid, 0, 1, "E");
  open_dir (grid, 1, 1, "E");
  maze_grid_set_weight (grid, cell_at (grid, 1, 0), 100);

  dfs = solve_ok (grid, MAZE_SOLVER_BACKTRACKING, start, end);
  dijkstra = solve_ok (grid, MAZE_SOLVER_DIJKSTRA, start, end);
  astar = solve_ok (grid, MAZE_SOLVER_ASTAR, start, end);
  bfs = solve_ok (grid, MAZE_SOLVER_BFS, start, end);
  g_assert_cmpuint (dfs->path_len, ==, 3);
  g_assert_cmpuint (dfs->cost, ==, 101);
  g_assert_cmpuint (dijkstra->path_len, ==, 5);
  g_assert_cmpuint (dijkstra->cost, ==, 4);
  g_assert_cmpuint (astar->cost, ==, 4);
  g_assert_cmpuint (bfs->path_len, ==, 3);  /* fewest cells, whatever they cost */
  g_assert_cmpuint (dfs->cost, >, dijkstra->cost);
}

/* The same on generated braided mazes: somewhere among these seeds the
 * backtracker must pay more than Dijkstra (it takes the first way it finds). */
static void
test_backtracking_costlier_braided (void)
{
  guint costlier = 0;

  for (guint64 seed = 1; seed <= 20; seed++)
    {
      g_autoptr(MazeGrid) grid = maze_test_new_maze (MAZE_SHAPE_RECT, 20, 20, MAZE_ALGORITHM_BACKTRACKER, seed);
      g_autoptr(MazeSolution) dfs = NULL;
      g_autoptr(MazeSolution) dijkstra = NULL;

      maze_braid (grid, MAZE_BRAID_ONE, seed, NULL);
      maze_test_set_random_weights (grid, seed, 20);
      dfs = solve_ok (grid, MAZE_SOLVER_BACKTRACKING, 0, grid->n_cells - 1);
      dijkstra = solve_ok (grid, MAZE_SOLVER_DIJKSTRA, 0, grid->n_cells - 1);
      g_assert_cmpuint (dfs->cost, >=, dijkstra->cost);
      costlier += dfs->cost > dijkstra->cost;
    }
  g_assert_cmpuint (costlier, >, 0);
}

/* The wall follower on a perfect maze walks the whole tree if it must, and
 * with the detours erased its path is the only one. */
static void
test_wall_follower_perfect (void)
{
  for (guint shape = 0; shape < MAZE_N_SHAPES; shape++)
    for (guint64 seed = 1; seed <= 30; seed++)
      {
        g_autoptr(MazeGrid) grid = maze_test_new_maze ((MazeShape) shape, 17, 11, MAZE_ALGORITHM_BACKTRACKER, seed);
        guint32 end = grid->n_cells - 1;
        g_autofree guint32 *dist = distances_by_hand (grid, 0);
        g_autoptr(MazeSolution) wall = solve_ok (grid, MAZE_SOLVER_WALL_FOLLOWER, 0, end);
        g_autoptr(MazeSolution) bfs = solve_ok (grid, MAZE_SOLVER_BFS, 0, end);

        g_assert_cmpuint (wall->path_len, ==, dist[end] + 1);
        g_assert_cmpmem (wall->path, wall->path_len * sizeof (guint32),
                         bfs->path, bfs->path_len * sizeof (guint32));
      }
}

/* A ring of eight cells round the centre, which hangs off the top middle
 * cell. Keeping its left hand on the outer wall, the follower goes round
 * the ring clockwise and never turns into the centre; the others get there.
 *
 *   S---+---+
 *   |   |   |      S = start (0,0), E = end (1,1)
 *   +   E   +
 *   |       |
 *   +---+---+
 */
static void
test_wall_follower_unreachable (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_grid (MAZE_SHAPE_RECT, 3, 3);
  guint32 start = cell_at (grid, 0, 0), end = cell_at (grid, 1, 1);

  open_dir (grid, 0, 0, "E");
  open_dir (grid, 1, 0, "E");
  open_dir (grid, 2, 0, "S");
  open_dir (grid, 2, 1, "S");
  open_dir (grid, 2, 2, "W");
  open_dir (grid, 1, 2, "W");
  open_dir (grid, 0, 2, "N");
  open_dir (grid, 0, 1, "N");
  open_dir (grid, 1, 0, "S");

  assert_solve_error (grid, MAZE_SOLVER_WALL_FOLLOWER, start, end,
                      MAZE_ERROR_UNREACHABLE, "wall follower");
  for (guint k = 0; k < G_N_ELEMENTS (all_solvers); k++)
    if (all_solvers[k] != MAZE_SOLVER_WALL_FOLLOWER)
      {
        g_autoptr(MazeSolution) s = solve_ok (grid, all_solvers[k], start, end);

        g_assert_cmpuint (s->path_len, ==, 3);
      }

  /* From inside, the same walls lead out. */
  {
    g_autoptr(MazeSolution) s = solve_ok (grid, MAZE_SOLVER_WALL_FOLLOWER, end, start);

    g_assert_cmpuint (s->path_len, ==, 3);
  }
}

/* The same trap on hex: a ring of six round a centre that hangs off it. */
static void
test_wall_follower_unreachable_hex (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_grid (MAZE_SHAPE_HEX, 3, 3);
  guint32 end = cell_at (grid, 1, 1);
  /* The six neighbours of (1,1), odd rows shifted right: (1,0) (2,0)
   * (2,1) (2,2) (1,2) (0,1), joined in that order. */
  const struct { guint x, y; const char *dir; } ring[] = {
    { 1, 0, "E" }, { 2, 0, "SE" }, { 2, 1, "SW" }, { 2, 2, "W" }, { 1, 2, "NW" }, { 0, 1, "NE" },
  };
  guint escaped = 0;

  for (guint i = 0; i < G_N_ELEMENTS (ring); i++)
    open_dir (grid, ring[i].x, ring[i].y, ring[i].dir);
  open_dir (grid, 1, 1, "NE");

  /* Whichever ring cell it starts on, a follower walking round either
   * reaches the centre or reports that it went round; the other solvers
   * always reach it. At least one start must show the trap. */
  for (guint y = 0; y < grid->height; y++)
    for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
      {
        guint32 start = cell_at (grid, x, y);
        g_autofree guint32 *dist = distances_by_hand (grid, start);
        g_autoptr(GError) error = NULL;
        g_autoptr(MazeSolution) s = NULL;

        if (dist[end] == G_MAXUINT32)
          continue;
        g_clear_pointer (&s, maze_solution_free);
        s = solve_ok (grid, MAZE_SOLVER_BFS, start, end);
        g_clear_pointer (&s, maze_solution_free);
        s = maze_solve (grid, MAZE_SOLVER_WALL_FOLLOWER, start, end, NULL, &error);
        if (s == NULL)
          {
            g_assert_error (error, MAZE_ERROR, MAZE_ERROR_UNREACHABLE);
            g_assert_nonnull (strstr (error->message, "wall follower"));
            escaped++;
          }
        else
          assert_valid_path (grid, s, start, end);
      }
  g_assert_cmpuint (escaped, >, 0);
}

static void
visit_cb (const MazeEvent *event,
          gpointer         user_data)
{
  if (event->type == MAZE_EVENT_VISIT)
    g_array_append_val ((GArray *) user_data, event->cell);
}

/* The left hand: from the centre of a star of dead ends the follower tries
 * every arm in turn, clockwise from direction 0 (as the left hand on the
 * wall leads it), so it reaches the last arm after all the others. A right
 * hand would go the other way round and get there first. */
static void
test_wall_follower_left_hand (void)
{
  for (guint shape = 0; shape < MAZE_N_SHAPES; shape++)
    {
      g_autoptr(MazeGrid) grid = maze_test_new_grid ((MazeShape) shape, 3, 3);
      const MazeTopology *t = grid->topology;
      guint32 centre = cell_at (grid, 1, 1);
      g_autoptr(GArray) visits = g_array_new (FALSE, FALSE, sizeof (guint32));
      MazeObserver observer = { visit_cb, visits };
      guint32 arms[MAZE_MAX_DIRS];
      guint n = 0;
      g_autoptr(MazeSolution) s = NULL;

      /* Every side the centre has (a triangle lacks one), clockwise. */
      for (guint d = 0; d < t->n_dirs; d++)
        {
          guint nx = 0, ny = 0;

          if (!maze_grid_has_dir (grid, 1, 1, d))
            continue;
          g_assert_true (maze_grid_step (grid, 1, 1, d, &nx, &ny));
          maze_grid_set_passage (grid, 1, 1, d, TRUE);
          arms[n++] = cell_at (grid, nx, ny);
        }
      /* (1, 1) of a circular maze, a second child, has no IN but IN2. */
      g_assert_cmpuint (n, ==, shape == MAZE_SHAPE_TRI ? 3 : shape == MAZE_SHAPE_CIRCULAR ? 5 : t->n_dirs);

      s = maze_solve (grid, MAZE_SOLVER_WALL_FOLLOWER, centre, arms[n - 1], &observer, NULL);
      g_assert_nonnull (s);
      g_assert_cmpuint (s->path_len, ==, 2);
      g_assert_cmpuint (s->explored, ==, n + 1);
      /* centre, then out to each arm and back */
      g_assert_cmpuint (visits->len, ==, 2 * n);
      g_assert_cmpuint (g_array_index (visits, guint32, 0), ==, centre);
      for (guint k = 0; k < n; k++)
        {
          g_assert_cmpuint (g_array_index (visits, guint32, 1 + 2 * k), ==, arms[k]);
          if (k + 1 < n)
            g_assert_cmpuint (g_array_index (visits, guint32, 2 + 2 * k), ==, centre);
        }
    }
}

/* Braided mazes: the follower either finds a valid path or says it went
 * round; it must do the first on some and, across enough mazes, the
 * second on some. */
static void
test_wall_follower_braided (void)
{
  guint found = 0, round = 0;

  for (guint shape = 0; shape < MAZE_N_SHAPES; shape++)
    for (guint64 seed = 1; seed <= 60; seed++)
      {
        g_autoptr(MazeGrid) grid = maze_test_new_maze ((MazeShape) shape, 12, 12, MAZE_ALGORITHM_BACKTRACKER, seed);
        MazeRng rng;

        maze_braid (grid, MAZE_BRAID_ONE, seed, NULL);
        maze_rng_init (&rng, seed);
        for (guint i = 0; i < 5; i++)
          {
            guint32 start = maze_rng_below (&rng, grid->n_cells);
            guint32 end = maze_rng_below (&rng, grid->n_cells);
            g_autoptr(GError) error = NULL;
            g_autoptr(MazeSolution) s = maze_solve (grid, MAZE_SOLVER_WALL_FOLLOWER, start, end,
                                                    NULL, &error);

            if (s != NULL)
              {
                assert_valid_path (grid, s, start, end);
                found++;
              }
            else
              {
                g_assert_error (error, MAZE_ERROR, MAZE_ERROR_UNREACHABLE);
                round++;
              }
          }
      }
  g_assert_cmpuint (found, >, 0);
  g_assert_cmpuint (round, >, 0);
}

static void
test_bad_endpoints (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_maze (MAZE_SHAPE_RECT, 5, 4, MAZE_ALGORITHM_BACKTRACKER, 1);

  for (guint k = 0; k < G_N_ELEMENTS (all_solvers); k++)
    {
      MazeSolverKind solver = all_solvers[k];

      /* cell 23 of a 5-wide maze is (3,4), below the last row */
      assert_solve_error (grid, solver, 23, 0, MAZE_ERROR_INVALID_ARGUMENT, "(3,4)");
      assert_solve_error (grid, solver, 0, 23, MAZE_ERROR_INVALID_ARGUMENT, "(3,4)");
      assert_solve_error (grid, solver, G_MAXUINT32, 0, MAZE_ERROR_INVALID_ARGUMENT, NULL);
    }

  /* Masked cells are not in the maze: as ends they are refused. */
  {
    g_autoptr(MazeGrid) masked = maze_test_new_grid (MAZE_SHAPE_HEX, 6, 5);
    MazeGenerateOptions options;
    g_autoptr(GError) error = NULL;

    maze_grid_set_masked (masked, 2, 3, TRUE);
    maze_generate_options_init (&options);
    maze_generate (masked, &options, &error);
    g_assert_no_error (error);
    for (guint k = 0; k < G_N_ELEMENTS (all_solvers); k++)
      {
        assert_solve_error (masked, all_solvers[k], cell_at (masked, 2, 3), 0,
                            MAZE_ERROR_INVALID_ARGUMENT, "(2,3)");
        assert_solve_error (masked, all_solvers[k], 0, cell_at (masked, 2, 3),
                            MAZE_ERROR_INVALID_ARGUMENT, "(2,3)");
      }
  }

  /* An unknown solver. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(MazeSolution) s = maze_solve (grid, (MazeSolverKind) MAZE_N_SOLVERS, 0, 1, NULL,
                                            &error);

    g_assert_null (s);
    g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
  }
}

/* Two halves with no passage between them. */
static void
test_unreachable (void)
{
  for (guint shape = 0; shape < MAZE_N_SHAPES; shape++)
    {
      g_autoptr(MazeGrid) grid = maze_test_new_grid ((MazeShape) shape, 6, 4);
      g_autoptr(MazeGrid) lonely = maze_test_new_grid ((MazeShape) shape, 3, 3);

      /* Circular: each ring a corridor of its own, cut at x = 2. */
      if (shape == MAZE_SHAPE_CIRCULAR)
        for (guint y = 0; y < grid->height; y++)
          for (guint x = 0; x + 1 < maze_grid_row_length (grid, y); x++)
            if (x != 2)
              open_dir (grid, x, y, "CW");
      for (guint y = 0; y < grid->height && shape != MAZE_SHAPE_CIRCULAR; y++)
        for (guint x = 0; x + 1 < grid->width; x++)
          if (x != 2)
            open_dir (grid, x, y, "E");
      for (guint x = 0; x < grid->width && shape != MAZE_SHAPE_CIRCULAR; x++)
        if (shape != MAZE_SHAPE_TRI || x % 2 == 0)   /* triangles pointing up */
          open_dir (grid, x, 0, shape == MAZE_SHAPE_HEX ? "SE" : "S");

      for (guint k = 0; k < G_N_ELEMENTS (all_solvers); k++)
        {
          assert_solve_error (grid, all_solvers[k], 0, grid->n_cells - 1,
                              MAZE_ERROR_UNREACHABLE, NULL);
          /* no passage at all */
          assert_solve_error (lonely, all_solvers[k], 0, 8, MAZE_ERROR_UNREACHABLE, NULL);
        }
      assert_solve_error (grid, MAZE_SOLVER_BFS, 0, grid->n_cells - 1,
                          MAZE_ERROR_UNREACHABLE, "(0,0)");
    }
}

/* Masked cells are absent: generated around, the paths avoid them (checked
 * in assert_valid_path) and all solvers agree. */
static void
test_masked (void)
{
  for (guint shape = 0; shape < MAZE_N_SHAPES; shape++)
    for (guint64 seed = 1; seed <= 10; seed++)
      {
        g_autoptr(MazeGrid) grid = maze_test_new_grid ((MazeShape) shape, 23, 19);
        g_autoptr(GError) error = NULL;
        MazeGenerateOptions options;
        guint32 end = grid->n_cells - 1;
        g_autofree guint32 *dist = NULL;

        maze_test_mask_sparsely (grid, 1);
        maze_generate_options_init (&options);
        options.seed = seed;
        maze_generate (grid, &options, &error);
        g_assert_no_error (error);
        maze_braid (grid, MAZE_BRAID_ONE / 3, seed, NULL);
        dist = distances_by_hand (grid, 0);

        for (guint k = 0; k < G_N_ELEMENTS (all_solvers); k++)
          {
            g_autoptr(MazeSolution) s = NULL;

            if (all_solvers[k] == MAZE_SOLVER_WALL_FOLLOWER)
              continue;
            s = solve_ok (grid, all_solvers[k], 0, end);
            if (all_solvers[k] != MAZE_SOLVER_BACKTRACKING)
              g_assert_cmpuint (s->path_len, ==, dist[end] + 1);
          }
      }
}

/* Grids the API would not make: a passage left into a masked cell is
 * never walked; a passage out through the border is refused. */
static void
test_broken_grids (void)
{
  for (guint shape = 0; shape < MAZE_TEST_N_ROW_SHAPES; shape++)
    {
      g_autoptr(MazeGrid) grid = maze_test_new_grid ((MazeShape) shape, 3, 1);
      g_autoptr(MazeGrid) leaky = maze_test_new_maze ((MazeShape) shape, 4, 3, MAZE_ALGORITHM_BACKTRACKER, 1);
      const MazeTopology *t = leaky->topology;
      gint east = maze_topology_dir_from_name (t, "E");

      maze_grid_set_masked (grid, 1, 0, TRUE);
      open_dir (grid, 0, 0, "E");
      open_dir (grid, 1, 0, "E");
      for (guint k = 0; k < G_N_ELEMENTS (all_solvers); k++)
        assert_solve_error (grid, all_solvers[k], 0, 2, MAZE_ERROR_UNREACHABLE, NULL);

      /* The east passage of the last cell of the first row. */
      g_assert_cmpint (t->owned_bit[east], >=, 0);
      leaky->cells[cell_at (leaky, 3, 0)] |= (guint8) (1u << t->owned_bit[east]);
      for (guint k = 0; k < G_N_ELEMENTS (all_solvers); k++)
        assert_solve_error (leaky, all_solvers[k], 0, leaky->n_cells - 1,
                            MAZE_ERROR_INVALID_ARGUMENT, "(3,0)");
    }
}

/* A serpentine a thousand cells on a side, solved to the corner where it
 * enters its last row: a path of 999001 cells, which the backtracker and
 * the wall follower walk without recursion. */
static void
test_deep_path (void)
{
  const guint side = 1000;
  g_autoptr(MazeGrid) grid = maze_test_new_grid (MAZE_SHAPE_RECT, side, side);

  for (guint y = 0; y < side; y++)
    {
      for (guint x = 0; x + 1 < side; x++)
        open_dir (grid, x, y, "E");
      if (y + 1 < side)
        open_dir (grid, y % 2 ? 0 : side - 1, y, "S");
    }
  g_assert_true (maze_grid_check_perfect (grid, NULL));

  for (guint k = 0; k < G_N_ELEMENTS (all_solvers); k++)
    {
      g_autoptr(MazeSolution) s = solve_ok (grid, all_solvers[k], 0, grid->n_cells - 1);

      g_assert_cmpuint (s->path_len, ==, side * side - side + 1);
      g_assert_cmpuint (s->explored, ==, side * side - side + 1);
    }
}

/* Stopping: a stop function that says stop at its n-th question (never
 * with n 0), counting the questions. */
typedef struct
{
  guint asked;
  guint stop_at;
} StopAt;

static gboolean
stop_at_cb (gpointer user_data)
{
  StopAt *stop = user_data;

  return ++stop->asked == stop->stop_at;
}

static void
count_event_cb (const MazeEvent *event,
                gpointer         user_data)
{
  (*(guint64 *) user_data)++;
}

/* Every solver, watched or not (their fast and general loops), on both
 * shapes: asked at least once every MAZE_STOP_INTERVAL cells it
 * explores, and told to stop at the first or second question it ends
 * there with MAZE_ERROR_CANCELLED, asking no more. */
static void
test_stop (void)
{
  for (MazeShape shape = 0; shape < MAZE_N_SHAPES; shape++)
    {
      g_autoptr(MazeGrid) grid = maze_test_new_maze (shape, 200, 150, MAZE_ALGORITHM_KRUSKAL, 3);

      for (guint k = 0; k < G_N_ELEMENTS (all_solvers); k++)
        for (guint watched = 0; watched < 2; watched++)
          {
            guint64 n_events = 0;
            MazeObserver observer = { count_event_cb, &n_events };
            const MazeObserver *obs = watched ? &observer : NULL;
            g_autoptr(MazeSolution) s = NULL;
            g_autoptr(GError) error = NULL;
            StopAt never = { 0, 0 };

            s = maze_solve_full (grid, all_solvers[k], 0, grid->n_cells - 1, obs, stop_at_cb,
                                 &never, &error);
            g_assert_no_error (error);
            g_assert_nonnull (s);
            g_assert_cmpuint (s->explored, >, 2 * MAZE_STOP_INTERVAL);
            g_assert_cmpuint (never.asked, >=, (s->explored - 1) / MAZE_STOP_INTERVAL);

            for (guint stop_at = 1; stop_at <= 2; stop_at++)
              {
                g_autoptr(MazeSolution) stopped = NULL;
                g_autoptr(GError) stop_error = NULL;
                StopAt stop = { 0, stop_at };

                stopped = maze_solve_full (grid, all_solvers[k], 0, grid->n_cells - 1, obs,
                                           stop_at_cb, &stop, &stop_error);
                g_assert_null (stopped);
                g_assert_error (stop_error, MAZE_ERROR, MAZE_ERROR_CANCELLED);
                g_assert_cmpuint (stop.asked, ==, stop_at);
              }
          }
    }
}

/* The biggest maze the backtracker has to walk in one go. */
static void
test_huge (void)
{
  g_autoptr(MazeGrid) grid = NULL;
  g_autoptr(MazeSolution) s = NULL;

  if (!g_test_slow ())
    {
      g_test_skip ("10000x10000: run with -m slow");
      return;
    }
  grid = maze_test_new_maze (MAZE_SHAPE_RECT, 10000, 10000, MAZE_ALGORITHM_BACKTRACKER, 1);
  s = solve_ok (grid, MAZE_SOLVER_BACKTRACKING, 0, grid->n_cells - 1);
  g_clear_pointer (&s, maze_solution_free);
  s = solve_ok (grid, MAZE_SOLVER_WALL_FOLLOWER, 0, grid->n_cells - 1);
}

static void
test_path_cost (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_grid (MAZE_SHAPE_RECT, 4, 1);
  const guint32 path[] = { 0, 1, 2, 3 };

  g_assert_cmpuint (maze_path_cost (grid, path, 4), ==, 3);
  g_assert_cmpuint (maze_path_cost (grid, path, 1), ==, 0);
  g_assert_cmpuint (maze_path_cost (grid, path, 0), ==, 0);
  maze_grid_set_weight (grid, 0, 200);  /* the start is not entered */
  maze_grid_set_weight (grid, 2, 7);
  maze_grid_set_weight (grid, 3, 255);
  g_assert_cmpuint (maze_path_cost (grid, path, 4), ==, 1 + 7 + 255);
}

/* Events */

typedef struct
{
  GArray  *events;
  guint8  *seen_settle;
  guint8  *seen_visit;
  guint64  n_settled;
  guint64  n_visited;
} Recorder;

static void
record_cb (const MazeEvent *event,
           gpointer         user_data)
{
  Recorder *r = user_data;

  g_array_append_val (r->events, *event);
  if (event->type == MAZE_EVENT_SETTLE && !r->seen_settle[event->cell]++)
    r->n_settled++;
  if (event->type == MAZE_EVENT_VISIT && !r->seen_visit[event->cell]++)
    r->n_visited++;
}

static void
test_events (void)
{
  for (guint shape = 0; shape < MAZE_N_SHAPES; shape++)
    {
      g_autoptr(MazeGrid) grid = maze_test_new_maze ((MazeShape) shape, 15, 12, MAZE_ALGORITHM_BACKTRACKER, 5);
      guint32 end = grid->n_cells - 1;

      maze_braid (grid, MAZE_BRAID_ONE / 2, 5, NULL);
      maze_test_set_random_weights (grid, 5, 4);
      for (guint k = 0; k < G_N_ELEMENTS (all_solvers); k++)
        {
          MazeSolverKind solver = all_solvers[k];
          g_autofree guint8 *seen_settle = g_new0 (guint8, grid->n_cells);
          g_autofree guint8 *seen_visit = g_new0 (guint8, grid->n_cells);
          g_autoptr(GArray) events = g_array_new (FALSE, FALSE, sizeof (MazeEvent));
          Recorder r = { events, seen_settle, seen_visit, 0, 0 };
          MazeObserver observer = { record_cb, &r };
          g_autoptr(GError) error = NULL;
          g_autoptr(GError) watched_error = NULL;
          g_autoptr(MazeSolution) quiet = maze_solve (grid, solver, 0, end, NULL, &error);
          g_autoptr(MazeSolution) s = maze_solve (grid, solver, 0, end, &observer,
                                                  &watched_error);
          guint counts[MAZE_EVENT_PATH + 1] = { 0, };
          guint32 path_i = 0;

          if (quiet == NULL)
            {
              g_assert_cmpint (solver, ==, MAZE_SOLVER_WALL_FOLLOWER);
              g_assert_null (s);
              g_assert_error (watched_error, MAZE_ERROR, MAZE_ERROR_UNREACHABLE);
              continue;
            }
          g_assert_no_error (watched_error);
          assert_valid_path (grid, s, 0, end);
          /* Watching changes nothing. */
          g_assert_cmpmem (s->path, s->path_len * sizeof (guint32),
                           quiet->path, quiet->path_len * sizeof (guint32));
          g_assert_cmpuint (s->explored, ==, quiet->explored);

          for (guint i = 0; i < events->len; i++)
            {
              const MazeEvent *e = &g_array_index (events, MazeEvent, i);

              g_assert_cmpuint (e->type, <=, MAZE_EVENT_PATH);
              g_assert_cmpuint (e->cell, <, grid->n_cells);
              counts[e->type]++;
              if (e->type == MAZE_EVENT_PATH)
                {
                  /* The path comes last, in order. */
                  g_assert_cmpuint (e->cell, ==, s->path[path_i]);
                  path_i++;
                }
              else
                g_assert_cmpuint (path_i, ==, 0);
              if (e->other != MAZE_NO_CELL && e->dir >= 0 && e->type != MAZE_EVENT_PATH)
                g_assert_cmpint (passage_dir (grid, e->cell, e->other), ==, e->dir);
            }
          g_assert_cmpuint (path_i, ==, s->path_len);

          switch (solver)
            {
            case MAZE_SOLVER_BACKTRACKING:
              g_assert_cmpuint (counts[MAZE_EVENT_VISIT], >, 0);
              g_assert_cmpuint (counts[MAZE_EVENT_PUSH], ==, counts[MAZE_EVENT_VISIT]);
              g_assert_cmpuint (counts[MAZE_EVENT_BACKTRACK], >, 0);
              g_assert_cmpuint (r.n_visited, ==, s->explored);
              break;
            case MAZE_SOLVER_WALL_FOLLOWER:
              g_assert_cmpuint (counts[MAZE_EVENT_VISIT], >, 0);
              g_assert_cmpuint (r.n_visited, ==, s->explored);
              break;
            case MAZE_SOLVER_BFS:
            case MAZE_SOLVER_DIJKSTRA:
            case MAZE_SOLVER_ASTAR:
            default:
              g_assert_cmpuint (counts[MAZE_EVENT_FRONTIER_ADD], >=, counts[MAZE_EVENT_SETTLE]);
              g_assert_cmpuint (counts[MAZE_EVENT_SETTLE], ==, s->explored);
              g_assert_cmpuint (r.n_settled, ==, s->explored);
              break;
            }

          /* The last cell settled is the end, at its distance. */
          if (solver == MAZE_SOLVER_BFS || solver == MAZE_SOLVER_DIJKSTRA ||
              solver == MAZE_SOLVER_ASTAR)
            {
              const MazeEvent *last = NULL;

              for (guint i = 0; i < events->len; i++)
                if (g_array_index (events, MazeEvent, i).type == MAZE_EVENT_SETTLE)
                  last = &g_array_index (events, MazeEvent, i);
              g_assert_nonnull (last);
              g_assert_cmpuint (last->cell, ==, end);
              g_assert_cmpuint (last->value, ==,
                                solver == MAZE_SOLVER_BFS ? s->path_len - 1 : s->cost);
            }
        }
    }
}

/* BFS and Dijkstra's take a fast path on a rectangular grid with no
 * observer, and the general one with an observer or on hex: both must give
 * the same path and count, from any start to any end, on every size, with
 * masks and loops. */
static void
ignore_cb (const MazeEvent *event,
           gpointer         user_data)
{
  (*(guint64 *) user_data)++;
}

static void
test_fast_path_agrees (void)
{
  static const MazeSolverKind solvers[] = { MAZE_SOLVER_BFS, MAZE_SOLVER_DIJKSTRA };
  guint checked = 0;

  for (guint shape = 0; shape < MAZE_N_SHAPES; shape++)
    for (guint i = 0; i < G_N_ELEMENTS (sizes) + 1; i++)
      for (guint64 seed = 1; seed <= 25; seed++)
        {
          Size size = i < G_N_ELEMENTS (sizes) ? sizes[i] : (Size) { 23, 19 };
          g_autoptr(MazeGrid) grid = maze_test_new_grid ((MazeShape) shape, size.width, size.height);
          g_autoptr(GError) error = NULL;
          MazeGenerateOptions options;
          MazeRng rng;
          guint32 start, end;

          /* The last size is masked, like test_masked()'s. */
          if (i == G_N_ELEMENTS (sizes))
            maze_test_mask_sparsely (grid, 1);
          maze_generate_options_init (&options);
          options.seed = seed;
          maze_generate (grid, &options, &error);
          g_assert_no_error (error);
          if (seed % 2 == 0)
            maze_braid (grid, MAZE_BRAID_ONE / 2, seed, NULL);

          maze_rng_init (&rng, seed);
          do
            start = maze_rng_below (&rng, grid->n_cells);
          while (maze_grid_is_masked (grid, start));
          do
            end = maze_rng_below (&rng, grid->n_cells);
          while (maze_grid_is_masked (grid, end));

          for (guint k = 0; k < G_N_ELEMENTS (solvers); k++)
            {
              guint64 events = 0;
              MazeObserver observer = { ignore_cb, &events };
              g_autoptr(MazeSolution) fast = maze_solve (grid, solvers[k], start, end, NULL,
                                                         &error);
              g_autoptr(MazeSolution) general = NULL;

              g_assert_no_error (error);
              general = maze_solve (grid, solvers[k], start, end, &observer, &error);
              g_assert_no_error (error);
              g_assert_cmpuint (events, >, 0);
              assert_valid_path (grid, fast, start, end);
              g_assert_cmpmem (fast->path, fast->path_len * sizeof (guint32),
                               general->path, general->path_len * sizeof (guint32));
              g_assert_cmpuint (fast->explored, ==, general->explored);
              checked++;
            }
        }
  g_assert_cmpuint (checked, ==, MAZE_N_SHAPES * (G_N_ELEMENTS (sizes) + 1) * 25 * 2);
}

/* The solvers' table tells the truth: a solver that settles by distance
 * reports SETTLE events (and no other does), and the distance it settles
 * the end at is the path's cost when it uses weights, its number of
 * steps when it does not. */
static void
test_traits (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_maze (MAZE_SHAPE_RECT, 16, 14, MAZE_ALGORITHM_BACKTRACKER, 3);
  guint32 end = grid->n_cells - 1;

  maze_braid (grid, MAZE_BRAID_ONE / 2, 3, NULL);
  maze_test_set_random_weights (grid, 3, 9);
  for (guint i = 0; i < MAZE_N_SOLVERS; i++)
    {
      const MazeSolverInfo *info = maze_solver_get_info ((MazeSolverKind) i);
      g_autofree guint8 *seen_settle = g_new0 (guint8, grid->n_cells);
      g_autofree guint8 *seen_visit = g_new0 (guint8, grid->n_cells);
      g_autoptr(GArray) events = g_array_new (FALSE, FALSE, sizeof (MazeEvent));
      Recorder r = { events, seen_settle, seen_visit, 0, 0 };
      MazeObserver observer = { record_cb, &r };
      g_autoptr(MazeSolution) s = NULL;
      gboolean settled_end = FALSE;

      g_assert_cmpint (info->solver, ==, i);
      g_assert_cmpstr (info->name, ==, maze_solver_to_string ((MazeSolverKind) i));
      s = maze_solve (grid, (MazeSolverKind) i, 0, end, &observer, NULL);
      g_assert_nonnull (s);
      g_assert_cmpint (r.n_settled > 0, ==, info->settles_by_distance);
      for (guint k = 0; k < events->len; k++)
        {
          const MazeEvent *e = &g_array_index (events, MazeEvent, k);

          if (e->type != MAZE_EVENT_SETTLE || e->cell != end)
            continue;
          g_assert_cmpuint (e->value, ==, (info->uses_weights ? s->cost : s->path_len - 1));
          settled_end = TRUE;
        }
      g_assert_cmpint (settled_end, ==, info->settles_by_distance);
      /* The weights make the difference: the cheapest path costs more
       * than its number of steps. */
      if (info->uses_weights)
        g_assert_cmpuint (s->cost, >, s->path_len - 1);
    }
}

/* Every solver says where its steps begin: its first event begins one;
 * a push belongs to the visit before it, the cells a settled cell
 * reaches to its settling; the path is one step. Nothing is setup. */
static void
test_step_marks (void)
{
  for (guint shape = 0; shape < MAZE_N_SHAPES; shape++)
    {
      /* The wall follower must reach the end. From a cell by the central
       * room of a braided circular maze it mostly circles the room (whose
       * wall touches no other): seed 3 is one it gets out of. */
      guint64 seed = shape == MAZE_SHAPE_CIRCULAR ? 3 : 8;
      g_autoptr(MazeGrid) grid = maze_test_new_maze ((MazeShape) shape, 14, 11, MAZE_ALGORITHM_PRIM, seed);

      maze_braid (grid, MAZE_BRAID_ONE / 2, seed, NULL);
      maze_test_set_random_weights (grid, 8, 5);
      for (guint i = 0; i < MAZE_N_SOLVERS; i++)
        {
          g_autofree guint8 *seen_settle = g_new0 (guint8, grid->n_cells);
          g_autofree guint8 *seen_visit = g_new0 (guint8, grid->n_cells);
          g_autoptr(GArray) events = g_array_new (FALSE, FALSE, sizeof (MazeEvent));
          Recorder r = { events, seen_settle, seen_visit, 0, 0 };
          MazeObserver observer = { record_cb, &r };
          g_autoptr(MazeSolution) s = NULL;
          guint32 lead = MAZE_NO_CELL;   /* the cell the step settled */
          guint n_path_steps = 0;

          s = maze_solve (grid, (MazeSolverKind) i, 0, grid->n_cells - 1, &observer, NULL);
          g_assert_nonnull (s);
          g_assert_cmpuint (events->len, >, 0);
          g_assert_cmpuint (g_array_index (events, MazeEvent, 0).flags, ==, MAZE_EVENT_STEP);
          for (guint k = 1; k < events->len; k++)
            {
              const MazeEvent *e = &g_array_index (events, MazeEvent, k);
              const MazeEvent *p = &g_array_index (events, MazeEvent, k - 1);
              gboolean joins = (e->type == MAZE_EVENT_PUSH && p->type == MAZE_EVENT_VISIT && p->cell == e->cell) ||
                               (e->type == MAZE_EVENT_FRONTIER_ADD && e->other == lead) ||
                               (e->type == MAZE_EVENT_PATH && p->type == MAZE_EVENT_PATH);

              g_assert_cmpuint (e->flags & ~MAZE_EVENT_STEP, ==, 0);
              g_assert_cmpint (!(e->flags & MAZE_EVENT_STEP), ==, joins);
              if (e->flags & MAZE_EVENT_STEP)
                lead = e->type == MAZE_EVENT_SETTLE ? e->cell : MAZE_NO_CELL;
              n_path_steps += e->type == MAZE_EVENT_PATH && (e->flags & MAZE_EVENT_STEP);
            }
          g_assert_cmpuint (n_path_steps, ==, 1);
        }
    }
}

/* The SETTLE values of BFS are the distances a plain BFS gives. */
static void
test_bfs_settle_distances (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_maze (MAZE_SHAPE_HEX, 20, 20, MAZE_ALGORITHM_BACKTRACKER, 9);
  g_autofree guint8 *seen_settle = g_new0 (guint8, grid->n_cells);
  g_autofree guint8 *seen_visit = g_new0 (guint8, grid->n_cells);
  g_autoptr(GArray) events = g_array_new (FALSE, FALSE, sizeof (MazeEvent));
  Recorder r = { events, seen_settle, seen_visit, 0, 0 };
  MazeObserver observer = { record_cb, &r };
  g_autofree guint32 *dist = NULL;
  g_autoptr(MazeSolution) s = NULL;

  maze_braid (grid, MAZE_BRAID_ONE, 9, NULL);
  dist = distances_by_hand (grid, 7);
  s = maze_solve (grid, MAZE_SOLVER_BFS, 7, grid->n_cells - 1, &observer, NULL);
  g_assert_nonnull (s);
  for (guint i = 0; i < events->len; i++)
    {
      const MazeEvent *e = &g_array_index (events, MazeEvent, i);

      if (e->type == MAZE_EVENT_SETTLE || e->type == MAZE_EVENT_FRONTIER_ADD)
        g_assert_cmpuint (e->value, ==, dist[e->cell]);
    }
}

/* The solvers' division by the width, a multiply and a shift, is exact
 * for every width and every cell index. */
static void
test_divider (void)
{
  for (guint32 d = 1; d <= MAZE_MAX_SIDE; d++)
    {
      const guint32 top = (guint32) (MAZE_MAX_CELLS - 1);
      const guint32 ns[] = { 0, 1, d - 1, d, d + 1, 2 * d - 1, top, top - 1,
                             top / d * d, top / d * d - 1, d * 7919u + 13 };
      MazeDivider div;

      maze_divider_init (&div, d);
      for (guint i = 0; i < G_N_ELEMENTS (ns); i++)
        if (ns[i] <= top && maze_divider_div (&div, ns[i]) != ns[i] / d)
          g_error ("%u / %u gave %u", ns[i], d, maze_divider_div (&div, ns[i]));
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/maze/solve/names", test_names);
  g_test_add_func ("/maze/solve/traits", test_traits);
  g_test_add_func ("/maze/solve/divider", test_divider);
  g_test_add_func ("/maze/solve/path-cost", test_path_cost);
  g_test_add_func ("/maze/solve/perfect/rect", test_perfect_rect);
  g_test_add_func ("/maze/solve/perfect/hex", test_perfect_hex);
  g_test_add_func ("/maze/solve/fast-path-agrees", test_fast_path_agrees);
  g_test_add_func ("/maze/solve/single-cell", test_single_cell);
  g_test_add_func ("/maze/solve/start-is-end", test_start_is_end);
  g_test_add_func ("/maze/solve/dijkstra/weighted", test_dijkstra_weighted);
  g_test_add_func ("/maze/solve/dijkstra/astar-agree", test_dijkstra_astar_agree);
  g_test_add_func ("/maze/solve/backtracking/costlier", test_backtracking_costlier);
  g_test_add_func ("/maze/solve/backtracking/costlier-braided", test_backtracking_costlier_braided);
  g_test_add_func ("/maze/solve/wall-follower/perfect", test_wall_follower_perfect);
  g_test_add_func ("/maze/solve/wall-follower/unreachable", test_wall_follower_unreachable);
  g_test_add_func ("/maze/solve/wall-follower/unreachable-hex", test_wall_follower_unreachable_hex);
  g_test_add_func ("/maze/solve/wall-follower/left-hand", test_wall_follower_left_hand);
  g_test_add_func ("/maze/solve/wall-follower/braided", test_wall_follower_braided);
  g_test_add_func ("/maze/solve/errors/endpoints", test_bad_endpoints);
  g_test_add_func ("/maze/solve/errors/unreachable", test_unreachable);
  g_test_add_func ("/maze/solve/masked", test_masked);
  g_test_add_func ("/maze/solve/errors/broken-grids", test_broken_grids);
  g_test_add_func ("/maze/solve/deep-path", test_deep_path);
  g_test_add_func ("/maze/solve/stop", test_stop);
  g_test_add_func ("/maze/solve/huge", test_huge);
  g_test_add_func ("/maze/solve/events", test_events);
  g_test_add_func ("/maze/solve/events/bfs-distances", test_bfs_settle_distances);
  g_test_add_func ("/maze/solve/events/step-marks", test_step_marks);

  return g_test_run ();
}
