/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-puzzle-file-private.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "maze-error.h"
#include "maze-polar.h"

/* Our documents nest four deep; json-glib's parser recurses, so a hostile
 * file of a million '[' would overflow the stack. */
#define MAX_NESTING 64

/* json-glib reads more than JSON (comments, 'single quotes', hex numbers)
 * and recurses once per level of nesting, so a check that only counted
 * brackets could be fooled into letting a million of them through (a
 * quote inside a comment hides them). Before json-glib sees a document,
 * one pass with no recursion, allocating for member names only, checks
 * that it is strict JSON (RFC 8259, UTF-8) nesting at most MAX_NESTING
 * deep, whose strings are no longer than they can be: the bulk data
 * ("mask", "weights", "passages") at most what a grid of the document's
 * width and height needs, anything else at most MAX_STRING_BYTES. A
 * hostile file is thus refused in time and memory that grow with its
 * size only, and json-glib only ever parses what both sets of rules
 * agree on.
 *
 * json-glib keeps the last of a member named twice, where a reader that
 * glances at the top of a file (maze-puzzle-file-peek.c) would see the
 * first, so a top-level member named twice is refused: the writer never
 * writes one, and which of the two is meant cannot be told. Names are
 * compared, and matched against the schema, as json-glib reads them,
 * their escapes decoded ("ring\u0073" is "rings").
 *
 * json-glib's tree costs a hundred bytes and more for each value, a
 * hundred times what "{}," takes in the file, so the pass also counts
 * the values: those in places the schema reads (maze-puzzle-file-places.c)
 * are bounded by the history, those anywhere else (stray) by
 * MAX_STRAY_VALUES, and all of them by MAX_VALUES. */

/* A title, a name, a seed: nothing but the bulk data comes near this. */
#define MAX_STRING_BYTES 65536

/* A history entry is one edit made by hand: a click for the start or
 * the end, a dragged rectangle regenerated, a stroke of mask painted,
 * or one cell whose weight was painted, which is the quickest way to
 * make them: painting a new weight into every cell of a 100×100 maze
 * one by one makes 10,000. This allows ten such mazes' worth, 5 to 13 MB
 * of file, whose tree in json-glib takes up to some 180 MB. */
#define MAX_HISTORY_EDITS MAZE_FILE_MAX_HISTORY

/* The most values an edit holds: a mask edit is an object of six
 * members, one of them the rect's array of four. */
#define MAX_EDIT_VALUES 11

/* Values in members this version does not know (which a later version
 * may add without a version bump, and this one ignores) or where the
 * schema has no place for them. */
#define MAX_STRAY_VALUES 4096

/* Every value: a full history, the stray ones and the rest of a
 * document (some twenty values) with room to spare. Only a document
 * that repeats members in an object below the top (where they are not
 * refused) reaches it before the other limits. */
#define MAX_VALUES (MAX_HISTORY_EDITS * MAX_EDIT_VALUES + MAX_STRAY_VALUES + 256)

typedef enum
{
  WANT_VALUE,
  WANT_VALUE_OR_CLOSE,   /* just after '[' */
  WANT_KEY,
  WANT_KEY_OR_CLOSE,     /* just after '{' */
  WANT_COLON,
  WANT_COMMA_OR_CLOSE,   /* after a value */
} JsonCheckState;

typedef struct
{
  const char  *data;
  gsize        length;
  gsize        pos;
  GError     **error;
  /* Seen on the way, for the bound on the bulk data: the top level's
   * "width" and "height" when they are plain whole numbers (else -1),
   * and the longest bulk string. */
  gint64       width;
  gint64       height;
  /* A circular maze's "rings" and "first" (its ring count and first
   * ring's cells) likewise. */
  gint64       rings;
  gint64       first;
  gsize        bulk_length;
  gsize        bulk_pos;
  const char  *bulk_name;
  gsize        bulk_name_length;
  /* Values counted so far; the top-level member the last one is in. */
  guint        n_values;
  guint        n_stray;
  guint        n_edits;
  const char  *member;
  gsize        member_length;
  /* Member names with escapes, decoded, and the top level's names, in
   * names; the set of the top level's names so far. */
  GStringChunk *names;
  GHashTable   *top_names;
} JsonCheck;

static gboolean
json_check_fail (const JsonCheck *c,
                 gsize            pos,
                 const char      *format,
                 ...) G_GNUC_PRINTF (3, 4);

