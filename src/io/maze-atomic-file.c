/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "maze-atomic-file.h"

#define STREAM_BUFFER_SIZE (1 << 20)

struct _MazeAtomicFile
{
  char     *path;       /* destination, for messages and the rename */
  char     *temp_path;  /* NULL when writing straight to the destination */
  FILE     *stream;
  gboolean  is_stdout;
  char     *buffer;
};

static void
set_errno_error (GError     **error,
                 int          saved_errno,
                 const char  *what)
{
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
               "%s: %s", what, g_strerror (saved_errno));
}

static void
set_write_error (GError     **error,
                 int          saved_errno,
                 const char  *path)
{
  g_autofree char *what = g_strdup_printf (_("Cannot write “%s”"), path);

  set_errno_error (error, saved_errno, what);
}

MazeAtomicFile *
maze_atomic_file_open (const char  *path,
                       GError     **error)
{
  g_autoptr(MazeAtomicFile) file = NULL;
  GStatBuf st;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);

  file = g_new0 (MazeAtomicFile, 1);
  file->path = g_strdup (path);
  file->buffer = g_malloc (STREAM_BUFFER_SIZE);

  if (g_str_equal (path, "-"))
    {
      file->is_stdout = TRUE;
      file->stream = stdout;
    }
  else if (g_stat (path, &st) == 0 && !S_ISREG (st.st_mode))
    {
      if (S_ISDIR (st.st_mode))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY,
                       _("Cannot write “%s”: it is a folder"), path);
          return NULL;
        }
      file->stream = fopen (path, "wb");
      if (file->stream == NULL)
        {
          set_write_error (error, errno, path);
          return NULL;
        }
    }
  else
    {
      g_autofree char *dir = g_path_get_dirname (path);
      g_autofree char *base = g_path_get_basename (path);
      g_autofree char *temp_name = g_strdup_printf (".%s.XXXXXX", base);

      file->temp_path = g_build_filename (dir, temp_name, NULL);
      fd = g_mkstemp_full (file->temp_path, O_WRONLY | O_CLOEXEC, 0666);
      if (fd < 0)
        {
          int saved_errno = errno;

          g_clear_pointer (&file->temp_path, g_free);
          set_write_error (error, saved_errno, path);
          return NULL;
        }
      /* mkstemp creates 0600; give the file the permissions a plain
       * open() would, or keep those of the file it replaces. */
      if (g_stat (path, &st) == 0)
        fchmod (fd, st.st_mode & 07777);
      else
        {
          mode_t mask = umask (0);

          umask (mask);
          fchmod (fd, 0666 & ~mask);
        }
      file->stream = fdopen (fd, "wb");
      if (file->stream == NULL)
        {
          int saved_errno = errno;

          close (fd);
          set_write_error (error, saved_errno, path);
          return NULL;
        }
    }

  /* Standard output is left as it is: its buffering can only be set
   * before its first use. */
  if (!file->is_stdout)
    setvbuf (file->stream, file->buffer, _IOFBF, STREAM_BUFFER_SIZE);
  return g_steal_pointer (&file);
}

FILE *
maze_atomic_file_stream (MazeAtomicFile *file)
{
  g_return_val_if_fail (file != NULL, NULL);
  return file->stream;
}

gboolean
maze_atomic_file_commit (MazeAtomicFile  *file,
                         GError         **error)
{
  gboolean ok = TRUE;
  int saved_errno = 0;

  g_return_val_if_fail (file != NULL, FALSE);

  if (ferror (file->stream) || fflush (file->stream) != 0)
    {
      saved_errno = errno ? errno : EIO;
      ok = FALSE;
    }
  else if (file->temp_path != NULL && fsync (fileno (file->stream)) != 0)
    {
      saved_errno = errno;
      ok = FALSE;
    }

  if (!file->is_stdout && fclose (file->stream) != 0 && ok)
    {
      saved_errno = errno;
      ok = FALSE;
    }
  file->stream = NULL;

  if (ok && file->temp_path != NULL && g_rename (file->temp_path, file->path) != 0)
    {
      saved_errno = errno;
      ok = FALSE;
    }

  if (!ok)
    set_write_error (error, saved_errno, file->path);
  else
    g_clear_pointer (&file->temp_path, g_free);

  maze_atomic_file_abort (file);
  return ok;
}

void
maze_atomic_file_abort (MazeAtomicFile *file)
{
  if (file == NULL)
    return;
  if (file->stream != NULL)
    {
      if (file->is_stdout)
        fflush (stdout);
      else
        fclose (file->stream);
    }
  if (file->temp_path != NULL)
    g_unlink (file->temp_path);
  g_free (file->temp_path);
  g_free (file->path);
  g_free (file->buffer);
  g_free (file);
}
