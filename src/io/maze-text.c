/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-text.h"

#include <errno.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gi18n-lib.h>

#include "maze-error.h"
#include "maze-text-private.h"

/* The entry points: options, the writer's setup (doors, path bits), line
 * splitting and format detection for the parser, and the helpers both
 * shapes share. The layouts themselves live in maze-text-rect.c and
 * maze-text-hex.c.
 *
 * Doors returned by maze_text_parse() are listed in the order of their
 * gaps in the text (top line first, left to right); a cell with gaps on
 * two sides (a corner, or a 1-cell-wide maze) is listed once, at its
 * first gap. */

void
maze_text_options_init (MazeTextOptions *options)
{
  g_return_if_fail (options != NULL);

  *options = (MazeTextOptions) {
    .style = MAZE_TEXT_CLASSIC,
    .start = MAZE_NO_CELL,
    .end = MAZE_NO_CELL,
    .path = NULL,
    .path_len = 0,
  };
}

/* ---- Writing ---- */

static void
set_too_big_error (GError **error)
{
  g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
               _("As text this maze would take more than %u MiB, the most a text maze "
                 "can be read back from: save it as .maze, or export an image"),
               (guint) (MAZE_TEXT_MAX_BYTES >> 20));
}

gboolean
maze_text_sink_write (MazeTextSink  *sink,
                      const char    *data,
                      gsize          length,
                      GError       **error)
{
  if (sink->written + length > MAZE_TEXT_MAX_BYTES)
    {
      set_too_big_error (error);
      return FALSE;
    }
  sink->written += length;
  if (sink->string != NULL)
    {
      g_string_append_len (sink->string, data, (gssize) length);
      return TRUE;
    }
  if (fwrite (data, 1, length, sink->file) != length)
    {
      int saved_errno = errno;

      /* Only why: the callers say which file. */
      g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                           g_strerror (saved_errno));
      return FALSE;
    }
  return TRUE;
}

typedef struct
{
  char  bytes[4];
  guint len;
} Glyph;

/* Unicode stand-ins for the bytes the writers put into a line. */
static const Glyph unicode_glyphs[256] = {
  [' '] = { " ", 1 },
  ['-'] = { "─", 3 },
  ['|'] = { "│", 3 },
  ['/'] = { "╱", 3 },
  ['\\'] = { "╲", 3 },
  ['#'] = { "░", 3 },
  ['*'] = { "•", 3 },
};

gboolean
maze_text_emit_line (const MazeTextWriter  *writer,
                     MazeTextSink          *sink,
                     char                  *line,
                     gsize                  n,
                     char                  *scratch,
                     GError               **error)
{
  char *p = scratch;

  if (writer->style == MAZE_TEXT_CLASSIC)
    {
      line[n] = '\n';
      return maze_text_sink_write (sink, line, n + 1, error);
    }

  for (gsize i = 0; i < n; i++)
    {
      const Glyph *g = &unicode_glyphs[(guint8) line[i]];

      if (G_LIKELY (g->len > 0))
        {
          /* Copying all four bytes is cheaper than a variable memcpy;
           * the scratch buffer has room for the overhang. */
          memcpy (p, g->bytes, 4);
          p += g->len;
        }
      else
        *p++ = line[i];
    }
  *p++ = '\n';
  return maze_text_sink_write (sink, scratch, (gsize) (p - scratch), error);
}

/* The door of cell on the border: top, else bottom, else left, else
 * right, whichever the cell lies on and taken (NULL, or the other end's
 * door in a maze of one cell) does not hold already. */
static MazeTextDoor
place_door (const MazeGrid     *grid,
            guint32             cell,
            const MazeTextDoor *taken)
{
  MazeTextDoor door = { MAZE_TEXT_SIDE_NONE, 0, 0 };
  guint x, y;

  if (cell >= grid->n_cells || maze_grid_is_masked (grid, cell))
    return door;
  maze_grid_xy (grid, cell, &x, &y);
  door.x = x;
  door.y = y;
  {
    const struct
    {
      gboolean      on;
      MazeTextSide  side;
    } sides[] = {
      { y == 0, MAZE_TEXT_SIDE_TOP },
      { y == grid->height - 1, MAZE_TEXT_SIDE_BOTTOM },
      { x == 0, MAZE_TEXT_SIDE_LEFT },
      { x == grid->width - 1, MAZE_TEXT_SIDE_RIGHT },
    };

    for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
      if (sides[i].on &&
          (taken == NULL || taken->side != sides[i].side || taken->x != x || taken->y != y))
        {
          door.side = sides[i].side;
          break;
        }
  }
  return door;
}

