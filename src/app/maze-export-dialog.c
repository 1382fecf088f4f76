/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-export-dialog.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "maze-compat.h"
#include "maze-preview-runner.h"
#include "maze-puzzle-file.h"

/* Options settle for this long before the preview is drawn again, so
 * holding a spin button's arrow does not queue a drawing per step. */
#define PREVIEW_DELAY_MS   120
#define PROGRESS_PERIOD_MS 100
#define PROGRESS_SCALE     10000

/* The maze as it was when the dialog opened, shared with the threads
 * that draw previews and write files; freed by whoever lets go last. */
typedef struct
{
  MazePuzzle *puzzle;
} Snapshot;

static void
snapshot_clear (gpointer data)
{
  Snapshot *snapshot = data;

  g_clear_pointer (&snapshot->puzzle, maze_puzzle_free);
}

static Snapshot *
snapshot_new (MazePuzzle *puzzle)
{
  Snapshot *snapshot = g_atomic_rc_box_new0 (Snapshot);

  snapshot->puzzle = puzzle;
  return snapshot;
}

static void
snapshot_unref (Snapshot *snapshot)
{
  g_atomic_rc_box_release_full (snapshot, snapshot_clear);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Snapshot, snapshot_unref)

struct _MazeExportDialog
{
  AdwWindow          parent_instance;

  /* Template widgets */
  GtkWidget         *export_button;
  GtkDrawingArea    *preview_area;
  GtkLabel          *summary_label;
  GtkWidget         *error_box;
  GtkLabel          *error_label;
  GtkWidget         *options_box;
  AdwComboRow       *format_row;
  AdwComboRow       *text_style_row;
  GtkWidget         *size_group;
  AdwComboRow       *unit_row;
  AdwActionRow      *cell_size_row;
  GtkSpinButton     *cell_size_spin;
  GtkWidget         *dpi_auto_row;
  GtkSwitch         *dpi_auto_switch;
  GtkWidget         *dpi_row;
  GtkSpinButton     *dpi_spin;
  GtkWidget         *appearance_group;
  GtkSpinButton     *wall_spin;
  AdwActionRow      *wall_color_row;
  AdwActionRow      *background_color_row;
  AdwActionRow      *solution_color_row;
  GtkWidget         *solution_row;
  GtkSwitch         *solution_switch;
  GtkWidget         *answer_key_row;
  GtkSwitch         *answer_key_switch;
  AdwEntryRow       *title_row;
  GtkSwitch         *title_switch;
  GtkWidget         *name_date_row;
  GtkSwitch         *name_date_switch;
  GtkWidget         *page_group;
  AdwComboRow       *paper_row;
  AdwComboRow       *orientation_row;
  GtkSwitch         *poster_switch;
  GtkActionBar      *progress_bar_box;
  GtkLabel          *progress_label;
  GtkProgressBar    *progress_bar;
  GtkWidget         *cancel_export_button;

  /* Made in code: the colour button differs with the GTK version. */
  GtkWidget         *wall_color_button;
  GtkWidget         *background_color_button;
  GtkWidget         *solution_color_button;

  /* Owned */
  GSettings         *settings;
  Snapshot          *snapshot;
  char              *document_name;  /* without its extension */
  char              *default_title;  /* the worksheet's title when the entry is left as is */
  GFile             *folder;         /* offered to the file chooser, or NULL */
  MazeExportRequest  request;
  MazeUnit           shown_unit;     /* what the cell size spin shows */
  GError            *invalid;        /* why the options cannot be exported */

  MazePreviewRunner *preview;

  GCancellable      *export_cancellable;
  gpointer           export_job;     /* the running ExportJob, borrowed */
  guint              progress_source;
  gboolean           close_when_done;

  guint              updating;       /* > 0: controls set by code, not by the user */
};

G_DEFINE_FINAL_TYPE (MazeExportDialog, maze_export_dialog, ADW_TYPE_WINDOW)

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

/* ---- options and controls ---- */

static void
color_to_rgba (const MazeColor *color,
               GdkRGBA         *rgba)
{
  *rgba = (GdkRGBA) { color->red, color->green, color->blue, color->alpha };
}

static void
rgba_to_color (const GdkRGBA *rgba,
               MazeColor     *color)
{
  *color = (MazeColor) { rgba->red, rgba->green, rgba->blue, rgba->alpha };
}

