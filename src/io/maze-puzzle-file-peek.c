/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-puzzle-file-private.h"

#include <string.h>

#include "maze-error.h"
#include "maze-polar.h"

/* A glance at the first bytes of a .maze file for its size, so that a
 * loader can refuse a maze too big for it before reading a file of
 * hundreds of megabytes. The size is what the reader gives the load
 * job's size check: the shape and the grid's width and height, for a
 * circular maze its outer ring and rings, which follow from "rings",
 * "first" and "centre". The writer puts them all near the top; a file
 * that has them further down (or not at all) is simply read whole and
 * checked by the reader, which has the last word on everything: nothing
 * here is trusted beyond "this is the size the file claims". A head
 * that could claim two sizes, naming a member twice (json-glib keeps the
 * last) or spelling a name with escapes ("ring\u0073" is "rings"), is
 * not believed either: the reader refuses such a file, and the glance
 * must never refuse one the reader would open. */

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

/* A whole number as the writer writes it: plain digits, at most six
 * (more than any size has); else -1. */
static gint64
read_number (Scan *s)
{
  gint64 value = 0;
  const char *start;

  skip_space (s);
  start = s->p;
  while (s->p < s->end && g_ascii_isdigit (*s->p) && s->p - start < 6)
    value = value * 10 + (*s->p++ - '0');
  if (s->p == start || s->p == s->end || strchr (",} \t\r\n", *s->p) == NULL)
    return -1;
  return value;
}

/* The top-level members the size depends on. */
typedef enum
{
  CLAIM_SHAPE,
  CLAIM_WIDTH,
  CLAIM_HEIGHT,
  CLAIM_RINGS,
  CLAIM_FIRST,
  CLAIM_CENTRE,
  N_CLAIMS,
  CLAIM_NONE = N_CLAIMS,
} Claim;

static const char *const claim_names[N_CLAIMS] = {
  "shape", "width", "height", "rings", "first", "centre",
};

/* What the top of a file says of them: a number (-1 when not plain
 * digits) or a string's contents as they stand (NULL when not a string;
 * the values the reader knows have no escapes). */
typedef struct
{
  gboolean  seen[N_CLAIMS];
  gint64    number[N_CLAIMS];
  char     *string[N_CLAIMS];
} Claims;

static void
claims_clear (Claims *c)
{
  for (guint i = 0; i < N_CLAIMS; i++)
    g_free (c->string[i]);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Claims, claims_clear)

static Claim
claim_named (const char *name,
             gsize       length)
{
  for (guint i = 0; i < N_CLAIMS; i++)
    if (strlen (claim_names[i]) == length && memcmp (claim_names[i], name, length) == 0)
      return i;
  return CLAIM_NONE;
}

static gboolean
claim_is_string (Claim claim)
{
  return claim == CLAIM_SHAPE || claim == CLAIM_CENTRE;
}

/* The shape claimed, when it is one. */
static gboolean
claimed_shape (const Claims *c,
               MazeShape    *shape)
{
  return c->string[CLAIM_SHAPE] != NULL && maze_shape_from_string (c->string[CLAIM_SHAPE], shape);
}

/* Has the head said all that the size of a maze of its shape depends
 * on? For a circular maze that includes "centre", which moves the outer
 * ring. */
static gboolean
claims_complete (const Claims *c)
{
  MazeShape shape;

  if (!claimed_shape (c, &shape))
    return FALSE;
  if (shape == MAZE_SHAPE_CIRCULAR)
    return c->seen[CLAIM_RINGS] && c->seen[CLAIM_FIRST] && c->seen[CLAIM_CENTRE];
  return c->seen[CLAIM_WIDTH] && c->seen[CLAIM_HEIGHT];
}

/* Reads the top-level members until the size is known or the head (or
 * the object, or anything the glance follows) ends. FALSE when what it
 * read is not to be believed: a name with an escape, or a member the
 * size depends on named twice. */
