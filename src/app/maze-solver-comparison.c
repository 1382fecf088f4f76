/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-solver-comparison.h"

#include <glib/gi18n.h>
#include <string.h>

#include "maze-number-format.h"
#include "maze-task-progress.h"

struct _MazeComparison
{
  gatomicrefcount    ref_count;

  MazeShape          shape;
  guint              width;
  guint              height;
  guint32            n_cells;   /* rings of one outer length may differ inside */
  guint32            start;
  guint32            end;
  guint32            open_cells;
  gboolean           weighted;
  gboolean           has_loops;   /* only worked out when the sentence needs it */

  MazeComparisonRow  rows[MAZE_N_SOLVERS];
  guint              n_rows;
  char              *explanation;
};

G_DEFINE_BOXED_TYPE (MazeComparison, maze_comparison, maze_comparison_ref, maze_comparison_unref)

/* The overlay arrays are filled from the solver's step trace: a cell gets
 * its number the first time it is visited (backtracking, wall follower)
 * or settled (the others), the events that the core's explored figure
 * counts. Without overlays, a byte per cell is enough to count them. */
typedef struct
{
  guint32 *order;      /* NULL: count in seen instead */
  guint32 *distance;   /* NULL: not recorded */
  guint8  *seen;
  guint32  next;
  guint32  distance_max;
} Recorder;

static void
record_event_cb (const MazeEvent *event,
                 gpointer         user_data)
{
  Recorder *rec = user_data;

  if (event->type != MAZE_EVENT_VISIT && event->type != MAZE_EVENT_SETTLE)
    return;
  if (rec->order == NULL)
    {
      rec->next += !rec->seen[event->cell];
      rec->seen[event->cell] = 1;
      return;
    }
  if (rec->order[event->cell] != MAZE_COMPARISON_NO_VALUE)
    return;
  rec->order[event->cell] = rec->next++;
  if (rec->distance != NULL && event->type == MAZE_EVENT_SETTLE)
    {
      rec->distance[event->cell] = event->value;
      rec->distance_max = MAX (rec->distance_max, event->value);
    }
}

static guint32 *
new_overlay_array (guint32 n_cells)
{
  guint32 *values = g_try_new (guint32, n_cells);

  if (values != NULL)
    memset (values, 0xff, (gsize) n_cells * sizeof *values);
  return values;
}

static void
clear_row (MazeComparisonRow *row)
{
  g_clear_pointer ((guint32 **) &row->path, g_free);
  g_clear_pointer ((guint32 **) &row->visit_order, g_free);
  g_clear_pointer ((guint32 **) &row->distance, g_free);
}

