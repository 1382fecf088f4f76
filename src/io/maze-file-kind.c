/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-file-kind.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "maze-error.h"

static gboolean
starts_with (const char *data,
             gsize       length,
             const char *magic,
             gsize       magic_length)
{
  return length >= magic_length && memcmp (data, magic, magic_length) == 0;
}

/* After a byte order mark and blanks: the first thing a reader sees. */
static gsize
skip_blanks (const char *data,
             gsize       length)
{
  gsize i = starts_with (data, length, "\xef\xbb\xbf", 3) ? 3 : 0;

  while (i < length && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r'))
    i++;
  return i;
}

/* Text: no NUL and valid UTF-8, a character cut at the end of what was
 * looked at excepted when more follows. */
static gboolean
looks_like_text (const char *data,
                 gsize       length,
                 gboolean    more)
{
  const char *end;
  gsize rest;

  if (memchr (data, '\0', length) != NULL)
    return FALSE;
  if (g_utf8_validate_len (data, length, &end))
    return TRUE;
  rest = length - (gsize) (end - data);
  return more && rest < 4 && g_utf8_get_char_validated (end, (gssize) rest) == (gunichar) -2;
}

/**
 * maze_file_kind_sniff:
 * @data: the first bytes of a file (all of it, or at least
 *   MAZE_FILE_KIND_SNIFF_BYTES)
 * @length: how many
 *
 * Returns: what the file is.
 */
MazeFileKind
maze_file_kind_sniff (const char *data,
                      gsize       length)
{
  gsize look = MIN (length, (gsize) MAZE_FILE_KIND_SNIFF_BYTES);
  gsize i;

  g_return_val_if_fail (data != NULL || length == 0, MAZE_FILE_KIND_EMPTY);

  if (starts_with (data, look, "\x89PNG\r\n\x1a\n", 8))
    return MAZE_FILE_KIND_PNG;
  if (starts_with (data, look, "\xff\xd8\xff", 3))
    return MAZE_FILE_KIND_JPEG;
  if (starts_with (data, look, "GIF87a", 6) || starts_with (data, look, "GIF89a", 6))
    return MAZE_FILE_KIND_GIF;
  if (starts_with (data, look, "RIFF", 4) && look >= 12 && memcmp (data + 8, "WEBP", 4) == 0)
    return MAZE_FILE_KIND_WEBP;
  if (starts_with (data, look, "%PDF-", 5))
    return MAZE_FILE_KIND_PDF;
  if (starts_with (data, look, "PK\x03\x04", 4))
    return MAZE_FILE_KIND_ZIP;
  if (starts_with (data, look, "\x1f\x8b", 2))
    return MAZE_FILE_KIND_GZIP;

  i = skip_blanks (data, look);
  if (i == look && look == length)
    return MAZE_FILE_KIND_EMPTY;
  if (!looks_like_text (data, look, length > look))
    return MAZE_FILE_KIND_BINARY;
  /* JSON, an object or not: the .maze reader says what is wrong with it. */
  if (data[i] == '{' || data[i] == '[')
    return MAZE_FILE_KIND_MAZE;
  if (data[i] == '<')
    return g_strstr_len (data + i, (gssize) (look - i), "<svg") != NULL ? MAZE_FILE_KIND_SVG
                                                                        : MAZE_FILE_KIND_XML;
  return MAZE_FILE_KIND_TEXT;
}

gboolean
maze_file_kind_is_maze (MazeFileKind kind)
{
  return kind == MAZE_FILE_KIND_MAZE || kind == MAZE_FILE_KIND_TEXT;
}

void
maze_file_kind_set_error (MazeFileKind   kind,
                          const char    *name,
                          GError       **error)
{
  const char *what;

  switch (kind)
    {
    case MAZE_FILE_KIND_EMPTY:
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_PARSE, _("%s is empty: there is no maze in it"), name);
      return;
    case MAZE_FILE_KIND_PNG:
      /* Translators: what a file is, in "“x” is a PNG image, not a maze" */
      what = _("a PNG image");
      break;
    case MAZE_FILE_KIND_JPEG:
      what = _("a JPEG image");
      break;
    case MAZE_FILE_KIND_GIF:
      what = _("a GIF image");
      break;
    case MAZE_FILE_KIND_WEBP:
      what = _("a WebP image");
      break;
    case MAZE_FILE_KIND_SVG:
      what = _("an SVG image");
      break;
    case MAZE_FILE_KIND_XML:
      what = _("an XML document");
      break;
    case MAZE_FILE_KIND_PDF:
      what = _("a PDF document");
      break;
    case MAZE_FILE_KIND_ZIP:
      what = _("a ZIP archive or an office document");
      break;
    case MAZE_FILE_KIND_GZIP:
      what = _("a compressed (gzip) file");
      break;
    case MAZE_FILE_KIND_BINARY:
      what = _("a binary file");
      break;
    case MAZE_FILE_KIND_MAZE:
    case MAZE_FILE_KIND_TEXT:
    default:
      g_return_if_reached ();
    }
  /* Translators: a quoted file name, then what it is ("a PNG image") */
  g_set_error (error, MAZE_ERROR, MAZE_ERROR_PARSE, _("%s is %s, not a maze"), name, what);
}