gboolean
maze_text_check_shape (MazeShape   shape,
                       GError    **error)
{
  switch (shape)
    {
    case MAZE_SHAPE_RECT:
    case MAZE_SHAPE_HEX:
      return TRUE;
    case MAZE_SHAPE_CIRCULAR:
      g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_UNSUPPORTED,
                           _("Text cannot draw a circular maze: export it as PNG, SVG or PDF"));
      return FALSE;
    case MAZE_SHAPE_TRI:
    default:
      g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_UNSUPPORTED,
                           _("Text cannot draw a triangular maze: export it as PNG, SVG or PDF"));
      return FALSE;
    }
}

static gboolean
write_text (const MazeGrid         *grid,
            const MazeTextOptions  *options,
            MazeTextSink           *sink,
            GError                **error)
{
  MazeTextOptions defaults;
  g_autofree guint64 *path_bits = NULL;
  MazeTextWriter writer;

  if (!maze_text_check_shape (grid->shape, error))
    return FALSE;
  if (options == NULL)
    {
      maze_text_options_init (&defaults);
      options = &defaults;
    }

  if (options->path != NULL && options->path_len > 0)
    {
      path_bits = g_try_new0 (guint64, grid->n_cells / 64 + 1);
      if (path_bits == NULL)
        {
          g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                       _("Not enough memory to mark the path of a %u×%u maze"),
                       grid->width, grid->height);
          return FALSE;
        }
      for (guint32 i = 0; i < options->path_len; i++)
        {
          guint32 cell = options->path[i];

          if (cell < grid->n_cells)
            path_bits[cell >> 6] |= G_GUINT64_CONSTANT (1) << (cell & 63);
        }
    }

  /* Every line has at least 4 columns a cell and a newline, and there
   * are two lines a row and one more (rect and hex alike): refused at
   * once when even that is too much, rather than after half a gigabyte. */
  if ((4 * (guint64) grid->width + 2) * (2 * (guint64) grid->height + 1) > MAZE_TEXT_MAX_BYTES)
    {
      set_too_big_error (error);
      return FALSE;
    }

  writer = (MazeTextWriter) {
    .grid = grid,
    .style = options->style == MAZE_TEXT_UNICODE ? MAZE_TEXT_UNICODE : MAZE_TEXT_CLASSIC,
    .doors = { place_door (grid, options->start, NULL), { MAZE_TEXT_SIDE_NONE, 0, 0 } },
    .path_bits = path_bits,
  };
  /* A maze of one cell starts and ends in it: a second gap says so (a
   * reader takes the first and the last gap); elsewhere one cell is one
   * door. */
  writer.doors[1] = place_door (grid, options->end,
                                grid->n_cells == 1 ? &writer.doors[0] : NULL);
  /* A start or end with no door says where it is with a letter. */
  for (guint i = 0; i < 2; i++)
    {
      guint32 cell = i == 0 ? options->start : options->end;

      if (cell < grid->n_cells && !maze_grid_is_masked (grid, cell) &&
          writer.doors[i].side == MAZE_TEXT_SIDE_NONE && (i == 0 || cell != options->start))
        writer.marks[i] = (MazeTextMark) { i == 0 ? 'S' : 'E', writer.doors[i].x, writer.doors[i].y };
    }

  if (grid->shape == MAZE_SHAPE_HEX)
    return maze_text_write_hex (&writer, sink, error);
  return maze_text_write_rect (&writer, sink, error);
}