static MazeComparison *
comparison_new (const MazeGrid *grid,
                guint32         start,
                guint32         end)
{
  MazeComparison *self = g_new0 (MazeComparison, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->shape = grid->shape;
  self->width = grid->width;
  self->height = grid->height;
  self->n_cells = grid->n_cells;
  self->start = start;
  self->end = end;
  return self;
}

MazeComparison *
maze_comparison_ref (MazeComparison *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
maze_comparison_unref (MazeComparison *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  for (guint i = 0; i < self->n_rows; i++)
    clear_row (&self->rows[i]);
  g_free (self->explanation);
  g_free (self);
}

/* Weights only matter when some open cell costs more than 1. */
static gboolean
grid_is_weighted (const MazeGrid *grid)
{
  if (grid->weights == NULL)
    return FALSE;
  for (guint32 i = 0; i < grid->n_cells; i++)
    if (grid->weights[i] != 1 && !maze_grid_is_masked (grid, i))
      return TRUE;
  return FALSE;
}

/* A forest of c trees over n cells has n - c passages; any more make a
 * loop. Counting the components costs a sweep, needed only when the
 * passages alone cannot tell. */
static gboolean
grid_has_loops (const MazeGrid *grid,
                guint32         open_cells)
{
  guint32 passages = maze_grid_count_passages (grid);

  if (passages >= open_cells)
    return open_cells > 0;
  return passages + maze_grid_count_components (grid, NULL, TRUE) > open_cells;
}

/* Runs solver for the table (timed, no observer) and, when overlays are
 * wanted or the solver did not reach the end (the core gives no explored
 * figure then), once more with a recorder. */
static gboolean
run_solver (const MazeGrid       *grid,
            MazeSolverKind        solver,
            guint32               start,
            guint32               end,
            MazeComparisonFlags   flags,
            GCancellable         *cancellable,
            MazeComparisonRow    *row,
            GError              **error)
{
  g_autoptr(MazeSolution) solution = NULL;
  g_autoptr(MazeSolution) observed = NULL;
  g_autoptr(GError) local_error = NULL;
  gboolean want_overlays = (flags & MAZE_COMPARISON_OVERLAYS) != 0 &&
                           grid->n_cells <= MAZE_COMPARISON_OVERLAY_MAX_CELLS;
  Recorder rec = { NULL, NULL, NULL, 0, 0 };
  MazeObserver observer = { record_event_cb, &rec };
  gint64 begin;

  row->solver = solver;
  row->title = maze_solver_get_title (solver);

  begin = g_get_monotonic_time ();
  /* A cancel stops the search itself. */
  solution = maze_solve_full (grid, solver, start, end, NULL, maze_task_stop_if_cancelled,
                              cancellable, &local_error);
  row->time_us = g_get_monotonic_time () - begin;

  if (solution != NULL)
    {
      row->reached = TRUE;
      row->path_len = solution->path_len;
      row->path = g_steal_pointer (&solution->path);
      row->cost = solution->cost;
      row->explored = solution->explored;
    }
  else if (!g_error_matches (local_error, MAZE_ERROR, MAZE_ERROR_UNREACHABLE))
    {
      g_propagate_error (error, maze_task_map_cancelled (g_steal_pointer (&local_error)));
      return FALSE;
    }

  if (want_overlays)
    {
      /* Overlays are a bonus: without the memory, the table alone. */
      rec.order = new_overlay_array (grid->n_cells);
      if (rec.order != NULL && maze_solver_get_info (solver)->settles_by_distance)
        rec.distance = new_overlay_array (grid->n_cells);
    }
  if (rec.order == NULL)
    {
      if (row->reached)
        return TRUE;
      /* The explored figure needs the recorder: no way round it. */
      rec.seen = g_try_malloc0 (grid->n_cells);
      if (rec.seen == NULL)
        {
          g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                               _("Not enough memory to compare the solvers on a maze this large"));
          return FALSE;
        }
    }

  /* A superseded run stops as early as it can: it may hold a lot of
   * memory. */
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      g_free (rec.seen);
      g_free (rec.order);
      g_free (rec.distance);
      return FALSE;
    }
  g_clear_error (&local_error);
  observed = maze_solve_full (grid, solver, start, end, &observer, maze_task_stop_if_cancelled,
                              cancellable, &local_error);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      g_free (rec.seen);
      g_free (rec.order);
      g_free (rec.distance);
      return FALSE;
    }
  if (observed == NULL && row->reached)
    {
      /* The same search, watched, can only fail for want of memory: the
       * table alone, then. */
      g_free (rec.order);
      g_free (rec.distance);
      return TRUE;
    }

  if (!row->reached)
    row->explored = rec.next;
  g_free (rec.seen);
  if (rec.order != NULL)
    {
      row->visit_order = rec.order;
      row->visit_max = rec.next > 0 ? rec.next - 1 : 0;
      row->distance = rec.distance;
      row->distance_max = rec.distance_max;
    }
  return TRUE;
}

/* The sentence under the table, from backtracking's and Dijkstra's rows:
 * - no path at all;
 * - Dijkstra's path is cheaper (weighted) or shorter (loops, no weights);
 * - no loops: there is one path, every solver finds it, and backtracking
 *   and Dijkstra's differ in how much they explored;
 * - loops, but backtracking's path costs the same: it was lucky. */
