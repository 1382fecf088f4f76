/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-outline-row.h"

#include <glib/gi18n.h>

#include "maze-compat.h"
#include "maze-outline-image.h"
#include "maze-outline-picture-dialog.h"
#include "maze-task-progress.h"
#include "maze-window-private.h"

/* The preview's side in pixels: a thumbnail of the mask. */
#define PREVIEW_SIDE 36

struct _MazeOutlineRow
{
  AdwComboRow     parent_instance;

  GtkWidget      *preview;
  GtkWidget      *change_button;   /* Text… or Picture… again */
  MazeDocument   *document;
  guint           updating;   /* > 0: selection set by code */
  MazeOutlinePictureFunc  picture_chooser;   /* tests */
  gpointer                picture_chooser_data;
  guint           changes;    /* the document's changes seen */
  guint           n_jobs;     /* outlines being made on a thread */
};

G_DEFINE_FINAL_TYPE (MazeOutlineRow, maze_outline_row, ADW_TYPE_COMBO_ROW)

/* A toast in the window's overlay: the reason an outline was refused. */
static void
show_toast (MazeOutlineRow *self,
            const char     *message)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);
  g_autofree char *escaped = g_markup_escape_text (message, -1);
  AdwToast *toast;

  g_message ("Outline refused: %s", message);
  if (overlay == NULL)
    return;
  toast = adw_toast_new (escaped);
  adw_toast_set_timeout (toast, 6);
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
}

/* The item that says how the document's maze was made. */
static guint
item_for_document (MazeOutlineRow *self)
{
  const MazeOutlineParams *outline;
  MazeOutline preset;

  if (self->document == NULL)
    return MAZE_OUTLINE_ROW_NONE;
  outline = maze_document_get_puzzle (self->document)->outline;
  if (outline == NULL)
    return MAZE_OUTLINE_ROW_NONE;
  switch (outline->source)
    {
    case MAZE_OUTLINE_SOURCE_PRESET:
      return maze_outline_from_string (outline->name, &preset) ? 1 + preset : MAZE_OUTLINE_ROW_NONE;
    case MAZE_OUTLINE_SOURCE_TEXT:
      return MAZE_OUTLINE_ROW_TEXT;
    case MAZE_OUTLINE_SOURCE_PICTURE:
    default:
      return MAZE_OUTLINE_ROW_PICTURE;
    }
}

static void
sync_from_document (MazeOutlineRow *self)
{
  guint item = item_for_document (self);

  self->updating++;
  adw_combo_row_set_selected (ADW_COMBO_ROW (self), item);
  self->updating--;
  /* Choosing the selected item again tells nothing: a button asks anew. */
  gtk_widget_set_visible (self->change_button,
                          item == MAZE_OUTLINE_ROW_TEXT || item == MAZE_OUTLINE_ROW_PICTURE);
  gtk_widget_queue_draw (self->preview);
}

static void
draw_preview (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        user_data)
{
  MazeOutlineRow *self = user_data;

  if (self->document != NULL)
    maze_outline_draw_mask (GTK_WIDGET (area), cr, maze_document_get_grid (self->document),
                            width, height);
}

/* ---- The work: the outline's mask, then a maze carved in it ---- */

typedef enum
{
  JOB_NO_OUTLINE,
  JOB_PRESET,
  JOB_TEXT,
  JOB_PICTURE,
} JobKind;

/* All the work needs, copied on the main thread: the outline's mask on
 * a fresh grid of the document's shape and size, then a maze carved in
 * it with the document's algorithm, seed and braid (its ends far apart:
 * a shape has no corners), on a thread for a big maze. */
typedef struct
{
  JobKind              kind;
  MazeOutline          preset;
  char                *text;
  char                *font;
  MazeOutlineImage    *image;
  guint                threshold;
  MazeGrid            *grid;
  MazeOutlineParams   *outline;       /* the record; NULL: no outline */
  MazeGenerateOptions  options;
  guint32              braid;
  MazePuzzle          *puzzle;        /* the result */
  guint                changes;       /* the document's changes when set up */
  MazeWindow          *window;        /* on a thread: whose busy state it is */
  GError              *grid_error;    /* why there is no grid (no memory) */
} OutlineJob;

