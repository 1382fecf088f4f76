/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-pack-dialog.h"

#include <glib/gi18n.h>
#include <string.h>

#include "maze-compat.h"
#include "maze-export-preview.h"
#include "maze-export-settings.h"
#include "maze-pack-fit.h"
#include "maze-pack-settings.h"
#include "maze-preview-runner.h"

/* Options settle this long before the preview is made again: a preview
 * generates the first page's mazes, which takes a moment. */
#define PREVIEW_DELAY_MS   150
#define PROGRESS_PERIOD_MS 100
#define PROGRESS_SCALE     10000
/* The share of the progress bar making the mazes takes; writing the
 * PDF the rest. */
#define MAKING_SHARE       0.8

static const guint per_page_choices[] = { 1, 2, 4, 6 };

struct _MazePackDialog
{
  AdwWindow          parent_instance;

  /* Template widgets */
  GtkWidget         *export_button;
  GtkDrawingArea    *preview_area;
  GtkLabel          *summary_label;
  GtkWidget         *options_page;
  GtkSpinButton     *count_spin;
  AdwComboRow       *per_page_row;
  AdwComboRow       *from_row;
  GtkWidget         *rising_row;
  GtkSwitch         *rising_switch;
  AdwComboRow       *to_row;
  GtkSwitch         *band_switch;
  GtkWidget         *min_score_row;
  GtkSpinButton     *min_score_spin;
  GtkWidget         *max_score_row;
  GtkSpinButton     *max_score_spin;
  AdwEntryRow       *title_row;
  AdwEntryRow       *instructions_row;
  AdwEntryRow       *start_label_row;
  AdwEntryRow       *finish_label_row;
  GtkSwitch         *name_line_switch;
  GtkSwitch         *difficulty_switch;
  AdwComboRow       *paper_row;
  GtkSpinButton     *margin_spin;
  GtkSwitch         *monochrome_switch;
  AdwComboRow       *keys_row;
  GtkWidget         *double_sided_row;
  GtkSwitch         *double_sided_switch;
  GtkActionBar      *progress_bar_box;
  GtkLabel          *progress_label;
  GtkProgressBar    *progress_bar;

  /* Owned */
  GSettings         *settings;
  GFile             *document_folder; /* or NULL */
  char              *document_name;   /* without its extension */
  MazePuzzle        *model;           /* the document's shape, algorithm, seed, title */
  MazeExportRequest  look;            /* the Export dialog's walls and colours */
  MazeExportRequest  request;         /* the pack's, as the controls say */
  MazeLevel          from;            /* 0: the band below */
  MazeLevel          to;
  guint32            min_score;
  guint32            max_score;
  guint              count;
  guint              max_side[MAZE_N_LEVELS]; /* the levels fitted to the page */
  GError            *invalid;         /* why the options cannot make a pack */

  MazePreviewRunner *preview;

  GCancellable      *export_cancellable;
  int               *export_progress;  /* the running job's, borrowed */
  guint              progress_source;
};

G_DEFINE_FINAL_TYPE (MazePackDialog, maze_pack_dialog, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_BUSY,
  N_PROPS
};

