/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-text-private.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "maze-error.h"

/* Rectangular mazes as text, the RosettaCode layout: each cell is 4
 * columns by 2 lines, a '+' at every corner, "---" or three spaces on the
 * wall lines, '|' or a space between cells, and a closing line and
 * column:
 *
 *   +---+---+---+
 *   |           |
 *   +---+---+   +
 *   |   |       |
 *   +   +   +---+
 *   |           |
 *   +---+---+---+
 *
 * Wall line 2y sits above cell row y, cell line 2y + 1 holds it; cell
 * (x, y) has its left wall at column 4x and its inside at 4x + 1 .. 4x + 3
 * ("   ", " * " on the path, "###" when masked, " S " and " E " for a start
 * and end without a door). The Unicode style is the
 * same grid with "───", "│", "░░░", " • " and at each corner the junction
 * glyph of the wall segments that meet there:
 *
 *   ┌───────────┐
 *   │           │
 *   ├───┬───╴   │
 *   │   │       │
 *   │   ╵   ╶───┤
 *   │           │
 *   └───────────┘
 *
 * The parser is lenient about junctions: any of them (or a space) may
 * stand at any corner, the wall segments alone say where the walls are. */

/* Directions of the rect topology (maze-topology.c). */
enum
{
  DIR_N,
  DIR_E,
  DIR_S,
  DIR_W,
};

/* What goes after a cell's left wall (or passage): [wall][inside]. */
enum
{
  INSIDE_EMPTY,
  INSIDE_MASKED,
  INSIDE_PATH,
  INSIDE_START,
  INSIDE_END,
};

static const char cell_patterns[2][5][5] = {
  { "    ", " ###", "  * ", "  S ", "  E " },
  { "|   ", "|###", "| * ", "| S ", "| E " },
};

static inline guint
inside_of (const MazeTextWriter *writer,
           guint8                cell_bits,
           guint                 x,
           guint                 y)
{
  char mark;

  if (cell_bits & MAZE_CELL_MASKED)
    return INSIDE_MASKED;
  mark = maze_text_writer_mark_at (writer, x, y);
  if (mark != 0)
    return mark == 'S' ? INSIDE_START : INSIDE_END;
  return maze_text_writer_on_path (writer, y * writer->grid->width + x) ? INSIDE_PATH
                                                                         : INSIDE_EMPTY;
}

/* The hot loop of a big export: one 4-byte pattern per cell and line,
 * straight from the cell bytes, doors patched in afterwards. */
static gboolean
write_classic (const MazeTextWriter  *writer,
               MazeTextSink          *sink,
               GError               **error)
{
  const MazeTextDoor *doors = writer->doors;
  const MazeGrid *grid = writer->grid;
  const MazeTopology *t = grid->topology;
  const guint8 e_bit = (guint8) (1u << t->owned_bit[DIR_E]);
  const guint8 s_bit = (guint8) (1u << t->owned_bit[DIR_S]);
  const guint w = grid->width, h = grid->height;
  const gsize n = 4 * (gsize) w + 1;
  g_autofree char *line = g_malloc (n + 1);

  line[n] = '\n';
  for (guint y = 0; y <= h; y++)
    {
      const guint8 *above = y > 0 ? grid->cells + (gsize) (y - 1) * w : NULL;
      const guint8 *row = y < h ? grid->cells + (gsize) y * w : NULL;
      char *p = line;

      if (above == NULL || row == NULL)
        for (guint x = 0; x < w; x++, p += 4)
          memcpy (p, "+---", 4);
      else
        for (guint x = 0; x < w; x++, p += 4)
          memcpy (p, (above[x] & s_bit) ? "+   " : "+---", 4);
      *p = '+';
      for (guint i = 0; i < 2; i++)
        if ((doors[i].side == MAZE_TEXT_SIDE_TOP && y == 0) ||
            (doors[i].side == MAZE_TEXT_SIDE_BOTTOM && y == h))
          memcpy (line + 4 * (gsize) doors[i].x + 1, "   ", 3);
      if (!maze_text_sink_write (sink, line, n + 1, error))
        return FALSE;

      if (row == NULL)
        break;

      p = line;
      if (writer->path_bits == NULL)
        {
          guint left_wall = 1;

          for (guint x = 0; x < w; x++, p += 4)
            {
              guint8 bits = row[x];

              memcpy (p, cell_patterns[left_wall][(bits >> 3) & 1], 4);
              left_wall = !(bits & e_bit);
            }
          maze_text_writer_put_marks (writer, line, y, 0);
        }
      else
        for (guint x = 0; x < w; x++, p += 4)
          memcpy (p, cell_patterns[x == 0 || !(row[x - 1] & e_bit)]
                                  [inside_of (writer, row[x], x, y)], 4);
      *p = '|';
      for (guint i = 0; i < 2; i++)
        if (doors[i].y == y && doors[i].side == MAZE_TEXT_SIDE_LEFT)
          line[0] = ' ';
        else if (doors[i].y == y && doors[i].side == MAZE_TEXT_SIDE_RIGHT)
          line[n - 1] = ' ';
      if (!maze_text_sink_write (sink, line, n + 1, error))
        return FALSE;
    }
  return TRUE;
}

