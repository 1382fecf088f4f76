/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"
/* fopencookie(), for the test-only fault injection below. */
#define _GNU_SOURCE

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "maze-atomic-file.h"
#include "maze-atomic-file-private.h"

#define STREAM_BUFFER_SIZE (1 << 20)

/* ---- Fault injection, for tests ----
 *
 * When MAZEWRIGHT_TEST_FAULTS is set, writing a regular file fails the
 * way a full disk, a read-only folder or a lost network mount makes it
 * fail, so that tests (of this file, of every exporter and of the CLI,
 * which reads the variable in its own process) can check that each
 * failure leaves the old file as it was, no temporary file behind, and a
 * clear message. It holds a comma-separated list of
 *
 *   open=ERRNO          creating the temporary file fails
 *   write=ERRNO@BYTES   writing fails once BYTES bytes have reached the
 *                       file (the write that crosses the mark is short)
 *   fsync=ERRNO         flushing the file to the disk fails
 *   close=ERRNO         closing it fails (as NFS reports a full quota)
 *   rename=ERRNO        putting it in place fails
 *   tmpfile=ERRNO       an unnamed temporary file (O_TMPFILE) cannot be
 *                       made, as on a file system without them: the
 *                       named one is used instead
 *   kill=BYTES          the process kills itself (SIGKILL) once BYTES
 *                       bytes have reached the file: a crash mid-write
 *
 * ERRNO is one of ENOSPC, EIO, EACCES, EPERM, EROFS, EDQUOT, EFBIG,
 * EXDEV, ENOENT or EOPNOTSUPP. Tests in this process set the same with
 * maze_atomic_file_set_test_faults() (maze-atomic-file-private.h). Unset,
 * as it always is outside tests, nothing here runs: the stream is a
 * plain fdopen() one. */

#define FAULTS_VARIABLE "MAZEWRIGHT_TEST_FAULTS"

typedef struct
{
  int     open_errno;      /* 0: no fault */
  int     write_errno;
  guint64 write_after;
  int     fsync_errno;
  int     close_errno;
  int     rename_errno;
  int     tmpfile_errno;
  guint64 kill_after;      /* 0: never */
} Faults;

static int
errno_from_name (const char *name)
{
  static const struct { const char *name; int value; } names[] = {
    { "ENOSPC", ENOSPC }, { "EIO", EIO }, { "EACCES", EACCES }, { "EPERM", EPERM },
    { "EROFS", EROFS }, { "EDQUOT", EDQUOT }, { "EFBIG", EFBIG }, { "EXDEV", EXDEV },
    { "ENOENT", ENOENT }, { "EOPNOTSUPP", EOPNOTSUPP },
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (names[i].name, name))
      return names[i].value;
  g_warning ("%s: unknown errno name “%s”", FAULTS_VARIABLE, name);
  return EIO;
}

/* Set by tests in their own process; NULL: the environment says. */
static char *test_faults;
G_LOCK_DEFINE_STATIC (test_faults);

void
maze_atomic_file_set_test_faults (const char *spec)
{
  G_LOCK (test_faults);
  g_free (test_faults);
  test_faults = g_strdup (spec);
  G_UNLOCK (test_faults);
}

/* FALSE, and faults all zero, when there are none. */
static gboolean
faults_get (Faults *faults)
{
  g_autofree char *spec = NULL;
  g_auto(GStrv) items = NULL;

  G_LOCK (test_faults);
  spec = g_strdup (test_faults != NULL ? test_faults : g_getenv (FAULTS_VARIABLE));
  G_UNLOCK (test_faults);

  *faults = (Faults) { 0 };
  if (spec == NULL || *spec == '\0')
    return FALSE;

  items = g_strsplit (spec, ",", -1);
  for (guint i = 0; items[i] != NULL; i++)
    {
      g_auto(GStrv) op = g_strsplit (items[i], "=", 2);
      g_auto(GStrv) value = NULL;

      if (op[0] == NULL || op[1] == NULL)
        {
          g_warning ("%s: cannot read “%s”", FAULTS_VARIABLE, items[i]);
          continue;
        }
      value = g_strsplit (op[1], "@", 2);
      if (g_str_equal (op[0], "open"))
        faults->open_errno = errno_from_name (value[0]);
      else if (g_str_equal (op[0], "write"))
        {
          faults->write_errno = errno_from_name (value[0]);
          faults->write_after = value[1] != NULL ? g_ascii_strtoull (value[1], NULL, 10) : 0;
        }
      else if (g_str_equal (op[0], "fsync"))
        faults->fsync_errno = errno_from_name (value[0]);
      else if (g_str_equal (op[0], "close"))
        faults->close_errno = errno_from_name (value[0]);
      else if (g_str_equal (op[0], "rename"))
        faults->rename_errno = errno_from_name (value[0]);
      else if (g_str_equal (op[0], "tmpfile"))
        faults->tmpfile_errno = errno_from_name (value[0]);
      else if (g_str_equal (op[0], "kill"))
        faults->kill_after = g_ascii_strtoull (value[0], NULL, 10);
      else
        g_warning ("%s: unknown operation “%s”", FAULTS_VARIABLE, op[0]);
    }
  return TRUE;
}

