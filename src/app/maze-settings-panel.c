/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-settings-panel.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "maze-number-format.h"
#include "maze-outline-row.h"
#include "maze-slider-settle.h"

/* Sizes up to this many cells get their figures on the main thread; the
 * figures of bigger mazes are computed on a copy of the grid in a
 * thread, so a 2000 × 2000 maze never blocks the window. */
#define METRICS_SYNC_LIMIT 10000

/* Spin buttons and the slider fire on every step while the user holds
 * them; wait this long for the last one before regenerating. */
#define SETTLE_DELAY_MS 350

struct _MazeSettingsPanel
{
  GtkWidget            parent_instance;

  /* Template widgets */
  AdwComboRow         *shape_row;
  AdwActionRow        *width_row;
  AdwActionRow        *height_row;
  GtkSpinButton       *width_spin;
  GtkSpinButton       *height_spin;
  AdwActionRow        *rings_row;
  AdwActionRow        *first_row;
  GtkSpinButton       *rings_spin;
  GtkSpinButton       *first_spin;
  AdwComboRow         *centre_row;
  AdwComboRow         *algorithm_row;
  GtkStringList       *algorithm_list;
  GtkLabel            *algorithm_description;
  AdwEntryRow         *seed_row;
  GtkScale            *braid_scale;
  AdwComboRow         *endpoints_row;
  MazeOutlineRow      *outline_row;
  GtkLabel            *dead_ends_label;
  GtkLabel            *dead_ends_caption;
  GtkLabel            *solution_label;
  GtkLabel            *solution_caption;
  GtkLabel            *difficulty_label;
  GtkLabel            *difficulty_caption;
  GtkGrid             *levels_box;
  GtkLevelBar         *difficulty_bar;
  GtkSpinButton       *band_min_spin;
  GtkSpinButton       *band_max_spin;
  GtkWidget           *band_button;
  GtkLabel            *band_message;

  /* Owned */
  MazeDocument        *document;
  GSettings           *settings;
  GCancellable        *metrics_cancellable;
  MazeSliderSettle    *braid_settle;
  MazeMetrics          metrics;
  guint                settle_source;
  guint                metrics_source;
  /* The algorithms offered for the current shape, in menu order. */
  MazeAlgorithm        algorithms[MAZE_N_ALGORITHMS];
  guint                n_algorithms;
  MazeShape            algorithms_shape;
  MazeGrowingTreeMode  growing_tree_mode;
  guint                updating;       /* > 0: controls set by code, not the user */
  gboolean             has_metrics;
};

G_DEFINE_FINAL_TYPE (MazeSettingsPanel, maze_settings_panel, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_DOCUMENT,
  N_PROPS
};

enum {
  CHANGED,
  BRAID_CHANGED,
  BAND_REQUESTED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];


static guint64
random_seed (void)
{
  return ((guint64) g_random_int () << 32) | g_random_int ();
}

/* A number, or words that stand for one (maze_seed_from_text()). */
static gboolean
parse_seed (const char *text,
            guint64    *seed)
{
  return maze_seed_from_text (text, seed, NULL);
}

/* The row's title says which number words stand for, so that it can be
 * written down or given to mazewright-cli --seed. */
static void
update_seed_title (MazeSettingsPanel *self)
{
  guint64 seed;
  gboolean words = FALSE;

  if (maze_seed_from_text (gtk_editable_get_text (GTK_EDITABLE (self->seed_row)), &seed, &words) && words)
    {
      g_autofree char *title = NULL;
      char number[32];

      g_snprintf (number, sizeof number, "%" G_GUINT64_FORMAT, seed);
      /* Translators: the title of the seed field when words were typed
       * in it; the number they stand for */
      title = g_strdup_printf (_("Seed: words for %s"), number);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->seed_row), title);
    }
  else
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->seed_row), _("Seed"));
}

static void
emit_changed (MazeSettingsPanel *self)
{
  g_clear_handle_id (&self->settle_source, g_source_remove);
  g_signal_emit (self, signals[CHANGED], 0);
}

static gboolean
settle_cb (gpointer user_data)
{
  MazeSettingsPanel *self = user_data;

  self->settle_source = 0;
  g_signal_emit (self, signals[CHANGED], 0);
  return G_SOURCE_REMOVE;
}

void
maze_settings_panel_flush (MazeSettingsPanel *self)
{
  g_return_if_fail (MAZE_IS_SETTINGS_PANEL (self));

  if (self->settle_source != 0)
    emit_changed (self);
  maze_slider_settle_flush (self->braid_settle);
}

static void
emit_changed_later (MazeSettingsPanel *self)
{
  g_clear_handle_id (&self->settle_source, g_source_remove);
  self->settle_source = g_timeout_add (SETTLE_DELAY_MS, settle_cb, self);
}

