/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-puzzle-file.h"
#include "maze-puzzle-file-private.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "maze-atomic-file.h"
#include "maze-error.h"
#include "maze-puzzle-text.h"

/* The .maze file, format versions 1 and 2.
 *
 * A JSON object, UTF-8. An example (tests/data/good/small-rect.maze: a
 * 4×3 rectangular maze, cell (3,0) masked out, a corner regenerated, a
 * heavier cell):
 *
 *   {
 *     "format": "mazewright",
 *     "version": 1,
 *     "generator_version": 1,
 *     "title": "Base",
 *     "shape": "rect",
 *     "width": 4,
 *     "height": 3,
 *     "parameters": {"algorithm": "backtracker", "growing_tree_mode": "mixed",
 *                    "seed": "5", "braid": 0, "braid_fixed": 0},
 *     "start": [0, 0],
 *     "end": [3, 2],
 *     "history": [
 *       {"edit": "mask", "rect": [2, 0, 2, 2], "algorithm": "prim",
 *        "growing_tree_mode": "newest", "seed": "77", "mask": "Ag=="},
 *       {"edit": "regenerate", "rect": [0, 1, 2, 2], "algorithm": "wilson",
 *        "growing_tree_mode": "newest", "seed": "78"},
 *       {"edit": "weight", "cell": [1, 1], "weight": 3},
 *       {"edit": "end", "cell": [3, 2]}
 *     ],
 *     "mask": "CAA=",
 *     "weights": "AQEBAQEDAQEBAQEB",
 *     "passages": "I54F"
 *   }
 *
 * (The writer puts each history entry and the parameters on one line.)
 * "passages" decodes to 0x23 0x9e 0x05: cell (0,0) owns bits 0-1 (E and
 * S: both open), (1,0) bits 2-3 (E closed, S closed), (2,0) bits 4-5
 * (E closed, S open), and so on. "mask" is 0x08 0x00: bit 3, cell (3,0).
 *
 * Members:
 *   format            "mazewright", always.
 *   version           the format version: the oldest that holds the
 *                     grid (maze_file_version_for_grid(): 1 for rect and
 *                     hex, 2 for tri, 3 for circular around a room, 4
 *                     for circular with a centre cell; nothing else
 *                     differs between them).
 *                     A reader refuses a higher one than it knows
 *                     (MAZE_FILE_FORMAT_VERSION), and a shape or centre
 *                     its version does not hold.
 *   generator_version MAZE_GENERATOR_VERSION of the program that wrote the
 *                     file: whether regenerating from the parameters gives
 *                     the same passages again.
 *   title             optional string.
 *   shape             "rect", "hex", "tri" (version 2) or "circular"
 *                     (version 3); width and height in cells (triangles:
 *                     columns of half a side). A circular maze has instead
 *                     rings (1..MAZE_POLAR_MAX_RINGS), first (the cells
 *                     of the ring around the centre, 3..64) and centre
 *                     ("room", an open central room, the default when
 *                     absent; or "cell", version 4: ring 0 is one cell,
 *                     the first ring is ring 1 and has 3..6 cells): its
 *                     rings follow from them (maze-polar.h),
 *                     cell [x, y] is cell x of ring y (0 the innermost,
 *                     x clockwise), and a rect's columns count cells of
 *                     the outer ring (a ring sector, see MazeRect), a
 *                     history mask holding a bit for each of its places
 *                     (maze_rect_local()), 0 where no cell is.
 *   parameters        how the maze was generated; absent for a maze made
 *                     elsewhere (an imported text maze). seed is a decimal
 *                     string (JSON numbers lose 64-bit precision); braid is
 *                     a fraction 0..1 for people and braid_fixed the exact
 *                     fixed-point value (MAZE_BRAID_ONE = 1) the program
 *                     uses. A reader takes braid_fixed when present and
 *                     refuses a file where the two disagree.
 *                     growing_tree_mode is optional ("mixed").
 *                     difficulty_min and difficulty_max, optional and
 *                     together: the band of difficulty scores (0..100)
 *                     asked when the maze was made to order (maze-order.h).
 *   start, end        [x, y] of open cells.
 *   outline           optional: how the mask's outline was made (the
 *                     mask itself is in "mask"), {"kind": k, ...}:
 *                       preset:  name ("heart", maze-outline.h);
 *                       text:    text (1 to 64 characters), font (a
 *                                Pango font description);
 *                       picture: sha256 (the file's SHA-256, 64
 *                                lowercase hex digits), threshold 0..255.
 *                     Added without a version bump: older readers
 *                     ignore it and open the same maze.
 *   history           optional: the edits since generation, oldest first.
 *                     Each is {"edit": kind, ...} with, by kind:
 *                       regenerate: rect [x, y, width, height], algorithm,
 *                                   growing_tree_mode (optional), seed;
 *                       mask:       the same, and mask: the rect's new mask;
 *                       start, end: cell [x, y];
 *                       weight:     cell [x, y], weight 1..255.
 *   mask              optional (absent: nothing masked): 1 bit per cell,
 *                     1 = masked.
 *   weights           optional (absent: all 1): 1 byte per cell, 1..255.
 *   passages          for each cell, the passages it owns (see
 *                     maze-topology.h): rect 2 bits (E, S), hex 3 bits
 *                     (E, SE, SW), tri 2 bits (E, S; S is 0 in a
 *                     triangle pointing down, which has no S side),
 *                     circular 3 bits (CW, IN, IN2: the passages inward
 *                     are the outer cell's, so a centre cell's are 0 and
 *                     a first-ring cell's IN is its spoke to the centre),
 *                     ring after ring.
 *
 * Cells go in reading order (row by row, left to right). Bits are packed
 * least significant bit first, byte after byte, with the unused bits of
 * the last byte zero; the bytes are then base64 (RFC 4648, with '='
 * padding, no line breaks). Mask bits of a history mask edit cover only
 * the cells of its rect, in reading order within it.
 *
 * Members may come in any order; an optional member may also be null.
 * Sizes follow maze_check_size(); a file is at most MAZE_FILE_MAX_BYTES,
 * strict JSON (RFC 8259: no comments, no single quotes, no lone
 * surrogate or U+0000 in a string), nests at most MAX_NESTING deep,
 * holds no string longer than MAX_STRING_BYTES but the bulk data, which
 * is no longer than its grid needs, at most MAX_HISTORY_EDITS history
 * entries and MAX_VALUES JSON values in all, of which at most
 * MAX_STRAY_VALUES are where this version reads nothing
 * (maze-puzzle-file-check.c). The grid need not be perfect (a braided
 * maze has loops), but no passage may leave the grid or touch a masked
 * cell, and start and end must be open.
 *
 * The passages are the truth: a file opens the same even after the
 * generators change. Parameters and history only say how the maze came to
 * be. A reader ignores members it does not know, so later versions may
 * add small ones without a version bump; it checks everything it reads
 * and refuses the whole file with MAZE_ERROR_PARSE and a message naming
 * the member (as a JSON path, "history[3].rect") at the first problem. */