/* The cell size spin in the unit shown: whole pixels, tenths of a
 * millimetre, hundredths of an inch. Its range is wider than the valid
 * one, so that a value out of range is explained rather than clamped. */
static void
show_cell_size (MazeExportDialog *self)
{
  GtkAdjustment *adjustment = gtk_spin_button_get_adjustment (self->cell_size_spin);
  const char *subtitle;
  double value;

  self->updating++;
  switch (self->request.unit)
    {
    case MAZE_UNIT_MM:
      gtk_spin_button_set_digits (self->cell_size_spin, 1);
      gtk_adjustment_configure (adjustment, gtk_adjustment_get_value (adjustment),
                                0.0, 10000.0, 0.5, 5.0, 0.0);
      value = self->request.cell_mm;
      subtitle = _("Millimetres per cell");
      break;
    case MAZE_UNIT_IN:
      gtk_spin_button_set_digits (self->cell_size_spin, 2);
      gtk_adjustment_configure (adjustment, gtk_adjustment_get_value (adjustment),
                                0.0, 400.0, 0.05, 0.5, 0.0);
      value = self->request.cell_mm / MAZE_MM_PER_INCH;
      subtitle = _("Inches per cell");
      break;
    case MAZE_UNIT_PX:
    default:
      gtk_spin_button_set_digits (self->cell_size_spin, 0);
      gtk_adjustment_configure (adjustment, gtk_adjustment_get_value (adjustment),
                                0.0, 100000.0, 1.0, 10.0, 0.0);
      value = self->request.cell_px;
      subtitle = _("Pixels per cell");
      break;
    }
  gtk_spin_button_set_value (self->cell_size_spin, value);
  adw_action_row_set_subtitle (self->cell_size_row, subtitle);
  self->shown_unit = self->request.unit;
  self->updating--;
}

/* Puts the options into the controls. */
static void
show_options (MazeExportDialog *self)
{
  const MazeExportRequest *o = &self->request;
  GdkRGBA rgba;

  self->updating++;
  adw_combo_row_set_selected (self->format_row, o->format);
  adw_combo_row_set_selected (self->text_style_row, o->text_style);
  adw_combo_row_set_selected (self->unit_row, o->unit);
  show_cell_size (self);
  gtk_switch_set_active (self->dpi_auto_switch, o->auto_dpi);
  gtk_spin_button_set_value (self->dpi_spin, o->dpi);
  gtk_spin_button_set_value (self->wall_spin, o->wall_percent);
  color_to_rgba (&o->wall_color, &rgba);
  maze_color_button_set_rgba (self->wall_color_button, &rgba);
  color_to_rgba (&o->background_color, &rgba);
  maze_color_button_set_rgba (self->background_color_button, &rgba);
  color_to_rgba (&o->solution_color, &rgba);
  maze_color_button_set_rgba (self->solution_color_button, &rgba);
  gtk_switch_set_active (self->solution_switch, o->solution);
  gtk_switch_set_active (self->answer_key_switch, o->answer_key);
  gtk_switch_set_active (self->title_switch, o->show_title);
  gtk_editable_set_text (GTK_EDITABLE (self->title_row),
                         o->title != NULL && o->title[0] != '\0' ? o->title : self->default_title);
  gtk_switch_set_active (self->name_date_switch, o->name_date_line);
  adw_combo_row_set_selected (self->paper_row, o->paper);
  adw_combo_row_set_selected (self->orientation_row, maze_export_settings_get_orientation (o));
  gtk_switch_set_active (self->poster_switch, o->poster);
  self->updating--;
}

