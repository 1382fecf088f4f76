/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-solve.h"

#include <string.h>

#include "maze-solver-private.h"

/* One row per solver: what the public API tells about it and the
 * function that searches. */
typedef struct
{
  MazeSolverInfo  info;
  MazeSolverFunc  func;
} Solver;

#define SOLVER(ID, name, title, settles_by_distance, uses_weights, func) \
  [MAZE_SOLVER_##ID] = { { MAZE_SOLVER_##ID, name, title, settles_by_distance, uses_weights }, func }

static const Solver solvers[MAZE_N_SOLVERS] = {
  SOLVER (BACKTRACKING, "backtracking", N_("Backtracking"), FALSE, FALSE, maze_solve_backtracking),
  SOLVER (DIJKSTRA, "dijkstra", N_("Dijkstra’s algorithm"), TRUE, TRUE, maze_solve_dijkstra),
  SOLVER (BFS, "bfs", N_("Breadth-first search"), TRUE, FALSE, maze_solve_bfs),
  SOLVER (ASTAR, "astar", N_("A* search"), TRUE, TRUE, maze_solve_astar),
  SOLVER (WALL_FOLLOWER, "wall-follower", N_("Wall follower"), FALSE, FALSE, maze_solve_wall_follower),
};

const MazeSolverInfo *
maze_solver_get_info (MazeSolverKind solver)
{
  g_return_val_if_fail ((guint) solver < MAZE_N_SOLVERS, NULL);
  return &solvers[solver].info;
}

const char *
maze_solver_to_string (MazeSolverKind solver)
{
  g_return_val_if_fail ((guint) solver < MAZE_N_SOLVERS, NULL);
  return solvers[solver].info.name;
}

gboolean
maze_solver_from_string (const char     *name,
                         MazeSolverKind *solver)
{
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (solver != NULL, FALSE);

  for (guint i = 0; i < MAZE_N_SOLVERS; i++)
    if (g_str_equal (solvers[i].info.name, name))
      {
        *solver = (MazeSolverKind) i;
        return TRUE;
      }
  return FALSE;
}

const char *
maze_solver_get_title (MazeSolverKind solver)
{
  g_return_val_if_fail ((guint) solver < MAZE_N_SOLVERS, NULL);
  return _(solvers[solver].info.title);
}

MazeSolverKind
maze_solver_for_answer (const MazeGrid *grid)
{
  g_return_val_if_fail (grid != NULL, MAZE_SOLVER_BFS);

  /* BFS's path on a maze without weights: as cheap, and the one every
   * answer showed before weights. */
  return grid->weights != NULL ? MAZE_SOLVER_DIJKSTRA : MAZE_SOLVER_BFS;
}

static gboolean
check_endpoint (const MazeGrid  *grid,
                guint32          cell,
                gboolean         is_start,
                GError         **error)
{
  guint x = cell % grid->width;
  guint y = cell / grid->width;

  if (cell < grid->n_cells)
    maze_grid_xy (grid, cell, &x, &y);
  if (cell >= grid->n_cells)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   is_start ? _("The start cell (%u,%u) lies outside the %u×%u maze")
                            : _("The end cell (%u,%u) lies outside the %u×%u maze"),
                   x, y, grid->width, grid->height);
      return FALSE;
    }
  if (maze_grid_is_masked (grid, cell))
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   is_start ? _("The start cell (%u,%u) is masked out of the maze")
                            : _("The end cell (%u,%u) is masked out of the maze"),
                   x, y);
      return FALSE;
    }
  return TRUE;
}

MazeSolution *
maze_solve (const MazeGrid      *grid,
            MazeSolverKind       solver,
            guint32              start,
            guint32              end,
            const MazeObserver  *observer,
            GError             **error)
{
  return maze_solve_full (grid, solver, start, end, observer, NULL, NULL, error);
}

MazeSolution *
maze_solve_full (const MazeGrid      *grid,
                 MazeSolverKind       solver,
                 guint32              start,
                 guint32              end,
                 const MazeObserver  *observer,
                 MazeStopFunc         stop,
                 gpointer             stop_data,
                 GError             **error)
{
  MazeSolution *solution;
  MazeStopCheck check;

  g_return_val_if_fail (grid != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((guint) solver >= MAZE_N_SOLVERS)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("Unknown solver %d"), (int) solver);
      return NULL;
    }
  if (!check_endpoint (grid, start, TRUE, error) ||
      !check_endpoint (grid, end, FALSE, error))
    return NULL;

  maze_stop_check_init (&check, stop, stop_data);
  solution = solvers[solver].func (grid, start, end, observer, &check, error);
  if (solution == NULL)
    return NULL;

  g_assert (solution->path_len >= 1);
  g_assert (solution->path[0] == start && solution->path[solution->path_len - 1] == end);

  if (observer != NULL)
    for (guint32 i = 0; i < solution->path_len; i++)
      MAZE_EMIT (observer, MAZE_EVENT_PATH, solution->path[i], MAZE_NO_CELL, -1, 0, i,
                 i == 0 ? MAZE_EVENT_STEP : 0);

  return solution;
}