static void
outline_job_free (OutlineJob *job)
{
  g_free (job->text);
  g_free (job->font);
  g_clear_pointer (&job->image, maze_outline_image_free);
  g_clear_pointer (&job->grid, maze_grid_free);
  g_clear_pointer (&job->outline, maze_outline_params_free);
  g_clear_pointer (&job->puzzle, maze_puzzle_free);
  g_clear_object (&job->window);
  g_clear_error (&job->grid_error);
  g_free (job);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OutlineJob, outline_job_free)

static OutlineJob *
outline_job_new (MazeOutlineRow    *self,
                 JobKind            kind,
                 MazeOutlineParams *outline)
{
  const MazePuzzle *current = maze_document_get_puzzle (self->document);
  OutlineJob *job = g_new0 (OutlineJob, 1);

  job->kind = kind;
  job->outline = outline;
  job->grid = maze_grid_new_like (current->grid, &job->grid_error);
  maze_generate_options_init (&job->options);
  if (current->has_parameters && maze_algorithm_supports (current->algorithm, current->grid->shape))
    {
      job->options.algorithm = current->algorithm;
      job->options.growing_tree_mode = current->growing_tree_mode;
    }
  job->options.seed = current->seed;
  job->braid = current->braid;
  job->changes = self->changes;
  return job;
}

/* On any thread. */
static gboolean
outline_job_run (OutlineJob    *job,
                 MazeStopFunc   stop,
                 gpointer       stop_data,
                 GError       **error)
{
  gboolean drawn = TRUE;

  switch (job->kind)
    {
    case JOB_PRESET:
      drawn = maze_outline_apply (job->grid, job->preset, error);
      break;
    case JOB_TEXT:
      drawn = maze_outline_apply_text (job->grid, job->text, job->font, error);
      break;
    case JOB_PICTURE:
      drawn = maze_outline_image_apply (job->image, job->grid, job->threshold, error);
      break;
    case JOB_NO_OUTLINE:
    default:
      break;
    }
  if (!drawn)
    return FALSE;
  /* The outline drawn (it asks no stop function): stop here if asked. */
  if (stop != NULL && stop (stop_data))
    {
      g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_CANCELLED,
                           _("Making the outline was cancelled"));
      return FALSE;
    }
  job->options.stop = stop;
  job->options.stop_data = stop_data;
  job->puzzle = maze_puzzle_generate_on (g_steal_pointer (&job->grid), &job->options, job->braid,
                                         job->outline != NULL ? MAZE_ENDPOINTS_FARTHEST
                                                              : MAZE_ENDPOINTS_CORNERS,
                                         error);
  return job->puzzle != NULL;
}

/* Back on the main thread: the maze into the document as one undo
 * step, or the reason in a toast; the row back on the document's
 * outline either way. */
static gboolean
outline_job_finish (MazeOutlineRow *self,
                    OutlineJob     *job,
                    gboolean        done,
                    GError         *error)
{
  g_autoptr(GError) local_error = error;

  if (done && self->changes != job->changes)
    {
      done = FALSE;
      g_set_error_literal (&local_error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _("The maze changed while this outline was being made: try it again"));
    }
  if (done)
    {
      MazePuzzle *puzzle = g_steal_pointer (&job->puzzle);

      puzzle->outline = g_steal_pointer (&job->outline);
      maze_puzzle_set_title (puzzle, maze_document_get_puzzle (self->document)->title);
      maze_document_replace_puzzle (self->document, puzzle);
      /* Its pixels, so that another size draws it again. */
      if (job->kind == JOB_PICTURE)
        maze_document_keep_outline_image (self->document, job->image);
    }
  else
    show_toast (self, local_error->message);
  sync_from_document (self);
  return done;
}

static void
outline_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  GError *error = NULL;

  if (outline_job_run (task_data, maze_task_stop_if_cancelled, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, maze_task_map_cancelled (error));
}

static void
outline_thread_done_cb (GObject      *source_object,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  MazeOutlineRow *self = MAZE_OUTLINE_ROW (source_object);
  OutlineJob *job = g_task_get_task_data (G_TASK (result));
  GError *error = NULL;
  gboolean done = g_task_propagate_boolean (G_TASK (result), &error);

  self->n_jobs--;
  /* Cancelled (Cancel, a newer request, a closed window): whoever
   * cancelled has ended the busy state. */
  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    {
      g_clear_error (&error);
      if (self->document != NULL)
        sync_from_document (self);
      return;
    }
  maze_window_end_work (job->window);
  if (self->document == NULL)
    g_clear_error (&error);
  else
    outline_job_finish (self, job, done, error);
}