gboolean
maze_text_write (const MazeGrid         *grid,
                 const MazeTextOptions  *options,
                 FILE                   *out,
                 GError                **error)
{
  MazeTextSink sink = { .file = out };

  g_return_val_if_fail (grid != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!write_text (grid, options, &sink, error))
    return FALSE;
  if (fflush (out) != 0)
    {
      int saved_errno = errno;

      /* Only why: the callers say which file. */
      g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                           g_strerror (saved_errno));
      return FALSE;
    }
  return TRUE;
}

char *
maze_text_to_string (const MazeGrid        *grid,
                     const MazeTextOptions *options)
{
  g_autoptr(GString) string = NULL;
  MazeTextSink sink;
  guint64 estimate;

  g_return_val_if_fail (grid != NULL, NULL);

  /* Classic size; Unicode grows the string as it goes. */
  estimate = ((guint64) grid->width * 4 + 4) * ((guint64) grid->height * 2 + 1) + 1;
  string = g_string_sized_new ((gsize) MIN (estimate, G_MAXSIZE / 2));
  sink = (MazeTextSink) { .string = string };
  if (!write_text (grid, options, &sink, NULL))
    return NULL;
  return g_string_free (g_steal_pointer (&string), FALSE);
}

/* ---- Parsing: helpers for both shapes ---- */

static guint
line_number (const MazeTextParser *parser,
             guint                 index)
{
  if (index < parser->n_lines)
    return parser->lines[index].number;
  return parser->lines[parser->n_lines - 1].number + (index - parser->n_lines + 1);
}

static void
set_parse_error_va (GError     **error,
                    guint        number,
                    guint        column,
                    const char  *format,
                    va_list      args) G_GNUC_PRINTF (4, 0);

static void
set_parse_error_va (GError     **error,
                    guint        number,
                    guint        column,
                    const char  *format,
                    va_list      args)
{
  g_autofree char *what = g_strdup_vprintf (format, args);

  g_set_error (error, MAZE_ERROR, MAZE_ERROR_PARSE,
               _("line %u, column %u: %s"), number, column, what);
}

static void
set_parse_error (GError     **error,
                 guint        number,
                 guint        column,
                 const char  *format,
                 ...) G_GNUC_PRINTF (4, 5);

static void
set_parse_error (GError     **error,
                 guint        number,
                 guint        column,
                 const char  *format,
                 ...)
{
  va_list args;

  va_start (args, format);
  set_parse_error_va (error, number, column, format, args);
  va_end (args);
}

gpointer
maze_text_parse_error (const MazeTextParser  *parser,
                       GError               **error,
                       guint                  index,
                       guint                  column,
                       const char            *format,
                       ...)
{
  va_list args;

  va_start (args, format);
  set_parse_error_va (error, line_number (parser, index), column + 1, format, args);
  va_end (args);
  return NULL;
}

/* The character of a line at a 0-based column; a space past its end. */
static gunichar
char_at (const MazeTextLine *line,
         guint               column)
{
  const char *p = line->start, *end = line->start + line->n_bytes;

  for (guint i = 0; i < column && p < end; i++)
    p = g_utf8_next_char (p);
  return p < end ? g_utf8_get_char (p) : ' ';
}

char *
maze_text_quote (const char *text)
{
  /* Translators: characters of a text maze quoted in an error message;
   * use the quotation marks of your language */
  return g_strdup_printf (_("“%s”"), text);
}

static char *
describe_unichar (gunichar c)
{
  char utf8[8] = { 0 };

  if (c == ' ' || !g_unichar_isprint (c))
    return g_strdup_printf ("U+%04X", c);
  g_unichar_to_utf8 (c, utf8);
  return maze_text_quote (utf8);
}

char *
maze_text_describe_char (const MazeTextParser *parser,
                         guint                 index,
                         guint                 column)
{
  return describe_unichar (char_at (&parser->lines[index], column));
}

char *
maze_text_describe_span (const MazeTextParser *parser,
                         guint                 index,
                         guint                 column,
                         guint                 n)
{
  g_autoptr(GString) s = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_unichar (s, char_at (&parser->lines[index], column + i));
  return maze_text_quote (s->str);
}