/* Reads the controls into the options. */
static void
read_options (MazeExportDialog *self)
{
  MazeExportRequest *o = &self->request;
  const char *title = gtk_editable_get_text (GTK_EDITABLE (self->title_row));
  double cell = gtk_spin_button_get_value (self->cell_size_spin);
  GdkRGBA rgba;

  o->format = MIN (adw_combo_row_get_selected (self->format_row), MAZE_EXPORT_N_FORMATS - 1);
  o->text_style = adw_combo_row_get_selected (self->text_style_row) == 1
                  ? MAZE_TEXT_UNICODE : MAZE_TEXT_CLASSIC;
  /* The spin still shows the old unit's value until show_cell_size(). */
  if (self->shown_unit == MAZE_UNIT_PX)
    o->cell_px = cell;
  else if (self->shown_unit == MAZE_UNIT_MM)
    o->cell_mm = cell;
  else
    o->cell_mm = cell * MAZE_MM_PER_INCH;
  o->unit = MIN (adw_combo_row_get_selected (self->unit_row), MAZE_UNIT_IN);
  /* Automatic: the spin shows the resolution chosen (show_auto_dpi()),
   * and the user's own stays for when they set one again. */
  o->auto_dpi = gtk_switch_get_active (self->dpi_auto_switch);
  if (!o->auto_dpi)
    o->dpi = gtk_spin_button_get_value (self->dpi_spin);
  o->wall_percent = gtk_spin_button_get_value (self->wall_spin);
  maze_color_button_get_rgba (self->wall_color_button, &rgba);
  rgba_to_color (&rgba, &o->wall_color);
  maze_color_button_get_rgba (self->background_color_button, &rgba);
  rgba_to_color (&rgba, &o->background_color);
  maze_color_button_get_rgba (self->solution_color_button, &rgba);
  rgba_to_color (&rgba, &o->solution_color);
  o->solution = gtk_switch_get_active (self->solution_switch);
  o->answer_key = gtk_switch_get_active (self->answer_key_switch);
  o->show_title = gtk_switch_get_active (self->title_switch);
  /* The suggested title stays "the maze's own" in the settings, so the
   * next maze gets its own again. */
  maze_export_request_set_title (&self->request,
                                 g_strcmp0 (title, self->default_title) == 0 ? NULL : title);
  o->name_date_line = gtk_switch_get_active (self->name_date_switch);
  o->paper = adw_combo_row_get_selected (self->paper_row) == 1 ? MAZE_PAPER_LETTER : MAZE_PAPER_A4;
  maze_export_settings_set_orientation (o, adw_combo_row_get_selected (self->orientation_row));
  o->poster = gtk_switch_get_active (self->poster_switch);
}

/* With the resolution automatic, the spin shows the one the PNG gets. */
static void
show_auto_dpi (MazeExportDialog *self)
{
  double dpi;

  if (!self->request.auto_dpi || self->request.format != MAZE_EXPORT_PNG)
    return;
  dpi = maze_export_request_get_dpi (&self->request, self->snapshot->puzzle);
  if (!(dpi > 0.0))
    return;
  self->updating++;
  gtk_spin_button_set_value (self->dpi_spin, round (dpi));
  self->updating--;
}