void
maze_solution_free (MazeSolution *solution)
{
  if (solution == NULL)
    return;
  g_free (solution->path);
  g_free (solution);
}

guint64
maze_path_cost (const MazeGrid *grid,
                const guint32  *path,
                guint32         path_len)
{
  guint64 cost = 0;

  g_return_val_if_fail (grid != NULL, 0);
  g_return_val_if_fail (path != NULL || path_len == 0, 0);

  if (grid->weights == NULL)
    return path_len > 0 ? path_len - 1 : 0;
  for (guint32 i = 1; i < path_len; i++)
    cost += maze_grid_get_weight (grid, path[i]);
  return cost;
}

void
maze_solve_set_out_of_memory (GError **error)
{
  g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                       _("Not enough memory to solve a maze this large"));
}

void
maze_solve_set_cancelled (GError **error)
{
  g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_CANCELLED,
                       _("Solving the maze was cancelled"));
}

void
maze_solve_set_unreachable (const MazeGrid  *grid,
                            guint32          start,
                            guint32          end,
                            GError         **error)
{
  guint sx, sy, ex, ey;

  maze_grid_xy (grid, start, &sx, &sy);
  maze_grid_xy (grid, end, &ex, &ey);
  g_set_error (error, MAZE_ERROR, MAZE_ERROR_UNREACHABLE,
               _("There is no path from (%u,%u) to (%u,%u)"), sx, sy, ex, ey);
}

guint8 *
maze_solve_new_came_from (const MazeGrid *grid)
{
  const guint8 *cells = grid->cells;
  guint8 *came_from = g_try_malloc (grid->n_cells);

  if (came_from == NULL)
    return NULL;
  /* Branch-free, so that it vectorises: one pass at memory speed. */
  for (guint32 i = 0; i < grid->n_cells; i++)
    came_from[i] = (guint8) (-(guint) ((cells[i] & MAZE_CELL_MASKED) != 0) & MAZE_SOLVE_MASKED);
  return came_from;
}

MazeSolution *
maze_solution_from_path (const MazeGrid *grid,
                         MazeSolverKind  solver,
                         guint32        *path,
                         guint32         path_len,
                         guint64         explored)
{
  MazeSolution *solution = g_new0 (MazeSolution, 1);

  solution->solver = solver;
  solution->path = path;
  solution->path_len = path_len;
  solution->cost = maze_path_cost (grid, path, path_len);
  solution->explored = explored;
  return solution;
}

MazeSolution *
maze_solution_from_parents (const MazeGrid  *grid,
                            MazeSolverKind   solver,
                            const guint8    *came_from,
                            guint32          start,
                            guint32          end,
                            guint64          explored,
                            GError         **error)
{
  const MazeTopology *t = grid->topology;
  g_autofree guint32 *path = NULL;
  guint32 len = 0, size = 0;
  guint32 cell = end;
  guint x, y;

  /* One walk back from the end (each step waits for the last, so walk
   * once), then turn the path round. */
  maze_grid_xy (grid, end, &x, &y);
  for (;;)
    {
      guint back;

      if (len == size)
        {
          guint32 *bigger;

          /* Longer than the maze: the ways back go round, a solver wrote
           * a wrong one. */
          g_assert (len <= grid->n_cells);
          size = size ? size * 2 : 1024;
          bigger = size > len ? g_try_renew (guint32, path, size) : NULL;
          if (bigger == NULL)
            {
              maze_solve_set_out_of_memory (error);
              return NULL;
            }
          path = bigger;
        }
      path[len++] = cell;
      if (cell == start)
        break;
      back = came_from[cell] & MAZE_SOLVE_DIR;
      g_assert (back != MAZE_SOLVE_ROOT);
      if (t->irregular)
        {
          maze_grid_step (grid, x, y, back, &x, &y);
          cell = maze_grid_index (grid, x, y);
          continue;
        }
      cell = (guint32) (cell + (gint64) t->dy[back] * grid->width + t->dx[y & 1][back]);
      x += (guint) t->dx[y & 1][back];
      y += (guint) t->dy[back];
    }

  for (guint32 i = 0, j = len - 1; i < j; i++, j--)
    {
      guint32 tmp = path[i];

      path[i] = path[j];
      path[j] = tmp;
    }

  return maze_solution_from_path (grid, solver, g_steal_pointer (&path), len, explored);
}

guint
maze_walker_irregular_exits (const MazeWalker *w,
                             guint             x,
                             guint             y)
{
  return maze_grid_passage_mask (w->grid, x, y);
}