static char *
explain (const MazeComparison *self)
{
  const MazeComparisonRow *bt = maze_comparison_find_row (self, MAZE_SOLVER_BACKTRACKING);
  const MazeComparisonRow *dj = maze_comparison_find_row (self, MAZE_SOLVER_DIJKSTRA);
  g_autofree char *bt_explored = maze_format_count (bt->explored);
  g_autofree char *dj_explored = maze_format_count (dj->explored);
  gulong n = (gulong) MIN (bt->explored, G_MAXULONG);

  if (!bt->reached || !dj->reached)
    return g_strdup (_("No path leads from the start to the end."));

  if (dj->cost < bt->cost)
    {
      if (self->weighted)
        {
          g_autofree char *dj_cost = maze_format_count (dj->cost);
          g_autofree char *bt_cost = maze_format_count (bt->cost);

          /* Translators: the path costs of Dijkstra's algorithm and of backtracking */
          return g_strdup_printf (_("Dijkstra’s path is cheaper: it costs %s, backtracking’s %s."),
                                  dj_cost, bt_cost);
        }
      else
        {
          g_autofree char *dj_len = maze_format_count (dj->path_len);
          g_autofree char *bt_len = maze_format_count (bt->path_len);

          return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               /* Translators: path lengths in cells, Dijkstra's then backtracking's */
                                               "Dijkstra’s path is shorter: %s cell against backtracking’s %s.",
                                               "Dijkstra’s path is shorter: %s cells against backtracking’s %s.",
                                               dj->path_len),
                                  dj_len, bt_len);
        }
    }

  if (!self->has_loops)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         /* Translators: cells explored by backtracking, then by
                                          * Dijkstra's algorithm. The table may list five solvers:
                                          * this says all of them find the one path. */
                                         "The maze has one path only: every solver finds it. Backtracking explored %s cell, Dijkstra’s algorithm %s.",
                                         "The maze has one path only: every solver finds it. Backtracking explored %s cells, Dijkstra’s algorithm %s.",
                                         n),
                            bt_explored, dj_explored);
  if (self->weighted)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         /* Translators: cells explored by backtracking, then by Dijkstra's algorithm */
                                         "Backtracking happens to find a cheapest path too; it explored %s cell, Dijkstra %s.",
                                         "Backtracking happens to find a cheapest path too; it explored %s cells, Dijkstra %s.",
                                         n),
                            bt_explored, dj_explored);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       /* Translators: cells explored by backtracking, then by Dijkstra's algorithm */
                                       "Backtracking happens to find a shortest path too; it explored %s cell, Dijkstra %s.",
                                       "Backtracking happens to find a shortest path too; it explored %s cells, Dijkstra %s.",
                                       n),
                          bt_explored, dj_explored);
}

MazeComparison *
maze_comparison_run (const MazeGrid       *grid,
                     guint32               start,
                     guint32               end,
                     guint                 solvers,
                     MazeComparisonFlags   flags,
                     GCancellable         *cancellable,
                     GError              **error)
{
  g_autoptr(MazeComparison) self = NULL;
  const MazeComparisonRow *bt, *dj;
  guint64 least = G_MAXUINT64;

  g_return_val_if_fail (grid != NULL, NULL);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  solvers = (solvers & MAZE_COMPARISON_ALL) | MAZE_COMPARISON_BASIC;
  self = comparison_new (grid, start, end);

  for (guint s = 0; s < MAZE_N_SOLVERS; s++)
    {
      MazeComparisonRow *row;

      if (!(solvers & MAZE_SOLVER_BIT (s)))
        continue;
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      row = &self->rows[self->n_rows++];
      if (!run_solver (grid, (MazeSolverKind) s, start, end, flags, cancellable, row, error))
        return NULL;
      if (row->reached)
        least = MIN (least, row->cost);
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  self->open_cells = maze_grid_count_open (grid);
  self->weighted = grid_is_weighted (grid);
  /* Only the sentence for equal costs asks whether there are loops, and
   * the check can cost a sweep over the maze. */
  bt = maze_comparison_find_row (self, MAZE_SOLVER_BACKTRACKING);
  dj = maze_comparison_find_row (self, MAZE_SOLVER_DIJKSTRA);
  if (bt->reached && dj->reached && bt->cost == dj->cost)
    self->has_loops = grid_has_loops (grid, self->open_cells);
  for (guint i = 0; i < self->n_rows; i++)
    {
      MazeComparisonRow *row = &self->rows[i];

      row->cheapest = row->reached && row->cost == least;
      row->explored_percent = self->open_cells > 0
                              ? (double) row->explored * 100.0 / self->open_cells
                              : 0.0;
    }
  self->explanation = explain (self);

  return g_steal_pointer (&self);
}

guint
maze_comparison_get_n_rows (const MazeComparison *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_rows;
}

const MazeComparisonRow *
maze_comparison_get_row (const MazeComparison *self,
                         guint                 index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->n_rows, NULL);

  return &self->rows[index];
}