/* Shows the controls that mean something for the format. */
static void
update_visibility (MazeExportDialog *self)
{
  MazeExportFormat format = self->request.format;
  gboolean image = format == MAZE_EXPORT_PNG || format == MAZE_EXPORT_SVG;
  gboolean pdf = format == MAZE_EXPORT_PDF;
  gboolean text = format == MAZE_EXPORT_TEXT;

  gtk_widget_set_visible (GTK_WIDGET (self->text_style_row), text);
  gtk_widget_set_visible (self->size_group, image);
  gtk_widget_set_visible (self->dpi_row, format == MAZE_EXPORT_PNG);
  /* Only pixel cells are placed by a resolution chosen for them. */
  gtk_widget_set_visible (self->dpi_auto_row,
                          format == MAZE_EXPORT_PNG && self->request.unit == MAZE_UNIT_PX);
  gtk_widget_set_visible (self->appearance_group, !text);
  gtk_widget_set_visible (self->solution_row, !pdf);
  gtk_widget_set_visible (self->answer_key_row, pdf);
  gtk_widget_set_visible (GTK_WIDGET (self->title_row), pdf);
  /* A poster has no room for a name: its words are in the margins. */
  gtk_widget_set_visible (self->name_date_row, pdf && !self->request.poster);
  gtk_widget_set_visible (self->page_group, pdf);
  /* The solution's colour matters only when there is one to draw. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->solution_color_row),
                            pdf ? self->request.answer_key : self->request.solution);
  gtk_editable_set_editable (GTK_EDITABLE (self->title_row), self->request.show_title);
}

static void
set_invalid (MazeExportDialog *self,
             GError           *error)
{
  g_clear_error (&self->invalid);
  self->invalid = error;
  gtk_widget_set_visible (self->error_box, error != NULL);
  gtk_label_set_label (self->error_label, error != NULL ? error->message : "");
}

/* Checks the options against the maze: the message (and no Export)
 * when they cannot be exported, else what the export will make. */
static void
update_summary (MazeExportDialog *self)
{
  GError *error = NULL;
  g_autofree char *summary = NULL;
  gboolean busy = self->export_cancellable != NULL;

  if (maze_export_request_check (&self->request, self->snapshot->puzzle, &error))
    summary = maze_export_request_describe (&self->request, self->snapshot->puzzle);
  set_invalid (self, error);
  gtk_label_set_label (self->summary_label, summary != NULL ? summary : "");
  gtk_widget_set_visible (GTK_WIDGET (self->summary_label), summary != NULL);
  gtk_widget_set_sensitive (self->export_button, error == NULL && !busy);
}

/* ---- the preview ---- */

typedef struct
{
  Snapshot          *snapshot;
  MazeExportRequest  request;
} PreviewJob;

static void
preview_job_free (PreviewJob *job)
{
  g_clear_pointer (&job->snapshot, snapshot_unref);
  maze_export_request_clear (&job->request);
  g_free (job);
}

static gpointer
prepare_preview (gpointer  user_data,
                 int      *width,
                 int      *height,
                 int      *scale)
{
  MazeExportDialog *self = user_data;
  GtkWidget *area = GTK_WIDGET (self->preview_area);
  PreviewJob *job;

  *width = gtk_widget_get_width (area);
  *height = gtk_widget_get_height (area);
  *scale = gtk_widget_get_scale_factor (area);
  /* Nothing to show yet, or options that draw nothing: the last
   * preview stays until there is a new one. */
  if (*width < 1 || *height < 1 || !maze_export_request_validate (&self->request, NULL))
    return NULL;
  job = g_new0 (PreviewJob, 1);
  job->snapshot = g_atomic_rc_box_acquire (self->snapshot);
  maze_export_request_copy (&job->request, &self->request);
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

  maze_export_draw_preview (cr, &job->request, job->snapshot->puzzle, width, height);
  return TRUE;
}

static void
preview_updated_cb (MazeExportDialog *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self->preview_area));
}

static void
schedule_preview (MazeExportDialog *self)
{
  /* Not while the dialog is being built or taken down. */
  if (self->preview != NULL)
    maze_preview_runner_schedule (self->preview);
}

static void
preview_resize_cb (MazeExportDialog *self,
                   int               width,
                   int               height)
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
  MazeExportDialog *self = MAZE_EXPORT_DIALOG (user_data);

  if (self->preview != NULL)
    maze_export_paint_preview_centred (cr, maze_preview_runner_get_surface (self->preview),
                                       width, height);
}

/* ---- reacting to the controls ---- */

static void
options_changed (MazeExportDialog *self)
{
  read_options (self);
  if (self->request.unit != self->shown_unit)
    show_cell_size (self);
  show_auto_dpi (self);
  update_visibility (self);
  update_summary (self);
  schedule_preview (self);
}

static void
option_changed_cb (MazeExportDialog *self)
{
  if (self->updating > 0)
    return;
  options_changed (self);
}

static void
unit_changed_cb (MazeExportDialog *self)
{
  option_changed_cb (self);
}

/* A resolution the user sets is theirs: no longer chosen for them. */
static void
dpi_changed_cb (MazeExportDialog *self)
{
  if (self->updating > 0)
    return;
  self->updating++;
  gtk_switch_set_active (self->dpi_auto_switch, FALSE);
  self->updating--;
  options_changed (self);
}

/* ---- exporting ---- */

/* A number typed but not yet entered counts: the user sees it. */
static void
commit_spins (MazeExportDialog *self)
{
  gtk_spin_button_update (self->cell_size_spin);
  gtk_spin_button_update (self->dpi_spin);
  gtk_spin_button_update (self->wall_spin);
}

typedef struct
{
  Snapshot          *snapshot;
  MazeExportRequest  request;
  GFile             *file;
  char              *path;
  int                progress;   /* of PROGRESS_SCALE; written by the thread */
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  g_clear_pointer (&job->snapshot, snapshot_unref);
  maze_export_request_clear (&job->request);
  g_clear_object (&job->file);
  g_free (job->path);
  g_free (job);
}