enum {
  EXPORTED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* ---- the options ---- */

static const char *
entry_text (AdwEntryRow *row)
{
  return gtk_editable_get_text (GTK_EDITABLE (row));
}

static MazeLevel
selected_level (AdwComboRow *row)
{
  guint selected = adw_combo_row_get_selected (row);

  return selected < MAZE_N_LEVELS ? (MazeLevel) (selected + 1) : MAZE_LEVEL_EASY;
}

static void
read_options (MazePackDialog *self)
{
  MazeExportRequest *r = &self->request;
  guint per_page = adw_combo_row_get_selected (self->per_page_row);
  const char *title = entry_text (self->title_row);
  const char *instructions = entry_text (self->instructions_row);

  maze_export_request_clear (r);
  maze_export_request_copy (r, &self->look);
  r->format = MAZE_EXPORT_PDF;
  r->per_page = per_page_choices[MIN (per_page, G_N_ELEMENTS (per_page_choices) - 1)];
  r->show_title = TRUE;
  maze_export_request_set_title (r, title[0] != '\0' ? title : NULL);
  maze_export_request_set_instructions (r, instructions[0] != '\0' ? instructions : NULL);
  r->labels = TRUE;
  maze_export_request_set_labels (r, entry_text (self->start_label_row),
                                  entry_text (self->finish_label_row));
  r->name_date_line = gtk_switch_get_active (self->name_line_switch);
  r->difficulty_line = gtk_switch_get_active (self->difficulty_switch);
  r->paper = (MazePaper) MIN (adw_combo_row_get_selected (self->paper_row), MAZE_N_PAPERS - 1);
  r->margin_mm = gtk_spin_button_get_value (self->margin_spin);
  r->monochrome = gtk_switch_get_active (self->monochrome_switch);
  r->answer_key = adw_combo_row_get_selected (self->keys_row) > 0;
  r->separate_keys = adw_combo_row_get_selected (self->keys_row) == 2;
  r->double_sided = gtk_switch_get_active (self->double_sided_switch);
  r->solution = FALSE;
  /* Mazes of several sizes on one page: each gets walls for its own
   * cells (a share of the first maze's would be heavy on the others). */
  r->wall_rule = MAZE_EXPORT_WALL_DRAWING;

  self->count = (guint) gtk_spin_button_get_value_as_int (self->count_spin);
  self->from = selected_level (self->from_row);
  self->to = gtk_switch_get_active (self->rising_switch) ? selected_level (self->to_row)
                                                         : self->from;
  self->min_score = (guint32) gtk_spin_button_get_value_as_int (self->min_score_spin);
  self->max_score = (guint32) gtk_spin_button_get_value_as_int (self->max_score_spin);
  /* A band: the document's size and algorithm, scored min..max. */
  if (gtk_switch_get_active (self->band_switch))
    self->from = self->to = 0;
}

static void
init_order (MazePackDialog *self,
            MazePackOrder  *order,
            MazePuzzle     *model)
{
  *order = (MazePackOrder) {
    .model = model,
    .from = self->from,
    .to = self->to,
    .min_score = self->min_score,
    .max_score = self->max_score,
    .n_puzzles = self->count,
  };
  memcpy (order->max_side, self->max_side, sizeof order->max_side);
}

/* The values, and whether each level's mazes print legibly, before any
 * is made: shrunk to fit their place on the page where their band stays
 * within reach (maze-pack-fit.h, as the CLI does), else refused. */
static gboolean
check_options (MazePackDialog  *self,
               GError         **error)
{
  MazePackOrder order;

  memset (self->max_side, 0, sizeof self->max_side);
  if (self->to < self->from)
    {
      g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                           _("Rising levels go from the easier to the harder: choose a "
                             "harder level to rise to"));
      return FALSE;
    }
  if (self->from == 0 && !maze_level_check_band (self->min_score, self->max_score, error))
    return FALSE;
  init_order (self, &order, self->model);
  if (!maze_export_request_fit_pack (&self->request, &order, error))
    return FALSE;
  memcpy (self->max_side, order.max_side, sizeof self->max_side);
  return TRUE;
}

/* Which levels were made smaller to fit the page, and how small, so
 * that nobody is surprised by the size on paper; NULL for none. */
static char *
describe_shrunk (MazePackDialog *self)
{
  g_autoptr(GString) text = NULL;
  MazeShape shape = self->model->grid->shape;

  for (MazeLevel level = self->from; level >= 1 && level <= self->to; level++)
    {
      guint side = self->max_side[level - 1];

      if (side == 0)
        continue;
      if (text == NULL)
        text = g_string_new (NULL);
      else
        g_string_append (text, " · ");
      if (shape == MAZE_SHAPE_CIRCULAR)
        /* Translators: a level made smaller to fit the page, e.g. "Hard: 9 rings to fit" */
        g_string_append_printf (text, _("%s: %u rings to fit"), maze_level_get_title (level), side);
      else
        /* Translators: a level made smaller to fit the page, e.g. "Medium: 18×18 to fit" */
        g_string_append_printf (text, _("%s: %u×%u to fit"), maze_level_get_title (level), side,
                                side);
    }
  return text != NULL ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
}