/* The Shape row's items (maze-settings-panel.ui), in their order. A new
 * shape joins here and there; one whose sizes mean something else, as
 * the rings do, also needs its own size rows. */
static const MazeShape shape_items[] = {
  MAZE_SHAPE_RECT,
  MAZE_SHAPE_HEX,
  MAZE_SHAPE_TRI,
  MAZE_SHAPE_CIRCULAR,
};

static MazeShape
get_shape (MazeSettingsPanel *self)
{
  guint selected = adw_combo_row_get_selected (self->shape_row);

  return selected < G_N_ELEMENTS (shape_items) ? shape_items[selected] : MAZE_SHAPE_RECT;
}

static void
set_shape (MazeSettingsPanel *self,
           MazeShape          shape)
{
  for (guint i = 0; i < G_N_ELEMENTS (shape_items); i++)
    if (shape_items[i] == shape)
      {
        adw_combo_row_set_selected (self->shape_row, i);
        return;
      }
  g_warning ("The Shape row offers no shape %d", (int) shape);
}

/* Width and Height, or Rings and First Ring for a circular maze. */
static void
show_size_rows (MazeSettingsPanel *self,
                MazeShape          shape)
{
  gboolean rings = shape == MAZE_SHAPE_CIRCULAR;

  gtk_widget_set_visible (GTK_WIDGET (self->width_row), !rings);
  gtk_widget_set_visible (GTK_WIDGET (self->height_row), !rings);
  gtk_widget_set_visible (GTK_WIDGET (self->rings_row), rings);
  gtk_widget_set_visible (GTK_WIDGET (self->first_row), rings);
  gtk_widget_set_visible (GTK_WIDGET (self->centre_row), rings);
}

/* The Centre row's items, in their order: the open room, a centre cell. */
enum
{
  CENTRE_ROOM,
  CENTRE_CELL,
};

static gboolean
get_centre (MazeSettingsPanel *self,
            MazeShape          shape)
{
  return shape == MAZE_SHAPE_CIRCULAR &&
         adw_combo_row_get_selected (self->centre_row) == CENTRE_CELL;
}

/* The most cells the First Ring row offers: a centre cell takes fewer. */
static guint
most_first (gboolean centre)
{
  return centre ? MAZE_POLAR_MAX_CENTRE_FIRST : MAZE_POLAR_MAX_FIRST;
}

/* The size the controls of shape show, as maze_grid_new() takes it. */
static void
get_size_args (MazeSettingsPanel *self,
               MazeShape          shape,
               guint             *width,
               guint             *height)
{
  gboolean rings = shape == MAZE_SHAPE_CIRCULAR;

  *width = (guint) gtk_spin_button_get_value_as_int (rings ? self->first_spin : self->width_spin);
  *height = (guint) gtk_spin_button_get_value_as_int (rings ? self->rings_spin : self->height_spin);
}

static void
set_side (GtkSpinButton *spin,
          guint          side,
          guint          most)
{
  GtkAdjustment *adjustment = gtk_spin_button_get_adjustment (spin);

  /* A file made elsewhere may be bigger than the panel offers; show its
   * real size rather than a clamped one. */
  gtk_adjustment_set_upper (adjustment, MAX (most, side));
  gtk_spin_button_set_value (spin, side);
}

static void
set_size_args (MazeSettingsPanel *self,
               MazeShape          shape,
               guint              width,
               guint              height)
{
  if (shape == MAZE_SHAPE_CIRCULAR)
    {
      guint most = most_first (get_centre (self, shape));

      /* A room's first ring may be wider than a centre cell takes. */
      set_side (self->first_spin, get_centre (self, shape) ? MIN (width, most) : width, most);
      set_side (self->rings_spin, height, MAZE_SETTINGS_MAX_RINGS);
    }
  else
    {
      set_side (self->width_spin, width, MAZE_SETTINGS_MAX_SIDE);
      set_side (self->height_spin, height, MAZE_SETTINGS_MAX_SIDE);
    }
}

static MazeAlgorithm
get_algorithm (MazeSettingsPanel *self)
{
  guint selected = adw_combo_row_get_selected (self->algorithm_row);

  if (selected >= self->n_algorithms)
    return MAZE_ALGORITHM_BACKTRACKER;
  return self->algorithms[selected];
}

/* Shows the description of the selected algorithm under its name. */
static void
update_algorithm_description (MazeSettingsPanel *self)
{
  const MazeAlgorithmInfo *info = maze_algorithm_get_info (get_algorithm (self));

  gtk_label_set_label (self->algorithm_description, _(info->description));
}

/* Offers only the algorithms that support the shape, keeping the
 * selected one when it can (the backtracker otherwise). */