static void
export_progress_cb (double   fraction,
                    gpointer user_data)
{
  ExportJob *job = user_data;

  g_atomic_int_set (&job->progress, (int) (CLAMP (fraction, 0.0, 1.0) * PROGRESS_SCALE));
}

static void
export_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ExportJob *job = task_data;
  MazeExportJob export_job = { export_progress_cb, job, cancellable };
  GError *error = NULL;

  if (maze_export_request_write (&job->request, &job->snapshot->puzzle, 1, job->path,
                                 &export_job, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static gboolean
progress_cb (gpointer user_data)
{
  MazeExportDialog *self = user_data;
  ExportJob *job = self->export_job;
  int progress = g_atomic_int_get (&job->progress);

  /* The text and the PDF say little on the way: pulse until they do. */
  if (progress > 0)
    gtk_progress_bar_set_fraction (self->progress_bar, (double) progress / PROGRESS_SCALE);
  else
    gtk_progress_bar_pulse (self->progress_bar);
  return G_SOURCE_CONTINUE;
}

static void
set_busy (MazeExportDialog *self,
          ExportJob        *job)
{
  gboolean busy = job != NULL;

  self->export_job = job;
  g_clear_handle_id (&self->progress_source, g_source_remove);
  if (busy)
    {
      g_autofree char *name = g_file_get_basename (job->file);
      g_autofree char *display = g_filename_display_name (name);
      /* Translators: %s is a file name */
      g_autofree char *label = g_strdup_printf (_("Exporting “%s”…"), display);

      gtk_label_set_label (self->progress_label, label);
      gtk_progress_bar_set_fraction (self->progress_bar, 0.0);
      self->progress_source = g_timeout_add (PROGRESS_PERIOD_MS, progress_cb, self);
    }
  gtk_action_bar_set_revealed (self->progress_bar_box, busy);
  gtk_widget_set_sensitive (self->options_box, !busy);
  gtk_widget_set_sensitive (self->export_button, !busy && self->invalid == NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static void
show_export_error (MazeExportDialog *self,
                   GFile            *file,
                   const GError     *error)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *name = g_filename_display_name (basename);
  /* Translators: a dialog heading; the body says why */
  g_autofree char *heading = g_strdup_printf (_("Could Not Export “%s”"), name);

  maze_alert_show_error (GTK_WIDGET (self), heading, error->message);
}

/* The next export of a maze never saved starts where this one went. */
static void
remember_folder (MazeExportDialog *self,
                 GFile            *file)
{
  g_autoptr(GFile) folder = g_file_get_parent (file);
  g_autofree char *uri = NULL;

  if (self->settings == NULL || folder == NULL)
    return;
  uri = g_file_get_uri (folder);
  g_settings_set_string (self->settings, "export-folder", uri);
}

/* The document's own folder; else the last export's, if it is still
 * there; else NULL, and the chooser picks. */
static GFile *
choose_folder (MazeDocument *document,
               GSettings    *settings)
{
  GFile *file = maze_document_get_file (document);
  g_autofree char *uri = NULL;
  g_autoptr(GFile) last = NULL;

  if (file != NULL)
    return g_file_get_parent (file);
  if (settings == NULL)
    return NULL;
  uri = g_settings_get_string (settings, "export-folder");
  if (uri[0] == '\0')
    return NULL;
  last = g_file_new_for_uri (uri);
  if (g_file_query_file_type (last, G_FILE_QUERY_INFO_NONE, NULL) != G_FILE_TYPE_DIRECTORY)
    return NULL;
  return g_steal_pointer (&last);
}

static void
export_done_cb (GObject      *source_object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(MazeExportDialog) self = user_data;
  ExportJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  gboolean ok = g_task_propagate_boolean (G_TASK (result), &error);
  gboolean cancelled = g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);

  /* Destroyed meanwhile: the export was cancelled, nothing to show. */
  if (g_task_get_cancellable (G_TASK (result)) != self->export_cancellable)
    return;
  g_clear_object (&self->export_cancellable);
  set_busy (self, NULL);

  if (ok)
    {
      remember_folder (self, job->file);
      g_signal_emit (self, signals[EXPORTED], 0, job->file);
    }
  else if (!cancelled && !self->close_when_done)
    show_export_error (self, job->file, error);

  /* Done, or asked to close while it ran. */
  if (ok || self->close_when_done)
    gtk_window_destroy (GTK_WINDOW (self));
}

gboolean
maze_export_dialog_export_to_file (MazeExportDialog *self,
                                   GFile            *file)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  ExportJob *job;
  char *path;

  g_return_val_if_fail (MAZE_IS_EXPORT_DIALOG (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (self->export_cancellable != NULL)
    return FALSE;

  /* Whatever the controls say now, checked once more. */
  commit_spins (self);
  options_changed (self);
  if (self->invalid != NULL)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return FALSE;
    }

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("%s is not a local file: export to a folder on this computer"), uri);
      show_export_error (self, file, error);
      return FALSE;
    }

  /* Remembered as soon as they are used, whatever becomes of the file. */
  if (self->settings != NULL && !maze_export_settings_save (&self->request, self->settings, &error))
    g_warning ("Export options not saved: %s", error->message);

  job = g_new0 (ExportJob, 1);
  job->snapshot = g_atomic_rc_box_acquire (self->snapshot);
  maze_export_request_copy (&job->request, &self->request);
  job->file = g_object_ref (file);
  job->path = path;

  self->export_cancellable = g_cancellable_new ();
  task = g_task_new (NULL, self->export_cancellable, export_done_cb, g_object_ref (self));
  g_task_set_source_tag (task, maze_export_dialog_export_to_file);
  g_task_set_task_data (task, job, (GDestroyNotify) export_job_free);
  set_busy (self, job);
  g_task_run_in_thread (task, export_thread);
  return TRUE;
}