const MazeComparisonRow *
maze_comparison_find_row (const MazeComparison *self,
                          MazeSolverKind        solver)
{
  g_return_val_if_fail (self != NULL, NULL);

  for (guint i = 0; i < self->n_rows; i++)
    if (self->rows[i].solver == solver)
      return &self->rows[i];
  return NULL;
}

const char *
maze_comparison_get_explanation (const MazeComparison *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->explanation;
}

guint32
maze_comparison_get_start (const MazeComparison *self)
{
  g_return_val_if_fail (self != NULL, MAZE_NO_CELL);

  return self->start;
}

guint32
maze_comparison_get_end (const MazeComparison *self)
{
  g_return_val_if_fail (self != NULL, MAZE_NO_CELL);

  return self->end;
}

guint32
maze_comparison_get_open_cells (const MazeComparison *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->open_cells;
}

gboolean
maze_comparison_get_weighted (const MazeComparison *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->weighted;
}

gboolean
maze_comparison_fits (const MazeComparison *self,
                      const MazeGrid       *grid)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (grid != NULL, FALSE);

  return grid->shape == self->shape && grid->width == self->width &&
         grid->height == self->height && grid->n_cells == self->n_cells;
}

void
maze_comparison_row_apply (const MazeComparisonRow *row,
                           MazeComparisonHeat       heat,
                           MazeRenderOptions       *options)
{
  gboolean distance;

  g_return_if_fail (row != NULL);
  g_return_if_fail (options != NULL);

  options->solution = row->reached ? row->path : NULL;
  options->solution_len = row->reached ? row->path_len : 0;

  distance = heat == MAZE_COMPARISON_HEAT_DISTANCE && row->distance != NULL;
  options->overlay_values = distance ? row->distance : row->visit_order;
  options->overlay_max = distance ? row->distance_max : row->visit_max;
  options->overlay_kind = options->overlay_values != NULL ? MAZE_OVERLAY_HEAT : MAZE_OVERLAY_NONE;
}

/* The asynchronous runner */

struct _MazeSolverComparison
{
  GObject       parent_instance;

  GTask        *task;          /* the latest run, until it calls back */
  GCancellable *cancellable;   /* the latest run's own */
};

G_DEFINE_FINAL_TYPE (MazeSolverComparison, maze_solver_comparison, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_RUNNING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

typedef struct
{
  MazeGrid            *grid;           /* the private copy */
  guint32              start;
  guint32              end;
  guint                solvers;
  MazeComparisonFlags  flags;
  GCancellable        *caller;         /* the caller's cancellable, or NULL */
  gulong               caller_handler;
} RunData;

static void
run_data_free (RunData *data)
{
  if (data->caller != NULL)
    {
      g_cancellable_disconnect (data->caller, data->caller_handler);
      g_object_unref (data->caller);
    }
  maze_grid_free (data->grid);
  g_free (data);
}

static void
run_thread (GTask        *task,
            gpointer      source_object,
            gpointer      task_data,
            GCancellable *cancellable)
{
  RunData *data = task_data;
  GError *error = NULL;
  MazeComparison *result;

  /* A task cancelled before it started still gets here, carrying the
   * error GTask set for it: g_task_return_error_if_cancelled() replaces
   * that error where g_task_return_error() would leak it. */
  if (g_task_return_error_if_cancelled (task))
    return;

  result = maze_comparison_run (data->grid, data->start, data->end, data->solvers,
                                data->flags, cancellable, &error);
  if (result != NULL)
    g_task_return_pointer (task, result, (GDestroyNotify) maze_comparison_unref);
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_error_free (error);
      g_task_return_error_if_cancelled (task);
    }
  else
    g_task_return_error (task, error);
}