static void
update_summary (MazePackDialog *self)
{
  g_autofree char *text = NULL;
  MazePdfOptions pdf;
  guint pages, key_pages = 0;
  gboolean band = gtk_switch_get_active (self->band_switch);
  g_autofree char *shrunk = NULL;

  gtk_widget_set_visible (self->double_sided_row,
                          self->request.answer_key && !self->request.separate_keys);

  gtk_widget_set_visible (GTK_WIDGET (self->from_row), !band);
  gtk_widget_set_visible (self->rising_row, !band);
  gtk_widget_set_visible (GTK_WIDGET (self->to_row),
                          !band && gtk_switch_get_active (self->rising_switch));
  gtk_widget_set_visible (self->min_score_row, band);
  gtk_widget_set_visible (self->max_score_row, band);
  gtk_widget_set_sensitive (self->export_button,
                            self->invalid == NULL && self->export_cancellable == NULL);
  if (self->invalid != NULL)
    {
      gtk_label_set_label (self->summary_label, self->invalid->message);
      gtk_widget_add_css_class (GTK_WIDGET (self->summary_label), "error");
      return;
    }
  gtk_widget_remove_css_class (GTK_WIDGET (self->summary_label), "error");

  maze_export_request_to_pdf (&self->request, NULL, &pdf);
  if (self->request.separate_keys)
    {
      pdf.answer_key = FALSE;
      pages = maze_pdf_count_pages (&pdf, self->count);
      pdf.keys_only = TRUE;
      key_pages = maze_pdf_count_pages (&pdf, self->count);
    }
  else
    pages = maze_pdf_count_pages (&pdf, self->count);

  if (key_pages > 0)
    /* Translators: the pack's size, e.g. "A4 · 5 pages, and 5 of answer keys in a file of
     * their own"; %s is a paper size */
    text = g_strdup_printf (ngettext ("%s · %u page, and %u of answer keys in a file of their own",
                                      "%s · %u pages, and %u of answer keys in a file of their own",
                                      pages),
                            maze_paper_get_title (self->request.paper), pages, key_pages);
  else
    /* Translators: the pack's size, e.g. "A4 · 11 pages"; %s is a paper size */
    text = g_strdup_printf (ngettext ("%s · %u page", "%s · %u pages", pages),
                            maze_paper_get_title (self->request.paper), pages);
  shrunk = describe_shrunk (self);
  if (shrunk != NULL)
    {
      char *both = g_strconcat (text, "\n", shrunk, NULL);

      g_free (text);
      text = both;
    }
  gtk_label_set_label (self->summary_label, text);
}

/* ---- the preview: the first page's mazes, made on a thread ---- */

typedef struct
{
  MazePuzzle        *model;
  MazeExportRequest  request;
  MazePackOrder      order;
} PreviewJob;

static void
preview_job_free (PreviewJob *job)
{
  g_clear_pointer (&job->model, maze_puzzle_free);
  maze_export_request_clear (&job->request);
  g_free (job);
}

static gboolean
cancelled_cb (gpointer user_data)
{
  return g_cancellable_is_cancelled (user_data);
}

static gpointer
prepare_preview (gpointer  user_data,
                 int      *width,
                 int      *height,
                 int      *scale)
{
  MazePackDialog *self = user_data;
  GtkWidget *area = GTK_WIDGET (self->preview_area);
  PreviewJob *job;

  *width = gtk_widget_get_width (area);
  *height = gtk_widget_get_height (area);
  *scale = gtk_widget_get_scale_factor (area);
  if (*width < 1 || *height < 1 || self->invalid != NULL)
    return NULL;
  job = g_new0 (PreviewJob, 1);
  job->model = maze_puzzle_copy (self->model);
  maze_export_request_copy (&job->request, &self->request);
  init_order (self, &job->order, job->model);
  return job;
}