/* UTF-8 pieces, padded so that every copy can be a fixed 4 or 12 bytes. */
typedef struct
{
  char  bytes[12];
  guint len;
} Piece;

/* Junctions by the wall segments that meet there. */
enum
{
  JUNCTION_UP = 1,
  JUNCTION_RIGHT = 2,
  JUNCTION_DOWN = 4,
  JUNCTION_LEFT = 8,
};

static const Piece junctions[16] = {
  { " ", 1 }, { "╵", 3 }, { "╶", 3 }, { "└", 3 },
  { "╷", 3 }, { "│", 3 }, { "┌", 3 }, { "├", 3 },
  { "╴", 3 }, { "┘", 3 }, { "─", 3 }, { "┴", 3 },
  { "┐", 3 }, { "┤", 3 }, { "┬", 3 }, { "┼", 3 },
};
static const Piece segments[2] = { { "   ", 3 }, { "───", 9 } };
static const Piece uprights[2] = { { " ", 1 }, { "│", 3 } };
static const Piece insides[5] = {
  { "   ", 3 }, { "░░░", 9 }, { " • ", 5 }, { " S ", 3 }, { " E ", 3 },
};

#define PIECE_COPY 12

/* The Unicode corners depend on the walls of both neighbouring cell
 * rows, so the walls of a line and of the rows above and below it are
 * worked out first, doors included. */