static char
decode_unichar (const MazeTextParser *parser,
                gunichar              c)
{
  /* Classic rect text is ASCII. */
  if (parser->shape == MAZE_SHAPE_RECT && !parser->unicode)
    return MAZE_TEXT_BAD;

  if (c == 0x2591)
    return '#';                                 /* ░ */
  if (c == 0x2022)
    return '*';                                 /* • */
  if (c == 0x2502)
    return '|';                                 /* │ */

  if (parser->shape == MAZE_SHAPE_HEX)
    {
      if (c == 0x2571)
        return '/';                             /* ╱ */
      if (c == 0x2572)
        return '\\';                            /* ╲ */
      return MAZE_TEXT_BAD;
    }

  switch (c)
    {
    case 0x2500:                                /* ─ */
      return '-';
    case 0x250C: case 0x2510: case 0x2514: case 0x2518:   /* ┌ ┐ └ ┘ */
    case 0x251C: case 0x2524: case 0x252C: case 0x2534:   /* ├ ┤ ┬ ┴ */
    case 0x253C:                                          /* ┼ */
    case 0x2574: case 0x2575: case 0x2576: case 0x2577:   /* ╴ ╵ ╶ ╷ */
    case 0x256D: case 0x256E: case 0x256F: case 0x2570:   /* ╭ ╮ ╯ ╰ */
      return '+';
    default:
      return MAZE_TEXT_BAD;
    }
}

const char *
maze_text_decode_line (MazeTextParser *parser,
                       guint           index,
                       guint           width)
{
  const MazeTextLine *line = &parser->lines[index];
  const guint8 *p = (const guint8 *) line->start;
  const guint8 *end = p + line->n_bytes;
  char *out = parser->scratch;
  guint i = 0;

  g_assert (width <= parser->scratch_len);

  if (line->ascii)
    {
      i = (guint) MIN (line->n_bytes, width);
      memcpy (out, p, i);
      p = end;
    }
  while (i < width && p < end)
    {
      if (*p < 0x80)
        {
          out[i++] = (*p >= 0x20 && *p < 0x7f) ? (char) *p : MAZE_TEXT_BAD;
          p++;
        }
      else if (p[0] == 0xE2 && p[1] >= 0x94 && p[1] <= 0x97)
        {
          /* U+2500..U+25FF: box drawing and block elements. The text is
           * valid UTF-8, so the third byte is there. */
          out[i++] = parser->box_drawing[((p[1] & 0x03) << 6) | (p[2] & 0x3F)];
          p += 3;
        }
      else
        {
          out[i++] = decode_unichar (parser, g_utf8_get_char ((const char *) p));
          p += g_utf8_skip[*p];
        }
    }
  if (i < width)
    memset (out + i, ' ', width - i);
  return out;
}

MazeGrid *
maze_text_new_grid (const MazeTextParser  *parser,
                    guint64                width,
                    guint64                height,
                    guint                  index,
                    guint                  column,
                    GError               **error)
{
  g_autoptr(GError) local_error = NULL;

  if (!maze_check_size (parser->shape, width, height, &local_error))
    return maze_text_parse_error (parser, error, index, column, "%s", local_error->message);
  return maze_grid_new (parser->shape, (guint) width, (guint) height, error);
}

gboolean
maze_text_add_door (MazeTextParser  *parser,
                    MazeGrid        *grid,
                    guint            x,
                    guint            y,
                    guint            index,
                    guint            column,
                    GError         **error)
{
  guint32 cell = maze_grid_index (grid, x, y);

  if (maze_grid_is_masked (grid, cell))
    {
      maze_text_parse_error (parser, error, index, column,
                             _("a gap in the outer wall leads into a masked cell"));
      return FALSE;
    }
  parser->n_gaps++;
  if (g_hash_table_add (parser->door_set, GUINT_TO_POINTER (cell + 1)))
    g_array_append_val (parser->doors, cell);
  return TRUE;
}