static void
fill_algorithms (MazeSettingsPanel *self,
                 MazeShape          shape,
                 MazeAlgorithm      keep)
{
  g_autoptr(GPtrArray) titles = NULL;
  guint selected = 0;

  self->updating++;
  /* The list depends on the shape only. Rebuilding it for nothing would
   * also pull the model from under the popover while the user picks. */
  if (self->n_algorithms == 0 || shape != self->algorithms_shape)
    {
      titles = g_ptr_array_new ();
      self->n_algorithms = 0;
      self->algorithms_shape = shape;
      for (guint i = 0; i < MAZE_N_ALGORITHMS; i++)
        {
          const MazeAlgorithmInfo *info = maze_algorithm_get_info ((MazeAlgorithm) i);

          if (!maze_algorithm_supports (info->algorithm, shape))
            continue;
          self->algorithms[self->n_algorithms++] = info->algorithm;
          g_ptr_array_add (titles, (gpointer) _(info->title));
        }
      g_ptr_array_add (titles, NULL);
      gtk_string_list_splice (self->algorithm_list, 0,
                              g_list_model_get_n_items (G_LIST_MODEL (self->algorithm_list)),
                              (const char * const *) titles->pdata);
    }
  for (guint i = 0; i < self->n_algorithms; i++)
    if (self->algorithms[i] == keep)
      selected = i;
  if (adw_combo_row_get_selected (self->algorithm_row) != selected)
    adw_combo_row_set_selected (self->algorithm_row, selected);
  update_algorithm_description (self);
  self->updating--;
}

static void
set_seed_text (MazeSettingsPanel *self,
               guint64            seed)
{
  char text[32];
  guint64 shown;

  /* Words that stand for this seed stay as they were typed. */
  if (parse_seed (gtk_editable_get_text (GTK_EDITABLE (self->seed_row)), &shown) && shown == seed)
    return;
  g_snprintf (text, sizeof text, "%" G_GUINT64_FORMAT, seed);
  /* Not an edit of the user's: Ctrl+Z in the entry undoes only what
   * they typed since, rather than blanking the field. */
  gtk_editable_set_enable_undo (GTK_EDITABLE (self->seed_row), FALSE);
  gtk_editable_set_text (GTK_EDITABLE (self->seed_row), text);
  gtk_editable_set_enable_undo (GTK_EDITABLE (self->seed_row), TRUE);
  gtk_widget_remove_css_class (GTK_WIDGET (self->seed_row), "error");
}

/* Shows the document's parameters without regenerating anything. */
static void
sync_from_document (MazeSettingsPanel *self)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (self->document);
  const MazeGrid *grid = puzzle->grid;
  MazeAlgorithm algorithm = puzzle->has_parameters ? puzzle->algorithm : get_algorithm (self);
  guint width, height;

  self->updating++;
  set_shape (self, grid->shape);
  show_size_rows (self, grid->shape);
  fill_algorithms (self, grid->shape, algorithm);
  maze_grid_get_size_args (grid, &width, &height);
  adw_combo_row_set_selected (self->centre_row,
                              maze_grid_is_centre (grid, 0, 0) ? CENTRE_CELL : CENTRE_ROOM);
  set_size_args (self, grid->shape, width, height);
  if (puzzle->has_parameters)
    {
      self->growing_tree_mode = puzzle->growing_tree_mode;
      set_seed_text (self, puzzle->seed);
      /* While the slider settles or is dragged, the user's value is newer. */
      if (!maze_slider_settle_is_busy (self->braid_settle))
        gtk_range_set_value (GTK_RANGE (self->braid_scale),
                             (double) puzzle->braid / MAZE_BRAID_ONE);
    }
  self->updating--;
}

static void
set_metrics_pending (MazeSettingsPanel *self,
                     gboolean           pending)
{
  GtkWidget *labels[] = {
    GTK_WIDGET (self->dead_ends_label),
    GTK_WIDGET (self->solution_label),
    GTK_WIDGET (self->difficulty_label),
  };

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    {
      if (pending)
        gtk_widget_add_css_class (labels[i], "dim-label");
      else
        gtk_widget_remove_css_class (labels[i], "dim-label");
    }
}