static gboolean
draw_preview (cairo_t       *cr,
              gpointer       data,
              int            width,
              int            height,
              GCancellable  *cancellable,
              GError       **error)
{
  PreviewJob *job = data;
  g_autoptr(GPtrArray) puzzles = NULL;

  job->order.stop = cancelled_cb;
  job->order.stop_data = cancellable;
  puzzles = maze_pack_make_first (&job->order, job->request.per_page, error);
  if (puzzles == NULL)
    return FALSE;
  maze_export_draw_pack_preview (cr, &job->request, (MazePuzzle * const *) puzzles->pdata,
                                 job->order.n_puzzles, width, height);
  return TRUE;
}

static void
preview_updated_cb (MazePackDialog *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self->preview_area));
}

static void
schedule_preview (MazePackDialog *self)
{
  /* Not while the dialog is being built or taken down. */
  if (self->preview != NULL)
    maze_preview_runner_schedule (self->preview);
}

static void
preview_resize_cb (MazePackDialog *self,
                   int             width,
                   int             height)
{
  schedule_preview (self);
}

static void
draw_preview_cb (GtkDrawingArea *area,
                 cairo_t        *cr,
                 int             width,
                 int             height,
                 gpointer        user_data)
{
  MazePackDialog *self = MAZE_PACK_DIALOG (user_data);

  if (self->preview != NULL)
    maze_export_paint_preview_centred (cr, maze_preview_runner_get_surface (self->preview),
                                       width, height);
}

static void
options_changed (MazePackDialog *self)
{
  read_options (self);
  g_clear_error (&self->invalid);
  check_options (self, &self->invalid);
  update_summary (self);
  schedule_preview (self);
}

static void
option_changed_cb (MazePackDialog *self)
{
  /* The template's own settings, before the dialog has its maze. */
  if (self->model == NULL)
    return;
  options_changed (self);
}

/* ---- the choices kept for next time ---- */

static guint
per_page_index (guint per_page)
{
  for (guint i = 0; i < G_N_ELEMENTS (per_page_choices); i++)
    if (per_page_choices[i] == per_page)
      return i;
  return 0;
}

/* The last pack's choices, as the controls show them. */
static void
apply_choices (MazePackDialog *self)
{
  MazePackChoices choices = { 0 };

  maze_pack_choices_load (&choices, self->settings);
  gtk_spin_button_set_value (self->count_spin, choices.count);
  adw_combo_row_set_selected (self->per_page_row, per_page_index (choices.per_page));
  adw_combo_row_set_selected (self->from_row, choices.from - 1);
  gtk_switch_set_active (self->rising_switch, choices.rising);
  adw_combo_row_set_selected (self->to_row, choices.to - 1);
  gtk_switch_set_active (self->band_switch, choices.band);
  gtk_spin_button_set_value (self->min_score_spin, choices.min_score);
  gtk_spin_button_set_value (self->max_score_spin, choices.max_score);
  adw_combo_row_set_selected (self->paper_row, choices.paper);
  gtk_spin_button_set_value (self->margin_spin, choices.margin_mm);
  gtk_switch_set_active (self->monochrome_switch, choices.monochrome);
  adw_combo_row_set_selected (self->keys_row, choices.keys);
  gtk_switch_set_active (self->double_sided_switch, choices.double_sided);
  gtk_switch_set_active (self->name_line_switch, choices.name_line);
  gtk_switch_set_active (self->difficulty_switch, choices.difficulty_line);
  gtk_editable_set_text (GTK_EDITABLE (self->instructions_row), choices.instructions);
  gtk_editable_set_text (GTK_EDITABLE (self->start_label_row), choices.start_label);
  gtk_editable_set_text (GTK_EDITABLE (self->finish_label_row), choices.finish_label);
  maze_pack_choices_clear (&choices);
}

