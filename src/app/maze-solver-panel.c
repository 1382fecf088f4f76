/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-solver-panel.h"
#include "maze-solver-panel-private.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "maze-compat.h"
#include "maze-narration.h"
#include "maze-number-format.h"
#include "maze-render-private.h"
#include "maze-slider-settle.h"
#include "maze-solve-endpoints.h"

/* Every change of the maze restarts the comparison; wait this long for
 * the last of a burst (a brush stroke, an undo held down). */
#define RUN_DELAY_MS 100

/* The braid slider fires on every step while dragged; braid once it
 * rests, as the settings panel does. */
#define BRAID_SETTLE_MS 350

/* The table: a row of headings, then two rows a solver: the swatch and
 * the "show the path" check with the solver's name, then its figures
 * under the headings. Narrow enough for a side panel. */
#define COLUMN_SWATCH  0
#define COLUMN_FIGURES 1

/* Pixels per step of the legend's path samples, so their dashes look as
 * on a maze of about that cell size. */
#define SWATCH_STEP 12.0

typedef struct
{
  GtkWidget *swatch;
  GtkWidget *check;
  GtkWidget *figures[MAZE_N_SOLVER_COLUMNS];
  GtkWidget *cells[MAZE_N_SOLVER_COLUMNS];   /* what the grid holds: a figure, or a box */
  GtkWidget *cheapest;                       /* in the Cost box with mud, else the Length box */
} Row;

typedef struct
{
  int                solver;   /* -1: none */
  MazeComparisonHeat heat;
} HeatItem;

struct _MazeSolverPanel
{
  GtkWidget             parent_instance;

  /* Template widgets */
  GtkStack             *stack;
  MazePlaybackView     *playback_view;
  GtkSpinner           *spinner;
  GtkCheckButton       *bfs_check;
  GtkCheckButton       *astar_check;
  GtkCheckButton       *wall_check;
  GtkGrid              *table;
  GtkLabel             *explanation_label;
  AdwComboRow          *heat_row;
  GtkStringList        *heat_list;
  GtkWidget            *legend_row;
  GtkLabel             *legend_low;
  GtkLabel             *legend_high;
  GtkDrawingArea       *legend_ramp;
  GtkScale             *braid_scale;
  GtkWidget            *weight_button;
  GtkWidget            *reset_button;
  AdwActionRow         *from_row;
  AdwActionRow         *to_row;

  /* Owned */
  MazeDocument         *document;
  MazeCanvas           *canvas;
  MazeSolverComparison *runner;
  MazeComparison       *comparison;
  MazeOverlay          *overlay;       /* what the Compare page shows on the canvas */
  MazeOverlay          *marks;         /* the solve endpoints' markers, on the canvas */
  guint32               solve_start;   /* MAZE_NO_CELL: the maze's own */
  guint32               solve_end;
  MazeShape             solve_shape;   /* the maze they were placed in */
  guint                 solve_width;
  guint                 solve_height;
  guint32               solve_cells;    /* rings of one outer length may differ inside */
  MazeSolverPanelPick   pick;          /* what the canvas's pick tool places */
  Row                   rows[MAZE_N_SOLVERS];
  GtkWidget            *cost_header;
  HeatItem              heat_items[1 + 2 * MAZE_N_SOLVERS];
  guint                 n_heat_items;
  HeatItem              heat;          /* the user's choice, kept across runs */
  gboolean              show_path[MAZE_N_SOLVERS];
  guint                 run_source;
  gboolean              run_stale;    /* the maze changed while Playback showed */
  MazeSliderSettle     *braid_settle;
  guint                 updating;      /* > 0: controls set by code */
  gboolean              active;
  /* The solvers' own endpoints while the panel is away (their rings
   * would mean nothing on the maze), and the maze they were for. */
  guint32               saved_start;
  guint32               saved_end;
  guint32               saved_n_cells;
};

G_DEFINE_FINAL_TYPE (MazeSolverPanel, maze_solver_panel, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_CANVAS,
  PROP_SOLVE_START,
  PROP_SOLVE_END,
  PROP_ACTIVE,
  PROP_RUNNING,
  PROP_COMPARISON,
  N_PROPS
};

