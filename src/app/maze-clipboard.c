/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-clipboard.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <unistd.h>

#include "maze-error.h"
#include "maze-export-request.h"
#include "maze-export-settings.h"
#include "maze-text.h"

/* The user's export settings, for what a copy shows of them: colours,
 * walls, markers and doors, the text style. No solution: a copy is the
 * puzzle. */
static void
load_request (MazeExportRequest *request,
              GSettings         *export_settings,
              MazeExportFormat   format)
{
  maze_export_request_init (request);
  if (export_settings != NULL)
    maze_export_settings_load (request, export_settings);
  request->format = format;
  request->solution = FALSE;
}

/* Cells of MAZE_CLIPBOARD_CELL_PX, smaller for a big maze so the image
 * stays within MAZE_CLIPBOARD_MAX_PX, never below the legible least. */
static double
image_cell_px (const MazeGrid *grid)
{
  guint side = MAX (grid->width, grid->height);

  return CLAMP (floor ((double) MAZE_CLIPBOARD_MAX_PX / side),
                MAZE_EXPORT_MIN_IMAGE_CELL_PX, MAZE_CLIPBOARD_CELL_PX);
}

GBytes *
maze_clipboard_render_png (const MazePuzzle  *puzzle,
                           GSettings         *export_settings,
                           GError           **error)
{
  g_auto(MazeExportRequest) request = { 0 };
  MazePuzzle *puzzles[1] = { (MazePuzzle *) puzzle };
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;
  gboolean written;
  int fd;

  g_return_val_if_fail (puzzle != NULL, NULL);

  load_request (&request, export_settings, MAZE_EXPORT_PNG);
  request.unit = MAZE_UNIT_PX;
  request.cell_px = image_cell_px (puzzle->grid);
  request.image_width = 0;
  request.auto_dpi = TRUE;

  /* The PNG writer writes files (atomically, in strips): one in the
   * temporary folder, read back and removed. */
  fd = g_file_open_tmp ("mazewright-copy-XXXXXX.png", &path, error);
  if (fd < 0)
    return NULL;
  close (fd);
  written = maze_export_request_write (&request, puzzles, 1, path, NULL, error) &&
            g_file_get_contents (path, &contents, &length, error);
  g_unlink (path);
  if (!written)
    return NULL;
  return g_bytes_new_take (g_steal_pointer (&contents), length);
}

char *
maze_clipboard_render_text (const MazePuzzle  *puzzle,
                            GSettings         *export_settings,
                            GError           **error)
{
  g_auto(MazeExportRequest) request = { 0 };
  MazeTextOptions options;
  char *text;

  g_return_val_if_fail (puzzle != NULL, NULL);

  if (!maze_text_check_shape (puzzle->grid->shape, error))
    return NULL;
  load_request (&request, export_settings, MAZE_EXPORT_TEXT);
  maze_export_request_to_text (&request, puzzle, NULL, &options);
  text = maze_text_to_string (puzzle->grid, &options);
  if (text == NULL)
    g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                 _("This maze is too big to copy as text"));
  return text;
}

gboolean
maze_clipboard_copy (GdkClipboard          *clipboard,
                     const MazePuzzle      *puzzle,
                     GSettings             *export_settings,
                     MazeClipboardFormats   formats,
                     char                 **message,
                     GError               **error)
{
  g_autoptr(GdkContentProvider) image_content = NULL;
  g_autoptr(GdkContentProvider) text_content = NULL;
  g_autoptr(GdkContentProvider) content = NULL;
  g_autoptr(GError) text_error = NULL;

  g_return_val_if_fail (GDK_IS_CLIPBOARD (clipboard), FALSE);
  g_return_val_if_fail (puzzle != NULL, FALSE);
  g_return_val_if_fail (message != NULL, FALSE);

  if (formats & MAZE_CLIPBOARD_IMAGE)
    {
      g_autoptr(GBytes) png = maze_clipboard_render_png (puzzle, export_settings, error);

      if (png == NULL)
        return FALSE;
      image_content = gdk_content_provider_new_for_bytes ("image/png", png);
    }
  if (formats & MAZE_CLIPBOARD_TEXT)
    {
      g_autofree char *text = maze_clipboard_render_text (puzzle, export_settings, &text_error);

      if (text != NULL)
        text_content = gdk_content_provider_new_typed (G_TYPE_STRING, text);
      else if (image_content == NULL)
        {
          g_propagate_error (error, g_steal_pointer (&text_error));
          return FALSE;
        }
    }

  if (image_content != NULL && text_content != NULL)
    {
      /* The union takes them over. */
      GdkContentProvider *both[] = { g_steal_pointer (&image_content),
                                     g_steal_pointer (&text_content) };

      content = gdk_content_provider_new_union (both, G_N_ELEMENTS (both));
      *message = g_strdup (_("Copied the maze as an image and as text"));
    }
  else if (image_content != NULL)
    {
      content = g_steal_pointer (&image_content);
      if (text_error != NULL)
        /* Translators: %s says why, e.g. "Text cannot draw triangular mazes" */
        *message = g_strdup_printf (_("Copied the maze as an image only: %s"), text_error->message);
      else
        *message = g_strdup (_("Copied the maze as an image"));
    }
  else
    {
      content = g_steal_pointer (&text_content);
      *message = g_strdup (_("Copied the maze as text"));
    }
  return gdk_clipboard_set_content (clipboard, content);
}
