/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-grid.h"

G_BEGIN_DECLS

/* A picture as an outline: a silhouette in a PNG or JPEG (anything
 * gdk-pixbuf reads) or an SVG (librsvg), read once and applied at any
 * threshold. A pixel is maze when its lightness (over white) is below
 * the threshold, or, in a picture with transparent pixels, when its
 * opacity is at least 256 − threshold: dark or opaque pixels are maze. */
typedef struct _MazeOutlineImage MazeOutlineImage;

#define MAZE_OUTLINE_IMAGE_DEFAULT_THRESHOLD 128
/* Bigger pictures are refused before they are decoded. */
#define MAZE_OUTLINE_IMAGE_MAX_BYTES (64 * 1024 * 1024)
#define MAZE_OUTLINE_IMAGE_MAX_SIDE  8192
#define MAZE_OUTLINE_IMAGE_MAX_PIXELS (32 * 1024 * 1024)

/* Reads the picture at path. One error a problem, naming the file:
 * unreadable, empty, not a picture, too big (MAZE_ERROR_INVALID_ARGUMENT,
 * MAZE_ERROR_INVALID_SIZE for too big; G_FILE_ERROR when it cannot be
 * read). */
MazeOutlineImage *maze_outline_image_load       (const char              *path,
                                                 GError                 **error);
/* The same from bytes; name is what messages call it. */
MazeOutlineImage *maze_outline_image_new        (const guint8            *data,
                                                 gsize                    length,
                                                 const char              *name,
                                                 GError                 **error);
/* Its pixels kept, to draw the outline again at another size. */
MazeOutlineImage *maze_outline_image_copy       (const MazeOutlineImage  *image);
void              maze_outline_image_free       (MazeOutlineImage        *image);
/* The SHA-256 digest of the file, 64 lowercase hex digits: what a .maze
 * keeps to say which picture made its outline. */
const char       *maze_outline_image_get_digest (const MazeOutlineImage  *image);

/* Masks the cells outside the silhouette, cropped to the pixels that
 * are maze and fitted to the grid's drawing keeping its proportions.
 * Separate blobs are joined by the shortest corridors between them.
 * Refused, grid unchanged: a picture with no pixel that is maze at this
 * threshold (all white, all transparent), a maze too small to hold a
 * start and an end. */
gboolean          maze_outline_image_apply      (const MazeOutlineImage  *image,
                                                 MazeGrid                *grid,
                                                 guint                    threshold,
                                                 GError                 **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MazeOutlineImage, maze_outline_image_free)

G_END_DECLS
