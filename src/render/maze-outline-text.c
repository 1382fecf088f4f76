/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-render"

#include "config.h"

#include "maze-outline.h"

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "maze-error.h"

/* A word or a name as an outline: the text laid out by Pango on one
 * line, its ink fitted to the grid's drawing, filled and stroked a cell
 * wide so that no stroke is thinner than a cell. */

static void
draw_text (cairo_t  *cr,
           double    width,
           double    height,
           double    cell,
           gpointer  user_data)
{
  PangoLayout *layout = user_data;
  PangoRectangle ink;
  cairo_matrix_t pixels;
  double scale;

  cairo_get_matrix (cr, &pixels);
  pango_layout_get_pixel_extents (layout, &ink, NULL);
  /* Room for half the stroke on every side. */
  scale = MIN (MAX (width - cell, 1.0) / ink.width, MAX (height - cell, 1.0) / ink.height);
  cairo_translate (cr, width / 2, height / 2);
  cairo_scale (cr, scale, scale);
  cairo_translate (cr, -(ink.x + ink.width / 2.0), -(ink.y + ink.height / 2.0));
  cairo_move_to (cr, 0, 0);
  pango_cairo_layout_path (cr, layout);
  /* The path is kept in pixels: the stroke is a cell wide whatever the
   * scale. */
  cairo_set_matrix (cr, &pixels);
  cairo_set_line_width (cr, cell);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_fill_preserve (cr);
  cairo_stroke (cr);
}

/* The text on one line at a fixed size, unhinted so that it lays out
 * the same at every scale. */
static PangoLayout *
text_layout (const char *text,
             const char *font)
{
  PangoFontMap *map = pango_cairo_font_map_get_default ();
  PangoContext *context = pango_font_map_create_context (map);
  g_autoptr(PangoFontDescription) desc = NULL;
  cairo_font_options_t *options = cairo_font_options_create ();
  g_autofree char *line = g_strdup (text);
  PangoLayout *layout;

  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options (context, options);
  cairo_font_options_destroy (options);

  desc = pango_font_description_from_string (font != NULL && font[0] != '\0'
                                             ? font : MAZE_OUTLINE_DEFAULT_FONT);
  pango_font_description_set_size (desc, 100 * PANGO_SCALE);
  g_strdelimit (line, "\r\n\t", ' ');
  layout = pango_layout_new (context);
  pango_layout_set_font_description (layout, desc);
  pango_layout_set_text (layout, line, -1);
  g_object_unref (context);
  return layout;
}

gboolean
maze_outline_apply_text (MazeGrid    *grid,
                         const char  *text,
                         const char  *font,
                         GError     **error)
{
  g_autoptr(PangoLayout) layout = NULL;
  g_autofree char *subject = NULL;
  PangoRectangle ink;

  g_return_val_if_fail (grid != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (!g_utf8_validate (text, -1, NULL) || g_utf8_strlen (text, -1) > MAZE_OUTLINE_MAX_TEXT)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   /* Translators: a number of characters */
                   _("An outline’s text is at most %d characters of UTF-8: a name or a word"),
                   MAZE_OUTLINE_MAX_TEXT);
      return FALSE;
    }
  layout = text_layout (text, font);
  pango_layout_get_pixel_extents (layout, &ink, NULL);
  if (ink.width <= 0 || ink.height <= 0)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("The text “%s” has no letters to draw an outline with"), text);
      return FALSE;
    }
  /* Translators: names a text outline in messages, as in "The text “Anna”
   * in a 5 × 5 maze…" */
  subject = g_strdup_printf (_("The text “%s”"), text);
  return maze_outline_apply_drawing (grid, draw_text, layout, MAZE_OUTLINE_JOIN_PIECES,
                                     subject, error);
}

double
maze_outline_text_get_aspect (const char *text,
                              const char *font)
{
  g_autoptr(PangoLayout) layout = NULL;
  PangoRectangle ink;

  g_return_val_if_fail (text != NULL, 0);

  if (!g_utf8_validate (text, -1, NULL))
    return 0;
  layout = text_layout (text, font);
  pango_layout_get_pixel_extents (layout, &ink, NULL);
  return ink.width > 0 && ink.height > 0 ? (double) ink.width / ink.height : 0;
}