/* "week 3" becomes "week 3.png"; a name with an extension, or one
 * that exists (the chooser asked before replacing it), stays. */
static GFile *
ensure_extension (GFile      *file,
                  const char *extension)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *with_extension = NULL;
  g_autoptr(GFile) parent = NULL;

  if (basename == NULL || strchr (basename, '.') != NULL || g_file_query_exists (file, NULL))
    return g_object_ref (file);
  parent = g_file_get_parent (file);
  if (parent == NULL)
    return g_object_ref (file);
  with_extension = g_strconcat (basename, ".", extension, NULL);
  return g_file_get_child (parent, with_extension);
}

static void
file_chosen_cb (GFile    *file,
                gpointer  user_data)
{
  g_autoptr(MazeExportDialog) self = user_data;
  g_autoptr(GFile) target = NULL;

  if (file == NULL || gtk_widget_in_destruction (GTK_WIDGET (self)))
    return;
  target = ensure_extension (file, maze_export_format_get_extension (self->request.format));
  maze_export_dialog_export_to_file (self, target);
}

static const char *
describe_format (MazeExportFormat format)
{
  switch (format)
    {
    case MAZE_EXPORT_PNG:
      return _("PNG Images");
    case MAZE_EXPORT_SVG:
      return _("SVG Images");
    case MAZE_EXPORT_PDF:
      return _("PDF Documents");
    case MAZE_EXPORT_TEXT:
    default:
      return _("Text Files");
    }
}

static void
export_clicked_cb (MazeExportDialog *self)
{
  MazeExportFormat format;
  g_autofree char *suggested = NULL;

  if (self->export_cancellable != NULL)
    return;
  commit_spins (self);
  options_changed (self);
  if (self->invalid != NULL)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  format = self->request.format;
  suggested = g_strconcat (self->document_name, ".", maze_export_format_get_extension (format), NULL);
  maze_choose_file_to_export (GTK_WINDOW (self), self->folder, suggested,
                              describe_format (format), maze_export_format_get_mime_type (format),
                              maze_export_format_get_extension (format),
                              file_chosen_cb, g_object_ref (self));
}

static void
cancel_export_cb (MazeExportDialog *self)
{
  maze_export_dialog_cancel (self);
}

void
maze_export_dialog_cancel (MazeExportDialog *self)
{
  g_return_if_fail (MAZE_IS_EXPORT_DIALOG (self));

  if (self->export_cancellable != NULL)
    {
      gtk_label_set_label (self->progress_label, _("Cancelling…"));
      g_cancellable_cancel (self->export_cancellable);
    }
}

