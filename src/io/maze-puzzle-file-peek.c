/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-puzzle-file-private.h"

#include <string.h>

#include "maze-error.h"

/* A glance at the first bytes of a .maze file for its width and height,
 * so that a loader can refuse a maze too big for it before reading a
 * file of hundreds of megabytes. The writer puts both near the top; a
 * file that has them further down (or not at all) is simply read whole
 * and checked by the reader, which has the last word on everything:
 * nothing here is trusted beyond "this is the size the file claims". */

typedef struct
{
  const char *p;
  const char *end;
} Scan;

static void
skip_space (Scan *s)
{
  while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r'))
    s->p++;
}

static gboolean
take (Scan *s,
      char  c)
{
  skip_space (s);
  if (s->p == s->end || *s->p != c)
    return FALSE;
  s->p++;
  return TRUE;
}

/* Past a string whose opening quote has been taken; its contents start
 * at *start and run for *length bytes (escapes left as they are). */
static gboolean
skip_string (Scan        *s,
             const char **start,
             gsize       *length)
{
  *start = s->p;
  while (s->p < s->end && *s->p != '"')
    s->p += *s->p == '\\' ? 2 : 1;
  if (s->p >= s->end)
    return FALSE;
  *length = (gsize) (s->p - *start);
  s->p++;
  return TRUE;
}

/* Past any value; nested ones are counted, not understood. */
static gboolean
skip_value (Scan *s)
{
  const char *ignored;
  gsize ignored_length;
  guint depth = 0;

  skip_space (s);
  do
    {
      if (s->p == s->end)
        return FALSE;
      switch (*s->p)
        {
        case '"':
          s->p++;
          if (!skip_string (s, &ignored, &ignored_length))
            return FALSE;
          break;
        case '{':
        case '[':
          depth++;
          s->p++;
          break;
        case '}':
        case ']':
          if (depth == 0)
            return FALSE;
          depth--;
          s->p++;
          break;
        default:
          s->p++;
          /* A number or literal ends where a delimiter starts. */
          while (depth == 0 && s->p < s->end && strchr (",}] \t\r\n", *s->p) == NULL)
            s->p++;
          break;
        }
    }
  while (depth > 0);
  return TRUE;
}

/* A side as the writer writes it: plain digits. */
static gboolean
read_side (Scan  *s,
           guint *side)
{
  guint64 value = 0;
  const char *start;

  skip_space (s);
  start = s->p;
  while (s->p < s->end && g_ascii_isdigit (*s->p) && s->p - start < 6)
    value = value * 10 + (guint64) (*s->p++ - '0');
  if (s->p == start || s->p == s->end || strchr (",} \t\r\n", *s->p) == NULL)
    return FALSE;
  if (value < 1 || value > MAZE_MAX_SIDE)
    return FALSE;
  *side = (guint) value;
  return TRUE;
}

gboolean
maze_file_peek_size (const char *head,
                     gsize       length,
                     guint      *width,
                     guint      *height)
{
  Scan s = { head, head + length };
  guint w = 0, h = 0;

  if (length >= 3 && memcmp (head, "\xef\xbb\xbf", 3) == 0)
    s.p += 3;
  if (!take (&s, '{'))
    return FALSE;
  while (w == 0 || h == 0)
    {
      const char *name;
      gsize name_length;

      if (!take (&s, '"') || !skip_string (&s, &name, &name_length) || !take (&s, ':'))
        return FALSE;
      if (name_length == 5 && memcmp (name, "width", 5) == 0 && w == 0)
        {
          if (!read_side (&s, &w))
            return FALSE;
        }
      else if (name_length == 6 && memcmp (name, "height", 6) == 0 && h == 0)
        {
          if (!read_side (&s, &h))
            return FALSE;
        }
      else if (!skip_value (&s))
        return FALSE;
      if (!take (&s, ','))
        break;
    }
  if (w == 0 || h == 0)
    return FALSE;
  *width = w;
  *height = h;
  return TRUE;
}