enum {
  BRAID_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void queue_run     (MazeSolverPanel *self);
static void update_layers (MazeSolverPanel *self);

/* ---- Figures ---- */

static char *
format_time (gint64 us)
{
  double ms = us / 1000.0;

  if (us < 1000)
    /* Translators: a solver's run time in microseconds */
    return g_strdup_printf (_("%u µs"), (guint) MAX (us, 0));
  if (ms < 10)
    /* Translators: a solver's run time in milliseconds */
    return g_strdup_printf (_("%.1f ms"), ms);
  if (ms < 1000)
    /* Translators: a solver's run time in milliseconds */
    return g_strdup_printf (_("%.0f ms"), ms);
  /* Translators: a solver's run time in seconds */
  return g_strdup_printf (_("%.1f s"), ms / 1000);
}

static void
set_figure (Row              *row,
            MazeSolverColumn  column,
            const char       *text)
{
  gtk_label_set_label (GTK_LABEL (row->figures[column]), text);
}

/* Without mud a path's cost is its length less one (a step a cell), so
 * a Cost column would only repeat Length, off by one, and puzzle the
 * reader: it shows with mud only, and the mark of the cheapest path
 * moves to Length, where it means the shortest. */
static void
place_cheapest_mark (Row      *row,
                     gboolean  weighted)
{
  GtkWidget *box = row->cells[weighted ? MAZE_SOLVER_COLUMN_COST : MAZE_SOLVER_COLUMN_LENGTH];
  GtkWidget *parent = gtk_widget_get_parent (row->cheapest);

  if (parent == box)
    return;
  g_object_ref (row->cheapest);
  gtk_box_remove (GTK_BOX (parent), row->cheapest);
  gtk_box_prepend (GTK_BOX (box), row->cheapest);
  g_object_unref (row->cheapest);
  gtk_widget_set_tooltip_text (row->cheapest, weighted ? _("The cheapest path") : _("The shortest path"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->cheapest), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  weighted ? _("Cheapest") : _("Shortest"), -1);
}

static void
show_row (MazeSolverPanel         *self,
          MazeSolverKind           solver,
          const MazeComparisonRow *figures)
{
  Row *row = &self->rows[solver];
  gboolean weighted;
  g_autofree char *length = NULL;
  g_autofree char *cost = NULL;
  g_autofree char *explored = NULL;
  g_autofree char *percent = NULL;
  g_autofree char *time = NULL;

  gtk_widget_set_visible (row->swatch, figures != NULL);
  gtk_widget_set_visible (row->check, figures != NULL);
  for (guint c = 0; c < MAZE_N_SOLVER_COLUMNS; c++)
    gtk_widget_set_visible (row->cells[c], figures != NULL);
  if (figures == NULL)
    return;

  weighted = self->comparison != NULL && maze_comparison_get_weighted (self->comparison);
  gtk_widget_set_visible (row->cells[MAZE_SOLVER_COLUMN_COST], weighted);
  place_cheapest_mark (row, weighted);
  /* A solver that did not get there has no path and no cost. */
  length = figures->reached ? maze_format_count (figures->path_len) : g_strdup ("—");
  cost = figures->reached ? maze_format_count (figures->cost) : g_strdup ("—");
  explored = maze_format_count (figures->explored);
  /* Translators: the share of the maze a solver explored */
  percent = g_strdup_printf (_("%.1f %%"), figures->explored_percent);
  time = format_time (figures->time_us);
  set_figure (row, MAZE_SOLVER_COLUMN_LENGTH, length);
  set_figure (row, MAZE_SOLVER_COLUMN_COST, cost);
  set_figure (row, MAZE_SOLVER_COLUMN_EXPLORED, explored);
  set_figure (row, MAZE_SOLVER_COLUMN_PERCENT, percent);
  set_figure (row, MAZE_SOLVER_COLUMN_TIME, time);
  gtk_widget_set_visible (row->cheapest, figures->cheapest);
  gtk_check_button_set_label (GTK_CHECK_BUTTON (row->check), figures->title);
}

static guint
wanted_solvers (MazeSolverPanel *self)
{
  guint solvers = MAZE_COMPARISON_BASIC;

  if (gtk_check_button_get_active (self->bfs_check))
    solvers |= MAZE_SOLVER_BIT (MAZE_SOLVER_BFS);
  if (gtk_check_button_get_active (self->astar_check))
    solvers |= MAZE_SOLVER_BIT (MAZE_SOLVER_ASTAR);
  if (gtk_check_button_get_active (self->wall_check))
    solvers |= MAZE_SOLVER_BIT (MAZE_SOLVER_WALL_FOLLOWER);
  return solvers;
}

/* ---- Heat map choices ---- */

static void
update_legend (MazeSolverPanel *self)
{
  const MazeComparisonRow *row = NULL;
  g_autofree char *high = NULL;
  g_autofree char *count = NULL;

  if (self->comparison != NULL && self->heat.solver >= 0)
    row = maze_comparison_find_row (self->comparison, (MazeSolverKind) self->heat.solver);
  gtk_widget_set_visible (self->legend_row, row != NULL && row->visit_order != NULL);
  if (row == NULL)
    return;
  if (self->heat.heat == MAZE_COMPARISON_HEAT_DISTANCE && row->distance != NULL)
    {
      /* Translators: the two ends of the heat map's scale: the start... */
      gtk_label_set_label (self->legend_low, _("Near"));
      /* Translators: ...and the greatest distance reached */
      count = maze_format_count (row->distance_max);
      high = g_strdup_printf (_("Far (%s)"), count);
    }
  else
    {
      /* Translators: the two ends of the heat map's scale: the first
       * cell explored... */
      gtk_label_set_label (self->legend_low, _("First"));
      /* Translators: ...and the last, with how many were explored */
      count = maze_format_count ((guint64) row->visit_max + 1);
      high = g_strdup_printf (_("Last (%s)"), count);
    }
  gtk_label_set_label (self->legend_high, high);
  gtk_widget_queue_draw (GTK_WIDGET (self->legend_ramp));
}

static gboolean
list_equals (GtkStringList *list,
             GPtrArray     *strings)
{
  if (g_list_model_get_n_items (G_LIST_MODEL (list)) != strings->len)
    return FALSE;
  for (guint i = 0; i < strings->len; i++)
    if (g_strcmp0 (gtk_string_list_get_string (list, i), g_ptr_array_index (strings, i)) != 0)
      return FALSE;
  return TRUE;
}

/* Offers none, then each solver run's visit order, then the distances of
 * Dijkstra's algorithm; keeps the user's choice when it is still there. */
static void
fill_heat_list (MazeSolverPanel *self)
{
  g_autoptr(GPtrArray) titles = g_ptr_array_new_with_free_func (g_free);
  guint selected = 0;

  self->updating++;
  self->n_heat_items = 0;
  self->heat_items[self->n_heat_items++] = (HeatItem) { -1, MAZE_COMPARISON_HEAT_VISIT_ORDER };
  g_ptr_array_add (titles, g_strdup (_("None")));
  if (self->comparison != NULL)
    {
      for (guint i = 0; i < maze_comparison_get_n_rows (self->comparison); i++)
        {
          const MazeComparisonRow *row = maze_comparison_get_row (self->comparison, i);

          if (row->visit_order == NULL)
            continue;
          self->heat_items[self->n_heat_items++] = (HeatItem) { row->solver, MAZE_COMPARISON_HEAT_VISIT_ORDER };
          /* Translators: a heat map choice: a solver's name. The kind of
           * map comes first so that two choices of one solver differ
           * early. */
          g_ptr_array_add (titles, g_strdup_printf (_("Visit order: %s"), row->title));
          if (row->solver == MAZE_SOLVER_DIJKSTRA && row->distance != NULL)
            {
              self->heat_items[self->n_heat_items++] = (HeatItem) { row->solver, MAZE_COMPARISON_HEAT_DISTANCE };
              /* Translators: a heat map choice: a solver's name */
              g_ptr_array_add (titles, g_strdup_printf (_("Distance: %s"), row->title));
            }
        }
    }
  for (guint i = 0; i < self->n_heat_items; i++)
    if (self->heat_items[i].solver == self->heat.solver &&
        (self->heat.solver < 0 || self->heat_items[i].heat == self->heat.heat))
      selected = i;

  /* Rebuilding an unchanged list would close the popover under the user. */
  if (!list_equals (self->heat_list, titles))
    {
      g_ptr_array_add (titles, NULL);
      gtk_string_list_splice (self->heat_list, 0,
                              g_list_model_get_n_items (G_LIST_MODEL (self->heat_list)),
                              (const char * const *) titles->pdata);
    }
  if (adw_combo_row_get_selected (self->heat_row) != selected)
    adw_combo_row_set_selected (self->heat_row, selected);
  self->updating--;
  update_legend (self);
}

/* The choices in the popup wrap instead of being cut at twenty
 * characters, where libadwaita's own labels stop: "Dijkstra’s algorithm"
 * alone is that long. A check marks the selected one, as there. */
static void
heat_item_setup_cb (GtkSignalListItemFactory *factory,
                    GtkListItem              *item,
                    gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *check = gtk_image_new_from_icon_name ("object-select-symbolic");

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 30);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), check);
  g_object_bind_property (item, "selected", check, "visible", G_BINDING_SYNC_CREATE);
  gtk_list_item_set_child (item, box);
}