/* Runs the job: at once for a small maze (or a row outside a window), on
 * a thread through the window's busy state for a big one. FALSE when
 * refused at once; the result of a thread comes later. */
static gboolean
outline_job_start (MazeOutlineRow *self,
                   OutlineJob     *job)
{
  GtkWidget *window = gtk_widget_get_ancestor (GTK_WIDGET (self), MAZE_TYPE_WINDOW);
  g_autoptr(GTask) task = NULL;
  GCancellable *cancellable;
  GError *error = NULL;

  /* A grid too big for the memory there is: said, nothing changed. */
  if (job->grid == NULL)
    {
      g_autoptr(OutlineJob) owned = job;

      return outline_job_finish (self, job, FALSE, g_steal_pointer (&job->grid_error));
    }
  if (window == NULL || job->grid->n_cells <= MAZE_WINDOW (window)->sync_cells)
    {
      g_autoptr(OutlineJob) owned = job;
      gboolean done = outline_job_run (job, NULL, NULL, &error);

      return outline_job_finish (self, job, done, error);
    }
  /* The newest request wins, as with the window's own edits. */
  maze_window_cancel_maze_work (MAZE_WINDOW (window));
  cancellable = maze_window_begin_work (MAZE_WINDOW (window), MAZE_WINDOW_WORK_EDIT,
                                        /* Translators: shown while a big maze takes an outline */
                                        _("Shaping the maze…"));
  job->window = g_object_ref (MAZE_WINDOW (window));
  task = g_task_new (self, cancellable, outline_thread_done_cb, NULL);
  g_task_set_source_tag (task, outline_job_start);
  g_task_set_task_data (task, job, (GDestroyNotify) outline_job_free);
  self->n_jobs++;
  g_task_run_in_thread (task, outline_thread);
  return TRUE;
}

static void
apply_preset (MazeOutlineRow *self,
              MazeOutline     preset)
{
  OutlineJob *job = outline_job_new (self, JOB_PRESET,
                                     maze_outline_params_new_preset (maze_outline_to_string (preset)));

  job->preset = preset;
  outline_job_start (self, job);
}

gboolean
maze_outline_row_apply_text (MazeOutlineRow *self,
                             const char     *text,
                             const char     *font)
{
  OutlineJob *job;

  g_return_val_if_fail (MAZE_IS_OUTLINE_ROW (self), FALSE);
  g_return_val_if_fail (self->document != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (font == NULL || font[0] == '\0')
    font = MAZE_OUTLINE_DEFAULT_FONT;
  job = outline_job_new (self, JOB_TEXT, maze_outline_params_new_text (text, font));
  job->text = g_strdup (text);
  job->font = g_strdup (font);
  return outline_job_start (self, job);
}

/* The picture read: its outline at threshold. */
static gboolean
apply_image (MazeOutlineRow         *self,
             const MazeOutlineImage *image,
             guint                   threshold)
{
  OutlineJob *job = outline_job_new (self, JOB_PICTURE,
                                     maze_outline_params_new_picture (
                                       maze_outline_image_get_digest (image), threshold));

  job->image = maze_outline_image_copy (image);
  job->threshold = threshold;
  return outline_job_start (self, job);
}

/* The picture at file, or NULL with the reason told in a toast and the
 * row back on the document's outline. */
static MazeOutlineImage *
load_picture (MazeOutlineRow *self,
              GFile          *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GError) error = NULL;
  MazeOutlineImage *image = NULL;

  if (path == NULL)
    g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                         _("The picture must be a file on this computer"));
  else
    image = maze_outline_image_load (path, &error);
  if (image == NULL)
    {
      show_toast (self, error->message);
      sync_from_document (self);
    }
  return image;
}

gboolean
maze_outline_row_apply_picture (MazeOutlineRow *self,
                                GFile          *file,
                                guint           threshold)
{
  g_autoptr(MazeOutlineImage) image = NULL;

  g_return_val_if_fail (MAZE_IS_OUTLINE_ROW (self), FALSE);
  g_return_val_if_fail (self->document != NULL, FALSE);

  image = load_picture (self, file);
  return image != NULL && apply_image (self, image, threshold);
}

/* ---- Text… ---- */

