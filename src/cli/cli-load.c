/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright-cli"

#include "config.h"

#include "cli-load.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include <glib/gi18n.h>

#include "cli-common.h"
#include "maze-file-kind.h"
#include "maze-puzzle-file.h"
#include "maze-puzzle-text.h"
#include "maze-text.h"

/* How much of the input decides its kind, and so its size limit. */
#define SNIFF_BYTES MAZE_FILE_KIND_SNIFF_BYTES

static gboolean
set_read_error (GError     **error,
                int          saved_errno,
                const char  *name)
{
  g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE, _("Cannot read the maze: %s: %s"),
               name, g_strerror (saved_errno));
  return FALSE;
}

static gboolean
set_too_large_error (GError     **error,
                     const char  *name,
                     guint64      size,
                     gboolean     exact,
                     gboolean     is_text)
{
  g_autofree char *s = g_strdup_printf ("%" G_GUINT64_FORMAT, size);
  g_autofree char *limit = g_strdup_printf ("%" G_GUINT64_FORMAT,
                                            is_text ? (guint64) MAZE_TEXT_MAX_BYTES
                                                    : (guint64) MAZE_FILE_MAX_BYTES);

  if (is_text)
    g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                 exact ? _("%s is %s bytes, more than the limit of %s for a text maze")
                       : _("%s is more than %s bytes, the limit for a text maze"),
                 name, exact ? s : limit, limit);
  else
    g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                 exact ? _("%s is %s bytes, more than the limit of %s for a maze file")
                       : _("%s is more than %s bytes, the limit for a maze file"),
                 name, exact ? s : limit, limit);
  return FALSE;
}

/* Reads up to want bytes more into *data (capacity *capacity, *size
 * used), growing it as needed but never past limit + 1 bytes: one byte
 * more than the limit tells that there is more. FALSE on a read error. */
static gboolean
read_more (int      fd,
           char   **data,
           gsize   *capacity,
           gsize   *size,
           gsize    want,
           gsize    limit,
           gboolean *eof)
{
  gsize goal = MIN (*size + want, limit + 1);

  *eof = FALSE;
  while (*size < goal)
    {
      gssize n;

      if (*size == *capacity)
        {
          gsize bigger = MIN (MAX (*capacity * 2, 65536), limit + 1);
          char *grown = g_try_realloc (*data, bigger + 1);

          if (grown == NULL)
            {
              errno = ENOMEM;
              return FALSE;
            }
          *data = grown;
          *capacity = bigger;
        }
      n = read (fd, *data + *size, MIN (*capacity, goal) - *size);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return FALSE;
      if (n == 0)
        {
          *eof = TRUE;
          break;
        }
      *size += (gsize) n;
    }
  return TRUE;
}

/* Reads a maze file or standard input whole, bounded: the first bytes
 * tell a .maze document (at most MAZE_FILE_MAX_BYTES) from a text maze
 * (at most MAZE_TEXT_MAX_BYTES); a regular file's size is checked
 * before the rest is read, anything else (a pipe) is cut off one byte
 * past the limit. A huge file is refused at once, not after it has
 * been read into memory. */
static char *
read_input (const char  *path,
            gboolean     is_stdin,
            gsize       *length,
            gboolean    *is_text,
            GError     **error)
{
  g_autofree char *name = is_stdin ? g_strdup (_("standard input"))
                                   : cli_quote_file_name (path);
  g_autofree char *data = NULL;
  gsize capacity = 0, size = 0, limit;
  gboolean eof = FALSE;
  MazeFileKind kind;
  struct stat st;
  int fd;

  fd = is_stdin ? STDIN_FILENO : g_open (path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0 || fstat (fd, &st) != 0)
    {
      int saved_errno = errno;

      if (fd >= 0 && !is_stdin)
        close (fd);
      set_read_error (error, saved_errno, name);
      return NULL;
    }
  if (S_ISDIR (st.st_mode))
    {
      if (!is_stdin)
        close (fd);
      set_read_error (error, EISDIR, name);
      return NULL;
    }

  /* The kind first: only then is the limit known. */
  if (!read_more (fd, &data, &capacity, &size, SNIFF_BYTES, MAZE_FILE_MAX_BYTES, &eof))
    goto failed;
  kind = maze_file_kind_sniff (data, size);
  if (!maze_file_kind_is_maze (kind) && (kind != MAZE_FILE_KIND_EMPTY || eof))
    {
      if (!is_stdin)
        close (fd);
      maze_file_kind_set_error (kind, name, error);
      cli_error_to_usage (error);
      return NULL;
    }
  *is_text = kind != MAZE_FILE_KIND_MAZE;
  limit = *is_text ? MAZE_TEXT_MAX_BYTES : MAZE_FILE_MAX_BYTES;
  if (S_ISREG (st.st_mode) && (guint64) st.st_size > limit)
    {
      if (!is_stdin)
        close (fd);
      set_too_large_error (error, name, (guint64) st.st_size, TRUE, *is_text);
      return NULL;
    }

  /* A regular file is read into a buffer of its size (and one byte to
   * see whether it grew meanwhile). */
  if (S_ISREG (st.st_mode) && !eof && (gsize) st.st_size + 1 > capacity)
    {
      char *sized = g_try_realloc (data, (gsize) st.st_size + 2);

      if (sized == NULL)
        {
          errno = ENOMEM;
          goto failed;
        }
      data = sized;
      capacity = (gsize) st.st_size + 1;
    }
  while (!eof && size <= limit)
    if (!read_more (fd, &data, &capacity, &size, limit + 1 - size, limit, &eof))
      goto failed;
  if (!is_stdin)
    close (fd);
  if (size > limit)
    {
      set_too_large_error (error, name, size, FALSE, *is_text);
      return NULL;
    }

  if (data == NULL)
    data = g_malloc (1);
  data[size] = '\0';
  *length = size;
  return g_steal_pointer (&data);

failed:
  {
    int saved_errno = errno;

    if (!is_stdin)
      close (fd);
    set_read_error (error, saved_errno, name);
    return NULL;
  }
}