static void
heat_item_bind_cb (GtkSignalListItemFactory *factory,
                   GtkListItem              *item,
                   gpointer                  user_data)
{
  GtkWidget *label = gtk_widget_get_first_child (gtk_list_item_get_child (item));
  GtkStringObject *string = gtk_list_item_get_item (item);

  gtk_label_set_label (GTK_LABEL (label), gtk_string_object_get_string (string));
}

static void
heat_selected_cb (MazeSolverPanel *self)
{
  guint selected = adw_combo_row_get_selected (self->heat_row);

  if (self->updating || selected >= self->n_heat_items)
    return;
  self->heat = self->heat_items[selected];
  update_legend (self);
  update_layers (self);
}

/* ---- The canvas ---- */

static void
clear_layers (MazeSolverPanel *self)
{
  maze_overlay_clear (self->overlay);
}

/* The paths shown, each in the slot of its solver (so in the colour and
 * dashes of its swatch), and the heat map chosen, in the panel's
 * overlay. */
static void
update_layers (MazeSolverPanel *self)
{
  const MazeComparisonRow *heat_row = NULL;
  const MazeGrid *grid;
  MazeColor color;
  const guint32 *values;
  guint32 max;

  if (!self->active || self->comparison == NULL || self->document == NULL ||
      !maze_comparison_fits (self->comparison, maze_document_get_grid (self->document)))
    {
      clear_layers (self);
      return;
    }
  grid = maze_document_get_grid (self->document);
  maze_overlay_set_size (self->overlay, grid);

  for (guint s = 0; s < MAZE_N_SOLVERS; s++)
    {
      const MazeComparisonRow *row = maze_comparison_find_row (self->comparison, s);

      if (row != NULL && row->reached && self->show_path[s])
        maze_overlay_set_path (self->overlay, s, row->path, row->path_len);
      else
        maze_overlay_set_path (self->overlay, s, NULL, 0);
    }

  if (self->heat.solver >= 0)
    heat_row = maze_comparison_find_row (self->comparison, (MazeSolverKind) self->heat.solver);
  if (heat_row == NULL || heat_row->visit_order == NULL)
    {
      maze_overlay_set_heat_map (self->overlay, MAZE_OVERLAY_NONE, NULL, 0, NULL);
      return;
    }
  if (self->heat.heat == MAZE_COMPARISON_HEAT_DISTANCE && heat_row->distance != NULL)
    {
      values = heat_row->distance;
      max = heat_row->distance_max;
    }
  else
    {
      values = heat_row->visit_order;
      max = heat_row->visit_max;
    }
  maze_render_path_palette (heat_row->solver, &color, NULL);
  color.alpha = MAZE_SOLVER_PANEL_HEAT_ALPHA;
  maze_overlay_set_heat_map (self->overlay, MAZE_OVERLAY_HEAT, values, max, &color);
}

static gboolean
playback_page_shown (MazeSolverPanel *self)
{
  return self->active && g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "playback") == 0;
}

/* Each page shows its own overlay on the canvas while it is on screen:
 * the Compare page's (the panel's) or the Playback page's. */
static void
sync_page (MazeSolverPanel *self)
{
  if (playback_page_shown (self))
    {
      if (self->canvas != NULL)
        maze_canvas_remove_overlay (self->canvas, self->overlay);
      maze_playback_view_set_showing (self->playback_view, TRUE);
    }
  else
    {
      maze_playback_view_set_showing (self->playback_view, FALSE);
      if (self->canvas != NULL)
        maze_canvas_add_overlay (self->canvas, self->overlay);
      if (self->run_stale)
        queue_run (self);
      update_layers (self);
    }
}

/* ---- Running ---- */

static void
show_comparison (MazeSolverPanel *self,
                 MazeComparison  *comparison,
                 const GError    *error)
{
  if (self->comparison != comparison)
    {
      g_clear_pointer (&self->comparison, maze_comparison_unref);
      if (comparison != NULL)
        self->comparison = maze_comparison_ref (comparison);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPARISON]);
    }

  for (guint s = 0; s < MAZE_N_SOLVERS; s++)
    show_row (self, s, comparison != NULL ? maze_comparison_find_row (comparison, s) : NULL);
  gtk_widget_set_visible (self->cost_header,
                          comparison != NULL && maze_comparison_get_weighted (comparison));
  if (comparison != NULL)
    gtk_label_set_label (self->explanation_label, maze_comparison_get_explanation (comparison));
  else if (error != NULL)
    gtk_label_set_label (self->explanation_label, error->message);
  else
    gtk_label_set_label (self->explanation_label, "");
  fill_heat_list (self);
  update_layers (self);
}

static void
comparison_done_cb (GObject      *source_object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(MazeSolverPanel) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeComparison) comparison = NULL;

  comparison = maze_solver_comparison_run_finish (MAZE_SOLVER_COMPARISON (source_object), result, &error);
  /* Superseded by a newer run (its own callback comes), or stopped. */
  if (comparison == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (!self->active || self->runner == NULL)
    return;
  show_comparison (self, comparison, error);
}