static void
text_response_cb (GtkWidget  *alert,
                  const char *response,
                  gpointer    user_data)
{
  MazeOutlineRow *self = user_data;
  GtkWidget *box = g_object_get_data (G_OBJECT (alert), "fields");
  GtkWidget *text = gtk_widget_get_first_child (box);
  GtkWidget *font = gtk_widget_get_next_sibling (text);

  if (g_str_equal (response, "apply"))
    maze_outline_row_apply_text (self, gtk_editable_get_text (GTK_EDITABLE (text)),
                                 gtk_editable_get_text (GTK_EDITABLE (font)));
  else
    sync_from_document (self);
  g_object_unref (self);
}

static void
ask_text (MazeOutlineRow *self)
{
  const MazeOutlineParams *outline = maze_document_get_puzzle (self->document)->outline;
  gboolean has_text = outline != NULL && outline->source == MAZE_OUTLINE_SOURCE_TEXT;
  GtkWidget *alert = maze_alert_new (_("Outline from Text"),
                                     _("The maze takes the shape of a word or a name; "
                                       "letters apart are joined"));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *text = gtk_entry_new ();
  GtkWidget *font = gtk_entry_new ();

  gtk_entry_set_placeholder_text (GTK_ENTRY (text), _("A word or a name"));
  gtk_entry_set_max_length (GTK_ENTRY (text), MAZE_OUTLINE_MAX_TEXT);
  gtk_entry_set_activates_default (GTK_ENTRY (text), TRUE);
  gtk_entry_set_placeholder_text (GTK_ENTRY (font), MAZE_OUTLINE_DEFAULT_FONT);
  gtk_widget_set_tooltip_text (font, _("The font, as in “Sans Bold” or “Serif Bold Italic”"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (text), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Text"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (font), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Font"), -1);
  if (has_text)
    {
      gtk_editable_set_text (GTK_EDITABLE (text), outline->text);
      gtk_editable_set_text (GTK_EDITABLE (font), outline->font);
    }
  gtk_box_append (GTK_BOX (box), text);
  gtk_box_append (GTK_BOX (box), font);
  g_object_set_data (G_OBJECT (alert), "fields", box);
  maze_alert_set_extra_child (alert, box);
  maze_alert_add_response (alert, "cancel", _("_Cancel"), ADW_RESPONSE_DEFAULT);
  maze_alert_add_response (alert, "apply", _("_Apply"), ADW_RESPONSE_SUGGESTED);
  maze_alert_set_default_response (alert, "apply");
  maze_alert_set_close_response (alert, "cancel");
  g_signal_connect (alert, "response", G_CALLBACK (text_response_cb), g_object_ref (self));
  maze_alert_present (alert, GTK_WIDGET (self));
}

/* ---- Picture… ---- */

static void
threshold_chosen_cb (const MazeOutlineImage *image,
                     gboolean                apply,
                     guint                   threshold,
                     gpointer                user_data)
{
  g_autoptr(MazeOutlineRow) self = user_data;

  if (apply)
    apply_image (self, image, threshold);
  else
    sync_from_document (self);
}

/* The picture chosen and read: how dark a pixel must be to be maze, on
 * a rough preview of at most 64 cells on the maze's longer side. */
static void
picture_chosen_cb (GFile    *file,
                   gpointer  user_data)
{
  g_autoptr(MazeOutlineRow) self = user_data;
  g_autofree char *name = NULL;
  const MazeGrid *grid;
  MazeOutlineImage *image;
  guint side;

  if (file == NULL)
    {
      sync_from_document (self);
      return;
    }
  image = load_picture (self, file);
  if (image == NULL)
    return;
  name = g_file_get_basename (file);
  grid = maze_document_get_grid (self->document);
  side = MAX (grid->width, grid->height);
  maze_outline_ask_threshold (GTK_WIDGET (self), image, name,
                              MAX (2, MIN (grid->width, grid->width * 64 / side)),
                              MAX (2, MIN (grid->height, grid->height * 64 / side)),
                              threshold_chosen_cb, g_object_ref (self));
}

/* Text… or Picture…: asks for the text, or the picture and threshold. */
static void
ask (MazeOutlineRow *self,
     guint           item)
{
  GtkRoot *root;

  if (item == MAZE_OUTLINE_ROW_TEXT)
    ask_text (self);
  else if (self->picture_chooser != NULL)
    {
      g_autoptr(GFile) file = self->picture_chooser (self->picture_chooser_data);

      picture_chosen_cb (file, g_object_ref (self));
    }
  else
    {
      root = gtk_widget_get_root (GTK_WIDGET (self));
      maze_choose_picture (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, picture_chosen_cb,
                           g_object_ref (self));
    }
}

