/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "maze-puzzle.h"

G_BEGIN_DECLS

/* The maze on the clipboard, as an image and as text, made by the
 * exports' own writers with the user's export settings (colours, walls,
 * text style): a PNG through maze_export_request_write(), its cells sized
 * so the image stays within MAZE_CLIPBOARD_MAX_PX, and the text export. */

/* The longer side of a copied image, in pixels, unless its cells would
 * be smaller than MAZE_EXPORT_MIN_IMAGE_CELL_PX. */
#define MAZE_CLIPBOARD_MAX_PX 2048
/* The cell size of a small maze's image. */
#define MAZE_CLIPBOARD_CELL_PX 20

typedef enum
{
  MAZE_CLIPBOARD_IMAGE = 1 << 0,
  MAZE_CLIPBOARD_TEXT  = 1 << 1,
} MazeClipboardFormats;

/* The PNG file's bytes. */
GBytes  *maze_clipboard_render_png (const MazePuzzle      *puzzle,
                                    GSettings             *export_settings,
                                    GError               **error);
/* The text export; FALSE with MAZE_ERROR_UNSUPPORTED for a shape text
 * cannot draw (triangles). */
char    *maze_clipboard_render_text (const MazePuzzle     *puzzle,
                                     GSettings            *export_settings,
                                     GError              **error);
/* Puts what was asked for, of what can be made, on clipboard and says
 * so in a sentence for a toast (*message): the image alone for a shape
 * text cannot draw, saying why. FALSE, with nothing put there, when
 * nothing could be made. */
gboolean maze_clipboard_copy       (GdkClipboard          *clipboard,
                                    const MazePuzzle      *puzzle,
                                    GSettings             *export_settings,
                                    MazeClipboardFormats   formats,
                                    char                 **message,
                                    GError               **error);

G_END_DECLS