static gboolean
maze_export_dialog_close_request (GtkWindow *window)
{
  MazeExportDialog *self = MAZE_EXPORT_DIALOG (window);

  /* Closing stops the export; the dialog goes once the thread let go
   * of the file (no half-written file is left behind). */
  if (self->export_cancellable != NULL)
    {
      self->close_when_done = TRUE;
      maze_export_dialog_cancel (self);
      return TRUE;
    }
  if (GTK_WINDOW_CLASS (maze_export_dialog_parent_class)->close_request != NULL)
    return GTK_WINDOW_CLASS (maze_export_dialog_parent_class)->close_request (window);
  return FALSE;
}

/* ---- the object ---- */

static GtkWidget *
add_color_button (AdwActionRow *row,
                  const char   *title,
                  gboolean      with_alpha)
{
  GtkWidget *button = maze_color_button_new (title, with_alpha);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  adw_action_row_add_suffix (row, button);
  adw_action_row_set_activatable_widget (row, button);
  return button;
}

/* Enter in a spin button exports, as in an entry: GTK 4.8's spin
 * buttons have no activates-default of their own, their text has. */
static void
spin_activates_default (GtkSpinButton *spin)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (spin)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_TEXT (child))
      gtk_text_set_activates_default (GTK_TEXT (child), TRUE);
}

static void
color_changed_cb (MazeExportDialog *self)
{
  option_changed_cb (self);
}

static void
maze_export_dialog_dispose (GObject *object)
{
  MazeExportDialog *self = MAZE_EXPORT_DIALOG (object);

  g_clear_handle_id (&self->progress_source, g_source_remove);
  /* A running preview finishes alone; running exports hold a
   * reference to the dialog and see it gone. */
  g_clear_object (&self->preview);
  g_cancellable_cancel (self->export_cancellable);
  g_clear_object (&self->export_cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), MAZE_TYPE_EXPORT_DIALOG);

  G_OBJECT_CLASS (maze_export_dialog_parent_class)->dispose (object);
}

static void
maze_export_dialog_finalize (GObject *object)
{
  MazeExportDialog *self = MAZE_EXPORT_DIALOG (object);

  g_clear_object (&self->settings);
  g_clear_object (&self->folder);
  g_clear_pointer (&self->snapshot, snapshot_unref);
  g_clear_pointer (&self->document_name, g_free);
  g_clear_pointer (&self->default_title, g_free);
  g_clear_error (&self->invalid);
  maze_export_request_clear (&self->request);

  G_OBJECT_CLASS (maze_export_dialog_parent_class)->finalize (object);
}

static void
maze_export_dialog_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  MazeExportDialog *self = MAZE_EXPORT_DIALOG (object);

  switch (prop_id)
    {
    case PROP_BUSY:
      g_value_set_boolean (value, maze_export_dialog_get_busy (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
maze_export_dialog_class_init (MazeExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = maze_export_dialog_dispose;
  object_class->finalize = maze_export_dialog_finalize;
  object_class->get_property = maze_export_dialog_get_property;
  window_class->close_request = maze_export_dialog_close_request;

  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MazeExportDialog::exported:
   * @file: the file written
   *
   * An export finished well; the dialog closes next.
   */
  signals[EXPORTED] = g_signal_new ("exported", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_FILE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/mazewright/Mazewright/ui/maze-export-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, export_button);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, preview_area);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, summary_label);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, error_box);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, options_box);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, format_row);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, text_style_row);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, size_group);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, unit_row);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, cell_size_row);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, cell_size_spin);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, dpi_auto_row);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, dpi_auto_switch);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, dpi_row);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, dpi_spin);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, appearance_group);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, wall_spin);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, wall_color_row);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, background_color_row);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, solution_color_row);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, solution_row);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, solution_switch);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, answer_key_row);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, answer_key_switch);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, title_row);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, title_switch);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, name_date_row);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, name_date_switch);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, page_group);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, paper_row);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, orientation_row);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, poster_switch);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, progress_bar_box);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, progress_label);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, MazeExportDialog, cancel_export_button);
  gtk_widget_class_bind_template_callback (widget_class, export_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, cancel_export_cb);
  gtk_widget_class_bind_template_callback (widget_class, option_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, unit_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, dpi_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, preview_resize_cb);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