gboolean
maze_text_open_passage (const MazeTextParser  *parser,
                        MazeGrid              *grid,
                        guint                  x,
                        guint                  y,
                        guint                  dir,
                        guint                  index,
                        guint                  column,
                        GError               **error)
{
  guint nx, ny;

  if (!maze_grid_step (grid, x, y, dir, &nx, &ny))
    g_assert_not_reached ();
  if (!maze_grid_is_open (grid, x, y) || !maze_grid_is_open (grid, nx, ny))
    {
      maze_text_parse_error (parser, error, index, column,
                             _("a passage leads into a masked cell"));
      return FALSE;
    }
  maze_grid_carve (grid, x, y, dir, nx, ny);
  return TRUE;
}

gboolean
maze_text_parse_inside (MazeTextParser        *parser,
                        MazeGrid              *grid,
                        const char            *line,
                        guint                  x,
                        guint                  y,
                        guint                  index,
                        guint                  column,
                        GError               **error)
{
  const char *s = line + column;
  g_autofree char *found = NULL;

  if (s[0] == ' ' && s[2] == ' ' && (s[1] == ' ' || s[1] == '*'))
    return TRUE;
  if (s[0] == ' ' && s[2] == ' ' && (s[1] == 'S' || s[1] == 'E'))
    {
      guint i = s[1] == 'S' ? 0 : 1;

      if (parser->marks[i] != MAZE_NO_CELL)
        {
          maze_text_parse_error (parser, error, index, column + 1,
                                 i == 0 ? _("a second start “S”: a maze has one")
                                        : _("a second end “E”: a maze has one"));
          return FALSE;
        }
      parser->marks[i] = maze_grid_index (grid, x, y);
      return TRUE;
    }
  if (s[0] == '#' && s[1] == '#' && s[2] == '#')
    {
      grid->cells[maze_grid_index (grid, x, y)] |= MAZE_CELL_MASKED;
      return TRUE;
    }

  for (guint i = 0; i < 3; i++)
    if (s[i] != ' ' && s[i] != '*' && s[i] != '#' && s[i] != 'S' && s[i] != 'E')
      {
        found = maze_text_describe_char (parser, index, column + i);
        maze_text_parse_error (parser, error, index, column + i,
                               _("unexpected %s inside a cell"), found);
        return FALSE;
      }
  found = maze_text_describe_span (parser, index, column, 3);
  if (parser->unicode)
    maze_text_parse_error (parser, error, index, column,
                           /* TRANSLATORS: the quoted glyphs are literal text */
                           _("a cell holds “   ”, “ • ”, “░░░”, “ S ” or “ E ”, not %s"), found);
  else
    maze_text_parse_error (parser, error, index, column,
                           /* TRANSLATORS: the quoted glyphs are literal text */
                           _("a cell holds “   ”, “ * ”, “###”, “ S ” or “ E ”, not %s"), found);
  return FALSE;
}

/* ---- Parsing: lines and detection ---- */

static gboolean
is_blank (const char *p,
          gsize       n)
{
  for (gsize i = 0; i < n; i++)
    if (p[i] != ' ' && p[i] != '\t' && p[i] != '\r')
      return FALSE;
  return TRUE;
}

/* The next line at *pos: its start and length without "\n" / "\r\n";
 * FALSE at the end of the text. A text ending in "\n" has no empty line
 * after it. */
static gboolean
next_line (const char  *text,
           gsize        length,
           char         eol,
           gsize       *pos,
           const char **start,
           gsize       *n_bytes)
{
  const char *nl;
  gsize n;

  if (*pos >= length)
    return FALSE;
  *start = text + *pos;
  nl = memchr (*start, eol, length - *pos);
  n = nl != NULL ? (gsize) (nl - *start) : length - *pos;
  *pos += n + (nl != NULL ? 1 : 0);
  if (n > 0 && (*start)[n - 1] == '\r')
    n--;
  *n_bytes = n;
  return TRUE;
}

/* Characters in a line, trailing spaces left out; ascii tells whether
 * there is any other kind. Eight bytes at a time: a big maze is mostly
 * ASCII lines. */