static void
show_metrics (MazeSettingsPanel *self,
              const MazeMetrics *metrics)
{
  g_autofree char *dead_ends = NULL;
  g_autofree char *dead_ends_share = NULL;
  g_autofree char *solution = NULL;
  g_autofree char *solution_unit = NULL;
  g_autofree char *difficulty = NULL;
  g_autofree char *difficulty_caption = NULL;

  set_metrics_pending (self, FALSE);
  if (metrics == NULL)
    {
      self->has_metrics = FALSE;
      gtk_label_set_label (self->dead_ends_label, "—");
      gtk_label_set_label (self->dead_ends_caption, " ");
      gtk_label_set_label (self->solution_label, "—");
      gtk_label_set_label (self->solution_caption, " ");
      gtk_label_set_label (self->difficulty_label, "—");
      gtk_label_set_label (self->difficulty_caption, _("out of 100"));
      gtk_level_bar_set_value (self->difficulty_bar, 0);
      return;
    }

  self->metrics = *metrics;
  self->has_metrics = TRUE;
  dead_ends = maze_format_count (metrics->dead_ends);
  /* Translators: the dead ends' share of the open cells */
  dead_ends_share = g_strdup_printf (_("%u.%u %% of cells"),
                                     metrics->dead_end_permille / 10,
                                     metrics->dead_end_permille % 10);
  solution = maze_format_count (metrics->solution_length);
  /* Translators: under the solution length; the number is above it */
  solution_unit = g_strdup (g_dngettext (GETTEXT_PACKAGE, "cell", "cells", metrics->solution_length));
  difficulty = g_strdup_printf ("%u", metrics->difficulty);
  /* Translators: under the difficulty score: the level's title, its
   * number of five */
  difficulty_caption = g_strdup_printf (_("%s · level %u of %u"),
                                        maze_level_get_title (maze_level_from_score (metrics->difficulty)),
                                        (guint) maze_level_from_score (metrics->difficulty), MAZE_N_LEVELS);
  gtk_label_set_label (self->dead_ends_label, dead_ends);
  gtk_label_set_label (self->dead_ends_caption, dead_ends_share);
  gtk_label_set_label (self->solution_label, solution);
  gtk_label_set_label (self->solution_caption, solution_unit);
  gtk_label_set_label (self->difficulty_label, difficulty);
  gtk_label_set_label (self->difficulty_caption, difficulty_caption);
  gtk_level_bar_set_value (self->difficulty_bar, metrics->difficulty);
}

typedef struct
{
  MazeGrid *grid;
  guint32   start;
  guint32   end;
} MetricsJob;

static void
metrics_job_free (MetricsJob *job)
{
  maze_grid_free (job->grid);
  g_free (job);
}

static void
metrics_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  MetricsJob *job = task_data;
  g_autofree MazeMetrics *metrics = g_new0 (MazeMetrics, 1);
  GError *error = NULL;

  if (!maze_metrics_compute (job->grid, job->start, job->end, metrics, &error))
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, g_steal_pointer (&metrics), g_free);
}

static void
metrics_done_cb (GObject      *source_object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autofree MazeMetrics *metrics = g_task_propagate_pointer (G_TASK (result), &error);
  MazeSettingsPanel *self;

  /* Cancelled: a newer change is being measured, or the panel is gone. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = MAZE_SETTINGS_PANEL (source_object);
  show_metrics (self, metrics);
}

static gboolean
update_metrics_cb (gpointer user_data)
{
  MazeSettingsPanel *self = user_data;
  const MazePuzzle *puzzle;
  MazeMetrics metrics;

  self->metrics_source = 0;
  if (self->document == NULL)
    return G_SOURCE_REMOVE;

  g_cancellable_cancel (self->metrics_cancellable);
  g_clear_object (&self->metrics_cancellable);

  puzzle = maze_document_get_puzzle (self->document);
  if (puzzle->grid->n_cells <= METRICS_SYNC_LIMIT)
    {
      if (maze_metrics_compute (puzzle->grid, puzzle->start, puzzle->end, &metrics, NULL))
        show_metrics (self, &metrics);
      else
        show_metrics (self, NULL);
    }
  else
    {
      g_autoptr(GTask) task = NULL;
      MetricsJob *job = g_new0 (MetricsJob, 1);

      job->grid = maze_grid_copy (puzzle->grid);
      job->start = puzzle->start;
      job->end = puzzle->end;
      self->metrics_cancellable = g_cancellable_new ();
      /* The old figures stay on screen, dimmed, until the new ones come. */
      self->has_metrics = FALSE;
      set_metrics_pending (self, TRUE);
      task = g_task_new (self, self->metrics_cancellable, metrics_done_cb, NULL);
      g_task_set_source_tag (task, update_metrics_cb);
      g_task_set_task_data (task, job, (GDestroyNotify) metrics_job_free);
      /* The core cannot stop half-way; a cancelled run finishes in the
       * background and its figures are dropped. */
      g_task_set_return_on_cancel (task, TRUE);
      g_task_run_in_thread (task, metrics_thread);
    }
  return G_SOURCE_REMOVE;
}