static gboolean
run_cb (gpointer user_data)
{
  MazeSolverPanel *self = user_data;
  guint32 start, end;

  self->run_source = 0;
  if (!self->active || self->document == NULL || self->canvas == NULL)
    return G_SOURCE_REMOVE;
  maze_solver_panel_get_solve_endpoints (self, &start, &end);
  maze_solver_comparison_run_async (self->runner, maze_document_get_grid (self->document),
                                    start, end, wanted_solvers (self),
                                    MAZE_COMPARISON_OVERLAYS, NULL,
                                    comparison_done_cb, g_object_ref (self));
  return G_SOURCE_REMOVE;
}

static void
queue_run (MazeSolverPanel *self)
{
  if (!self->active || self->document == NULL || self->canvas == NULL)
    return;
  /* Nobody sees the comparison while the Playback page shows: run it
   * when the Compare page comes back, once, not at every edit. */
  if (playback_page_shown (self))
    {
      self->run_stale = TRUE;
      return;
    }
  self->run_stale = FALSE;
  g_clear_handle_id (&self->run_source, g_source_remove);
  self->run_source = g_timeout_add (RUN_DELAY_MS, run_cb, self);
}

static void
running_changed_cb (MazeSolverPanel *self)
{
  gboolean running = maze_solver_comparison_get_running (self->runner);

  gtk_spinner_set_spinning (self->spinner, running);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), running);
  /* The figures on screen are the last maze's until the new ones come. */
  if (running)
    gtk_widget_add_css_class (GTK_WIDGET (self->table), "dim-label");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->table), "dim-label");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

/* ---- Controls ---- */

static void
solvers_toggled_cb (MazeSolverPanel *self)
{
  queue_run (self);
}

static void
path_toggled_cb (GtkCheckButton  *check,
                 MazeSolverPanel *self)
{
  for (guint s = 0; s < MAZE_N_SOLVERS; s++)
    if (GTK_WIDGET (check) == self->rows[s].check)
      self->show_path[s] = gtk_check_button_get_active (check);
  update_layers (self);
}

static void
braid_settled_cb (double   value,
                  guint    gesture,
                  gpointer user_data)
{
  g_signal_emit (user_data, signals[BRAID_CHANGED], 0, maze_braid_from_fraction (value), gesture);
}

static void
braid_changed_cb (MazeSolverPanel *self)
{
  if (self->updating)
    return;
  maze_slider_settle_changed (self->braid_settle);
}

static char *
format_braid_cb (GtkScale *scale,
                 double    value,
                 gpointer  user_data)
{
  /* Translators: the braid factor as a percentage of the dead ends */
  return g_strdup_printf (_("%d %%"), (int) (value * 100 + 0.5));
}

static void
reset_endpoints_cb (MazeSolverPanel *self)
{
  maze_solver_panel_set_solve_endpoints (self, MAZE_NO_CELL, MAZE_NO_CELL);
}

/* The markers show where the endpoints are placed, while the panel is
 * active; a pick under way shows where it would go. */
static void
show_endpoint_marks (MazeSolverPanel *self,
                     guint32          start,
                     guint32          end)
{
  const MazeGrid *grid;

  if (self->document == NULL || !self->active)
    {
      maze_overlay_set_endpoints (self->marks, MAZE_NO_CELL, MAZE_NO_CELL);
      return;
    }
  grid = maze_document_get_grid (self->document);
  maze_overlay_set_size (self->marks, grid);
  maze_overlay_set_endpoints (self->marks, start, end);
}

/* The canvas's pick tool: while dragging the marker follows; at the end
 * the cell is taken, unless it is masked or the pick was called off. */
static void
cell_picked_cb (MazeSolverPanel *self,
                guint            cell,
                gboolean         finished,
                MazeCanvas      *canvas)
{
  guint32 start = self->solve_start, end = self->solve_end;
  gboolean take;

  if (self->pick == MAZE_SOLVER_PANEL_PICK_NONE || self->document == NULL)
    return;
  take = cell != MAZE_NO_CELL && cell < maze_document_get_grid (self->document)->n_cells &&
         (!finished || !maze_grid_is_masked (maze_document_get_grid (self->document), cell));
  if (take && self->pick == MAZE_SOLVER_PANEL_PICK_START)
    start = cell;
  else if (take)
    end = cell;
  if (finished)
    {
      maze_solver_panel_set_solve_endpoints (self, start, end);
      show_endpoint_marks (self, self->solve_start, self->solve_end);
    }
  else
    show_endpoint_marks (self, start, end);
}

static void
update_endpoint_rows (MazeSolverPanel *self)
{
  const MazePuzzle *puzzle;
  guint32 custom[2], cells[2];
  AdwActionRow *rows[2] = { self->from_row, self->to_row };

  if (self->document == NULL)
    return;
  puzzle = maze_document_get_puzzle (self->document);
  custom[0] = self->solve_start;
  custom[1] = self->solve_end;
  maze_solver_panel_get_solve_endpoints (self, &cells[0], &cells[1]);
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *cell = NULL;
      g_autofree char *subtitle = NULL;

      if (cells[i] < puzzle->grid->n_cells)
        cell = maze_narration_format_cell (puzzle->grid, cells[i]);
      if (cell == NULL)
        subtitle = g_strdup ("—");
      else if (custom[i] != MAZE_NO_CELL)
        subtitle = g_strdup (cell);
      else if (i == 0)
        /* Translators: where the solvers start: a cell, as (3,4) */
        subtitle = g_strdup_printf (_("The maze’s start %s"), cell);
      else
        /* Translators: where the solvers end: a cell, as (3,4) */
        subtitle = g_strdup_printf (_("The maze’s end %s"), cell);
      adw_action_row_set_subtitle (rows[i], subtitle);
    }
  gtk_widget_set_sensitive (self->reset_button,
                            custom[0] != MAZE_NO_CELL || custom[1] != MAZE_NO_CELL);
}

static void
sync_braid (MazeSolverPanel *self)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (self->document);

  /* While the slider settles or is dragged, the user's value is newer. */
  if (maze_slider_settle_is_busy (self->braid_settle) || !puzzle->has_parameters)
    return;
  self->updating++;
  gtk_range_set_value (GTK_RANGE (self->braid_scale), (double) puzzle->braid / MAZE_BRAID_ONE);
  self->updating--;
}

static void
drop_unfit_endpoints (MazeSolverPanel *self)
{
  const MazeGrid *grid = self->document != NULL ? maze_document_get_grid (self->document) : NULL;

  if (grid == NULL || grid->shape != self->solve_shape ||
      grid->width != self->solve_width || grid->height != self->solve_height ||
      grid->n_cells != self->solve_cells)
    maze_solver_panel_set_solve_endpoints (self, MAZE_NO_CELL, MAZE_NO_CELL);
}