/* The parts: maze-puzzle-file-write.c writes a document and
 * maze-puzzle-file-read.c reads one, through the strict pre-check of
 * maze-puzzle-file-check.c and the typed members of
 * maze-puzzle-file-schema.c; maze-puzzle-file-bits.c is the bulk data's
 * codec and maze-puzzle-file-error.c words what is wrong. This file
 * holds the files on disk: saving, loading, sniffing. */

int
maze_file_version_for_shape (MazeShape shape)
{
  switch (shape)
    {
    case MAZE_SHAPE_RECT:
    case MAZE_SHAPE_HEX:
      return 1;
    case MAZE_SHAPE_TRI:
      return 2;
    case MAZE_SHAPE_CIRCULAR:
    default:
      return 3;
    }
}

/* A centre cell came after the room: a reader of version 3 would
 * refuse "centre": "cell" as a value it does not know, where it should
 * say the file is newer (as for a new shape). */
int
maze_file_version_for_grid (const MazeGrid *grid)
{
  if (grid->polar != NULL && grid->polar->centre)
    return MAZE_FILE_CENTRE_CELL_VERSION;
  return maze_file_version_for_shape (grid->shape);
}

/**
 * maze_puzzle_save:
 *
 * Writes @puzzle to @path atomically: on failure the old file is left as
 * it was. A document larger than MAZE_FILE_MAX_BYTES (which no loader
 * would read back) is refused with MAZE_ERROR_INVALID_SIZE.
 */
gboolean
maze_puzzle_save (const MazePuzzle  *puzzle,
                  const char        *path,
                  GError           **error)
{
  g_autoptr(MazeAtomicFile) file = NULL;
  g_autofree char *json = NULL;
  gsize length = 0;
  FILE *stream;

  g_return_val_if_fail (puzzle != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  json = maze_puzzle_to_json (puzzle, &length);
  g_return_val_if_fail (json != NULL, FALSE);
  if (length > MAZE_FILE_MAX_BYTES)
    {
      char size[32], limit[32];

      g_snprintf (size, sizeof size, "%" G_GSIZE_FORMAT, length);
      g_snprintf (limit, sizeof limit, "%" G_GUINT64_FORMAT, (guint64) MAZE_FILE_MAX_BYTES);
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   _("This maze would make a file of %s bytes, more than the limit of %s"),
                   size, limit);
      return FALSE;
    }

  file = maze_atomic_file_open (path, error);
  if (file == NULL)
    return FALSE;
  stream = maze_atomic_file_stream (file);
  /* A short write shows up in the stream's error flag, which the commit
   * checks. */
  fwrite (json, 1, length, stream);
  return maze_atomic_file_commit (g_steal_pointer (&file), error);
}