static guint
count_chars_stripped (const char *p,
                      gsize       n,
                      gboolean   *ascii)
{
  guint64 high = 0;
  gsize continuations = 0, i = 0;

  while (n > 0 && p[n - 1] == ' ')
    n--;
  for (; i + 8 <= n; i += 8)
    {
      guint64 word;

      memcpy (&word, p + i, 8);
      high |= word;
    }
  for (; i < n; i++)
    high |= (guint8) p[i];
  *ascii = (high & G_GUINT64_CONSTANT (0x8080808080808080)) == 0;
  if (!*ascii)
    for (i = 0; i < n; i++)
      continuations += ((guint8) p[i] & 0xC0) == 0x80;
  return (guint) (n - continuations);
}

MazeGrid *
maze_text_parse (const char  *text,
                 gsize        length,
                 GArray     **doors,
                 GError     **error)
{
  return maze_text_parse_marked (text, length, doors, NULL, error);
}

MazeGrid *
maze_text_parse_marked (const char  *text,
                        gsize        length,
                        GArray     **doors,
                        guint32      marks[2],
                        GError     **error)
{
  g_autofree MazeTextLine *lines = NULL;
  g_autofree char *scratch = NULL;
  g_autoptr(GArray) door_array = NULL;
  g_autoptr(GHashTable) door_set = NULL;
  g_autoptr(MazeGrid) grid = NULL;
  MazeTextParser parser = { 0 };
  const char *end_valid, *start, *first;
  gsize pos = 0, n_bytes;
  guint number = 0, first_number = 0, last_number = 0, n_lines;
  guint64 max_lines = 2 * (guint64) MAZE_MAX_SIDE + 1;
  gunichar lead;
  char eol = '\n';

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((guint64) length > MAZE_TEXT_MAX_BYTES)
    {
      char size[32], limit[32];

      g_snprintf (size, sizeof size, "%" G_GSIZE_FORMAT, length);
      g_snprintf (limit, sizeof limit, "%" G_GUINT64_FORMAT, (guint64) MAZE_TEXT_MAX_BYTES);
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   _("The text is %s bytes, more than the limit of %s for a text maze"),
                   size, limit);
      return NULL;
    }

  /* A byte order mark, as some editors write. */
  if (length >= 3 && memcmp (text, "\xEF\xBB\xBF", 3) == 0)
    pos = 3;
  /* Lines end in "\n" or "\r\n"; in a text with no "\n" at all, in the
   * "\r" of old Mac OS. */
  if (memchr (text, '\n', length) == NULL && memchr (text, '\r', length) != NULL)
    eol = '\r';

  /* First pass: where the maze starts and ends, blank lines around it
   * left out, before anything is allocated. */
  {
    gsize p = pos;

    while (next_line (text, length, eol, &p, &start, &n_bytes))
      {
        number++;
        if (is_blank (start, n_bytes))
          continue;
        if (first_number == 0)
          first_number = number;
        last_number = number;
      }
  }
  if (first_number == 0)
    {
      set_parse_error (error, 1, 1, _("the text is empty: there is no maze in it"));
      return NULL;
    }

  n_lines = last_number - first_number + 1;
  if (n_lines > max_lines)
    {
      g_autoptr(GError) size_error = NULL;

      maze_check_size (MAZE_SHAPE_RECT, 1, n_lines / 2, &size_error);
      set_parse_error (error, first_number + (guint) max_lines, 1, "%s", size_error->message);
      return NULL;
    }

  lines = g_new0 (MazeTextLine, n_lines);
  number = 0;
  while (next_line (text, length, eol, &pos, &start, &n_bytes))
    {
      MazeTextLine *line;

      number++;
      if (number < first_number)
        continue;
      if (number > last_number)
        break;
      line = &lines[number - first_number];
      line->start = start;
      line->n_bytes = n_bytes;
      line->n_chars = count_chars_stripped (start, n_bytes, &line->ascii);
      line->number = number;
      /* Only lines with non-ASCII bytes need a look at their UTF-8; an
       * ASCII control character or NUL is refused where it stands. */
      if (!line->ascii && !g_utf8_validate_len (start, n_bytes, &end_valid))
        {
          guint column = (guint) g_utf8_strlen (start, end_valid - start) + 1;

          if (*end_valid == '\0')
            set_parse_error (error, number, column, _("unexpected character U+0000"));
          else
            set_parse_error (error, number, column, _("the text is not valid UTF-8"));
          return NULL;
        }
    }

  /* Detection by the first character of the top line. */
  first = lines[0].start;
  while (*first == ' ')
    first++;
  lead = g_utf8_get_char (first);
  parser.lines = lines;
  parser.n_lines = n_lines;
  if (lead == '+')
    parser.shape = MAZE_SHAPE_RECT;
  else if (lead == '/' || lead == '\\')
    parser.shape = MAZE_SHAPE_HEX;
  else if (lead == 0x2571 || lead == 0x2572)
    {
      parser.shape = MAZE_SHAPE_HEX;
      parser.unicode = TRUE;
    }
  else if (lead >= 0x2500 && lead <= 0x257F)
    {
      parser.shape = MAZE_SHAPE_RECT;
      parser.unicode = TRUE;
    }
  else
    {
      g_autofree char *found = describe_unichar (lead);

      set_parse_error (error, lines[0].number,
                       (guint) g_utf8_strlen (lines[0].start, first - lines[0].start) + 1,
                       _("%s does not start a maze: a maze starts with “+”, a box-drawing "
                         "corner or a hexagon edge “/”"), found);
      return NULL;
    }

  if (n_lines % 2 == 0)
    {
      set_parse_error (error, last_number + 1, 1,
                       _("the bottom wall is missing: a maze has 2 × height + 1 lines"));
      return NULL;
    }
  if (n_lines < 3)
    {
      set_parse_error (error, lines[0].number + 1, 1,
                       _("a maze needs at least three lines: a wall, a row of cells, a wall"));
      return NULL;
    }

  /* The widest line any layout decodes: 4 × width + 3 columns, a few
   * more than the longest line. Too long a line is refused before the
   * buffer for it is allocated. */
  {
    guint max_chars = 0, longest = 0;
    guint limit;

    for (guint i = 0; i < n_lines; i++)
      if (lines[i].n_chars > max_chars)
        {
          max_chars = lines[i].n_chars;
          longest = i;
        }
    limit = 4 * MAZE_MAX_SIDE + (parser.shape == MAZE_SHAPE_HEX ? 3 : 1);
    if (max_chars > limit)
      {
        g_autoptr(GError) size_error = NULL;

        maze_check_size (parser.shape, (max_chars + 2) / 4, 1, &size_error);
        set_parse_error (error, lines[longest].number, limit + 1, "%s", size_error->message);
        return NULL;
      }
    parser.scratch_len = max_chars + 8;
    scratch = g_try_malloc (parser.scratch_len);
    if (scratch == NULL)
      {
        set_parse_error (error, 1, 1, _("Not enough memory to read a line of %u characters"),
                         max_chars);
        return NULL;
      }
    parser.scratch = scratch;
  }

  for (guint i = 0; i < G_N_ELEMENTS (parser.box_drawing); i++)
    parser.box_drawing[i] = decode_unichar (&parser, 0x2500 + i);

  door_array = g_array_new (FALSE, FALSE, sizeof (guint32));
  door_set = g_hash_table_new (NULL, NULL);
  parser.doors = door_array;
  parser.door_set = door_set;
  parser.marks[0] = parser.marks[1] = MAZE_NO_CELL;

  if (parser.shape == MAZE_SHAPE_HEX)
    grid = maze_text_parse_hex (&parser, error);
  else
    grid = maze_text_parse_rect (&parser, error);
  if (grid == NULL)
    return NULL;

  /* A maze of one cell starts and ends in it: the writer gives it two
   * gaps (see place_door()), which this lists once. */
  if (door_array->len == 1 && parser.n_gaps >= 2 && grid->n_cells == 1)
    g_array_append_val (door_array, g_array_index (door_array, guint32, 0));
  if (doors != NULL)
    *doors = g_steal_pointer (&door_array);
  if (marks != NULL)
    {
      marks[0] = parser.marks[0];
      marks[1] = parser.marks[1];
    }
  return g_steal_pointer (&grid);
}