static void
queue_metrics (MazeSettingsPanel *self)
{
  /* The figures on screen are the old maze's until the idle runs. */
  self->has_metrics = FALSE;
  if (self->metrics_source == 0)
    /* Not an idle priority: the canvas may draw for a while after a big
     * change, and the figures should not wait for it. */
    self->metrics_source = g_idle_add_full (G_PRIORITY_DEFAULT, update_metrics_cb, self, NULL);
}

enum
{
  ENDPOINTS_CORNERS,
  ENDPOINTS_FARTHEST,
  ENDPOINTS_BY_HAND,   /* shown once start or end was moved; not a preset */
};

/* The preset a generated maze's ends show: corners when they are the
 * first and last open cells, else farthest (an outlined maze, a file
 * made with them); the preference when the maze tells nothing. */
static guint
endpoints_of_document (const MazePuzzle *puzzle,
                       guint             preference)
{
  guint32 start, end;

  if (!puzzle->has_parameters ||
      !maze_endpoints_choose (puzzle->grid, MAZE_ENDPOINTS_CORNERS, &start, &end, NULL))
    return preference;
  return start == puzzle->start && end == puzzle->end ? ENDPOINTS_CORNERS : ENDPOINTS_FARTHEST;
}

/* The row says how this maze's start and end were placed: by a preset
 * (what the document's ends are), or by hand once either was moved. */
static void
sync_endpoints_row (MazeSettingsPanel *self)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (self->document);
  g_autofree char *preference = g_settings_get_string (self->settings, "endpoints");
  guint selected = endpoints_of_document (puzzle, g_str_equal (preference, "farthest")
                                                  ? ENDPOINTS_FARTHEST : ENDPOINTS_CORNERS);

  for (guint i = 0; i < puzzle->history->len; i++)
    {
      const MazeEdit *edit = g_ptr_array_index (puzzle->history, i);

      if (edit->kind == MAZE_EDIT_START || edit->kind == MAZE_EDIT_END)
        selected = ENDPOINTS_BY_HAND;
    }
  self->updating++;
  adw_combo_row_set_selected (self->endpoints_row, selected);
  self->updating--;
}

static void
document_changed_cb (MazeSettingsPanel *self,
                     guint              flags,
                     gpointer           area,
                     MazeDocument      *document)
{
  /* While a spin button or the slider settles, the user's value is
   * newer than the document's: keep it, it is generated next. */
  if ((flags & (MAZE_CHANGE_SIZE | MAZE_CHANGE_SETTINGS)) && self->settle_source == 0)
    sync_from_document (self);
  if (flags & (MAZE_CHANGE_ENDPOINTS | MAZE_CHANGE_SIZE | MAZE_CHANGE_SETTINGS))
    sync_endpoints_row (self);
  queue_metrics (self);
}

static void
shape_selected_cb (MazeSettingsPanel *self)
{
  if (self->updating || get_shape (self) == self->algorithms_shape)
    return;
  show_size_rows (self, get_shape (self));
  fill_algorithms (self, get_shape (self), get_algorithm (self));
  emit_changed (self);
}

static void
algorithm_selected_cb (MazeSettingsPanel *self)
{
  if (self->updating)
    return;
  update_algorithm_description (self);
  emit_changed (self);
}

static void
size_changed_cb (MazeSettingsPanel *self)
{
  const MazeGrid *grid;
  guint width, height, shown_width, shown_height;

  if (self->updating)
    return;
  /* Back to the maze's own size (a refused text put back, or a step up
   * and down): nothing to make anew. */
  grid = self->document != NULL ? maze_document_get_grid (self->document) : NULL;
  if (grid != NULL && grid->shape == get_shape (self))
    {
      maze_grid_get_size_args (grid, &width, &height);
      get_size_args (self, grid->shape, &shown_width, &shown_height);
      if (shown_width == width && shown_height == height &&
          get_centre (self, grid->shape) == maze_grid_is_centre (grid, 0, 0))
        return;
    }
  emit_changed_later (self);
}

/* A centre cell takes at most MAZE_POLAR_MAX_CENTRE_FIRST cells around
 * it: the First Ring row offers no more, and a bigger ring shrinks. */
static void
centre_selected_cb (MazeSettingsPanel *self)
{
  guint first = (guint) gtk_spin_button_get_value_as_int (self->first_spin);
  guint most = most_first (get_centre (self, MAZE_SHAPE_CIRCULAR));

  if (self->updating)
    return;
  self->updating++;
  gtk_adjustment_set_upper (gtk_spin_button_get_adjustment (self->first_spin), most);
  if (first > most)
    gtk_spin_button_set_value (self->first_spin, most);
  self->updating--;
  emit_changed (self);
}