static void
set_read_error (GError     **error,
                int          saved_errno,
                const char  *path)
{
  g_autofree char *name = g_filename_display_name (path);

  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
               _("Cannot read “%s”: %s"), name, g_strerror (saved_errno));
}

static void
set_too_large_error (GError     **error,
                     const char  *path,
                     guint64      size)
{
  g_autofree char *name = g_filename_display_name (path);
  char s[32], limit[32];

  g_snprintf (s, sizeof s, "%" G_GUINT64_FORMAT, size);
  g_snprintf (limit, sizeof limit, "%" G_GUINT64_FORMAT, (guint64) MAZE_FILE_MAX_BYTES);
  g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
               _("“%s” is %s bytes, more than the limit of %s for a maze file"),
               name, s, limit);
}

gboolean
maze_load_job_step (const MazeLoadJob  *job,
                    double              fraction,
                    GError            **error)
{
  if (job == NULL)
    return TRUE;
  if (g_cancellable_set_error_if_cancelled (job->cancellable, error))
    return FALSE;
  if (job->progress != NULL)
    job->progress (fraction, job->progress_data);
  return TRUE;
}

/* Read this much at a time, so a cancel is seen within a chunk. */
#define READ_CHUNK_BYTES ((gsize) 4 << 20)

/* Reads at most MAZE_FILE_MAX_BYTES; a regular file's size is checked
 * before anything is read, anything else (a pipe) as it comes. Reading
 * is the first half of a job's progress. */
static char *
read_file (const char         *path,
           const MazeLoadJob  *job,
           gsize              *length,
           GError            **error)
{
  g_autofree char *data = NULL;
  gsize capacity = 65536;
  gsize size = 0;
  guint64 expected = 0;
  GStatBuf st;
  int fd;

  fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0)
    {
      set_read_error (error, errno, path);
      return NULL;
    }
  if (fstat (fd, &st) != 0)
    {
      set_read_error (error, errno, path);
      close (fd);
      return NULL;
    }
  if (S_ISDIR (st.st_mode))
    {
      g_autofree char *name = g_filename_display_name (path);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY,
                   _("Cannot read “%s”: it is a folder"), name);
      close (fd);
      return NULL;
    }
  if (S_ISREG (st.st_mode))
    {
      if ((guint64) st.st_size > MAZE_FILE_MAX_BYTES)
        {
          set_too_large_error (error, path, st.st_size);
          close (fd);
          return NULL;
        }
      capacity = (gsize) st.st_size + 1;
      expected = (guint64) st.st_size;
    }

  data = g_try_malloc (capacity + 1);
  if (data == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("Not enough memory to read “%s”"), path);
      close (fd);
      return NULL;
    }
  for (;;)
    {
      gssize n;

      if (size == capacity)
        {
          char *bigger;

          if (capacity > MAZE_FILE_MAX_BYTES)
            {
              set_too_large_error (error, path, size);
              close (fd);
              return NULL;
            }
          capacity *= 2;
          bigger = g_try_realloc (data, capacity + 1);
          if (bigger == NULL)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _("Not enough memory to read “%s”"), path);
              close (fd);
              return NULL;
            }
          data = bigger;
        }
      n = read (fd, data + size, MIN (capacity - size, READ_CHUNK_BYTES));
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          set_read_error (error, errno, path);
          close (fd);
          return NULL;
        }
      if (n == 0)
        break;
      size += (gsize) n;
      if (!maze_load_job_step (job, expected > 0 ? 0.5 * MIN (size, expected) / expected : 0, error))
        {
          close (fd);
          return NULL;
        }
    }
  close (fd);

  if (size > MAZE_FILE_MAX_BYTES)
    {
      set_too_large_error (error, path, size);
      return NULL;
    }
  data[size] = '\0';
  *length = size;
  return g_steal_pointer (&data);
}

/**
 * maze_puzzle_load:
 *
 * Reads and checks a .maze file. Errors: G_IO_ERROR when the file cannot
 * be read, MAZE_ERROR_INVALID_SIZE when it is larger than
 * MAZE_FILE_MAX_BYTES (refused before reading), MAZE_ERROR_PARSE for
 * everything wrong inside it (see maze_puzzle_from_json()).
 */