static gboolean
write_unicode (const MazeTextWriter  *writer,
               MazeTextSink          *sink,
               GError               **error)
{
  const MazeTextDoor *doors = writer->doors;
  const MazeGrid *grid = writer->grid;
  const MazeTopology *t = grid->topology;
  const guint8 e_bit = (guint8) (1u << t->owned_bit[DIR_E]);
  const guint8 s_bit = (guint8) (1u << t->owned_bit[DIR_S]);
  const guint w = grid->width, h = grid->height;
  const gsize size = (4 * (gsize) w + 1) * MAZE_TEXT_MAX_CHAR_BYTES + PIECE_COPY + 1;
  g_autofree char *line = g_malloc (size);
  /* 1 where a wall is. */
  g_autofree guint8 *hwall = g_malloc (w);
  g_autofree guint8 *vabove = g_malloc0 (w + 1);
  g_autofree guint8 *vbelow = g_malloc0 (w + 1);

  for (guint y = 0; y <= h; y++)
    {
      const guint8 *above = y > 0 ? grid->cells + (gsize) (y - 1) * w : NULL;
      const guint8 *row = y < h ? grid->cells + (gsize) y * w : NULL;
      char *p = line;

      if (above == NULL || row == NULL)
        memset (hwall, 1, w);
      else
        for (guint x = 0; x < w; x++)
          hwall[x] = !(above[x] & s_bit);
      for (guint i = 0; i < 2; i++)
        if ((doors[i].side == MAZE_TEXT_SIDE_TOP && y == 0) ||
            (doors[i].side == MAZE_TEXT_SIDE_BOTTOM && y == h))
          hwall[doors[i].x] = 0;

      if (row != NULL)
        {
          vbelow[0] = vbelow[w] = 1;
          for (guint x = 1; x < w; x++)
            vbelow[x] = !(row[x - 1] & e_bit);
          for (guint i = 0; i < 2; i++)
            if (doors[i].y == y && doors[i].side == MAZE_TEXT_SIDE_LEFT)
              vbelow[0] = 0;
            else if (doors[i].y == y && doors[i].side == MAZE_TEXT_SIDE_RIGHT)
              vbelow[w] = 0;
        }
      else
        memset (vbelow, 0, w + 1);

      for (guint x = 0; x <= w; x++)
        {
          guint j = (vabove[x] ? JUNCTION_UP : 0) |
                    (vbelow[x] ? JUNCTION_DOWN : 0) |
                    (x > 0 && hwall[x - 1] ? JUNCTION_LEFT : 0) |
                    (x < w && hwall[x] ? JUNCTION_RIGHT : 0);

          memcpy (p, junctions[j].bytes, 4);
          p += junctions[j].len;
          if (x == w)
            break;
          memcpy (p, segments[hwall[x]].bytes, PIECE_COPY);
          p += segments[hwall[x]].len;
        }
      *p++ = '\n';
      if (!maze_text_sink_write (sink, line, (gsize) (p - line), error))
        return FALSE;

      if (row == NULL)
        break;

      p = line;
      for (guint x = 0; x < w; x++)
        {
          const Piece *inside = &insides[inside_of (writer, row[x], x, y)];

          memcpy (p, uprights[vbelow[x]].bytes, 4);
          p += uprights[vbelow[x]].len;
          memcpy (p, inside->bytes, PIECE_COPY);
          p += inside->len;
        }
      memcpy (p, uprights[vbelow[w]].bytes, 4);
      p += uprights[vbelow[w]].len;
      *p++ = '\n';
      if (!maze_text_sink_write (sink, line, (gsize) (p - line), error))
        return FALSE;

      {
        guint8 *swap = vabove;

        vabove = vbelow;
        vbelow = swap;
      }
    }
  return TRUE;
}

gboolean
maze_text_write_rect (const MazeTextWriter  *writer,
                      MazeTextSink          *sink,
                      GError               **error)
{
  if (writer->style == MAZE_TEXT_UNICODE)
    return write_unicode (writer, sink, error);
  return write_classic (writer, sink, error);
}

/* ---- Parsing ---- */

static inline gboolean
is_corner (const MazeTextParser *parser,
           char                  c)
{
  return c == '+' || (parser->unicode && (c == ' ' || c == '-' || c == '|'));
}

static gboolean
check_corner (const MazeTextParser  *parser,
              const char            *s,
              guint                  index,
              guint                  column,
              GError               **error)
{
  g_autofree char *found = NULL;

  if (is_corner (parser, s[column]))
    return TRUE;
  found = maze_text_describe_char (parser, index, column);
  if (parser->unicode)
    maze_text_parse_error (parser, error, index, column,
                           _("a box-drawing corner is missing here (found %s)"), found);
  else
    maze_text_parse_error (parser, error, index, column,
                           _("“+” missing at a corner (found %s)"), found);
  return FALSE;
}

/* Reads the wall segment at columns column..column+2: 1 for a passage,
 * 0 for a wall, -1 (error set) for anything else. */
static int
read_segment (const MazeTextParser  *parser,
              const char            *s,
              guint                  index,
              guint                  column,
              GError               **error)
{
  const char *seg = s + column;
  g_autofree char *found = NULL;

  if (seg[0] == '-' && seg[1] == '-' && seg[2] == '-')
    return 0;
  if (seg[0] == ' ' && seg[1] == ' ' && seg[2] == ' ')
    return 1;
  for (guint i = 0; i < 3; i++)
    if (seg[i] != '-' && seg[i] != ' ')
      {
        found = maze_text_describe_char (parser, index, column + i);
        maze_text_parse_error (parser, error, index, column + i,
                               parser->unicode
                               ? _("unexpected %s where a wall “───” or a passage belongs")
                               : _("unexpected %s where a wall “---” or a passage belongs"),
                               found);
        return -1;
      }
  found = maze_text_describe_span (parser, index, column, 3);
  maze_text_parse_error (parser, error, index, column,
                         parser->unicode
                         ? _("a wall segment is half present: %s; a wall is “───”, "
                             "a passage three spaces")
                         : _("a wall segment is half present: %s; a wall is “---”, "
                             "a passage three spaces"),
                         found);
  return -1;
}

