/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stdio.h>

#include <glib.h>

G_BEGIN_DECLS

/* Writing a file so that a failure never costs the old one.
 *
 * For a regular file (or a new one) the data goes to a temporary file
 * beside the destination, which is renamed over it only when every byte
 * was written and flushed to disk. A destination that exists but is not a
 * regular file (a pipe, a terminal, /dev/null, /dev/stdout) is written
 * straight, never renamed over; "-" means standard output. */
typedef struct _MazeAtomicFile MazeAtomicFile;

MazeAtomicFile *maze_atomic_file_open   (const char      *path,
                                         GError         **error);
FILE           *maze_atomic_file_stream (MazeAtomicFile  *file);
/* Commits the data; FALSE and the old file left intact on any failure. */
gboolean        maze_atomic_file_commit (MazeAtomicFile  *file,
                                         GError         **error);
/* Drops what was written (frees file; no-op on NULL). */
void            maze_atomic_file_abort  (MazeAtomicFile  *file);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MazeAtomicFile, maze_atomic_file_abort)

G_END_DECLS
