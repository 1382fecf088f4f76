/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-error.h"
#include "maze-text.h"

/* TODO: stub, replaced by the real exporter and importer. */
void
maze_text_options_init (MazeTextOptions *options)
{
  *options = (MazeTextOptions) { MAZE_TEXT_CLASSIC, MAZE_NO_CELL, MAZE_NO_CELL, NULL, 0 };
}

gboolean
maze_text_write (const MazeGrid         *grid,
                 const MazeTextOptions  *options,
                 FILE                   *out,
                 GError                **error)
{
  g_set_error (error, MAZE_ERROR, MAZE_ERROR_UNSUPPORTED, "not implemented yet");
  return FALSE;
}

char *
maze_text_to_string (const MazeGrid        *grid,
                     const MazeTextOptions *options)
{
  return g_strdup ("");
}

MazeGrid *
maze_text_parse (const char  *text,
                 gsize        length,
                 GArray     **doors,
                 GError     **error)
{
  g_set_error (error, MAZE_ERROR, MAZE_ERROR_UNSUPPORTED, "not implemented yet");
  return NULL;
}