#ifdef __GLIBC__
typedef struct
{
  int     fd;
  guint64 written;
  Faults  faults;
  int    *failed_errno;  /* where a failed write leaves its errno */
} FaultyFd;

/* glibc takes a short write from a cookie stream for an error, so the
 * write that crosses the mark puts its first bytes in the file, as a
 * filling disk would, and then fails. */
static ssize_t
faulty_write (void       *cookie,
              const char *data,
              size_t      size)
{
  FaultyFd *f = cookie;
  gsize n = size;
  ssize_t done;

  if (f->faults.write_errno != 0)
    n = (gsize) MIN ((guint64) size, f->faults.write_after - MIN (f->written, f->faults.write_after));
  done = n > 0 ? write (f->fd, data, n) : 0;
  if (done < 0)
    return done;
  f->written += (guint64) done;
  if (f->faults.kill_after != 0 && f->written >= f->faults.kill_after)
    raise (SIGKILL);
  if ((gsize) done < size)
    {
      *f->failed_errno = errno = f->faults.write_errno != 0 ? f->faults.write_errno : EIO;
      return -1;
    }
  return done;
}

static int
faulty_close (void *cookie)
{
  FaultyFd *f = cookie;
  int status = close (f->fd);
  int close_errno = f->faults.close_errno;

  g_free (f);
  if (status == 0 && close_errno != 0)
    {
      errno = close_errno;
      return -1;
    }
  return status;
}

/* A stream on fd whose writes and close fail as faults says; a failed
 * write sets *failed_errno (stdio loses the errno of a write whose error
 * only shows at the commit). */
static FILE *
faulty_fdopen (int           fd,
               const Faults *faults,
               int          *failed_errno)
{
  cookie_io_functions_t io = { NULL, faulty_write, NULL, faulty_close };
  FaultyFd *f = g_new0 (FaultyFd, 1);
  FILE *stream;

  f->fd = fd;
  f->faults = *faults;
  f->failed_errno = failed_errno;
  stream = fopencookie (f, "wb", io);
  if (stream == NULL)
    g_free (f);
  return stream;
}
#else
static FILE *
faulty_fdopen (int           fd,
               const Faults *faults,
               int          *failed_errno)
{
  return fdopen (fd, "wb");
}
#endif

/* ---- The atomic file ---- */

/* The temporary file's name keeps this many bytes of the destination's,
 * so that it stays within NAME_MAX however long the destination's is. */
#define TEMP_BASE_MAX 200

struct _MazeAtomicFile
{
  char     *path;       /* as given, for messages */
  char     *target;     /* the file replaced: path with its links followed */
  char     *temp_path;  /* a named temporary file to remove on failure */
  gboolean  unnamed;    /* fd is an O_TMPFILE file, linked in at the commit */
  FILE     *stream;
  int       fd;         /* the temporary file's, for fsync(); else -1 */
  gboolean  is_stdout;
  char     *buffer;
  Faults    faults;
  int       fault_errno; /* set by an injected write failure */
};

static void
set_errno_error (GError     **error,
                 int          saved_errno,
                 const char  *what)
{
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
               /* Translators: what failed ("Cannot write “file”"), then
                * the system's reason */
               _("%s: %s"), what, g_strerror (saved_errno));
}

static void
set_write_error (GError     **error,
                 int          saved_errno,
                 const char  *path)
{
  g_autofree char *what = g_str_equal (path, "-")
                          ? g_strdup (_("Cannot write standard output"))
                          : g_strdup_printf (_("Cannot write “%s”"), path);

  set_errno_error (error, saved_errno, what);
}

/* The file that writing path replaces: path itself, or where its
 * symbolic links lead (a dangling link: the file it names, created).
 * Replacing the link by a file would cut it from what it pointed to.
 * NULL with errno ELOOP for a loop. */