static void
save_choices (MazePackDialog *self)
{
  MazePackChoices choices = {
    .count = self->count,
    .per_page = self->request.per_page,
    .from = selected_level (self->from_row),
    .rising = gtk_switch_get_active (self->rising_switch),
    .to = selected_level (self->to_row),
    .band = gtk_switch_get_active (self->band_switch),
    .min_score = self->min_score,
    .max_score = self->max_score,
    .paper = self->request.paper,
    .margin_mm = self->request.margin_mm,
    .monochrome = self->request.monochrome,
    .keys = (MazePackKeys) adw_combo_row_get_selected (self->keys_row),
    .double_sided = gtk_switch_get_active (self->double_sided_switch),
    .name_line = self->request.name_date_line,
    .difficulty_line = self->request.difficulty_line,
    .instructions = (char *) entry_text (self->instructions_row),
    .start_label = (char *) entry_text (self->start_label_row),
    .finish_label = (char *) entry_text (self->finish_label_row),
  };

  maze_pack_choices_save (&choices, self->settings);
}

/* ---- making the pack ---- */

typedef struct
{
  MazePuzzle        *model;
  MazeExportRequest  request;
  MazePackOrder      order;
  GFile             *file;
  char              *path;
  int                progress;   /* of PROGRESS_SCALE; written by the thread */
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  g_clear_pointer (&job->model, maze_puzzle_free);
  maze_export_request_clear (&job->request);
  g_clear_object (&job->file);
  g_free (job->path);
  g_free (job);
}

static gboolean
made_cb (guint    done,
         guint    n_puzzles,
         gpointer user_data)
{
  ExportJob *job = user_data;

  g_atomic_int_set (&job->progress, (int) (MAKING_SHARE * PROGRESS_SCALE * done / n_puzzles));
  return TRUE;
}

static void
written_cb (double   fraction,
            gpointer user_data)
{
  ExportJob *job = user_data;
  double share = MAKING_SHARE + (1.0 - MAKING_SHARE) * CLAMP (fraction, 0.0, 1.0);

  g_atomic_int_set (&job->progress, (int) (share * PROGRESS_SCALE));
}

