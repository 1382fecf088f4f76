/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "maze-export.h"
#include "maze-file-kind.h"
#include "maze-puzzle.h"

G_BEGIN_DECLS

/* The .maze file: versioned JSON holding the parameters, the edit history
 * and the carved passages (see maze-puzzle-file.c for the layout). Loading
 * validates everything and refuses a bad file with MAZE_ERROR_PARSE and a
 * message that names the field (and cell) that is wrong; saving is atomic
 * (maze-atomic-file.h). */

/* The newest format this program reads. A file is written in the oldest
 * version that holds its grid (maze_file_version_for_grid()): 1 for
 * rect and hex, which every release reads, 2 for triangles, 3 for
 * circular mazes around a room, 4 for circular mazes with a centre
 * cell. */
#define MAZE_FILE_FORMAT_VERSION 4
/* The version that brought the centre cell ("centre": "cell"). */
#define MAZE_FILE_CENTRE_CELL_VERSION 4
#define MAZE_FILE_EXTENSION ".maze"
#define MAZE_FILE_MIME_TYPE "application/x-mazewright"
/* The most history entries a file may hold (maze-puzzle-file-check.c
 * says why); the writer keeps the newest this many. */
#define MAZE_FILE_MAX_HISTORY 100000
/* Files larger than this are refused before they are read. */
#define MAZE_FILE_MAX_BYTES (G_GUINT64_CONSTANT (1) << 30)

int         maze_file_version_for_shape (MazeShape shape);
/* The same for a grid: a circular one with a centre cell needs 4. */
int         maze_file_version_for_grid  (const MazeGrid *grid);

char       *maze_puzzle_to_json   (const MazePuzzle  *puzzle,
                                   gsize             *length);
MazePuzzle *maze_puzzle_from_json (const char        *data,
                                   gssize             length,
                                   GError           **error);
gboolean    maze_puzzle_save      (const MazePuzzle  *puzzle,
                                   const char        *path,
                                   GError           **error);
MazePuzzle *maze_puzzle_load      (const char        *path,
                                   GError           **error);
/* Any maze file: a .maze document or a text maze, told apart by their
 * first bytes (maze_file_kind_sniff()); anything else is refused in
 * words ("“photo.png” is a PNG image, not a maze", MAZE_ERROR_PARSE).
 * *kind (may be NULL) says which it was; a text maze's doors are as
 * maze_puzzle_from_text() says, *n_doors (may be NULL) how many. */
MazePuzzle *maze_puzzle_load_any  (const char        *path,
                                   MazeFileKind      *kind,
                                   guint             *n_doors,
                                   GError           **error);
/* Told the size of the maze being loaded as soon as it is known, before
 * its grid is built, and for a .maze file that says it near its top
 * (as the writer does), before the file is read: FALSE with error
 * refuses the file. The size is the grid's (MazeGrid): for a circular
 * maze width is its outer ring and height its rings, a rectangle of at
 * most twice its cells. */
typedef gboolean (*MazeLoadSizeFunc) (MazeShape  shape,
                                      guint      width,
                                      guint      height,
                                      gpointer   user_data,
                                      GError   **error);

/* What a loader takes besides the path, all optional: progress (0..1,
 * called on the loading thread: reading is the first half, then
 * checking, parsing and building), a GCancellable checked between the
 * chunks read and the stages after (a cancelled load fails with
 * G_IO_ERROR_CANCELLED), and a size check. */
typedef struct
{
  MazeProgressFunc  progress;
  gpointer          progress_data;
  GCancellable     *cancellable;
  MazeLoadSizeFunc  check_size;
  gpointer          check_size_data;
} MazeLoadJob;

/* maze_puzzle_load_any() with a job (may be NULL). */
MazePuzzle *maze_puzzle_load_any_job (const char        *path,
                                      const MazeLoadJob *job,
                                      MazeFileKind      *kind,
                                      guint             *n_doors,
                                      GError           **error);
/* Does this look like a .maze file (rather than a text maze)? */
gboolean    maze_puzzle_file_sniff (const char       *data,
                                    gsize             length);

G_END_DECLS