/* The line and column of pos, from 1; columns count characters. */
static void
json_check_locate (const JsonCheck *c,
                   gsize            pos,
                   guint           *line,
                   guint           *column)
{
  gsize line_start = 0;

  *line = 1;
  for (gsize i = 0; i < pos; i++)
    if (c->data[i] == '\n')
      {
        (*line)++;
        line_start = i + 1;
      }
  *column = 1 + (guint) (g_utf8_validate_len (c->data + line_start, pos - line_start, NULL)
                         ? g_utf8_strlen (c->data + line_start, (gssize) (pos - line_start))
                         : (glong) (pos - line_start));
}

/* "line L, column C: what" */
static gboolean
json_check_fail (const JsonCheck *c,
                 gsize            pos,
                 const char      *format,
                 ...)
{
  g_autofree char *what = NULL;
  guint line, column;
  va_list args;

  json_check_locate (c, pos, &line, &column);
  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  /* Translators: the line and the column, then what is wrong there */
  maze_file_set_parse_error (c->error, _("Not a Mazewright file: the JSON is malformed: line %u, column %u: %s"),
                             line, column, what);
  return FALSE;
}

static char *
json_check_describe (const JsonCheck *c,
                     gsize            pos)
{
  return maze_file_describe_character (c->data, c->length, pos);
}

static gboolean
json_check_unexpected (const JsonCheck *c)
{
  g_autofree char *found = json_check_describe (c, c->pos);

  return json_check_fail (c, c->pos, _("unexpected %s"), found);
}

/* Counts a value at place in a container at parent, before json-glib
 * builds anything for it. */
static gboolean
json_check_count_value (JsonCheck     *c,
                        MazeFilePlace  parent,
                        MazeFilePlace  place)
{
  if (++c->n_values > MAX_VALUES)
    {
      maze_file_set_parse_error (c->error,
                                 g_dngettext (GETTEXT_PACKAGE,
                                              /* Translators: values are what JSON holds (strings,
                                               * numbers, objects, arrays) */
                                              "The document holds more than %u value, the limit for a maze file",
                                              "The document holds more than %u values, the limit for a maze file",
                                              MAX_VALUES),
                                 MAX_VALUES);
      return FALSE;
    }
  if (place == MAZE_FILE_PLACE_STRAY && ++c->n_stray > MAX_STRAY_VALUES)
    {
      g_autofree char *member = c->member != NULL ? g_strndup (c->member, c->member_length) : NULL;

      if (member != NULL)
        maze_file_set_parse_error (c->error,
                                   g_dngettext (GETTEXT_PACKAGE,
                                                /* Translators: values are what JSON holds (strings,
                                                 * numbers, objects, arrays); the last %s is a member
                                                 * of the file, such as “junk” */
                                                "More than %u value is in parts of the document this version does not read, such as “%s”",
                                                "More than %u values are in parts of the document this version does not read, such as “%s”",
                                                MAX_STRAY_VALUES),
                                   MAX_STRAY_VALUES, member);
      else
        maze_file_set_parse_error (c->error,
                                   g_dngettext (GETTEXT_PACKAGE,
                                                /* Translators: values are what JSON holds (strings,
                                                 * numbers, objects, arrays) */
                                                "More than %u value is in parts of the document this version does not read",
                                                "More than %u values are in parts of the document this version does not read",
                                                MAX_STRAY_VALUES),
                                   MAX_STRAY_VALUES);
      return FALSE;
    }
  if (parent == MAZE_FILE_PLACE_HISTORY && ++c->n_edits > MAX_HISTORY_EDITS)
    {
      maze_file_set_parse_error (c->error,
                                 g_dngettext (GETTEXT_PACKAGE,
                                              /* Translators: the first %s is “history”, the
                                               * member that lists the edits */
                                              "“%s” holds more than %u edit, the limit for a maze file",
                                              "“%s” holds more than %u edits, the limit for a maze file",
                                              MAX_HISTORY_EDITS),
                                 "history", MAX_HISTORY_EDITS);
      return FALSE;
    }
  return TRUE;
}

/* The four hex digits of the backslash-u escape at pos. */
static gboolean
json_check_u_escape (const JsonCheck *c,
                     gsize            pos,
                     gunichar        *u)
{
  *u = 0;
  for (guint k = 2; k < 6; k++)
    {
      if (pos + k >= c->length || !g_ascii_isxdigit (c->data[pos + k]))
        return json_check_fail (c, pos, _("a “\\u” escape needs four hex digits"));
      *u = (*u << 4) | (gunichar) g_ascii_xdigit_value (c->data[pos + k]);
    }
  return TRUE;
}