static void
document_changed_cb (MazeSolverPanel *self,
                     guint            flags,
                     gpointer         area,
                     MazeDocument    *document)
{
  if (flags & (MAZE_CHANGE_SIZE | MAZE_CHANGE_SETTINGS))
    sync_braid (self);
  /* Endpoints belong to the maze they were placed in. */
  if (flags & MAZE_CHANGE_SIZE)
    drop_unfit_endpoints (self);
  if (flags & (MAZE_CHANGE_SIZE | MAZE_CHANGE_ENDPOINTS))
    update_endpoint_rows (self);
  /* A title or a seed alone does not change what the solvers find. */
  if (flags & ~MAZE_CHANGE_SETTINGS)
    queue_run (self);
}

/* ---- The table ---- */

static void
draw_swatch_cb (GtkDrawingArea *area,
                cairo_t        *cr,
                int             width,
                int             height,
                gpointer        user_data)
{
  MazeRenderOptions options;
  MazeRenderPath path;
  GdkRGBA card, window;
  MazeColor paper = { 1, 1, 1, 1 };

  maze_render_options_init (&options);
  options.cell_size = SWATCH_STEP;
  maze_render_path_init (&path, &options);

  /* The swatch lies on a card (translucent over the window in the dark
   * style): a pale line gets the same outline as on the canvas. */
  if (maze_widget_lookup_color (GTK_WIDGET (area), "card_bg_color", &card) &&
      maze_widget_lookup_color (GTK_WIDGET (area), "window_bg_color", &window))
    {
      paper.red = card.alpha * card.red + (1 - card.alpha) * window.red;
      paper.green = card.alpha * card.green + (1 - card.alpha) * window.green;
      paper.blue = card.alpha * card.blue + (1 - card.alpha) * window.blue;
    }
  maze_render_path_palette (GPOINTER_TO_UINT (user_data), &path.color, &path.dash);
  path.width = 3;
  if (maze_render_path_casing (&path.color, &paper, &path.casing))
    path.casing_width = 1;
  maze_render_path_sample (cr, 2, height / 2.0, width - 2, height / 2.0, &path, SWATCH_STEP);
}

static void
draw_ramp_cb (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        user_data)
{
  MazeSolverPanel *self = user_data;
  cairo_pattern_t *ramp;
  MazeColor c;

  if (self->heat.solver < 0)
    return;
  /* The shades the canvas gives the first and the last cell. */
  maze_render_path_palette ((guint) self->heat.solver, &c, NULL);
  ramp = cairo_pattern_create_linear (0, 0, width, 0);
  cairo_pattern_add_color_stop_rgba (ramp, 0, c.red, c.green, c.blue, MAZE_RENDER_HEAT_ALPHA_MIN * MAZE_SOLVER_PANEL_HEAT_ALPHA);
  cairo_pattern_add_color_stop_rgba (ramp, 1, c.red, c.green, c.blue, MAZE_SOLVER_PANEL_HEAT_ALPHA);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_set_source (cr, ramp);
  cairo_fill (cr);
  cairo_pattern_destroy (ramp);
}

static GtkWidget *
new_figure_label (void)
{
  GtkWidget *label = gtk_label_new ("—");

  gtk_label_set_xalign (GTK_LABEL (label), 1.0);
  gtk_widget_add_css_class (label, "numeric");
  return label;
}

static void
build_table (MazeSolverPanel *self)
{
  static const struct
  {
    const char *title;
    const char *tooltip;
  } headers[MAZE_N_SOLVER_COLUMNS] = {
    { N_("Length"), N_("Cells on the path, both ends included; without mud, a check mark: the shortest path") },
    { N_("Cost"), N_("Shown with mud: the weights of the cells entered after the start; a check mark: the cheapest path") },
    { N_("Explored"), N_("Cells the solver examined before it stopped") },
    { N_("Share"), N_("The explored cells’ share of the maze") },
    { N_("Time"), N_("How long the solver ran") },
  };
  GtkWidget *label;

  for (guint c = 0; c < MAZE_N_SOLVER_COLUMNS; c++)
    {
      label = gtk_label_new (_(headers[c].title));
      gtk_label_set_xalign (GTK_LABEL (label), 1.0);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_widget_add_css_class (label, "caption-heading");
      gtk_widget_set_tooltip_text (label, _(headers[c].tooltip));
      gtk_grid_attach (self->table, label, COLUMN_FIGURES + c, 0, 1, 1);
      /* Cost shows with mud only (see place_cheapest_mark ()). */
      if (c == MAZE_SOLVER_COLUMN_COST)
        {
          self->cost_header = label;
          gtk_widget_set_visible (label, FALSE);
        }
    }

  for (guint s = 0; s < MAZE_N_SOLVERS; s++)
    {
      Row *row = &self->rows[s];
      GtkWidget *cost_box, *length_box;
      int top = 1 + 2 * (int) s;

      /* The swatch shows the path's colour and dashes: the legend. */
      row->swatch = gtk_drawing_area_new ();
      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (row->swatch), 28);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (row->swatch), 12);
      gtk_widget_set_valign (row->swatch, GTK_ALIGN_CENTER);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (row->swatch), draw_swatch_cb,
                                      GUINT_TO_POINTER (s), NULL);
      gtk_grid_attach (self->table, row->swatch, COLUMN_SWATCH, top, 1, 1);

      row->check = gtk_check_button_new_with_label (maze_solver_get_title (s));
      gtk_check_button_set_active (GTK_CHECK_BUTTON (row->check), TRUE);
      gtk_widget_set_tooltip_text (row->check, _("Show the path on the maze"));
      gtk_widget_add_css_class (row->check, "maze-solver-name");
      g_signal_connect (row->check, "toggled", G_CALLBACK (path_toggled_cb), self);
      gtk_grid_attach (self->table, row->check, COLUMN_FIGURES, top, MAZE_N_SOLVER_COLUMNS, 1);

      for (guint c = 0; c < MAZE_N_SOLVER_COLUMNS; c++)
        row->figures[c] = new_figure_label ();
      row->cheapest = gtk_image_new_from_icon_name ("object-select-symbolic");
      gtk_widget_set_tooltip_text (row->cheapest, _("The cheapest path"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (row->cheapest),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("Cheapest"), -1);
      gtk_widget_add_css_class (row->cheapest, "success");
      cost_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
      gtk_widget_set_halign (cost_box, GTK_ALIGN_END);
      gtk_box_append (GTK_BOX (cost_box), row->cheapest);
      gtk_box_append (GTK_BOX (cost_box), row->figures[MAZE_SOLVER_COLUMN_COST]);
      length_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
      gtk_widget_set_halign (length_box, GTK_ALIGN_END);
      gtk_box_append (GTK_BOX (length_box), row->figures[MAZE_SOLVER_COLUMN_LENGTH]);
      for (guint c = 0; c < MAZE_N_SOLVER_COLUMNS; c++)
        {
          row->cells[c] = c == MAZE_SOLVER_COLUMN_COST ? cost_box
                          : c == MAZE_SOLVER_COLUMN_LENGTH ? length_box
                          : row->figures[c];
          gtk_grid_attach (self->table, row->cells[c], COLUMN_FIGURES + c, top + 1, 1, 1);
        }
      self->show_path[s] = TRUE;
      show_row (self, s, NULL);
    }
}