/* The braid braids the maze there is rather than making a new one. */
static void
braid_changed_cb (MazeSettingsPanel *self)
{
  if (!self->updating)
    maze_slider_settle_changed (self->braid_settle);
}

static void
braid_settled_cb (double   value,
                  guint    gesture,
                  gpointer user_data)
{
  g_signal_emit (user_data, signals[BRAID_CHANGED], 0, maze_braid_from_fraction (value), gesture);
}

static void
endpoints_selected_cb (MazeSettingsPanel *self)
{
  /* "Placed by hand" leaves them where they are. */
  if (self->updating || adw_combo_row_get_selected (self->endpoints_row) == ENDPOINTS_BY_HAND)
    return;
  g_settings_set_string (self->settings, "endpoints",
                         adw_combo_row_get_selected (self->endpoints_row) == ENDPOINTS_FARTHEST
                         ? "farthest" : "corners");
  emit_changed (self);
}

static void
seed_text_changed_cb (MazeSettingsPanel *self)
{
  guint64 seed;

  /* Say at once when the text is no seed (blank); apply only a real one. */
  if (parse_seed (gtk_editable_get_text (GTK_EDITABLE (self->seed_row)), &seed))
    gtk_widget_remove_css_class (GTK_WIDGET (self->seed_row), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->seed_row), "error");
  update_seed_title (self);
}

static void
seed_apply_cb (MazeSettingsPanel *self)
{
  guint64 seed;

  if (self->updating)
    return;
  if (!parse_seed (gtk_editable_get_text (GTK_EDITABLE (self->seed_row)), &seed))
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->seed_row), "error");
      gtk_widget_error_bell (GTK_WIDGET (self->seed_row));
      return;
    }
  emit_changed (self);
}

static void
new_seed_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  maze_settings_panel_new_seed (MAZE_SETTINGS_PANEL (widget));
}

/* A level sets the whole recipe (maze-level.h) for the shape shown
 * (on rings, around the centre chosen): size, algorithm, loops, start
 * and end; each can be changed after. */
static void
preset_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  MazeSettingsPanel *self = MAZE_SETTINGS_PANEL (widget);
  const char *name = g_variant_get_string (parameter, NULL);
  const MazeLevelInfo *info;
  MazeShape shape = get_shape (self);
  MazeLevel level;
  guint width, height;

  if (!maze_level_from_string (name, &level))
    {
      g_warning ("Unknown level “%s”", name);
      return;
    }
  info = maze_level_get_info (level);
  self->updating++;
  maze_level_get_grid_size (info, shape, get_centre (self, shape), 0, &width, &height);
  set_size_args (self, shape, width, height);
  fill_algorithms (self, shape, info->algorithm);
  gtk_range_set_value (GTK_RANGE (self->braid_scale), (double) info->braid / MAZE_BRAID_ONE);
  g_settings_set_string (self->settings, "endpoints",
                         info->endpoints == MAZE_ENDPOINTS_FARTHEST ? "farthest" : "corners");
  adw_combo_row_set_selected (self->endpoints_row, info->endpoints == MAZE_ENDPOINTS_FARTHEST
                                                   ? ENDPOINTS_FARTHEST : ENDPOINTS_CORNERS);
  self->updating--;
  emit_changed (self);
}

/* Generate in Band: a band upside down is refused here, as the Export
 * Pack dialog does; the rest is the window's (it knows the busy state). */
static void
band_clicked_cb (MazeSettingsPanel *self)
{
  guint min_score = (guint) gtk_spin_button_get_value_as_int (self->band_min_spin);
  guint max_score = (guint) gtk_spin_button_get_value_as_int (self->band_max_spin);
  g_autoptr(GError) error = NULL;

  if (!maze_level_check_band (min_score, max_score, &error))
    {
      maze_settings_panel_set_band_message (self, error->message);
      return;
    }
  maze_settings_panel_set_band_message (self, NULL);
  g_signal_emit (self, signals[BAND_REQUESTED], 0, min_score, max_score);
}

void
maze_settings_panel_set_band_message (MazeSettingsPanel *self,
                                      const char        *message)
{
  g_return_if_fail (MAZE_IS_SETTINGS_PANEL (self));

  gtk_label_set_label (self->band_message, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->band_message), message != NULL);
}