static char *
follow_links (const char *path)
{
  g_autofree char *current = g_strdup (path);

  for (guint i = 0; i < 40; i++)
    {
      g_autofree char *target = NULL;
      GStatBuf st;

      if (g_lstat (current, &st) != 0 || !S_ISLNK (st.st_mode))
        return g_steal_pointer (&current);
      target = g_file_read_link (current, NULL);
      if (target == NULL)
        return g_steal_pointer (&current);
      if (!g_path_is_absolute (target))
        {
          g_autofree char *dir = g_path_get_dirname (current);
          char *relative = g_steal_pointer (&target);

          target = g_build_filename (dir, relative, NULL);
          g_free (relative);
        }
      g_free (current);
      current = g_steal_pointer (&target);
    }
  errno = ELOOP;
  return NULL;
}

/* "dir/.base.XXXXXX", base cut to TEMP_BASE_MAX bytes. */
static char *
temp_template (const char *target)
{
  g_autofree char *dir = g_path_get_dirname (target);
  g_autofree char *base = g_path_get_basename (target);
  g_autofree char *name = NULL;

  if (strlen (base) > TEMP_BASE_MAX)
    base[TEMP_BASE_MAX] = '\0';
  name = g_strdup_printf (".%s.XXXXXX", base);
  return g_build_filename (dir, name, NULL);
}

/* A destination that is not a regular file (a pipe, a terminal,
 * /dev/null) is written straight. It is opened without waiting: a pipe
 * nobody reads from would block for ever. */
static gboolean
open_special (MazeAtomicFile  *file,
              GError         **error)
{
  int fd = open (file->target, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  int flags;

  if (fd < 0 && errno == ENXIO)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED,
                   _("Cannot write “%s”: it is a pipe and no program is reading from it"),
                   file->path);
      return FALSE;
    }
  if (fd < 0)
    {
      set_write_error (error, errno, file->path);
      return FALSE;
    }
  flags = fcntl (fd, F_GETFL);
  if (flags != -1)
    fcntl (fd, F_SETFL, flags & ~O_NONBLOCK);
  file->stream = fdopen (fd, "wb");
  if (file->stream == NULL)
    {
      int saved_errno = errno;

      close (fd);
      set_write_error (error, saved_errno, file->path);
      return FALSE;
    }
  return TRUE;
}

/* The temporary file, beside the target so that it can take its place:
 * unnamed (O_TMPFILE) where the file system has them, so that a crash
 * leaves nothing behind; else a hidden file. */
static int
open_temporary (MazeAtomicFile *file)
{
  g_autofree char *dir = g_path_get_dirname (file->target);
  int fd = -1;

  if (file->faults.open_errno != 0)
    {
      errno = file->faults.open_errno;
      return -1;
    }
#ifdef O_TMPFILE
  if (file->faults.tmpfile_errno != 0)
    errno = file->faults.tmpfile_errno;
  else if (g_file_test ("/proc/self/fd", G_FILE_TEST_IS_DIR))
    fd = open (dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
  if (fd >= 0)
    {
      file->unnamed = TRUE;
      return fd;
    }
  /* No such folder, no permission: the named file would fail alike. */
  if (errno == ENOENT || errno == EACCES || errno == EROFS || errno == ENOSPC || errno == EDQUOT)
    return -1;
#endif
  file->temp_path = temp_template (file->target);
  fd = g_mkstemp_full (file->temp_path, O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0)
    g_clear_pointer (&file->temp_path, g_free);
  return fd;
}

MazeAtomicFile *
maze_atomic_file_open (const char  *path,
                       GError     **error)
{
  g_autoptr(MazeAtomicFile) file = NULL;
  gboolean faulty;
  GStatBuf st;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);

  file = g_new0 (MazeAtomicFile, 1);
  file->path = g_strdup (path);
  file->fd = -1;
  file->buffer = g_malloc (STREAM_BUFFER_SIZE);
  faulty = faults_get (&file->faults);

  if (g_str_equal (path, "-"))
    {
      file->is_stdout = TRUE;
      file->stream = stdout;
      return g_steal_pointer (&file);
    }

  file->target = follow_links (path);
  if (file->target == NULL)
    {
      set_write_error (error, errno, path);
      return NULL;
    }

  if (g_stat (file->target, &st) == 0 && S_ISDIR (st.st_mode))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY,
                   _("Cannot write “%s”: it is a folder"), path);
      return NULL;
    }
  if (g_stat (file->target, &st) == 0 && !S_ISREG (st.st_mode))
    {
      if (!open_special (file, error))
        return NULL;
    }
  else
    {
      gboolean exists = g_stat (file->target, &st) == 0;

      /* A read-only file is kept, as editors keep it: replacing it would
       * go round its protection (root may write anything, hence the mode
       * bits too). */
      if (exists && ((st.st_mode & 0222) == 0 || access (file->target, W_OK) != 0))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                       _("Cannot write “%s”: the file is read-only"), path);
          return NULL;
        }

      fd = open_temporary (file);
      if (fd < 0)
        {
          set_write_error (error, errno, path);
          return NULL;
        }
      /* Give the file the permissions a plain open() would, or keep those
       * of the file it replaces. */
      if (exists)
        fchmod (fd, st.st_mode & 07777);
      else
        {
          mode_t mask = umask (0);

          umask (mask);
          fchmod (fd, 0666 & ~mask);
        }
      file->stream = faulty ? faulty_fdopen (fd, &file->faults, &file->fault_errno) : fdopen (fd, "wb");
      if (file->stream == NULL)
        {
          int saved_errno = errno;

          close (fd);
          set_write_error (error, saved_errno, path);
          return NULL;
        }
      file->fd = fd;
    }

  setvbuf (file->stream, file->buffer, _IOFBF, STREAM_BUFFER_SIZE);
  return g_steal_pointer (&file);
}