/* A string at c->pos, its content [*start, *end) as typed (escapes
 * left in). Stops at once past max bytes, so a gigabyte of title costs
 * no more than the limit. name is the member it is the value of (NULL:
 * a member name itself, or an array item). */
static gboolean
json_check_string (JsonCheck  *c,
                   const char *name,
                   gsize       name_length,
                   gsize       max,
                   gsize      *start,
                   gsize      *end)
{
  gsize i = c->pos + 1;
  const char *invalid;

  for (;;)
    {
      guchar ch;

      if (i >= c->length)
        return json_check_fail (c, c->pos, _("a string is not closed"));
      if (i - (c->pos + 1) > max)
        {
          char limit[32];

          g_snprintf (limit, sizeof limit, "%" G_GSIZE_FORMAT, max);
          if (name != NULL)
            {
              g_autofree char *quoted = g_strndup (name, name_length);

              return json_check_fail (c, c->pos, _("“%s” is longer than the limit of %s bytes"),
                                      quoted, limit);
            }
          return json_check_fail (c, c->pos, _("a string is longer than the limit of %s bytes"),
                                  limit);
        }
      ch = (guchar) c->data[i];
      if (ch == '"')
        break;
      if (ch < 0x20)
        {
          g_autofree char *found = json_check_describe (c, i);

          return json_check_fail (c, i, _("%s inside a string: control characters must be escaped"),
                                  found);
        }
      if (ch == '\\')
        {
          char e = i + 1 < c->length ? c->data[i + 1] : '\0';

          if (e == 'u')
            {
              gunichar u;

              if (!json_check_u_escape (c, i, &u))
                return FALSE;
              /* json-glib would make invalid UTF-8 of a lone surrogate
               * and cut the string short at U+0000. */
              if (u == 0)
                return json_check_fail (c, i, _("a string holds U+0000"));
              if (u >= 0xDC00 && u <= 0xDFFF)
                return json_check_fail (c, i, _("a “\\u” escape is half a surrogate pair"));
              if (u >= 0xD800 && u <= 0xDBFF)
                {
                  gunichar low = 0;

                  if (i + 7 >= c->length || c->data[i + 6] != '\\' || c->data[i + 7] != 'u' ||
                      !json_check_u_escape (c, i + 6, &low) || low < 0xDC00 || low > 0xDFFF)
                    return json_check_fail (c, i, _("a “\\u” escape is half a surrogate pair"));
                  i += 6;
                }
              i += 6;
              continue;
            }
          if (e == '\0' || strchr ("\"\\/bfnrt", e) == NULL)
            return json_check_fail (c, i, _("a backslash in a string must start an escape "
                                            "(\\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX)"));
          i += 2;
          continue;
        }
      i++;
    }

  *start = c->pos + 1;
  *end = i;
  if (!g_utf8_validate_len (c->data + *start, *end - *start, &invalid))
    return json_check_fail (c, (gsize) (invalid - c->data), _("the text is not valid UTF-8"));
  c->pos = i + 1;
  return TRUE;
}

/* A number at c->pos; *value is the number when it is a plain whole
 * number 0 to G_MAXINT32, else -1. */
/* Whether the number text (valid JSON) is what json-glib reads it as:
 * an integer within 64 bits, or a finite double. */
static gboolean
number_fits (const char *text,
             gsize       length)
{
  char buffer[64];
  g_autofree char *long_copy = NULL;
  char *copy = buffer;
  gint64 integer;

  /* Numbers are many (every cell of a history entry) and short. */
  if (length < sizeof buffer)
    {
      memcpy (buffer, text, length);
      buffer[length] = '\0';
    }
  else
    copy = long_copy = g_strndup (text, length);

  if (strpbrk (copy, ".eE") == NULL)
    return g_ascii_string_to_signed (copy, 10, G_MININT64, G_MAXINT64, &integer, NULL);
  return isfinite (g_ascii_strtod (copy, NULL));
}