/* The levels' buttons: title, and the ages under it. */
static void
add_level_buttons (MazeSettingsPanel *self)
{
  for (MazeLevel level = MAZE_LEVEL_VERY_EASY; level <= MAZE_LEVEL_EXPERT; level++)
    {
      const MazeLevelInfo *info = maze_level_get_info (level);
      GtkWidget *button = gtk_button_new ();
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      GtkWidget *title = gtk_label_new (maze_level_get_title (level));
      GtkWidget *ages = gtk_label_new (_(info->ages));
      g_autofree char *tooltip = NULL;

      /* Both wrap: a translated title ("Molto facile") must not widen
       * the sidebar past a phone's width. */
      gtk_label_set_wrap (GTK_LABEL (title), TRUE);
      gtk_label_set_justify (GTK_LABEL (title), GTK_JUSTIFY_CENTER);
      gtk_label_set_wrap (GTK_LABEL (ages), TRUE);
      gtk_label_set_justify (GTK_LABEL (ages), GTK_JUSTIFY_CENTER);
      gtk_widget_add_css_class (ages, "caption");
      gtk_widget_add_css_class (ages, "dim-label");
      gtk_box_append (GTK_BOX (box), title);
      gtk_box_append (GTK_BOX (box), ages);
      gtk_button_set_child (GTK_BUTTON (button), box);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "settings.preset");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", info->name);
      /* Translators: a level's tooltip: its title, then its score band */
      tooltip = g_strdup_printf (_("%s: a maze of difficulty %u to %u"),
                                 maze_level_get_title (level), info->min_score, info->max_score);
      gtk_widget_set_tooltip_text (button, tooltip);
      /* Three and two: five in a row would widen the sidebar. */
      gtk_grid_attach (self->levels_box, button, (level - 1) % 3, (level - 1) / 3, 1, 1);
    }
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
maze_settings_panel_dispose (GObject *object)
{
  MazeSettingsPanel *self = MAZE_SETTINGS_PANEL (object);
  GtkWidget *child;

  g_clear_handle_id (&self->settle_source, g_source_remove);
  g_clear_handle_id (&self->metrics_source, g_source_remove);
  g_clear_pointer (&self->braid_settle, maze_slider_settle_free);
  g_cancellable_cancel (self->metrics_cancellable);
  g_clear_object (&self->metrics_cancellable);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  g_clear_object (&self->settings);

  gtk_widget_dispose_template (GTK_WIDGET (self), MAZE_TYPE_SETTINGS_PANEL);
  /* The groups have no id, so the template does not unparent them. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (maze_settings_panel_parent_class)->dispose (object);
}

static void
maze_settings_panel_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  MazeSettingsPanel *self = MAZE_SETTINGS_PANEL (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
maze_settings_panel_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  MazeSettingsPanel *self = MAZE_SETTINGS_PANEL (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      maze_settings_panel_set_document (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
maze_settings_panel_class_init (MazeSettingsPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = maze_settings_panel_dispose;
  object_class->get_property = maze_settings_panel_get_property;
  object_class->set_property = maze_settings_panel_set_property;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, MAZE_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MazeSettingsPanel::changed:
   *
   * The user changed a setting: the window should generate a maze from
   * maze_settings_panel_get_settings().
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * MazeSettingsPanel::braid-changed:
   * @braid: the braid the user chose, fixed point
   * @gesture: the drag it came from (0: none), for maze_document_braid()
   *
   * The user moved the braid slider and let it rest: the window should
   * braid the maze there is.
   */
  signals[BRAID_CHANGED] = g_signal_new ("braid-changed", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                         G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  /**
   * MazeSettingsPanel::band-requested:
   * @min_score: the lowest difficulty score asked, 0..100
   * @max_score: the highest, at least @min_score
   *
   * The user asked for a maze scored within the band, made with the
   * settings shown: the window should generate it to order.
   */
  signals[BAND_REQUESTED] = g_signal_new ("band-requested", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  g_type_ensure (MAZE_TYPE_OUTLINE_ROW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/mazewright/Mazewright/ui/maze-settings-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, shape_row);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, width_row);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, height_row);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, width_spin);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, height_spin);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, rings_row);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, first_row);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, rings_spin);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, first_spin);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, centre_row);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, algorithm_row);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, algorithm_list);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, seed_row);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, braid_scale);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, endpoints_row);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, outline_row);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, algorithm_description);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, dead_ends_label);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, dead_ends_caption);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, solution_label);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, solution_caption);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, difficulty_label);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, difficulty_caption);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, levels_box);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, band_min_spin);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, band_max_spin);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, band_button);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, band_message);
  gtk_widget_class_bind_template_child (widget_class, MazeSettingsPanel, difficulty_bar);
  gtk_widget_class_bind_template_callback (widget_class, shape_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, algorithm_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, size_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, centre_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, braid_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, endpoints_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, seed_apply_cb);
  gtk_widget_class_bind_template_callback (widget_class, seed_text_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, band_clicked_cb);

  gtk_widget_class_install_action (widget_class, "settings.new-seed", NULL, new_seed_action);
  gtk_widget_class_install_action (widget_class, "settings.preset", "s", preset_action);
}