FILE *
maze_atomic_file_stream (MazeAtomicFile *file)
{
  g_return_val_if_fail (file != NULL, NULL);
  return file->stream;
}

/* Links the unnamed temporary file (open as fd) in at the target: at
 * once when there is no file there yet, else under a temporary name
 * that is then renamed over the old file, so that the old file is
 * replaced in one step. Sets errno on failure. */
static gboolean
link_into_place (MazeAtomicFile *file,
                 int             fd)
{
  char proc[64];

  g_snprintf (proc, sizeof proc, "/proc/self/fd/%d", fd);
  if (linkat (AT_FDCWD, proc, AT_FDCWD, file->target, AT_SYMLINK_FOLLOW) == 0)
    return TRUE;
  if (errno != EEXIST)
    return FALSE;

  for (guint attempt = 0; attempt < 100; attempt++)
    {
      g_autofree char *name = temp_template (file->target);

      /* The same six letters g_mkstemp() would choose from. */
      for (char *x = name + strlen (name) - 6; *x != '\0'; x++)
        *x = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[g_random_int_range (0, 62)];
      if (linkat (AT_FDCWD, proc, AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0)
        {
          file->temp_path = g_steal_pointer (&name);
          return g_rename (file->temp_path, file->target) == 0;
        }
      if (errno != EEXIST)
        return FALSE;
    }
  return FALSE;
}

gboolean
maze_atomic_file_commit (MazeAtomicFile  *file,
                         GError         **error)
{
  gboolean ok = TRUE;
  int saved_errno = 0;
  int kept_fd = -1;

  g_return_val_if_fail (file != NULL, FALSE);

  /* A write that failed earlier left its data in the buffer: flushing
   * tries it again, so errno says why (a full disk) rather than whatever
   * happened since. */
  errno = 0;
  if (fflush (file->stream) != 0 || ferror (file->stream))
    {
      saved_errno = errno != 0 ? errno : file->fault_errno != 0 ? file->fault_errno : EIO;
      ok = FALSE;
    }
  else if (file->fd >= 0 && file->faults.fsync_errno != 0)
    {
      saved_errno = file->faults.fsync_errno;
      ok = FALSE;
    }
  else if (file->fd >= 0 && fsync (file->fd) != 0)
    {
      saved_errno = errno;
      ok = FALSE;
    }

  /* The unnamed file is linked in after the close succeeded (a close
   * can fail, as NFS reports a full quota), through a descriptor kept
   * open for it. */
  if (ok && file->unnamed)
    kept_fd = dup (file->fd);
  if (ok && file->unnamed && kept_fd < 0)
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
  file->fd = -1;

  if (ok && (file->temp_path != NULL || file->unnamed) && file->faults.rename_errno != 0)
    {
      saved_errno = file->faults.rename_errno;
      ok = FALSE;
    }
  else if (ok && file->unnamed && !link_into_place (file, kept_fd))
    {
      saved_errno = errno;
      ok = FALSE;
    }
  else if (ok && !file->unnamed && file->temp_path != NULL &&
           g_rename (file->temp_path, file->target) != 0)
    {
      saved_errno = errno;
      ok = FALSE;
    }
  if (kept_fd >= 0)
    close (kept_fd);

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
  g_free (file->target);
  g_free (file->path);
  g_free (file->buffer);
  g_free (file);
}