static int
read_upright (const MazeTextParser  *parser,
              const char            *s,
              guint                  index,
              guint                  column,
              GError               **error)
{
  g_autofree char *found = NULL;

  if (s[column] == '|')
    return 0;
  if (s[column] == ' ')
    return 1;
  found = maze_text_describe_char (parser, index, column);
  maze_text_parse_error (parser, error, index, column,
                         parser->unicode
                         ? _("unexpected %s where a wall “│” or a passage belongs")
                         : _("unexpected %s where a wall “|” or a passage belongs"),
                         found);
  return -1;
}

/* The fast scans below read a whole line without branching on what they
 * find (a maze's walls are random, so branches would mispredict half the
 * time) and only note whether anything was out of the ordinary; then a
 * slow scan with the checks above takes over, accepts what the fast one
 * does not know (Unicode corners, masks, path marks) or finds the first
 * mistake for the message. */

static gboolean
read_wall_line (const MazeTextParser  *parser,
                const char            *s,
                guint                  k,
                guint                  w,
                guint8                *hopen,
                GError               **error)
{
  guint32 wall_word, open_word;
  guint bad = 0;

  memcpy (&wall_word, "+---", 4);
  memcpy (&open_word, "+   ", 4);
  if (!parser->unicode)
    for (guint x = 0; x < w; x++)
      {
        guint32 word;

        memcpy (&word, s + 4 * (gsize) x, 4);
        hopen[x] = word == open_word;
        bad |= (word != open_word) & (word != wall_word);
      }
  else
    /* Any junction, or a space, may stand at a Unicode corner. */
    for (guint x = 0; x < w; x++)
      {
        const char *q = s + 4 * (gsize) x;
        guint corner = (q[0] == '+') | (q[0] == ' ') | (q[0] == '-') | (q[0] == '|');
        guint wall = (q[1] == '-') & (q[2] == '-') & (q[3] == '-');
        guint open = (q[1] == ' ') & (q[2] == ' ') & (q[3] == ' ');

        hopen[x] = (guint8) open;
        bad |= !(corner & (wall | open));
      }
  if (G_LIKELY (!bad && is_corner (parser, s[4 * (gsize) w])))
    return TRUE;

  for (guint x = 0; x < w; x++)
    {
      int open;

      if (!check_corner (parser, s, k, 4 * x, error))
        return FALSE;
      open = read_segment (parser, s, k, 4 * x + 1, error);
      if (open < 0)
        return FALSE;
      hopen[x] = (guint8) open;
    }
  return check_corner (parser, s, k, 4 * w, error);
}

static gboolean
read_cell_line (MazeTextParser        *parser,
                MazeGrid              *grid,
                const char            *s,
                guint                  k,
                guint                  y,
                guint8                *vopen,
                GError               **error)
{
  const guint w = grid->width;
  guint bad = 0;
  int open;

  for (guint x = 0; x < w; x++)
    {
      const char *q = s + 4 * (gsize) x;

      vopen[x] = q[0] == ' ';
      bad |= !(((q[0] == '|') | (q[0] == ' ')) & (q[1] == ' ') & (q[2] == ' ') & (q[3] == ' '));
    }
  if (G_UNLIKELY (bad))
    for (guint x = 0; x < w; x++)
      {
        open = read_upright (parser, s, k, 4 * x, error);
        if (open < 0)
          return FALSE;
        vopen[x] = (guint8) open;
        if (!maze_text_parse_inside (parser, grid, s, x, y, k, 4 * x + 1, error))
          return FALSE;
      }
  open = read_upright (parser, s, k, 4 * w, error);
  if (open < 0)
    return FALSE;
  vopen[w] = (guint8) open;
  return TRUE;
}