maze_export_dialog_init (MazeExportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  maze_export_request_init (&self->request);
  self->wall_color_button = add_color_button (self->wall_color_row, _("Wall Colour"), FALSE);
  self->background_color_button = add_color_button (self->background_color_row,
                                                     _("Background Colour"), TRUE);
  self->solution_color_button = add_color_button (self->solution_color_row,
                                                  _("Solution Colour"), FALSE);
  g_signal_connect_swapped (self->wall_color_button, "notify::rgba",
                            G_CALLBACK (color_changed_cb), self);
  g_signal_connect_swapped (self->background_color_button, "notify::rgba",
                            G_CALLBACK (color_changed_cb), self);
  g_signal_connect_swapped (self->solution_color_button, "notify::rgba",
                            G_CALLBACK (color_changed_cb), self);

  spin_activates_default (self->cell_size_spin);
  spin_activates_default (self->dpi_spin);
  spin_activates_default (self->wall_spin);

  gtk_drawing_area_set_draw_func (self->preview_area, draw_preview_cb, self, NULL);
  /* A running preview is drawn to the end and the newest request
   * follows it: previews are quick, and one is shown while the options
   * keep changing. */
  self->preview = maze_preview_runner_new (MAZE_PREVIEW_COALESCE, PREVIEW_DELAY_MS,
                                           prepare_preview, draw_preview,
                                           (GDestroyNotify) preview_job_free, self);
  g_signal_connect_swapped (self->preview, "updated", G_CALLBACK (preview_updated_cb), self);
  /* Enter exports from the start: the focus is not on Cancel. */
  gtk_window_set_focus (GTK_WINDOW (self), self->export_button);
}

/* The document's name without ".maze", for the suggested file name. */
static char *
dup_document_name (MazeDocument *document)
{
  g_autofree char *name = maze_document_dup_display_name (document);

  if (g_str_has_suffix (name, MAZE_FILE_EXTENSION) && strlen (name) > strlen (MAZE_FILE_EXTENSION))
    name[strlen (name) - strlen (MAZE_FILE_EXTENSION)] = '\0';
  return g_steal_pointer (&name);
}

MazeExportDialog *
maze_export_dialog_new (GtkWindow    *parent,
                        MazeDocument *document,
                        GSettings    *settings)
{
  MazeExportDialog *self;
  const MazePuzzle *puzzle;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (MAZE_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  self = g_object_new (MAZE_TYPE_EXPORT_DIALOG,
                       "transient-for", parent,
                       NULL);
  puzzle = maze_document_get_puzzle (document);
  self->snapshot = snapshot_new (maze_puzzle_copy (puzzle));
  self->document_name = dup_document_name (document);
  self->default_title = g_strdup (puzzle->title != NULL && puzzle->title[0] != '\0'
                                  ? puzzle->title : _("Maze"));
  self->folder = choose_folder (document, settings);

  if (settings != NULL)
    {
      self->settings = g_object_ref (settings);
      maze_export_settings_load (&self->request, settings);
    }
  show_options (self);
  options_changed (self);
  /* Options that cannot be exported: start where they are changed,
   * not on Cancel. */
  if (!gtk_widget_get_sensitive (self->export_button))
    gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->format_row));
  return self;
}

const MazeExportRequest *
maze_export_dialog_get_request (MazeExportDialog *self)
{
  g_return_val_if_fail (MAZE_IS_EXPORT_DIALOG (self), NULL);

  return &self->request;
}

gboolean
maze_export_dialog_get_busy (MazeExportDialog *self)
{
  g_return_val_if_fail (MAZE_IS_EXPORT_DIALOG (self), FALSE);

  return self->export_cancellable != NULL;
}

GFile *
maze_export_dialog_get_folder (MazeExportDialog *self)
{
  g_return_val_if_fail (MAZE_IS_EXPORT_DIALOG (self), NULL);

  return self->folder;
}

guint
maze_export_dialog_get_preview_count (MazeExportDialog *self)
{
  g_return_val_if_fail (MAZE_IS_EXPORT_DIALOG (self), 0);

  return maze_preview_runner_get_count (self->preview);
}