/* ---- GObject ---- */

static void
maze_solver_panel_dispose (GObject *object)
{
  MazeSolverPanel *self = MAZE_SOLVER_PANEL (object);
  GtkWidget *child;

  g_clear_handle_id (&self->run_source, g_source_remove);
  g_clear_pointer (&self->braid_settle, maze_slider_settle_free);
  if (self->runner != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->runner, self);
      maze_solver_comparison_cancel (self->runner);
      g_clear_object (&self->runner);
    }
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  if (self->canvas != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->canvas, self);
      maze_canvas_remove_overlay (self->canvas, self->overlay);
      maze_canvas_remove_overlay (self->canvas, self->marks);
    }
  g_clear_object (&self->canvas);
  g_clear_object (&self->overlay);
  g_clear_object (&self->marks);
  g_clear_pointer (&self->comparison, maze_comparison_unref);
  /* A recording under way holds the view until its thread ends: stop it
   * now, not after the window is gone. */
  if (self->playback_view != NULL)
    {
      maze_playback_view_set_document (self->playback_view, NULL);
      maze_playback_view_set_canvas (self->playback_view, NULL);
    }

  gtk_widget_dispose_template (GTK_WIDGET (self), MAZE_TYPE_SOLVER_PANEL);
  /* Children without an id are not unparented by the template. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (maze_solver_panel_parent_class)->dispose (object);
}

static void
maze_solver_panel_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  MazeSolverPanel *self = MAZE_SOLVER_PANEL (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_CANVAS:
      g_value_set_object (value, self->canvas);
      break;
    case PROP_SOLVE_START:
      g_value_set_uint (value, self->solve_start);
      break;
    case PROP_SOLVE_END:
      g_value_set_uint (value, self->solve_end);
      break;
    case PROP_ACTIVE:
      g_value_set_boolean (value, self->active);
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, maze_solver_panel_get_running (self));
      break;
    case PROP_COMPARISON:
      g_value_set_boxed (value, self->comparison);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
maze_solver_panel_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  MazeSolverPanel *self = MAZE_SOLVER_PANEL (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      maze_solver_panel_set_document (self, g_value_get_object (value));
      break;
    case PROP_CANVAS:
      maze_solver_panel_set_canvas (self, g_value_get_object (value));
      break;
    case PROP_SOLVE_START:
      maze_solver_panel_set_solve_endpoints (self, g_value_get_uint (value), self->solve_end);
      break;
    case PROP_SOLVE_END:
      maze_solver_panel_set_solve_endpoints (self, self->solve_start, g_value_get_uint (value));
      break;
    case PROP_ACTIVE:
      maze_solver_panel_set_active (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
maze_solver_panel_class_init (MazeSolverPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = maze_solver_panel_dispose;
  object_class->get_property = maze_solver_panel_get_property;
  object_class->set_property = maze_solver_panel_set_property;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, MAZE_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CANVAS] =
    g_param_spec_object ("canvas", NULL, NULL, MAZE_TYPE_CANVAS,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SOLVE_START] =
    g_param_spec_uint ("solve-start", NULL, NULL, 0, G_MAXUINT32, MAZE_NO_CELL,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SOLVE_END] =
    g_param_spec_uint ("solve-end", NULL, NULL, 0, G_MAXUINT32, MAZE_NO_CELL,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_ACTIVE] =
    g_param_spec_boolean ("active", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_COMPARISON] =
    g_param_spec_boxed ("comparison", NULL, NULL, MAZE_TYPE_COMPARISON,
                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MazeSolverPanel::braid-changed:
   * @braid: the braid factor the user chose, fixed point
   * @gesture: the drag it came from (0: none), for maze_document_braid()
   *
   * Braid the maze there is this much.
   */
  signals[BRAID_CHANGED] = g_signal_new ("braid-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  g_type_ensure (MAZE_TYPE_PLAYBACK_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/mazewright/Mazewright/ui/maze-solver-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, MazeSolverPanel, stack);
  gtk_widget_class_bind_template_child (widget_class, MazeSolverPanel, playback_view);
  gtk_widget_class_bind_template_child (widget_class, MazeSolverPanel, spinner);
  gtk_widget_class_bind_template_child (widget_class, MazeSolverPanel, bfs_check);
  gtk_widget_class_bind_template_child (widget_class, MazeSolverPanel, astar_check);
  gtk_widget_class_bind_template_child (widget_class, MazeSolverPanel, wall_check);
  gtk_widget_class_bind_template_child (widget_class, MazeSolverPanel, table);
  gtk_widget_class_bind_template_child (widget_class, MazeSolverPanel, explanation_label);
  gtk_widget_class_bind_template_child (widget_class, MazeSolverPanel, heat_row);
  gtk_widget_class_bind_template_child (widget_class, MazeSolverPanel, heat_list);
  gtk_widget_class_bind_template_child (widget_class, MazeSolverPanel, legend_row);
  gtk_widget_class_bind_template_child (widget_class, MazeSolverPanel, legend_low);
  gtk_widget_class_bind_template_child (widget_class, MazeSolverPanel, legend_high);
  gtk_widget_class_bind_template_child (widget_class, MazeSolverPanel, legend_ramp);
  gtk_widget_class_bind_template_child (widget_class, MazeSolverPanel, braid_scale);
  gtk_widget_class_bind_template_child (widget_class, MazeSolverPanel, weight_button);
  gtk_widget_class_bind_template_child (widget_class, MazeSolverPanel, reset_button);
  gtk_widget_class_bind_template_child (widget_class, MazeSolverPanel, from_row);
  gtk_widget_class_bind_template_child (widget_class, MazeSolverPanel, to_row);
  gtk_widget_class_bind_template_callback (widget_class, solvers_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, sync_page);
  gtk_widget_class_bind_template_callback (widget_class, heat_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, braid_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, reset_endpoints_cb);
}