static void
forward_cancel_cb (GCancellable *caller,
                   GCancellable *own)
{
  g_cancellable_cancel (own);
}

static void
set_running_done (MazeSolverComparison *self,
                  GTask                *task)
{
  if (self->task != task)
    return;
  g_clear_object (&self->task);
  g_clear_object (&self->cancellable);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static void
task_completed_cb (GTask                *task,
                   GParamSpec           *pspec,
                   MazeSolverComparison *self)
{
  set_running_done (self, task);
}

MazeSolverComparison *
maze_solver_comparison_new (void)
{
  return g_object_new (MAZE_TYPE_SOLVER_COMPARISON, NULL);
}

void
maze_solver_comparison_run_async (MazeSolverComparison *self,
                                  const MazeGrid       *grid,
                                  guint32               start,
                                  guint32               end,
                                  guint                 solvers,
                                  MazeComparisonFlags   flags,
                                  GCancellable         *cancellable,
                                  GAsyncReadyCallback   callback,
                                  gpointer              user_data)
{
  g_autoptr(GTask) task = NULL;
  GCancellable *own;
  RunData *data;
  gboolean was_running;

  g_return_if_fail (MAZE_IS_SOLVER_COMPARISON (self));
  g_return_if_fail (grid != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  /* The newer request wins: the older one calls back cancelled. */
  was_running = self->task != NULL;
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->task);
  g_clear_object (&self->cancellable);

  own = g_cancellable_new ();
  data = g_new0 (RunData, 1);
  data->grid = maze_grid_copy (grid);
  data->start = start;
  data->end = end;
  data->solvers = solvers;
  data->flags = flags;

  task = g_task_new (self, own, callback, user_data);
  g_task_set_source_tag (task, maze_solver_comparison_run_async);
  g_task_set_name (task, "[mazewright] solver comparison");
  g_task_set_task_data (task, data, (GDestroyNotify) run_data_free);
  /* A superseded or cancelled run calls back at once; its thread ends
   * after the solver it is in, and its result is dropped. */
  g_task_set_return_on_cancel (task, TRUE);

  if (cancellable != NULL)
    {
      data->caller = g_object_ref (cancellable);
      data->caller_handler = g_cancellable_connect (cancellable, G_CALLBACK (forward_cancel_cb),
                                                    g_object_ref (own), g_object_unref);
    }

  self->task = g_object_ref (task);
  self->cancellable = own;
  g_signal_connect_object (task, "notify::completed", G_CALLBACK (task_completed_cb), self, 0);

  if (!was_running)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);

  g_task_run_in_thread (task, run_thread);
}

MazeComparison *
maze_solver_comparison_run_finish (MazeSolverComparison  *self,
                                   GAsyncResult          *result,
                                   GError               **error)
{
  g_return_val_if_fail (MAZE_IS_SOLVER_COMPARISON (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) ==
                        maze_solver_comparison_run_async, NULL);

  /* The caller may start the next run from here: not running any more. */
  set_running_done (self, G_TASK (result));
  return g_task_propagate_pointer (G_TASK (result), error);
}

void
maze_solver_comparison_cancel (MazeSolverComparison *self)
{
  g_return_if_fail (MAZE_IS_SOLVER_COMPARISON (self));

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}

gboolean
maze_solver_comparison_get_running (MazeSolverComparison *self)
{
  g_return_val_if_fail (MAZE_IS_SOLVER_COMPARISON (self), FALSE);

  return self->task != NULL;
}

static void
maze_solver_comparison_dispose (GObject *object)
{
  MazeSolverComparison *self = MAZE_SOLVER_COMPARISON (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->task);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (maze_solver_comparison_parent_class)->dispose (object);
}

static void
maze_solver_comparison_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  MazeSolverComparison *self = MAZE_SOLVER_COMPARISON (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, maze_solver_comparison_get_running (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
maze_solver_comparison_class_init (MazeSolverComparisonClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = maze_solver_comparison_dispose;
  object_class->get_property = maze_solver_comparison_get_property;

  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL,
                          FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
maze_solver_comparison_init (MazeSolverComparison *self)
{
}
