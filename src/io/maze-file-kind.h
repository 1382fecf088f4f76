/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What a file is, from its first bytes: a maze we can read (a .maze
 * document, which is JSON, or a text maze), or something people open by
 * mistake and should be told about in words ("This is a PNG image"),
 * not with a parser's complaint about its first byte. */
typedef enum
{
  MAZE_FILE_KIND_EMPTY,
  MAZE_FILE_KIND_MAZE,    /* JSON: read as a .maze document */
  MAZE_FILE_KIND_TEXT,    /* other text: read as a text maze */
  MAZE_FILE_KIND_PNG,
  MAZE_FILE_KIND_JPEG,
  MAZE_FILE_KIND_GIF,
  MAZE_FILE_KIND_WEBP,
  MAZE_FILE_KIND_SVG,
  MAZE_FILE_KIND_XML,
  MAZE_FILE_KIND_PDF,
  MAZE_FILE_KIND_ZIP,     /* also OpenDocument and Office files */
  MAZE_FILE_KIND_GZIP,
  MAZE_FILE_KIND_BINARY,  /* not text, nothing we know */
} MazeFileKind;

/* How many first bytes are enough to tell. */
#define MAZE_FILE_KIND_SNIFF_BYTES 4096

MazeFileKind maze_file_kind_sniff      (const char    *data,
                                        gsize          length);
gboolean     maze_file_kind_is_maze    (MazeFileKind   kind);
/* For kinds that are not mazes, MAZE_ERROR_PARSE naming the kind,
 * e.g. "“photo.png” is a PNG image, not a maze"; name is shown as it
 * is (already quoted). */
void         maze_file_kind_set_error  (MazeFileKind   kind,
                                        const char    *name,
                                        GError       **error);

G_END_DECLS