static void
maze_solver_panel_init (MazeSolverPanel *self)
{
  g_autoptr(GtkListItemFactory) factory = NULL;

  self->updating++;
  gtk_widget_init_template (GTK_WIDGET (self));

  self->heat.solver = -1;
  self->saved_start = MAZE_NO_CELL;
  self->saved_end = MAZE_NO_CELL;
  self->runner = maze_solver_comparison_new ();
  self->overlay = maze_overlay_new ();
  self->marks = maze_overlay_new ();
  self->solve_start = MAZE_NO_CELL;
  self->solve_end = MAZE_NO_CELL;
  g_signal_connect_swapped (self->runner, "notify::running", G_CALLBACK (running_changed_cb), self);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
  gtk_scale_set_format_value_func (self->braid_scale, format_braid_cb, NULL, NULL);
  self->braid_settle = maze_slider_settle_new (GTK_RANGE (self->braid_scale), BRAID_SETTLE_MS,
                                               braid_settled_cb, self);
  gtk_drawing_area_set_draw_func (self->legend_ramp, draw_ramp_cb, self, NULL);
  build_table (self);
  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (heat_item_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (heat_item_bind_cb), NULL);
  adw_combo_row_set_list_factory (self->heat_row, factory);
  fill_heat_list (self);
  gtk_widget_set_sensitive (self->reset_button, FALSE);
  self->updating--;
}

/* ---- Public API ---- */

GtkWidget *
maze_solver_panel_new (void)
{
  return g_object_new (MAZE_TYPE_SOLVER_PANEL, NULL);
}

void
maze_solver_panel_show_document (MazeSolverPanel *self)
{
  g_return_if_fail (MAZE_IS_SOLVER_PANEL (self));

  maze_slider_settle_cancel (self->braid_settle);
  if (self->document != NULL)
    sync_braid (self);
}

void
maze_solver_panel_set_document (MazeSolverPanel *self,
                                MazeDocument    *document)
{
  g_return_if_fail (MAZE_IS_SOLVER_PANEL (self));
  g_return_if_fail (document == NULL || MAZE_IS_DOCUMENT (document));

  if (self->document == document)
    return;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  maze_slider_settle_cancel (self->braid_settle);
  self->saved_start = self->saved_end = MAZE_NO_CELL;
  /* Endpoints belong to the maze they were placed in. */
  maze_solver_panel_set_solve_endpoints (self, MAZE_NO_CELL, MAZE_NO_CELL);
  maze_solver_comparison_cancel (self->runner);
  maze_playback_view_set_document (self->playback_view, document);
  /* Figures of another maze mean nothing here. */
  show_comparison (self, NULL, NULL);
  if (document != NULL)
    {
      g_signal_connect_object (document, "changed",
                               G_CALLBACK (document_changed_cb), self, G_CONNECT_SWAPPED);
      sync_braid (self);
      update_endpoint_rows (self);
      queue_run (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

MazeDocument *
maze_solver_panel_get_document (MazeSolverPanel *self)
{
  g_return_val_if_fail (MAZE_IS_SOLVER_PANEL (self), NULL);
  return self->document;
}

void
maze_solver_panel_set_canvas (MazeSolverPanel *self,
                              MazeCanvas      *canvas)
{
  g_return_if_fail (MAZE_IS_SOLVER_PANEL (self));
  g_return_if_fail (canvas == NULL || MAZE_IS_CANVAS (canvas));

  if (self->canvas == canvas)
    return;
  if (self->canvas != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->canvas, self);
      maze_canvas_remove_overlay (self->canvas, self->overlay);
      maze_canvas_remove_overlay (self->canvas, self->marks);
    }
  g_set_object (&self->canvas, canvas);
  maze_playback_view_set_canvas (self->playback_view, canvas);
  if (canvas != NULL)
    {
      g_signal_connect_swapped (canvas, "cell-picked", G_CALLBACK (cell_picked_cb), self);
      maze_canvas_add_overlay (canvas, self->marks);
      update_endpoint_rows (self);
      if (!playback_page_shown (self))
        maze_canvas_add_overlay (canvas, self->overlay);
      update_layers (self);
      queue_run (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CANVAS]);
}

void
maze_solver_panel_set_solve_endpoints (MazeSolverPanel *self,
                                       guint32          start,
                                       guint32          end)
{
  g_return_if_fail (MAZE_IS_SOLVER_PANEL (self));

  if (self->document != NULL)
    {
      const MazeGrid *grid = maze_document_get_grid (self->document);

      g_return_if_fail (start == MAZE_NO_CELL || start < grid->n_cells);
      g_return_if_fail (end == MAZE_NO_CELL || end < grid->n_cells);
      self->solve_shape = grid->shape;
      self->solve_width = grid->width;
      self->solve_height = grid->height;
      self->solve_cells = grid->n_cells;
    }

  g_object_freeze_notify (G_OBJECT (self));
  if (self->solve_start != start)
    {
      self->solve_start = start;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOLVE_START]);
    }
  if (self->solve_end != end)
    {
      self->solve_end = end;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOLVE_END]);
    }
  show_endpoint_marks (self, start, end);
  maze_playback_view_set_solve_endpoints (self->playback_view, start, end);
  update_endpoint_rows (self);
  queue_run (self);
  g_object_thaw_notify (G_OBJECT (self));
}

void
maze_solver_panel_get_solve_endpoints (MazeSolverPanel *self,
                                       guint32         *start,
                                       guint32         *end)
{
  g_return_if_fail (MAZE_IS_SOLVER_PANEL (self));

  maze_solve_endpoints_resolve (self->document != NULL ? maze_document_get_puzzle (self->document) : NULL,
                                self->solve_start, self->solve_end, start, end);
}

