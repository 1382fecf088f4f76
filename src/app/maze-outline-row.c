/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-outline-row.h"

#include <glib/gi18n.h>

#include "maze-compat.h"
#include "maze-outline-image.h"
#include "maze-outline-picture-dialog.h"

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

/* The outline's mask on a fresh grid of the document's shape and size,
 * then a maze carved in it with the document's algorithm, seed and braid
 * (its ends far apart: a shape has no corners), into the document as
 * one undo step. outline NULL: no outline, the whole grid. */
static gboolean
replace_maze (MazeOutlineRow     *self,
              MazeGrid           *grid,
              MazeOutlineParams  *outline,
              GError            **error)
{
  const MazePuzzle *current = maze_document_get_puzzle (self->document);
  MazeGenerateOptions options;
  MazePuzzle *puzzle;

  maze_generate_options_init (&options);
  if (current->has_parameters && maze_algorithm_supports (current->algorithm, grid->shape))
    {
      options.algorithm = current->algorithm;
      options.growing_tree_mode = current->growing_tree_mode;
    }
  options.seed = current->seed;
  puzzle = maze_puzzle_generate_on (grid, &options, current->braid,
                                    outline != NULL ? MAZE_ENDPOINTS_FARTHEST : MAZE_ENDPOINTS_CORNERS,
                                    error);
  if (puzzle == NULL)
    {
      maze_outline_params_free (outline);
      return FALSE;
    }
  puzzle->outline = outline;
  maze_puzzle_set_title (puzzle, current->title);
  maze_document_replace_puzzle (self->document, puzzle);
  return TRUE;
}

static MazeGrid *
new_grid (MazeOutlineRow *self)
{
  return maze_grid_new_like (maze_document_get_grid (self->document), NULL);
}

/* The end of every apply: the maze, or the reason in a toast and the
 * row back on the document's outline. */
static gboolean
finish (MazeOutlineRow *self,
        MazeGrid       *grid,
        MazeOutlineParams *outline,
        gboolean        applied,
        GError         *error)
{
  g_autoptr(GError) local_error = error;

  if (applied)
    applied = replace_maze (self, grid, outline, &local_error);
  else
    {
      maze_grid_free (grid);
      maze_outline_params_free (outline);
    }
  if (!applied)
    show_toast (self, local_error->message);
  sync_from_document (self);
  return applied;
}

static void
apply_preset (MazeOutlineRow *self,
              MazeOutline     preset)
{
  MazeGrid *grid = new_grid (self);
  GError *error = NULL;
  gboolean applied = maze_outline_apply (grid, preset, &error);

  finish (self, grid, maze_outline_params_new_preset (maze_outline_to_string (preset)), applied,
          error);
}

gboolean
maze_outline_row_apply_text (MazeOutlineRow *self,
                             const char     *text,
                             const char     *font)
{
  MazeGrid *grid;
  GError *error = NULL;
  gboolean applied;

  g_return_val_if_fail (MAZE_IS_OUTLINE_ROW (self), FALSE);
  g_return_val_if_fail (self->document != NULL, FALSE);

  if (font == NULL || font[0] == '\0')
    font = MAZE_OUTLINE_DEFAULT_FONT;
  grid = new_grid (self);
  applied = maze_outline_apply_text (grid, text, font, &error);
  return finish (self, grid, applied ? maze_outline_params_new_text (text, font) : NULL, applied,
                 error);
}

/* The picture read: its outline at threshold. */
static gboolean
apply_image (MazeOutlineRow         *self,
             const MazeOutlineImage *image,
             guint                   threshold)
{
  MazeGrid *grid = new_grid (self);
  GError *error = NULL;
  gboolean applied = maze_outline_image_apply (image, grid, threshold, &error);

  applied = finish (self, grid,
                    applied ? maze_outline_params_new_picture (maze_outline_image_get_digest (image),
                                                               threshold) : NULL,
                    applied, error);
  /* Its pixels, so that another size draws it again. */
  if (applied)
    maze_document_keep_outline_image (self->document, image);
  return applied;
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
    finish (self, new_grid (self), NULL, TRUE, NULL);
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

static void
document_changed_cb (MazeOutlineRow *self,
                     guint           flags)
{
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