MazeGrid *
maze_text_parse_rect (MazeTextParser  *parser,
                      GError         **error)
{
  const MazeTextLine *lines = parser->lines;
  const guint n_lines = parser->n_lines;
  const guint64 height = (n_lines - 1) / 2;
  const MazeTopology *t = maze_topology_get (MAZE_SHAPE_RECT);
  const guint8 e_bit = (guint8) (1u << t->owned_bit[DIR_E]);
  const guint8 s_bit = (guint8) (1u << t->owned_bit[DIR_S]);
  g_autoptr(MazeGrid) grid = NULL;
  g_autofree guint8 *hopen = NULL;
  g_autofree guint8 *vopen = NULL;
  guint max_chars = 0, longest = 0, w, h, n;

  for (guint i = 0; i < n_lines; i++)
    if (lines[i].n_chars > max_chars)
      {
        max_chars = lines[i].n_chars;
        longest = i;
      }
  if (max_chars < 5 || (max_chars - 1) % 4 != 0)
    return maze_text_parse_error (parser, error, longest, max_chars - 1,
                                  _("inconsistent line lengths: this line has %u characters, "
                                    "but a maze line has 4 × width + 1"), max_chars);

  if ((max_chars - 1) / 4 > MAZE_MAX_SIDE)
    grid = maze_text_new_grid (parser, (max_chars - 1) / 4, height,
                               longest, 4 * MAZE_MAX_SIDE + 1, error);
  else if (height > MAZE_MAX_SIDE)
    grid = maze_text_new_grid (parser, (max_chars - 1) / 4, height,
                               2 * MAZE_MAX_SIDE + 1, 0, error);
  else
    grid = maze_text_new_grid (parser, (max_chars - 1) / 4, height, 0, 0, error);
  if (grid == NULL)
    return NULL;

  w = grid->width;
  h = grid->height;
  n = 4 * w + 1;
  hopen = g_malloc (w);
  vopen = g_malloc (w + 1);

  for (guint y = 0; y <= h; y++)
    {
      guint8 *above = y > 0 ? grid->cells + (gsize) (y - 1) * w : NULL;
      guint8 *row = y < h ? grid->cells + (gsize) y * w : NULL;
      guint k = 2 * y;
      guint masked = 0;

      /* Every classic wall line ends in '+'; a Unicode one may end in a
       * corner drawn as a space. */
      if (!parser->unicode && lines[k].n_chars != max_chars)
        return maze_text_parse_error (parser, error, k, MIN (lines[k].n_chars, max_chars),
                                      _("inconsistent line lengths: a wall line has "
                                        "%u characters here and %u on line %u"),
                                      lines[k].n_chars, max_chars, lines[longest].number);

      if (!read_wall_line (parser, maze_text_decode_line (parser, k, n), k, w, hopen, error))
        return NULL;
      /* The cell line next: its masks must be known before any passage
       * opens. */
      if (row != NULL &&
          !read_cell_line (parser, grid, maze_text_decode_line (parser, k + 1, n), k + 1, y,
                           vopen, error))
        return NULL;

      if (above == NULL || row == NULL)
        {
          for (guint x = 0; x < w; x++)
            if (hopen[x] && !maze_text_add_door (parser, grid, x, y == 0 ? 0 : h - 1,
                                                 k, 4 * x + 1, error))
              return NULL;
        }
      else
        {
          for (guint x = 0; x < w; x++)
            {
              masked |= hopen[x] & ((above[x] | row[x]) >> 3);
              above[x] |= (guint8) (hopen[x] * s_bit);
            }
          if (G_UNLIKELY (masked))
            for (guint x = 0; x < w; x++)
              if (hopen[x] && !maze_text_open_passage (parser, grid, x, y - 1, DIR_S,
                                                       k, 4 * x + 1, error))
                return NULL;
        }

      if (row == NULL)
        break;
      if (vopen[0] && !maze_text_add_door (parser, grid, 0, y, k + 1, 0, error))
        return NULL;
      for (guint x = 1; x < w; x++)
        {
          masked |= vopen[x] & ((row[x - 1] | row[x]) >> 3);
          row[x - 1] |= (guint8) (vopen[x] * e_bit);
        }
      if (G_UNLIKELY (masked))
        for (guint x = 1; x < w; x++)
          if (vopen[x] && !maze_text_open_passage (parser, grid, x - 1, y, DIR_E,
                                                   k + 1, 4 * x, error))
            return NULL;
      if (vopen[w] && !maze_text_add_door (parser, grid, w - 1, y, k + 1, 4 * w, error))
        return NULL;
    }

  return g_steal_pointer (&grid);
}