static void
selected_cb (MazeOutlineRow *self)
{
  guint selected = adw_combo_row_get_selected (ADW_COMBO_ROW (self));

  /* The row may tell of its own setting late (after a refusal put it
   * back): the document's outline is already made. */
  if (self->updating > 0 || self->document == NULL || selected == item_for_document (self))
    return;
  if (selected == MAZE_OUTLINE_ROW_NONE)
    outline_job_start (self, outline_job_new (self, JOB_NO_OUTLINE, NULL));
  else if (selected <= MAZE_N_OUTLINES)
    apply_preset (self, (MazeOutline) (selected - 1));
  else
    ask (self, selected);
}

static void
change_clicked_cb (MazeOutlineRow *self)
{
  ask (self, adw_combo_row_get_selected (ADW_COMBO_ROW (self)));
}

void
maze_outline_row_set_picture_chooser (MazeOutlineRow         *self,
                                      MazeOutlinePictureFunc  func,
                                      gpointer                user_data)
{
  g_return_if_fail (MAZE_IS_OUTLINE_ROW (self));

  self->picture_chooser = func;
  self->picture_chooser_data = user_data;
}

guint
maze_outline_row_get_jobs (MazeOutlineRow *self)
{
  g_return_val_if_fail (MAZE_IS_OUTLINE_ROW (self), 0);

  return self->n_jobs;
}

static void
document_changed_cb (MazeOutlineRow *self,
                     guint           flags)
{
  /* An outline being made on a thread would undo this change. */
  self->changes++;
  if (flags & (MAZE_CHANGE_SIZE | MAZE_CHANGE_SETTINGS | MAZE_CHANGE_MASK))
    sync_from_document (self);
}

void
maze_outline_row_set_document (MazeOutlineRow *self,
                               MazeDocument   *document)
{
  g_return_if_fail (MAZE_IS_OUTLINE_ROW (self));

  if (self->document == document)
    return;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  /* An outline still being made was for the other document. */
  self->changes++;
  if (document != NULL)
    g_signal_connect_object (document, "changed", G_CALLBACK (document_changed_cb), self,
                             G_CONNECT_SWAPPED);
  sync_from_document (self);
}

static void
maze_outline_row_dispose (GObject *object)
{
  MazeOutlineRow *self = MAZE_OUTLINE_ROW (object);

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  G_OBJECT_CLASS (maze_outline_row_parent_class)->dispose (object);
}

static void
maze_outline_row_class_init (MazeOutlineRowClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = maze_outline_row_dispose;
}

static void
maze_outline_row_init (MazeOutlineRow *self)
{
  g_autoptr(GtkStringList) items = gtk_string_list_new (NULL);

  gtk_string_list_append (items, _("None"));
  for (guint i = 0; i < MAZE_N_OUTLINES; i++)
    gtk_string_list_append (items, maze_outline_get_title ((MazeOutline) i));
  gtk_string_list_append (items, _("Text…"));
  gtk_string_list_append (items, _("Picture…"));

  self->updating++;
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), _("Outline"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self), _("The maze in a shape"));
  adw_combo_row_set_model (ADW_COMBO_ROW (self), G_LIST_MODEL (items));
  self->preview = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (self->preview), PREVIEW_SIDE);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->preview), PREVIEW_SIDE);
  gtk_widget_set_valign (self->preview, GTK_ALIGN_CENTER);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->preview), draw_preview, self, NULL);
  adw_action_row_add_prefix (ADW_ACTION_ROW (self), self->preview);
  self->change_button = gtk_button_new_from_icon_name ("document-edit-symbolic");
  gtk_widget_set_valign (self->change_button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->change_button, "flat");
  gtk_widget_set_tooltip_text (self->change_button, _("Change the Text or Picture"));
  gtk_widget_set_visible (self->change_button, FALSE);
  g_signal_connect_swapped (self->change_button, "clicked", G_CALLBACK (change_clicked_cb), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (self), self->change_button);
  self->updating--;
  g_signal_connect (self, "notify::selected", G_CALLBACK (selected_cb), NULL);
}