static void
maze_settings_panel_init (MazeSettingsPanel *self)
{
  g_autofree char *endpoints = NULL;

  self->updating++;
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  endpoints = g_settings_get_string (self->settings, "endpoints");
  adw_combo_row_set_selected (self->endpoints_row,
                              g_str_equal (endpoints, "farthest") ? ENDPOINTS_FARTHEST : ENDPOINTS_CORNERS);

  /* The difficulty is a plain 0..100 figure: one colour, no thresholds. */
  gtk_level_bar_remove_offset_value (self->difficulty_bar, GTK_LEVEL_BAR_OFFSET_LOW);
  gtk_level_bar_remove_offset_value (self->difficulty_bar, GTK_LEVEL_BAR_OFFSET_HIGH);
  gtk_level_bar_remove_offset_value (self->difficulty_bar, GTK_LEVEL_BAR_OFFSET_FULL);
  gtk_scale_set_format_value_func (self->braid_scale, format_braid_cb, NULL, NULL);
  self->braid_settle = maze_slider_settle_new (GTK_RANGE (self->braid_scale), SETTLE_DELAY_MS,
                                               braid_settled_cb, self);

  fill_algorithms (self, MAZE_SHAPE_RECT, MAZE_ALGORITHM_BACKTRACKER);
  self->growing_tree_mode = MAZE_GROWING_TREE_MIXED;
  add_level_buttons (self);
  self->updating--;
}

GtkWidget *
maze_settings_panel_new (void)
{
  return g_object_new (MAZE_TYPE_SETTINGS_PANEL, NULL);
}

void
maze_settings_panel_set_document (MazeSettingsPanel *self,
                                  MazeDocument      *document)
{
  g_return_if_fail (MAZE_IS_SETTINGS_PANEL (self));
  g_return_if_fail (document == NULL || MAZE_IS_DOCUMENT (document));

  if (self->document == document)
    return;

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  g_clear_handle_id (&self->settle_source, g_source_remove);
  maze_outline_row_set_document (self->outline_row, document);
  show_metrics (self, NULL);
  if (document != NULL)
    {
      g_signal_connect_object (document, "changed",
                               G_CALLBACK (document_changed_cb), self, G_CONNECT_SWAPPED);
      sync_from_document (self);
      sync_endpoints_row (self);
      queue_metrics (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

MazeDocument *
maze_settings_panel_get_document (MazeSettingsPanel *self)
{
  g_return_val_if_fail (MAZE_IS_SETTINGS_PANEL (self), NULL);
  return self->document;
}

void
maze_settings_panel_get_settings (MazeSettingsPanel *self,
                                  MazeSettings      *settings)
{
  g_autofree char *preference = NULL;

  g_return_if_fail (MAZE_IS_SETTINGS_PANEL (self));
  g_return_if_fail (settings != NULL);

  settings->shape = get_shape (self);
  get_size_args (self, settings->shape, &settings->width, &settings->height);
  settings->centre = get_centre (self, settings->shape);
  settings->algorithm = get_algorithm (self);
  settings->growing_tree_mode = self->growing_tree_mode;
  if (!parse_seed (gtk_editable_get_text (GTK_EDITABLE (self->seed_row)), &settings->seed))
    settings->seed = self->document != NULL ? maze_document_get_puzzle (self->document)->seed : 0;
  settings->braid = maze_braid_from_fraction (gtk_range_get_value (GTK_RANGE (self->braid_scale)));
  /* Placed by hand, a new maze gets the preset of the preferences. */
  preference = g_settings_get_string (self->settings, "endpoints");
  settings->endpoints = g_str_equal (preference, "farthest") ? MAZE_ENDPOINTS_FARTHEST
                                                             : MAZE_ENDPOINTS_CORNERS;
}

void
maze_settings_panel_new_seed (MazeSettingsPanel *self)
{
  g_return_if_fail (MAZE_IS_SETTINGS_PANEL (self));

  self->updating++;
  set_seed_text (self, random_seed ());
  self->updating--;
  emit_changed (self);
}

gboolean
maze_settings_panel_get_metrics (MazeSettingsPanel *self,
                                 MazeMetrics       *metrics)
{
  g_return_val_if_fail (MAZE_IS_SETTINGS_PANEL (self), FALSE);

  if (self->has_metrics && metrics != NULL)
    *metrics = self->metrics;
  return self->has_metrics;
}

void
maze_settings_panel_show_document (MazeSettingsPanel *self)
{
  g_return_if_fail (MAZE_IS_SETTINGS_PANEL (self));

  if (self->document == NULL)
    return;
  g_clear_handle_id (&self->settle_source, g_source_remove);
  maze_slider_settle_cancel (self->braid_settle);
  sync_from_document (self);
  sync_endpoints_row (self);
}
