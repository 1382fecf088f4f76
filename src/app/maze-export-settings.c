/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-export-settings.h"

#include <math.h>
#include <string.h>

static const char * const unit_names[] = { "px", "mm", "in" };
static const char * const paper_names[] = { "a4", "letter" };
/* In the order of maze_export_settings_get_orientation(). */
static const char * const orientation_names[] = { "auto", "portrait", "landscape" };
static const char * const text_style_names[] = { "classic", "unicode" };

/* ---- settings ---- */

static guint
lookup_name (const char * const *names,
             guint               n_names,
             const char         *name)
{
  for (guint i = 0; i < n_names; i++)
    if (g_strcmp0 (names[i], name) == 0)
      return i;
  return 0;
}

static guint
get_choice (GSettings          *settings,
            const char         *key,
            const char * const *names,
            guint               n_names)
{
  g_autofree char *value = g_settings_get_string (settings, key);

  return lookup_name (names, n_names, value);
}

static void
get_color (GSettings  *settings,
           const char *key,
           MazeColor  *color)
{
  g_autofree char *value = g_settings_get_string (settings, key);
  MazeColor parsed;

  /* A colour that does not parse keeps the default. */
  if (maze_export_color_parse (value, &parsed))
    *color = parsed;
}

static void
set_color (GSettings       *settings,
           const char      *key,
           const MazeColor *color)
{
  g_autofree char *value = maze_export_color_to_string (color);

  g_settings_set_string (settings, key, value);
}

void
maze_export_settings_load (MazeExportRequest *request,
                           GSettings         *settings)
{
  g_autofree char *format = NULL;
  g_autofree char *title = NULL;

  g_return_if_fail (request != NULL);
  g_return_if_fail (G_IS_SETTINGS (settings));

  format = g_settings_get_string (settings, "export-format");
  if (!maze_export_format_from_name (format, &request->format))
    request->format = MAZE_EXPORT_PNG;
  request->unit = get_choice (settings, "export-unit", unit_names, G_N_ELEMENTS (unit_names));
  request->cell_px = g_settings_get_double (settings, "export-cell-size-px");
  request->cell_mm = g_settings_get_double (settings, "export-cell-size-mm");
  request->dpi = g_settings_get_double (settings, "export-dpi");
  /* Chosen for the maze (placed as wide as a text block) until the
   * user sets one. */
  request->auto_dpi = g_settings_get_boolean (settings, "export-dpi-auto");
  request->wall_percent = g_settings_get_double (settings, "export-wall-thickness");
  get_color (settings, "export-wall-color", &request->wall_color);
  get_color (settings, "export-background-color", &request->background_color);
  get_color (settings, "export-solution-color", &request->solution_color);
  request->solution = g_settings_get_boolean (settings, "export-solution");
  request->answer_key = g_settings_get_boolean (settings, "export-answer-key");
  request->show_title = g_settings_get_boolean (settings, "export-show-title");
  title = g_settings_get_string (settings, "export-title");
  maze_export_request_set_title (request, *title != '\0' ? title : NULL);
  request->name_date_line = g_settings_get_boolean (settings, "export-name-date-line");
  request->paper = get_choice (settings, "export-paper", paper_names, G_N_ELEMENTS (paper_names));
  maze_export_settings_set_orientation (request,
                                       get_choice (settings, "export-orientation", orientation_names,
                                                   G_N_ELEMENTS (orientation_names)));
  request->text_style = get_choice (settings, "export-text-style", text_style_names,
                                    G_N_ELEMENTS (text_style_names));
}

guint
maze_export_settings_get_orientation (const MazeExportRequest *request)
{
  g_return_val_if_fail (request != NULL, 0);

  if (request->auto_orientation)
    return 0;
  return request->landscape ? 2 : 1;
}

void
maze_export_settings_set_orientation (MazeExportRequest *request,
                                      guint              orientation)
{
  g_return_if_fail (request != NULL);

  request->auto_orientation = orientation == 0 || orientation > 2;
  request->landscape = orientation == 2;
}

gboolean
maze_export_settings_save (const MazeExportRequest  *request,
                           GSettings                *settings,
                           GError                  **error)
{
  g_return_val_if_fail (request != NULL, FALSE);
  g_return_val_if_fail (G_IS_SETTINGS (settings), FALSE);

  /* Out-of-range values would be refused by the keys' ranges. */
  if (!maze_export_request_validate (request, error))
    return FALSE;

  g_settings_set_string (settings, "export-format", maze_export_format_get_name (request->format));
  g_settings_set_string (settings, "export-unit", unit_names[request->unit]);
  g_settings_set_double (settings, "export-cell-size-px", request->cell_px);
  g_settings_set_double (settings, "export-cell-size-mm", request->cell_mm);
  g_settings_set_double (settings, "export-dpi", request->dpi);
  g_settings_set_boolean (settings, "export-dpi-auto", request->auto_dpi);
  g_settings_set_double (settings, "export-wall-thickness", request->wall_percent);
  set_color (settings, "export-wall-color", &request->wall_color);
  set_color (settings, "export-background-color", &request->background_color);
  set_color (settings, "export-solution-color", &request->solution_color);
  g_settings_set_boolean (settings, "export-solution", request->solution);
  g_settings_set_boolean (settings, "export-answer-key", request->answer_key);
  g_settings_set_boolean (settings, "export-show-title", request->show_title);
  g_settings_set_string (settings, "export-title", request->title != NULL ? request->title : "");
  g_settings_set_boolean (settings, "export-name-date-line", request->name_date_line);
  g_settings_set_string (settings, "export-paper", paper_names[request->paper]);
  g_settings_set_string (settings, "export-orientation",
                         orientation_names[maze_export_settings_get_orientation (request)]);
  g_settings_set_string (settings, "export-text-style", text_style_names[request->text_style]);
  return TRUE;
}

/* ---- colours ---- */

static guint
to_byte (double component)
{
  return (guint) round (CLAMP (component, 0.0, 1.0) * 255.0);
}

char *
maze_export_color_to_string (const MazeColor *color)
{
  g_return_val_if_fail (color != NULL, NULL);

  if (to_byte (color->alpha) == 255)
    return g_strdup_printf ("#%02x%02x%02x", to_byte (color->red), to_byte (color->green),
                            to_byte (color->blue));
  return g_strdup_printf ("#%02x%02x%02x%02x", to_byte (color->red), to_byte (color->green),
                          to_byte (color->blue), to_byte (color->alpha));
}

gboolean
maze_export_color_parse (const char *text,
                         MazeColor  *color)
{
  guint bytes[4] = { 0, 0, 0, 255 };
  gsize length;

  g_return_val_if_fail (color != NULL, FALSE);

  if (text == NULL || text[0] != '#')
    return FALSE;
  length = strlen (text + 1);
  if (length != 6 && length != 8)
    return FALSE;
  for (gsize i = 0; i < length; i += 2)
    {
      int high = g_ascii_xdigit_value (text[1 + i]);
      int low = g_ascii_xdigit_value (text[2 + i]);

      if (high < 0 || low < 0)
        return FALSE;
      bytes[i / 2] = (guint) (high * 16 + low);
    }
  *color = (MazeColor) { bytes[0] / 255.0, bytes[1] / 255.0, bytes[2] / 255.0, bytes[3] / 255.0 };
  return TRUE;
}