static gboolean
json_check_number (JsonCheck *c,
                   gint64    *value)
{
  const char *d = c->data;
  gsize i = c->pos;
  gboolean plain = TRUE;
  gint64 v = 0;

#define DIGIT_AT(k) ((k) < c->length && g_ascii_isdigit (d[k]))
  if (d[i] == '-')
    {
      plain = FALSE;
      i++;
    }
  if (DIGIT_AT (i) && d[i] == '0')
    i++;
  else if (DIGIT_AT (i))
    for (; DIGIT_AT (i); i++)
      {
        v = v * 10 + (d[i] - '0');
        if (v > G_MAXINT32)
          {
            plain = FALSE;
            v = 0;
          }
      }
  else
    return json_check_fail (c, c->pos, _("a number is malformed"));
  if (i < c->length && d[i] == '.')
    {
      plain = FALSE;
      if (!DIGIT_AT (i + 1))
        return json_check_fail (c, c->pos, _("a number is malformed"));
      for (i++; DIGIT_AT (i); i++)
        ;
    }
  if (i < c->length && (d[i] == 'e' || d[i] == 'E'))
    {
      plain = FALSE;
      i++;
      if (i < c->length && (d[i] == '+' || d[i] == '-'))
        i++;
      if (!DIGIT_AT (i))
        return json_check_fail (c, c->pos, _("a number is malformed"));
      for (; DIGIT_AT (i); i++)
        ;
    }
#undef DIGIT_AT

  /* json-glib turns an integer past 64 bits into nonsense (-1) and
   * 1e309 into infinity: such a number is no value of ours, said as it
   * was written. */
  if (!number_fits (d + c->pos, i - c->pos))
    {
      g_autofree char *shown = g_strndup (d + c->pos, MIN (i - c->pos, 40));

      return json_check_fail (c, c->pos, _("the number %s%s is out of range"), shown,
                              i - c->pos > 40 ? "…" : "");
    }

  *value = plain ? v : -1;
  c->pos = i;
  return TRUE;
}

static gboolean
json_check_literal (JsonCheck *c)
{
  static const char *const literals[] = { "true", "false", "null" };

  for (guint k = 0; k < G_N_ELEMENTS (literals); k++)
    {
      gsize n = strlen (literals[k]);

      if (c->length - c->pos >= n && memcmp (c->data + c->pos, literals[k], n) == 0)
        {
          c->pos += n;
          return TRUE;
        }
    }
  return json_check_unexpected (c);
}

/* The member name [start, end) as json-glib reads it, its escapes
 * (checked already) decoded, kept in c->names. */
static const char *
json_check_unescape (JsonCheck *c,
                     gsize      start,
                     gsize      end,
                     gsize     *length)
{
  g_autoptr(GString) text = g_string_sized_new (end - start);

  for (gsize i = start; i < end;)
    {
      gunichar u, low;

      if (c->data[i] != '\\')
        {
          g_string_append_c (text, c->data[i++]);
          continue;
        }
      if (c->data[i + 1] == 'u')
        {
          json_check_u_escape (c, i, &u);
          i += 6;
          if (u >= 0xD800 && u <= 0xDBFF)
            {
              json_check_u_escape (c, i, &low);
              u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
              i += 6;
            }
          g_string_append_unichar (text, u);
        }
      else
        {
          /* \" \\ \/ stand for themselves. */
          static const char letters[] = "bfnrt", meanings[] = "\b\f\n\r\t";
          const char *letter = strchr (letters, c->data[i + 1]);

          g_string_append_c (text, letter != NULL ? meanings[letter - letters] : c->data[i + 1]);
          i += 2;
        }
    }
  *length = text->len;
  return g_string_chunk_insert_len (c->names, text->str, (gssize) text->len);
}

/* The member name [start, end) of an object at depth, as json-glib
 * reads it; at the top level, refused when named before. */
static gboolean
json_check_name (JsonCheck   *c,
                 guint        depth,
                 gsize        start,
                 gsize        end,
                 const char **name,
                 gsize       *name_length)
{
  guint line, column;

  if (memchr (c->data + start, '\\', end - start) != NULL)
    *name = json_check_unescape (c, start, end, name_length);
  else if (depth == 1)
    {
      *name = g_string_chunk_insert_len (c->names, c->data + start, (gssize) (end - start));
      *name_length = end - start;
    }
  else
    {
      *name = c->data + start;
      *name_length = end - start;
    }
  if (depth != 1)
    return TRUE;
  if (g_hash_table_add (c->top_names, (gpointer) *name))
    return TRUE;

  json_check_locate (c, start - 1, &line, &column);
  maze_file_set_parse_error (c->error,
                             /* Translators: the line and the column, then a member of
                              * the file, such as “rings” */
                             _("Not a Mazewright file: line %u, column %u: “%s” appears a second time; "
                               "each member may appear only once"),
                             line, column, *name);
  return FALSE;
}