/* A passage through the outer border: only a broken grid has one. */
static gboolean
check_border (const MazeGrid  *grid,
              guint            x,
              guint            y,
              GError         **error)
{
  const MazeTopology *t = grid->topology;
  guint8 bits = grid->cells[maze_grid_index (grid, x, y)];

  for (guint d = 0; d < t->n_dirs; d++)
    {
      guint nx, ny;

      if (t->owned_bit[d] >= 0 && ((bits >> t->owned_bit[d]) & 1) &&
          !maze_grid_step (grid, x, y, d, &nx, &ny))
        {
          g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                       _("Cell (%u,%u) has a passage %s through the outer border"),
                       x, y, t->dir_names[d]);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
maze_walker_init (MazeWalker      *w,
                  const MazeGrid  *grid,
                  GError         **error)
{
  const MazeTopology *t = grid->topology;
  guint n_foreign = 0;

  memset (w, 0, sizeof *w);
  w->t = t;
  w->grid = grid;
  w->irregular = t->irregular;
  w->needs_xy = t->irregular;
  w->centre_rings = grid->polar != NULL && grid->polar->centre ? 2 : 0;
  w->cells = grid->cells;
  w->width = grid->width;
  w->n_cells = grid->n_cells;
  maze_divider_init (&w->div, grid->width);
  for (guint p = 0; p < 2; p++)
    for (guint d = 0; d < t->n_dirs; d++)
      {
        w->off[p][d] = t->dy[d] * (gint32) grid->width + t->dx[p][d];
        if (t->dx[p][d] != t->dx[0][d])
          w->needs_xy = TRUE;
      }
  for (guint d = 0; d < t->n_dirs; d++)
    {
      if (t->owned_bit[d] >= 0)
        {
          for (guint bits = 0; bits <= MAZE_CELL_PASSAGES; bits++)
            if ((bits >> t->owned_bit[d]) & 1)
              w->own_exits[bits] |= (guint8) (1u << d);
          continue;
        }
      g_assert (n_foreign < t->n_dirs / 2);
      w->foreign_dir[n_foreign] = (guint8) d;
      w->foreign_bit[n_foreign] = (guint8) (1u << t->owned_bit[t->opposite[d]]);
      n_foreign++;
      for (guint p = 0; p < 2; p++)
        if (t->dy[d] != 0 && t->dx[p][d] != 0)
          {
            if (t->dx[p][d] < 0)
              w->edge_left[p] |= (guint8) (1u << d);
            else
              w->edge_right[p] |= (guint8) (1u << d);
            w->needs_xy = TRUE;
          }
    }
  g_assert (n_foreign * 2 == t->n_dirs);

  /* Every cell of a circular maze lies on the border of a ring. */
  if (t->irregular)
    {
      for (guint y = 0; y < grid->height; y++)
        for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
          if (!check_border (grid, x, y, error))
            return FALSE;
      return TRUE;
    }
  for (guint y = 0; y < grid->height; y++)
    if (!check_border (grid, 0, y, error) || !check_border (grid, grid->width - 1, y, error))
      return FALSE;
  for (guint x = 0; x < grid->width; x++)
    if (!check_border (grid, x, 0, error) || !check_border (grid, x, grid->height - 1, error))
      return FALSE;
  return TRUE;
}

/* Every bucket starts with room, so a push always has its spare slot. */
gboolean
maze_bucket_queue_init (MazeBucketQueue *q,
                        guint64          first_key)
{
  memset (q, 0, sizeof *q);
  q->key = first_key;
  for (guint i = 0; i < MAZE_N_BUCKETS; i++)
    if (!maze_bucket_grow (&q->buckets[i]))
      {
        maze_bucket_queue_clear (q);
        return FALSE;
      }
  return TRUE;
}

void
maze_bucket_queue_clear (MazeBucketQueue *q)
{
  for (guint i = 0; i < MAZE_N_BUCKETS; i++)
    g_clear_pointer (&q->buckets[i].items, g_free);
  q->count = 0;
}

/* Room for n more entries and the spare slot. */
gboolean
maze_bucket_reserve (MazeBucket *b,
                     guint32     n)
{
  while (b->len + n >= b->size)
    if (!maze_bucket_grow (b))
      return FALSE;
  return TRUE;
}

gboolean
maze_bucket_grow (MazeBucket *b)
{
  guint32 size = b->size ? b->size * 2 : 16;
  guint32 *items;

  if (size <= b->size)
    return FALSE;
  items = g_try_renew (guint32, b->items, size);
  if (items == NULL)
    return FALSE;
  b->items = items;
  b->size = size;
  return TRUE;
}

gboolean
maze_ring_init (MazeRing *ring)
{
  ring->mask = 4096 - 1;
  ring->head = ring->tail = 0;
  ring->items = g_try_new (guint32, ring->mask + 1);
  return ring->items != NULL;
}

/* Doubles the ring; the cells waiting keep their counters. */
gboolean
maze_ring_grow (MazeRing *ring)
{
  guint32 size = (ring->mask + 1) * 2;
  guint32 *items;

  if (size == 0)
    return FALSE;
  items = g_try_new (guint32, size);
  if (items == NULL)
    return FALSE;
  for (guint32 i = ring->head; i != ring->tail; i++)
    items[i & (size - 1)] = ring->items[i & ring->mask];
  g_free (ring->items);
  ring->items = items;
  ring->mask = size - 1;
  return TRUE;
}
