/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* How a puzzle's outline was made, as its .maze keeps it: a preset's
 * name, a text and its font, or a picture's SHA-256 digest and the
 * threshold. Only a record: the mask it gave is in the grid, and the
 * outline is drawn outside the core (src/render, src/io). */
typedef enum
{
  MAZE_OUTLINE_SOURCE_PRESET,
  MAZE_OUTLINE_SOURCE_TEXT,
  MAZE_OUTLINE_SOURCE_PICTURE,
} MazeOutlineSource;

typedef struct
{
  MazeOutlineSource  source;
  char              *name;       /* PRESET: "heart" */
  char              *text;       /* TEXT */
  char              *font;       /* TEXT: a Pango font description */
  char              *digest;     /* PICTURE: 64 lowercase hex digits */
  guint              threshold;  /* PICTURE: 0..255 */
} MazeOutlineParams;

MazeOutlineParams *maze_outline_params_new_preset  (const char               *name);
MazeOutlineParams *maze_outline_params_new_text    (const char               *text,
                                                    const char               *font);
MazeOutlineParams *maze_outline_params_new_picture (const char               *digest,
                                                    guint                     threshold);
MazeOutlineParams *maze_outline_params_copy        (const MazeOutlineParams  *params);
void               maze_outline_params_free        (MazeOutlineParams        *params);
/* Both NULL, or the same outline. */
gboolean           maze_outline_params_equal       (const MazeOutlineParams  *a,
                                                    const MazeOutlineParams  *b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MazeOutlineParams, maze_outline_params_free)

G_END_DECLS