static void
export_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ExportJob *job = task_data;
  MazeExportJob export_job = { written_cb, job, cancellable };
  g_autoptr(GPtrArray) puzzles = NULL;
  GError *error = NULL;

  job->order.progress = made_cb;
  job->order.progress_data = job;
  job->order.stop = cancelled_cb;
  job->order.stop_data = cancellable;
  puzzles = maze_pack_make (&job->order, &error);
  /* The core says cancelled in its own words; callers expect GIO's. */
  if (puzzles == NULL && g_error_matches (error, MAZE_ERROR, MAZE_ERROR_CANCELLED))
    {
      g_clear_error (&error);
      g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Cancelled"));
    }
  if (puzzles == NULL ||
      !maze_export_request_write (&job->request, (MazePuzzle * const *) puzzles->pdata,
                                  puzzles->len, job->path, &export_job, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static gboolean
progress_cb (gpointer user_data)
{
  MazePackDialog *self = user_data;
  int progress = g_atomic_int_get (self->export_progress);

  if (progress > 0)
    gtk_progress_bar_set_fraction (self->progress_bar, (double) progress / PROGRESS_SCALE);
  else
    gtk_progress_bar_pulse (self->progress_bar);
  return G_SOURCE_CONTINUE;
}

static void
set_busy (MazePackDialog *self,
          ExportJob      *job)
{
  gboolean busy = job != NULL;

  g_clear_handle_id (&self->progress_source, g_source_remove);
  self->export_progress = busy ? &job->progress : NULL;
  if (busy)
    {
      g_autofree char *name = g_file_get_basename (job->file);
      g_autofree char *display = g_filename_display_name (name);
      /* Translators: %s is a file name */
      g_autofree char *label = g_strdup_printf (_("Making “%s”…"), display);

      gtk_label_set_label (self->progress_label, label);
      gtk_progress_bar_set_fraction (self->progress_bar, 0.0);
      self->progress_source = g_timeout_add (PROGRESS_PERIOD_MS, progress_cb, self);
    }
  gtk_action_bar_set_revealed (self->progress_bar_box, busy);
  gtk_widget_set_sensitive (self->options_page, !busy);
  update_summary (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static void
export_done_cb (GObject      *source_object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(MazePackDialog) self = user_data;
  ExportJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  gboolean ok = g_task_propagate_boolean (G_TASK (result), &error);

  /* A newer request took over, or the dialog went: nothing to say. */
  if (g_task_get_cancellable (G_TASK (result)) != self->export_cancellable)
    return;
  g_clear_object (&self->export_cancellable);
  set_busy (self, NULL);

  if (ok)
    {
      g_autoptr(GFile) folder = g_file_get_parent (job->file);

      if (self->settings != NULL && folder != NULL)
        {
          g_autofree char *uri = g_file_get_uri (folder);

          g_settings_set_string (self->settings, "pack-folder", uri);
        }
      if (self->settings != NULL)
        save_choices (self);
      g_signal_emit (self, signals[EXPORTED], 0, job->file);
      gtk_window_destroy (GTK_WINDOW (self));
    }
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_autofree char *basename = g_file_get_basename (job->file);
      g_autofree char *name = g_filename_display_name (basename);
      /* Translators: a dialog heading; the body says why */
      g_autofree char *heading = g_strdup_printf (_("Could Not Make “%s”"), name);

      maze_alert_show_error (GTK_WIDGET (self), heading, error->message);
    }
}

gboolean
maze_pack_dialog_export_to_file (MazePackDialog *self,
                                 GFile          *file)
{
  g_autoptr(GTask) task = NULL;
  ExportJob *job;
  char *path;

  g_return_val_if_fail (MAZE_IS_PACK_DIALOG (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  gtk_spin_button_update (self->count_spin);
  gtk_spin_button_update (self->margin_spin);
  options_changed (self);
  path = g_file_get_path (file);
  if (self->invalid != NULL || path == NULL)
    {
      g_free (path);
      gtk_widget_error_bell (GTK_WIDGET (self));
      return FALSE;
    }

  /* The newest request wins: a pack under way is given up. */
  if (self->export_cancellable != NULL)
    g_cancellable_cancel (self->export_cancellable);
  g_clear_object (&self->export_cancellable);

  job = g_new0 (ExportJob, 1);
  job->model = maze_puzzle_copy (self->model);
  maze_export_request_copy (&job->request, &self->request);
  init_order (self, &job->order, job->model);
  job->file = g_object_ref (file);
  job->path = path;

  self->export_cancellable = g_cancellable_new ();
  task = g_task_new (NULL, self->export_cancellable, export_done_cb, g_object_ref (self));
  g_task_set_source_tag (task, maze_pack_dialog_export_to_file);
  g_task_set_task_data (task, job, (GDestroyNotify) export_job_free);
  set_busy (self, job);
  g_task_run_in_thread (task, export_thread);
  return TRUE;
}

static void
file_chosen_cb (GFile    *file,
                gpointer  user_data)
{
  g_autoptr(MazePackDialog) self = user_data;

  if (file == NULL || gtk_widget_in_destruction (GTK_WIDGET (self)))
    return;
  maze_pack_dialog_export_to_file (self, file);
}

/* The last pack's folder if it is still there, else the document's. */
static GFile *
choose_folder (MazePackDialog *self)
{
  g_autofree char *uri = NULL;
  g_autoptr(GFile) last = NULL;

  if (self->settings != NULL)
    {
      uri = g_settings_get_string (self->settings, "pack-folder");
      if (uri[0] != '\0')
        {
          last = g_file_new_for_uri (uri);
          if (g_file_query_file_type (last, G_FILE_QUERY_INFO_NONE, NULL) == G_FILE_TYPE_DIRECTORY)
            return g_steal_pointer (&last);
        }
    }
  return self->document_folder != NULL ? g_object_ref (self->document_folder) : NULL;
}

static void
export_clicked_cb (MazePackDialog *self)
{
  g_autoptr(GFile) folder = NULL;
  g_autofree char *suggested = NULL;

  options_changed (self);
  if (self->invalid != NULL)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  folder = choose_folder (self);
  /* Translators: the file name offered for a pack; %s is the maze's */
  suggested = g_strdup_printf (_("%s pack.pdf"), self->document_name);
  maze_choose_file_to_export (GTK_WINDOW (self), folder, suggested, _("PDF Documents"),
                              "application/pdf", "pdf", file_chosen_cb, g_object_ref (self));
}

static void
cancel_clicked_cb (MazePackDialog *self)
{
  maze_pack_dialog_cancel (self);
}

void
maze_pack_dialog_cancel (MazePackDialog *self)
{
  g_return_if_fail (MAZE_IS_PACK_DIALOG (self));

  /* Busy until the thread has stopped and let go of the file. */
  if (self->export_cancellable == NULL)
    return;
  gtk_label_set_label (self->progress_label, _("Stopping…"));
  g_cancellable_cancel (self->export_cancellable);
}

gboolean
maze_pack_dialog_get_busy (MazePackDialog *self)
{
  g_return_val_if_fail (MAZE_IS_PACK_DIALOG (self), FALSE);
  return self->export_cancellable != NULL;
}

guint
maze_pack_dialog_get_preview_count (MazePackDialog *self)
{
  g_return_val_if_fail (MAZE_IS_PACK_DIALOG (self), 0);
  return maze_preview_runner_get_count (self->preview);
}

/* ---- the object ---- */

static GListModel *
new_level_model (void)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (MazeLevel level = 1; level <= MAZE_N_LEVELS; level++)
    {
      const MazeLevelInfo *info = maze_level_get_info (level);
      /* Translators: a level and the ages it suits, e.g. "Easy (ages 6 to 8)" */
      g_autofree char *text = g_strdup_printf (_("%s (%s)"), maze_level_get_title (level),
                                               _(info->ages));

      gtk_string_list_append (list, text);
    }
  return G_LIST_MODEL (list);
}

static GListModel *
new_paper_model (void)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (guint paper = 0; paper < MAZE_N_PAPERS; paper++)
    gtk_string_list_append (list, maze_paper_get_title (paper));
  return G_LIST_MODEL (list);
}

static void
maze_pack_dialog_dispose (GObject *object)
{
  MazePackDialog *self = MAZE_PACK_DIALOG (object);

  /* Threads still running finish on their own copies; their results
   * are dropped. */
  g_clear_object (&self->preview);
  if (self->export_cancellable != NULL)
    g_cancellable_cancel (self->export_cancellable);
  g_clear_object (&self->export_cancellable);
  g_clear_handle_id (&self->progress_source, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), MAZE_TYPE_PACK_DIALOG);
  G_OBJECT_CLASS (maze_pack_dialog_parent_class)->dispose (object);
}

static void
maze_pack_dialog_finalize (GObject *object)
{
  MazePackDialog *self = MAZE_PACK_DIALOG (object);

  g_clear_object (&self->settings);
  g_clear_object (&self->document_folder);
  g_free (self->document_name);
  g_clear_pointer (&self->model, maze_puzzle_free);
  maze_export_request_clear (&self->look);
  maze_export_request_clear (&self->request);
  g_clear_error (&self->invalid);
  G_OBJECT_CLASS (maze_pack_dialog_parent_class)->finalize (object);
}

static void
maze_pack_dialog_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  MazePackDialog *self = MAZE_PACK_DIALOG (object);

  switch (prop_id)
    {
    case PROP_BUSY:
      g_value_set_boolean (value, maze_pack_dialog_get_busy (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
maze_pack_dialog_class_init (MazePackDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = maze_pack_dialog_dispose;
  object_class->finalize = maze_pack_dialog_finalize;
  object_class->get_property = maze_pack_dialog_get_property;

  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Emitted when the pack is written, with its file; the dialog closes
   * then. */
  signals[EXPORTED] = g_signal_new ("exported", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_FILE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/mazewright/Mazewright/ui/maze-pack-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, export_button);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, preview_area);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, summary_label);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, options_page);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, count_spin);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, per_page_row);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, from_row);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, rising_switch);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, to_row);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, rising_row);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, band_switch);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, min_score_row);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, min_score_spin);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, max_score_row);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, max_score_spin);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, title_row);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, instructions_row);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, start_label_row);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, finish_label_row);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, name_line_switch);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, difficulty_switch);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, paper_row);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, margin_spin);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, monochrome_switch);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, keys_row);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, double_sided_row);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, double_sided_switch);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, progress_bar_box);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, progress_label);
  gtk_widget_class_bind_template_child (widget_class, MazePackDialog, progress_bar);
  gtk_widget_class_bind_template_callback (widget_class, option_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, preview_resize_cb);
  gtk_widget_class_bind_template_callback (widget_class, export_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
maze_pack_dialog_init (MazePackDialog *self)
{
  g_autoptr(GListModel) from_levels = new_level_model ();
  g_autoptr(GListModel) to_levels = new_level_model ();
  g_autoptr(GListModel) papers = new_paper_model ();

  /* The models before the template's signals can fire on them. */
  gtk_widget_init_template (GTK_WIDGET (self));
  maze_export_request_init (&self->look);
  maze_export_request_init (&self->request);
  adw_combo_row_set_model (self->from_row, from_levels);
  adw_combo_row_set_model (self->to_row, to_levels);
  adw_combo_row_set_model (self->paper_row, papers);
  adw_combo_row_set_selected (self->from_row, MAZE_LEVEL_EASY - 1);
  adw_combo_row_set_selected (self->to_row, MAZE_LEVEL_HARD - 1);
  /* The request's default, which the CLI starts from too. */
  gtk_switch_set_active (self->double_sided_switch, self->request.double_sided);
  gtk_drawing_area_set_draw_func (self->preview_area, draw_preview_cb, self, NULL);
  /* A running preview is cancelled, not waited for: it makes mazes that
   * new options make useless. */
  self->preview = maze_preview_runner_new (MAZE_PREVIEW_CANCEL, PREVIEW_DELAY_MS, prepare_preview,
                                           draw_preview, (GDestroyNotify) preview_job_free, self);
  g_signal_connect_swapped (self->preview, "updated", G_CALLBACK (preview_updated_cb), self);
}

/* What the pack keeps of the document: its grid shape, size,
 * algorithm, braid, seed and title (each level has its own size; a
 * band of scores keeps the document's). No passages, no mask. */
static MazePuzzle *
new_model (const MazePuzzle *puzzle)
{
  MazeGrid *grid;
  MazePuzzle *model;

  /* Like the document's grid: its centre cell too, not only its size. */
  grid = maze_grid_new_like (puzzle->grid, NULL);
  model = maze_puzzle_new_for_grid (grid, 0, grid->n_cells - 1);
  model->braid = puzzle->has_parameters ? puzzle->braid : 0;

  maze_puzzle_set_title (model, puzzle->title);
  model->has_parameters = TRUE;
  model->algorithm = puzzle->has_parameters ? puzzle->algorithm : MAZE_ALGORITHM_BACKTRACKER;
  model->growing_tree_mode = puzzle->growing_tree_mode;
  model->seed = puzzle->seed;
  return model;
}

MazePackDialog *
maze_pack_dialog_new (GtkWindow    *parent,
                      MazeDocument *document,
                      GSettings    *settings)
{
  MazePackDialog *self;
  const MazePuzzle *puzzle;
  GFile *file;

  g_return_val_if_fail (MAZE_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  self = g_object_new (MAZE_TYPE_PACK_DIALOG, "transient-for", parent, NULL);
  puzzle = maze_document_get_puzzle (document);
  self->model = new_model (puzzle);
  file = maze_document_get_file (document);
  if (file != NULL)
    {
      g_autofree char *basename = g_file_get_basename (file);
      char *dot = strrchr (basename, '.');

      if (dot != NULL && dot != basename)
        *dot = '\0';
      self->document_folder = g_file_get_parent (file);
      self->document_name = g_steal_pointer (&basename);
    }
  else
    self->document_name = g_strdup (_("Mazes"));

  if (settings != NULL)
    {
      self->settings = g_object_ref (settings);
      /* The walls and colours of the Export dialog; the rest is the
       * last pack's. */
      maze_export_settings_load (&self->look, settings);
      apply_choices (self);
    }
  if (puzzle->title != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->title_row), puzzle->title);
  options_changed (self);
  return self;
}