MazePuzzle *
maze_puzzle_load (const char  *path,
                  GError     **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  data = read_file (path, NULL, &length, error);
  if (data == NULL)
    return NULL;
  return maze_puzzle_from_json (data, (gssize) length, error);
}

/* Enough of a file to tell what it is (MAZE_FILE_KIND_SNIFF_BYTES) and,
 * for a .maze file, its size even after a long title. */
#define HEAD_BYTES ((gsize) 65536)
G_STATIC_ASSERT (HEAD_BYTES > MAZE_FILE_KIND_SNIFF_BYTES);

/* The first bytes of path; NULL on error. */
static char *
read_head (const char  *path,
           gsize       *length,
           GError     **error)
{
  g_autofree char *head = g_malloc (HEAD_BYTES);
  gsize size = 0;
  int fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);

  if (fd < 0)
    {
      set_read_error (error, errno, path);
      return NULL;
    }
  while (size < HEAD_BYTES)
    {
      gssize n = read (fd, head + size, HEAD_BYTES - size);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0 && errno == EISDIR)
        {
          g_autofree char *name = g_filename_display_name (path);

          g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY,
                       _("Cannot read “%s”: it is a folder"), name);
          close (fd);
          return NULL;
        }
      if (n < 0)
        {
          set_read_error (error, errno, path);
          close (fd);
          return NULL;
        }
      if (n == 0)
        break;
      size += (gsize) n;
    }
  close (fd);
  *length = size;
  return g_steal_pointer (&head);
}

MazePuzzle *
maze_puzzle_load_any (const char    *path,
                      MazeFileKind  *kind,
                      guint         *n_doors,
                      GError       **error)
{
  return maze_puzzle_load_any_job (path, NULL, kind, n_doors, error);
}

/* The job's size check on a maze as it is known. */
static gboolean
check_size (const MazeLoadJob  *job,
            MazeShape           shape,
            guint               width,
            guint               height,
            GError            **error)
{
  return job == NULL || job->check_size == NULL ||
         job->check_size (shape, width, height, job->check_size_data, error);
}

MazePuzzle *
maze_puzzle_load_any_job (const char         *path,
                          const MazeLoadJob  *job,
                          MazeFileKind       *kind,
                          guint              *n_doors,
                          GError            **error)
{
  g_autofree char *head = NULL;
  g_autofree char *data = NULL;
  g_autoptr(MazePuzzle) puzzle = NULL;
  gsize head_length = 0, length = 0;
  guint width = 0, height = 0;
  MazeShape shape = MAZE_SHAPE_RECT;
  MazeFileKind found;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* Told from the first bytes, before a big file that is no maze is
   * read whole. */
  head = read_head (path, &head_length, error);
  if (head == NULL)
    return NULL;
  found = maze_file_kind_sniff (head, head_length);
  if (kind != NULL)
    *kind = found;
  if (!maze_file_kind_is_maze (found))
    {
      g_autofree char *name = g_filename_display_basename (path);
      g_autofree char *quoted = g_strdup_printf (_("“%s”"), name);

      maze_file_kind_set_error (found, quoted, error);
      return NULL;
    }
  /* A maze too big for the caller is refused before it is read. */
  if (found == MAZE_FILE_KIND_MAZE &&
      maze_file_peek_size (head, head_length, &shape, &width, &height) &&
      !check_size (job, shape, width, height, error))
    return NULL;

  data = read_file (path, job, &length, error);
  if (data == NULL)
    return NULL;
  if (found == MAZE_FILE_KIND_MAZE)
    {
      if (n_doors != NULL)
        *n_doors = 2;
      return maze_file_read_json (data, length, job, error);
    }
  if (!maze_load_job_step (job, 0.5, error))
    return NULL;
  puzzle = maze_puzzle_from_text (data, length, n_doors, error);
  if (puzzle == NULL ||
      !check_size (job, puzzle->grid->shape, puzzle->grid->width, puzzle->grid->height, error) ||
      !maze_load_job_step (job, 0.95, error))
    return NULL;
  return g_steal_pointer (&puzzle);
}

/**
 * maze_puzzle_file_sniff:
 *
 * TRUE when data starts, after an optional UTF-8 byte order mark and
 * JSON whitespace, with '{': a .maze file rather than a text maze (which
 * starts with '+', a box-drawing character or the hex layout's own).
 */
gboolean
maze_puzzle_file_sniff (const char *data,
                        gsize       length)
{
  gsize i = 0;

  if (data == NULL)
    return FALSE;
  if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    i = 3;
  while (i < length && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r'))
    i++;
  return i < length && data[i] == '{';
}
