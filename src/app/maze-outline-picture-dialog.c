/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-outline-picture-dialog.h"

#include <glib/gi18n.h>

#include "maze-compat.h"

void
maze_outline_draw_mask (GtkWidget      *widget,
                        cairo_t        *cr,
                        const MazeGrid *grid,
                        int             width,
                        int             height)
{
  double scale = MIN ((double) width / grid->width, (double) height / grid->height);
  int w = MAX (1, (int) (grid->width * scale));
  int h = MAX (1, (int) (grid->height * scale));
  GdkRGBA color;

  maze_widget_get_color (widget, &color);
  gdk_cairo_set_source_rgba (cr, &color);
  cairo_translate (cr, (width - w) / 2, (height - h) / 2);
  for (int py = 0; py < h; py++)
    for (int px = 0; px < w; px++)
      {
        guint x = MIN (grid->width - 1, (guint) ((px + 0.5) / scale));
        guint y = MIN (grid->height - 1, (guint) ((py + 0.5) / scale));

        if (!maze_grid_is_masked (grid, maze_grid_index (grid, x, y)))
          cairo_rectangle (cr, px, py, 1, 1);
      }
  cairo_fill (cr);
}

/* What the dialog holds: the picture, read once, and the preview of its
 * outline at the threshold. */
typedef struct
{
  MazeOutlineImage         *image;
  GtkRange                 *threshold;
  GtkWidget                *preview;
  guint                     width;     /* the preview grid's size */
  guint                     height;
  MazeGrid                 *grid;      /* the preview's mask, NULL when refused */
  MazeOutlineThresholdFunc  done;
  gpointer                  user_data;
} PictureDialog;

static void
picture_dialog_free (PictureDialog *dialog)
{
  maze_outline_image_free (dialog->image);
  maze_grid_free (dialog->grid);
  g_free (dialog);
}

static void
draw_preview (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        user_data)
{
  PictureDialog *dialog = user_data;

  if (dialog->grid != NULL)
    maze_outline_draw_mask (GTK_WIDGET (area), cr, dialog->grid, width, height);
}

static void
update_preview (PictureDialog *dialog)
{
  guint threshold = (guint) gtk_range_get_value (dialog->threshold);

  g_clear_pointer (&dialog->grid, maze_grid_free);
  dialog->grid = maze_grid_new (MAZE_SHAPE_RECT, dialog->width, dialog->height, NULL);
  if (!maze_outline_image_apply (dialog->image, dialog->grid, threshold, NULL))
    g_clear_pointer (&dialog->grid, maze_grid_free);
  gtk_widget_queue_draw (dialog->preview);
}

static void
response_cb (GtkWidget  *alert,
             const char *response,
             gpointer    user_data)
{
  PictureDialog *dialog = user_data;

  dialog->done (dialog->image, g_str_equal (response, "apply"),
                (guint) gtk_range_get_value (dialog->threshold), dialog->user_data);
}

void
maze_outline_ask_threshold (GtkWidget                *parent,
                            MazeOutlineImage         *image,
                            const char               *name,
                            guint                     width,
                            guint                     height,
                            MazeOutlineThresholdFunc  done,
                            gpointer                  user_data)
{
  PictureDialog *dialog = g_new0 (PictureDialog, 1);
  g_autofree char *body = NULL;
  GtkWidget *alert, *box, *scale;

  /* Translators: the picture's file name */
  body = g_strdup_printf (_("The maze takes the shape of the dark or opaque pixels of “%s”. "
                            "Pixels lighter than the threshold are left out."), name);
  alert = maze_alert_new (_("Outline from Picture"), body);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  scale = gtk_scale_new_with_range (GTK_ORIENTATION_HORIZONTAL, 0, 255, 1);
  gtk_range_set_value (GTK_RANGE (scale), MAZE_OUTLINE_IMAGE_DEFAULT_THRESHOLD);
  gtk_scale_set_draw_value (GTK_SCALE (scale), TRUE);
  gtk_scale_set_digits (GTK_SCALE (scale), 0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (scale), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Threshold"), -1);

  dialog->image = image;
  dialog->threshold = GTK_RANGE (scale);
  dialog->width = width;
  dialog->height = height;
  dialog->done = done;
  dialog->user_data = user_data;
  dialog->preview = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (dialog->preview), 160);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (dialog->preview), 120);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (dialog->preview), draw_preview, dialog, NULL);
  update_preview (dialog);
  g_signal_connect_swapped (scale, "value-changed", G_CALLBACK (update_preview), dialog);
  /* Freed with the alert, after its response. */
  g_object_set_data_full (G_OBJECT (alert), "picture", dialog,
                          (GDestroyNotify) picture_dialog_free);

  gtk_box_append (GTK_BOX (box), dialog->preview);
  gtk_box_append (GTK_BOX (box), scale);
  maze_alert_set_extra_child (alert, box);
  maze_alert_add_response (alert, "cancel", _("_Cancel"), ADW_RESPONSE_DEFAULT);
  maze_alert_add_response (alert, "apply", _("_Apply"), ADW_RESPONSE_SUGGESTED);
  maze_alert_set_default_response (alert, "apply");
  maze_alert_set_close_response (alert, "cancel");
  g_signal_connect (alert, "response", G_CALLBACK (response_cb), dialog);
  maze_alert_present (alert, parent);
}