static gboolean
read_claims (Scan   *s,
             Claims *c)
{
  if (!take (s, '{'))
    return TRUE;
  while (!claims_complete (c))
    {
      const char *name;
      gsize name_length;
      Claim claim;

      if (!take (s, '"') || !skip_string (s, &name, &name_length) || !take (s, ':'))
        return TRUE;
      claim = claim_named (name, name_length);
      if (memchr (name, '\\', name_length) != NULL || (claim != CLAIM_NONE && c->seen[claim]))
        return FALSE;
      if (claim == CLAIM_NONE)
        {
          if (!skip_value (s))
            return TRUE;
        }
      else
        {
          const char *start;
          gsize length;
          gboolean followed;

          c->seen[claim] = TRUE;
          if (claim_is_string (claim))
            {
              followed = take (s, '"') && skip_string (s, &start, &length);
              if (followed)
                c->string[claim] = g_strndup (start, length);
            }
          else
            {
              c->number[claim] = read_number (s);
              followed = c->number[claim] >= 0;
            }
          if (!followed)
            return TRUE;
        }
      if (!take (s, ','))
        return TRUE;
    }
  return TRUE;
}

/* The outer ring of these rings, or 0 when they make no maze. */
static guint
outer_ring (guint    rings,
            gboolean centre,
            guint    first)
{
  g_autoptr(MazePolarLayout) layout = maze_polar_layout_new (rings, centre, first, NULL);

  return layout != NULL ? maze_polar_ring_length (layout, rings - 1) : 0;
}

/* A circular maze's width as the reader gives it: its outer ring. A
 * file that does not say which centre it has near its top (older ones
 * say nothing: a room) still tells it when a centre cell would give the
 * same outer ring, or could not have this first ring. */
static gboolean
claimed_outer_ring (const Claims *c,
                    guint        *width)
{
  const char *centre = c->string[CLAIM_CENTRE];
  guint rings, first, room_outer, cell_outer;

  /* As the reader takes them: maze_check_size()'s ranges. */
  if (!c->seen[CLAIM_RINGS] || !c->seen[CLAIM_FIRST] ||
      !maze_check_size (MAZE_SHAPE_CIRCULAR, (guint64) c->number[CLAIM_FIRST],
                        (guint64) c->number[CLAIM_RINGS], NULL))
    return FALSE;
  rings = (guint) c->number[CLAIM_RINGS];
  first = (guint) c->number[CLAIM_FIRST];
  if (c->seen[CLAIM_CENTRE])
    {
      if (g_strcmp0 (centre, "cell") != 0 && g_strcmp0 (centre, "room") != 0)
        return FALSE;
      *width = outer_ring (rings, g_str_equal (centre, "cell"), first);
      return *width > 0;
    }
  room_outer = outer_ring (rings, FALSE, first);
  cell_outer = outer_ring (rings, TRUE, first);
  if (cell_outer != 0 && cell_outer != room_outer)
    return FALSE;
  *width = room_outer;
  return TRUE;
}

gboolean
maze_file_peek_size (const char *head,
                     gsize       length,
                     MazeShape  *shape,
                     guint      *width,
                     guint      *height)
{
  g_auto(Claims) c = { { FALSE } };
  Scan s = { head, head + length };
  guint w;

  if (length >= 3 && memcmp (head, "\xef\xbb\xbf", 3) == 0)
    s.p += 3;
  if (!read_claims (&s, &c) || !claimed_shape (&c, shape))
    return FALSE;
  if (*shape == MAZE_SHAPE_CIRCULAR)
    {
      if (!claimed_outer_ring (&c, &w))
        return FALSE;
      *width = w;
      *height = (guint) c.number[CLAIM_RINGS];
      return TRUE;
    }
  if (!c.seen[CLAIM_WIDTH] || !c.seen[CLAIM_HEIGHT] ||
      c.number[CLAIM_WIDTH] < 1 || c.number[CLAIM_WIDTH] > MAZE_MAX_SIDE ||
      c.number[CLAIM_HEIGHT] < 1 || c.number[CLAIM_HEIGHT] > MAZE_MAX_SIDE)
    return FALSE;
  *width = (guint) c.number[CLAIM_WIDTH];
  *height = (guint) c.number[CLAIM_HEIGHT];
  return TRUE;
}