gboolean
maze_file_check_json (const char  *data,
                      gsize        length,
                      GError     **error)
{
  g_autoptr(GStringChunk) names = g_string_chunk_new (256);
  g_autoptr(GHashTable) top_names = g_hash_table_new (g_str_hash, g_str_equal);
  JsonCheck c = { data, length, 0, error, -1, -1, -1, -1, 0, 0, NULL, 0 };
  JsonCheckState state = WANT_VALUE;
  char stack[MAX_NESTING];
  MazeFilePlace places[MAX_NESTING];  /* of each open object or array */
  guint items[MAX_NESTING];           /* values in each so far */
  guint depth = 0;
  const char *name = NULL;   /* the member the next value belongs to */
  gsize name_length = 0;

  /* A byte order mark, as some editors write (json-glib skips it too). */
  c.names = names;
  c.top_names = top_names;
  if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    c.pos = 3;

  for (;;)
    {
      gsize start, end;
      gint64 number = -1;
      MazeFilePlace parent, place;
      char ch;

      while (c.pos < length && (data[c.pos] == ' ' || data[c.pos] == '\t' ||
                                data[c.pos] == '\n' || data[c.pos] == '\r'))
        c.pos++;
      if (c.pos == length)
        {
          /* Nothing but white space is an empty document, which the
           * caller words better. */
          if (depth == 0 && (state == WANT_COMMA_OR_CLOSE || state == WANT_VALUE))
            break;
          return json_check_fail (&c, c.pos, _("the document ends too early"));
        }
      ch = data[c.pos];

      switch (state)
        {
        case WANT_COMMA_OR_CLOSE:
          if (depth == 0)
            return json_check_fail (&c, c.pos, _("there is more after the end of the document"));
          if (ch == ',')
            {
              c.pos++;
              state = stack[depth - 1] == '{' ? WANT_KEY : WANT_VALUE;
            }
          else if (ch == (stack[depth - 1] == '{' ? '}' : ']'))
            {
              c.pos++;
              depth--;
            }
          else
            return json_check_unexpected (&c);
          break;

        case WANT_KEY_OR_CLOSE:
        case WANT_KEY:
          if (state == WANT_KEY_OR_CLOSE && ch == '}')
            {
              c.pos++;
              depth--;
              state = WANT_COMMA_OR_CLOSE;
              break;
            }
          if (ch != '"')
            {
              g_autofree char *found = json_check_describe (&c, c.pos);

              return json_check_fail (&c, c.pos, _("expected a member name in double quotes, not %s"),
                                      found);
            }
          if (!json_check_string (&c, NULL, 0, MAX_STRING_BYTES, &start, &end) ||
              !json_check_name (&c, depth, start, end, &name, &name_length))
            return FALSE;
          state = WANT_COLON;
          break;

        case WANT_COLON:
          if (ch != ':')
            {
              g_autofree char *found = json_check_describe (&c, c.pos);

              return json_check_fail (&c, c.pos, _("expected “:” after a member name, not %s"),
                                      found);
            }
          c.pos++;
          state = WANT_VALUE;
          break;

        case WANT_VALUE_OR_CLOSE:
        case WANT_VALUE:
          if (state == WANT_VALUE_OR_CLOSE && ch == ']')
            {
              c.pos++;
              depth--;
              state = WANT_COMMA_OR_CLOSE;
              break;
            }

          parent = depth > 0 ? places[depth - 1] : MAZE_FILE_PLACE_DOCUMENT;
          place = maze_file_place_of_value (parent, name, name_length, depth > 0 ? items[depth - 1]++ : 0,
                                            ch == '{' || ch == '[' ? ch : 0);
          if (depth == 1)
            {
              c.member = name;
              c.member_length = name_length;
            }
          if (!json_check_count_value (&c, parent, place))
            return FALSE;

          if (ch == '{' || ch == '[')
            {
              if (depth == MAX_NESTING)
                {
                  maze_file_set_parse_error (error, _("Not a Mazewright file: the JSON is nested more than %d deep"),
                                             MAX_NESTING);
                  return FALSE;
                }
              places[depth] = place;
              items[depth] = 0;
              stack[depth++] = ch;
              c.pos++;
              state = ch == '{' ? WANT_KEY_OR_CLOSE : WANT_VALUE_OR_CLOSE;
              name = NULL;
              break;
            }

          if (ch == '"')
            {
              gboolean bulk = place == MAZE_FILE_PLACE_BULK;

              /* The bulk data is bounded below, once the size is known. */
              if (!json_check_string (&c, name, name_length, bulk ? G_MAXSIZE : MAX_STRING_BYTES,
                                      &start, &end))
                return FALSE;
              if (bulk && end - start > c.bulk_length)
                {
                  c.bulk_length = end - start;
                  c.bulk_pos = start - 1;
                  c.bulk_name = name;
                  c.bulk_name_length = name_length;
                }
            }
          else if (ch == '-' || g_ascii_isdigit (ch))
            {
              if (!json_check_number (&c, &number))
                return FALSE;
              if (depth == 1 && name != NULL && name_length == 5 && memcmp (name, "width", 5) == 0)
                c.width = number;
              if (depth == 1 && name != NULL && name_length == 6 && memcmp (name, "height", 6) == 0)
                c.height = number;
              if (depth == 1 && name != NULL && name_length == 5 && memcmp (name, "rings", 5) == 0)
                c.rings = number;
              if (depth == 1 && name != NULL && name_length == 5 && memcmp (name, "first", 5) == 0)
                c.first = number;
            }
          else if (depth == 0 && strchr ("tfn", ch) == NULL)
            {
              /* Not JSON at all: a text maze, an image, anything. */
              g_autofree char *found = json_check_describe (&c, c.pos);

              maze_file_set_parse_error (error, _("Not a Mazewright file: it is not JSON, it starts with %s and not with “{”"),
                                         found);
              return FALSE;
            }
          else if (!json_check_literal (&c))
            return FALSE;

          name = NULL;
          state = WANT_COMMA_OR_CLOSE;
          break;

        default:
          g_assert_not_reached ();
        }
    }

  /* The bulk data of a circular maze: its rings' cells. Counted around
   * a room: a centre cell's rings are the room's less the outer ring,
   * plus the centre, so fewer cells, and the reader checks the exact
   * length once it knows which centre the maze has. */
  if (c.rings > 0 && c.first > 0 && c.rings <= MAZE_POLAR_MAX_RINGS &&
      c.first <= MAZE_POLAR_MAX_FIRST)
    {
      g_autoptr(MazePolarLayout) layout = maze_polar_layout_new ((guint) c.rings, FALSE,
                                                                 (guint) c.first, NULL);

      if (layout != NULL && c.bulk_length > maze_base64_length (layout->n_cells))
        {
          g_autofree char *quoted = g_strndup (c.bulk_name, c.bulk_name_length);
          char got[32], most[32];

          g_snprintf (got, sizeof got, "%" G_GSIZE_FORMAT, c.bulk_length);
          g_snprintf (most, sizeof most, "%" G_GSIZE_FORMAT, maze_base64_length (layout->n_cells));
          return json_check_fail (&c, c.bulk_pos,
                                  _("“%s” is %s characters long, more than the %s a maze of %u rings can need"),
                                  quoted, got, most, (guint) c.rings);
        }
    }
  /* The bulk data of a width × height grid: the weights, 1 byte a cell,
   * are the most there is. A size that is out of range is reported
   * later, with the other checks of the members. */
  if (c.width > 0 && c.height > 0 &&
      (guint64) c.width * (guint64) c.height <= MAZE_MAX_CELLS &&
      c.bulk_length > maze_base64_length ((guint64) c.width * (guint64) c.height))
    {
      g_autofree char *quoted = g_strndup (c.bulk_name, c.bulk_name_length);
      char got[32], most[32];

      g_snprintf (got, sizeof got, "%" G_GSIZE_FORMAT, c.bulk_length);
      g_snprintf (most, sizeof most, "%" G_GSIZE_FORMAT,
                  maze_base64_length ((guint64) c.width * (guint64) c.height));
      return json_check_fail (&c, c.bulk_pos,
                              _("“%s” is %s characters long, more than the %s a %u×%u maze can need"),
                              quoted, got, most, (guint) c.width, (guint) c.height);
    }
  return TRUE;
}