void
cli_input_clear (CliInput *input)
{
  g_clear_pointer (&input->puzzle, maze_puzzle_free);
  input->is_text = FALSE;
  input->n_doors = 0;
}

gboolean
cli_load_input (const char  *path,
                CliInput    *input,
                GError     **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize length = 0;
  gboolean is_stdin = g_str_equal (path, "-");

  cli_input_clear (input);

  text = read_input (path, is_stdin, &length, &input->is_text, error);
  if (text == NULL)
    return FALSE;

  if (input->is_text)
    input->puzzle = maze_puzzle_from_text (text, length, &input->n_doors, &local_error);
  else
    input->puzzle = maze_puzzle_from_json (text, (gssize) length, &local_error);

  if (input->puzzle == NULL)
    {
      g_autofree char *name = is_stdin ? g_strdup (_("standard input"))
                                       : g_filename_display_name (path);

      /* The parsers' messages carry "line L, column C" or the field. */
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("“%s” is not a maze this program can read: %s"),
                   name, local_error->message);
      return FALSE;
    }
  return TRUE;
}

const char *
cli_single_input (const char  *command,
                  GPtrArray   *positional,
                  GError     **error)
{
  if (positional->len == 0)
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("“%s” needs a maze file, or “-” for standard input"), command);
      return NULL;
    }
  if (positional->len > 1)
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE, _("Unexpected argument “%s” for “%s”"),
                   (const char *) g_ptr_array_index (positional, 1), command);
      return NULL;
    }
  return g_ptr_array_index (positional, 0);
}

gboolean
cli_parse_endpoints (const char  *from_text,
                     const char  *to_text,
                     CliPoint    *from,
                     CliPoint    *to,
                     GError     **error)
{
  if ((from_text != NULL && !cli_parse_point (from_text, "--from", from, error)) ||
      (to_text != NULL && !cli_parse_point (to_text, "--to", to, error)))
    return FALSE;
  if ((from->text == NULL) != (to->text == NULL))
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   from->text != NULL ? _("--from needs --to as well")
                                      : _("--to needs --from as well"));
      return FALSE;
    }
  return TRUE;
}

gboolean
cli_resolve_endpoints (const CliInput  *input,
                       const CliPoint  *from,
                       const CliPoint  *to,
                       guint32         *start,
                       guint32         *end,
                       GError         **error)
{
  const MazeGrid *grid = input->puzzle->grid;

  if (from != NULL && to != NULL && from->text != NULL && to->text != NULL)
    return cli_point_to_cell (from, "--from", grid, start, error) &&
           cli_point_to_cell (to, "--to", grid, end, error);

  if (input->is_text && input->n_doors < 2)
    {
      guint n = input->n_doors;

      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   ngettext ("The maze has %u door, not the two that mark start and end: "
                             "give --from X,Y --to X,Y",
                             "The maze has %u doors, not the two that mark start and end: "
                             "give --from X,Y --to X,Y", n),
                   n);
      return FALSE;
    }

  /* A .maze file says where it starts and ends; loading checked it, but
   * a start or end off the maze must never reach a solver. */
  if (!maze_puzzle_check_endpoints (input->puzzle, error))
    {
      cli_error_to_usage (error);
      return FALSE;
    }
  *start = input->puzzle->start;
  *end = input->puzzle->end;
  return TRUE;
}

gboolean
cli_check_way_through (const CliInput  *input,
                       guint32          start,
                       guint32          end,
                       GError         **error)
{
  g_autoptr(MazeSolution) solution = maze_solve (input->puzzle->grid, MAZE_SOLVER_BFS,
                                                 start, end, NULL, error);

  return solution != NULL;
}
