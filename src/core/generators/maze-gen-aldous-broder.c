/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-generator-private.h"

/* TODO: not implemented yet. */
gboolean
maze_gen_aldous_broder (MazeGenContext  *ctx,
                      GError         **error)
{
  g_set_error (error, MAZE_ERROR, MAZE_ERROR_UNSUPPORTED, "aldous_broder is not implemented yet");
  return FALSE;
}