guint32
maze_solver_panel_get_solve_start (MazeSolverPanel *self)
{
  g_return_val_if_fail (MAZE_IS_SOLVER_PANEL (self), MAZE_NO_CELL);
  return self->solve_start;
}

guint32
maze_solver_panel_get_solve_end (MazeSolverPanel *self)
{
  g_return_val_if_fail (MAZE_IS_SOLVER_PANEL (self), MAZE_NO_CELL);
  return self->solve_end;
}

void
maze_solver_panel_set_pick (MazeSolverPanel     *self,
                            MazeSolverPanelPick  pick)
{
  g_return_if_fail (MAZE_IS_SOLVER_PANEL (self));
  self->pick = pick;
}

MazeOverlay *
maze_solver_panel_get_marks (MazeSolverPanel *self)
{
  g_return_val_if_fail (MAZE_IS_SOLVER_PANEL (self), NULL);
  return self->marks;
}

MazeOverlay *
maze_solver_panel_get_overlay (MazeSolverPanel *self)
{
  g_return_val_if_fail (MAZE_IS_SOLVER_PANEL (self), NULL);
  return self->overlay;
}

MazeCanvas *
maze_solver_panel_get_canvas (MazeSolverPanel *self)
{
  g_return_val_if_fail (MAZE_IS_SOLVER_PANEL (self), NULL);
  return self->canvas;
}

void
maze_solver_panel_set_active (MazeSolverPanel *self,
                              gboolean         active)
{
  g_return_if_fail (MAZE_IS_SOLVER_PANEL (self));

  active = !!active;
  if (self->active == active)
    return;
  self->active = active;
  if (active)
    {
      /* Back on the same maze: the endpoints placed before come back. */
      if (self->document != NULL &&
          (self->saved_start != MAZE_NO_CELL || self->saved_end != MAZE_NO_CELL) &&
          self->saved_n_cells == maze_document_get_grid (self->document)->n_cells)
        maze_solver_panel_set_solve_endpoints (self, self->saved_start, self->saved_end);
      self->saved_start = self->saved_end = MAZE_NO_CELL;
      /* The maze may have changed while the panel was away. */
      queue_run (self);
    }
  else
    {
      g_clear_handle_id (&self->run_source, g_source_remove);
      maze_solver_comparison_cancel (self->runner);
      if (self->document != NULL)
        {
          self->saved_start = self->solve_start;
          self->saved_end = self->solve_end;
          self->saved_n_cells = maze_document_get_grid (self->document)->n_cells;
          maze_solver_panel_set_solve_endpoints (self, MAZE_NO_CELL, MAZE_NO_CELL);
        }
    }
  sync_page (self);
  show_endpoint_marks (self, self->solve_start, self->solve_end);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
}

gboolean
maze_solver_panel_get_active (MazeSolverPanel *self)
{
  g_return_val_if_fail (MAZE_IS_SOLVER_PANEL (self), FALSE);
  return self->active;
}

gboolean
maze_solver_panel_get_running (MazeSolverPanel *self)
{
  g_return_val_if_fail (MAZE_IS_SOLVER_PANEL (self), FALSE);
  return self->run_source != 0 || maze_solver_comparison_get_running (self->runner);
}

MazeComparison *
maze_solver_panel_get_comparison (MazeSolverPanel *self)
{
  g_return_val_if_fail (MAZE_IS_SOLVER_PANEL (self), NULL);
  return self->comparison;
}

/* ---- For tests ---- */

MazePlaybackView *
maze_solver_panel_get_playback_view (MazeSolverPanel *self)
{
  g_return_val_if_fail (MAZE_IS_SOLVER_PANEL (self), NULL);
  return self->playback_view;
}

void
maze_solver_panel_show_playback (MazeSolverPanel *self,
                                 gboolean         playback)
{
  g_return_if_fail (MAZE_IS_SOLVER_PANEL (self));
  gtk_stack_set_visible_child_name (self->stack, playback ? "playback" : "compare");
}

GtkLabel *
maze_solver_panel_get_figure (MazeSolverPanel  *self,
                              MazeSolverKind    solver,
                              MazeSolverColumn  column)
{
  g_return_val_if_fail (MAZE_IS_SOLVER_PANEL (self), NULL);
  g_return_val_if_fail (solver < MAZE_N_SOLVERS, NULL);
  g_return_val_if_fail (column < MAZE_N_SOLVER_COLUMNS, NULL);

  return GTK_LABEL (self->rows[solver].figures[column]);
}

GtkCheckButton *
maze_solver_panel_get_path_check (MazeSolverPanel *self,
                                  MazeSolverKind   solver)
{
  g_return_val_if_fail (MAZE_IS_SOLVER_PANEL (self), NULL);
  g_return_val_if_fail (solver < MAZE_N_SOLVERS, NULL);

  return GTK_CHECK_BUTTON (self->rows[solver].check);
}

GtkWidget *
maze_solver_panel_get_cheapest (MazeSolverPanel *self,
                                MazeSolverKind   solver)
{
  g_return_val_if_fail (MAZE_IS_SOLVER_PANEL (self), NULL);
  g_return_val_if_fail (solver < MAZE_N_SOLVERS, NULL);

  return self->rows[solver].cheapest;
}

gboolean
maze_solver_panel_has_row (MazeSolverPanel *self,
                           MazeSolverKind   solver)
{
  g_return_val_if_fail (MAZE_IS_SOLVER_PANEL (self), FALSE);
  g_return_val_if_fail (solver < MAZE_N_SOLVERS, FALSE);

  return gtk_widget_get_visible (self->rows[solver].check);
}

gboolean
maze_solver_panel_select_heat (MazeSolverPanel    *self,
                               int                 solver,
                               MazeComparisonHeat  heat)
{
  g_return_val_if_fail (MAZE_IS_SOLVER_PANEL (self), FALSE);

  for (guint i = 0; i < self->n_heat_items; i++)
    if (self->heat_items[i].solver == solver && (solver < 0 || self->heat_items[i].heat == heat))
      {
        adw_combo_row_set_selected (self->heat_row, i);
        return TRUE;
      }
  return FALSE;
}
