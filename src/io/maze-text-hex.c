/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-text-private.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "maze-error.h"

/* Hexagonal mazes as text. The grid is pointy-top "odd-r": odd rows sit
 * half a cell to the right (maze-topology.c). Each cell is 4 columns
 * wide; line 2y + 1 holds row y, odd rows indented by 2 columns, and the
 * lines between the rows hold the slanted edges, a space where a passage
 * goes through:
 *
 *      \ / \ / \ / \
 *   |       |       |
 *    \ /   / \ /   / \
 *     |   |###|       |
 *    / \   \ / \ /   /
 *   |               |
 *    \ / \ / \ / \
 *
 * (a 4×3 maze, its entrance in the top-left cell's NW edge, its exit in
 * the bottom-right cell's SE edge, cell (1, 1) masked)
 *
 * Columns (0-based), with i = 2 on odd rows and 0 on even ones:
 *   - cell line 2y + 1: cell (x, y) has its west wall '|' at i + 4x, its
 *     inside at i + 4x + 1 .. i + 4x + 3 ("   ", " * " on the path, "###"
 *     when masked, " S " and " E " for a start and end without a door)
 *     and the row's east wall at i + 4w;
 *   - edge line 2y (above row y): cell (x, y) has its NW edge '/' at
 *     i + 4x + 1 and its NE edge '\' at i + 4x + 3; these are the SE and
 *     SW edges of the row above, so every odd column of an edge line is
 *     one edge and every even column is a space. The last line holds the
 *     bottom row's SW '\' and SE '/' edges.
 * Lines end after their last edge or wall (top and bottom lines 4w or
 * 4w + 2 characters, edge lines 4w + 2, cell lines 4w + 1 or 4w + 3).
 *
 * Doors (the start and end on the border) are gaps in the outer wall:
 * the top row's NW edge, else the bottom row's SE edge, else the west
 * wall, else the east wall. The Unicode style draws the same layout with
 * '╱', '╲', '│', "░░░" and " • ". */

/* Directions of the hex topology (maze-topology.c). */
enum
{
  DIR_E,
  DIR_SE,
  DIR_SW,
  DIR_W,
  DIR_NW,
  DIR_NE,
};

static inline guint
indent (guint y)
{
  return (y & 1) * 2;
}

/* The edge at odd column c of the edge line below row a: the cell of row
 * a whose SW or SE edge it is. */
static gboolean
edge_of_row_above (guint  w,
                   guint  a,
                   guint  c,
                   guint *x,
                   guint *dir)
{
  guint r;

  if (c < indent (a) + 1)
    return FALSE;
  r = c - indent (a) - 1;
  *x = r / 4;
  *dir = r % 4 == 0 ? DIR_SW : DIR_SE;
  return r % 2 == 0 && *x < w;
}

/* The same for row b below the edge line: NW or NE. */
static gboolean
edge_of_row_below (guint  w,
                   guint  b,
                   guint  c,
                   guint *x,
                   guint *dir)
{
  guint r;

  if (c < indent (b) + 1)
    return FALSE;
  r = c - indent (b) - 1;
  *x = r / 4;
  *dir = r % 4 == 0 ? DIR_NW : DIR_NE;
  return r % 2 == 0 && *x < w;
}

static char
edge_glyph (guint dir)
{
  return dir == DIR_SE || dir == DIR_NW ? '/' : '\\';
}

/* What a cell of row a puts on the edge line below it, from column
 * indent (a) + 4x: its SW and SE edges, by (SW open) << 1 | (SE open).
 * Passages never leave the grid, so border edges come out as walls. */
static const char lower_edges[4][5] = { " \\ /", " \\  ", "   /", "    " };
/* And the same for a cell of the top row: its NW and NE edges. */
static const char top_edges[5] = " / \\";

/* A cell line, from column indent (y) + 4x: [west wall][inside]. */
static const char cell_patterns[2][3][5] = {
  { "    ", " ###", "  * " },
  { "|   ", "|###", "| * " },
};

gboolean
maze_text_write_hex (const MazeTextWriter  *writer,
                     MazeTextSink          *sink,
                     GError               **error)
{
  const MazeGrid *grid = writer->grid;
  const MazeTopology *t = grid->topology;
  const guint8 e_bit = (guint8) (1u << t->owned_bit[DIR_E]);
  const guint se_shift = (guint) t->owned_bit[DIR_SE];
  const guint sw_shift = (guint) t->owned_bit[DIR_SW];
  const guint w = grid->width, h = grid->height;
  const gsize max_len = 4 * (gsize) w + 3;
  g_autofree char *line = g_malloc (max_len + 8);
  g_autofree char *scratch = g_malloc ((max_len + 1) * MAZE_TEXT_MAX_CHAR_BYTES + 8);
  const MazeTextDoor *doors = writer->doors;

  for (guint y = 0; y <= h; y++)
    {
      gsize len;

      /* The edge line above row y: the SW and SE edges of row y - 1, or
       * for the top line the NW and NE edges of row 0; then the one
       * border edge of row y that no cell above draws. */
      memset (line, ' ', max_len);
      if (y == 0)
        {
          for (guint x = 0; x < w; x++)
            memcpy (line + 4 * (gsize) x, top_edges, 4);
          len = 4 * (gsize) w;
        }
      else
        {
          const guint8 *above = grid->cells + (gsize) (y - 1) * w;
          char *p = line + indent (y - 1);

          for (guint x = 0; x < w; x++, p += 4)
            {
              guint sw_open = (above[x] >> sw_shift) & 1, se_open = (above[x] >> se_shift) & 1;

              memcpy (p, lower_edges[sw_open << 1 | se_open], 4);
            }
          len = indent (y - 1) + 4 * (gsize) w;
          if (y < h && indent (y) == 0)
            line[1] = '/';                      /* NW of (0, y) */
          else if (y < h)
            {
              line[4 * (gsize) w + 1] = '\\';    /* NE of (w - 1, y) */
              len = 4 * (gsize) w + 2;
            }
        }
      for (guint i = 0; i < 2; i++)
        if (doors[i].side == MAZE_TEXT_SIDE_TOP && y == 0)
          line[4 * (gsize) doors[i].x + 1] = ' ';
        else if (doors[i].side == MAZE_TEXT_SIDE_BOTTOM && y == h)
          line[indent (h - 1) + 4 * (gsize) doors[i].x + 3] = ' ';
      if (!maze_text_emit_line (writer, sink, line, len, scratch, error))
        return FALSE;

      if (y == h)
        break;

      /* The cell line of row y. */
      {
        const guint8 *row = grid->cells + (gsize) y * w;
        char *p = line + indent (y);

        line[0] = line[1] = ' ';
        for (guint x = 0; x < w; x++, p += 4)
          {
            guint inside = 0;

            if (row[x] & MAZE_CELL_MASKED)
              inside = 1;
            else if (maze_text_writer_on_path (writer, (guint32) y * w + x))
              inside = 2;
            memcpy (p, cell_patterns[x == 0 || !(row[x - 1] & e_bit)][inside], 4);
          }
        *p = '|';
        maze_text_writer_put_marks (writer, line, y, indent (y));
        len = indent (y) + 4 * (gsize) w + 1;
        for (guint i = 0; i < 2; i++)
          if (doors[i].side == MAZE_TEXT_SIDE_LEFT && doors[i].y == y)
            line[indent (y)] = ' ';
          else if (doors[i].side == MAZE_TEXT_SIDE_RIGHT && doors[i].y == y)
            line[len - 1] = ' ';
        if (!maze_text_emit_line (writer, sink, line, len, scratch, error))
          return FALSE;
      }
    }
  return TRUE;
}

/* ---- Parsing ---- */

/* How far right line k of a maze of height h can reach: its last column
 * is 4w + offset. */
static int
line_offset (guint k,
             guint h)
{
  if (k % 2 == 1)
    return (int) indent (k / 2);
  if (k == 0)
    return -1;
  if (k == 2 * h)
    return (int) indent (h - 1) - 1;
  return 1;
}

/* An error for the character at (index, column); format has one %s for
 * it. Always FALSE. */
static gboolean
unexpected (const MazeTextParser  *parser,
            GError               **error,
            guint                  index,
            guint                  column,
            const char            *format) G_GNUC_PRINTF (5, 0);

static gboolean
unexpected (const MazeTextParser  *parser,
            GError               **error,
            guint                  index,
            guint                  column,
            const char            *format)
{
  g_autofree char *found = maze_text_describe_char (parser, index, column);

  /* format comes from the callers, each a literal with one %s. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  maze_text_parse_error (parser, error, index, column, format, found);
#pragma GCC diagnostic pop
  return FALSE;
}

static gboolean
read_edge_line (const MazeTextParser  *parser,
                const char            *s,
                guint                  k,
                guint                  w,
                guint                  h,
                guint8                *open,
                GError               **error)
{
  const guint n = 4 * w + 3;
  const guint y = k / 2;   /* the row below; y - 1 above */

  for (guint c = 0; c < n; c++)
    {
      guint x, dir, xb, dirb;
      gboolean above, below;
      char glyph;

      if (c % 2 == 0)
        {
          if (s[c] != ' ')
            return unexpected (parser, error, k, c, _("unexpected %s between hexagon edges"));
          continue;
        }

      above = y > 0 && edge_of_row_above (w, y - 1, c, &x, &dir);
      below = y < h && edge_of_row_below (w, y, c, &xb, &dirb);
      if (!above && !below)
        {
          open[c / 2] = 0;
          if (s[c] != ' ')
            return unexpected (parser, error, k, c, _("unexpected %s outside the maze"));
          continue;
        }
      glyph = edge_glyph (above ? dir : dirb);
      if (s[c] == glyph)
        open[c / 2] = 0;
      else if (s[c] == ' ')
        open[c / 2] = 1;
      else
        {
          g_autofree char *found = maze_text_describe_char (parser, k, c);
          g_autofree char *expected = maze_text_quote (parser->unicode
                                                       ? (glyph == '/' ? "╱" : "╲")
                                                       : (glyph == '/' ? "/" : "\\"));

          maze_text_parse_error (parser, error, k, c,
                                 _("unexpected %s where a hexagon edge %s or a passage belongs"),
                                 found, expected);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
apply_edge_line (MazeTextParser  *parser,
                 MazeGrid        *grid,
                 const guint8    *open,
                 guint            k,
                 GError         **error)
{
  const guint w = grid->width, h = grid->height;
  const guint y = k / 2;

  for (guint c = 1; c < 4 * w + 3; c += 2)
    {
      guint x, dir, xb, dirb;
      gboolean above, below, ok;

      if (!open[c / 2])
        continue;
      above = y > 0 && edge_of_row_above (w, y - 1, c, &x, &dir);
      below = y < h && edge_of_row_below (w, y, c, &xb, &dirb);
      if (above && below)
        ok = maze_text_open_passage (parser, grid, x, y - 1, dir, k, c, error);
      else if (above)
        ok = maze_text_add_door (parser, grid, x, y - 1, k, c, error);
      else if (below)
        ok = maze_text_add_door (parser, grid, xb, y, k, c, error);
      else
        ok = TRUE;
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

/* Fast scans, as in maze-text-rect.c: read a line without branching on
 * its contents, and leave anything unusual (masks, path marks, doors,
 * mistakes) to the column-by-column code above. */

/* An edge line between two rows of cells; FALSE when it needs the slow
 * scan. */
static gboolean
read_middle_edge_line_fast (const char *s,
                            guint       ia,
                            guint       w,
                            guint8     *open)
{
  guint bad = 0;

  for (guint x = 0; x < w; x++)
    {
      const char *q = s + ia + 4 * (gsize) x;

      bad |= !((q[0] == ' ') & (q[2] == ' ') &
               ((q[1] == '\\') | (q[1] == ' ')) & ((q[3] == '/') | (q[3] == ' ')));
      open[(ia + 4 * x) / 2] = q[1] == ' ';
      open[(ia + 4 * x) / 2 + 1] = q[3] == ' ';
    }
  if (ia == 2)
    {
      /* Column 1: the NW edge of (0, y); no edge past 4w + 1. */
      bad |= !((s[0] == ' ') & ((s[1] == '/') | (s[1] == ' ')) & (s[4 * (gsize) w + 2] == ' '));
      open[0] = s[1] == ' ';
    }
  else
    {
      /* Column 4w + 1: the NE edge of (w - 1, y). */
      const char *q = s + 4 * (gsize) w;

      bad |= !((q[0] == ' ') & ((q[1] == '\\') | (q[1] == ' ')) & (q[2] == ' '));
      open[2 * w] = q[1] == ' ';
    }
  return !bad;
}

/* Opens the passages of an edge line between rows y - 1 and y; FALSE
 * when one touches a masked cell or a border edge is open (a door), for
 * apply_edge_line() to sort out. */
static gboolean
apply_middle_edge_line_fast (MazeGrid     *grid,
                             const guint8 *open,
                             guint         y)
{
  const MazeTopology *t = grid->topology;
  const guint se_shift = (guint) t->owned_bit[DIR_SE];
  const guint sw_shift = (guint) t->owned_bit[DIR_SW];
  const guint w = grid->width;
  guint8 *ra = grid->cells + (gsize) (y - 1) * w;
  const guint8 *rb = grid->cells + (gsize) y * w;
  guint masked = 0;

  if (open[0] | open[2 * w])
    return FALSE;
  if (indent (y - 1) == 0)
    {
      /* Even row above: SW of (x, y - 1) at 4x + 1 leads to (x - 1, y),
       * SE at 4x + 3 to (x, y). */
      for (guint x = 0; x < w; x++)
        {
          guint se = open[2 * x + 1];

          masked |= se & ((ra[x] | rb[x]) >> 3);
          ra[x] |= (guint8) (se << se_shift);
        }
      for (guint x = 1; x < w; x++)
        {
          guint sw = open[2 * x];

          masked |= sw & ((ra[x] | rb[x - 1]) >> 3);
          ra[x] |= (guint8) (sw << sw_shift);
        }
    }
  else
    {
      /* Odd row above: SW at 4x + 3 leads to (x, y), SE at 4x + 5 to
       * (x + 1, y). */
      for (guint x = 0; x < w; x++)
        {
          guint sw = open[2 * x + 1];

          masked |= sw & ((ra[x] | rb[x]) >> 3);
          ra[x] |= (guint8) (sw << sw_shift);
        }
      for (guint x = 0; x + 1 < w; x++)
        {
          guint se = open[2 * x + 2];

          masked |= se & ((ra[x] | rb[x + 1]) >> 3);
          ra[x] |= (guint8) (se << se_shift);
        }
    }
  return !masked;
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
  const guint w = grid->width, i = indent (y), n = 4 * w + 3;
  guint bad = 0;

  for (guint x = 0; x < w; x++)
    {
      const char *q = s + i + 4 * (gsize) x;

      vopen[x] = q[0] == ' ';
      bad |= !(((q[0] == '|') | (q[0] == ' ')) & (q[1] == ' ') & (q[2] == ' ') & (q[3] == ' '));
    }
  if (G_LIKELY (!bad))
    {
      const char *q = s + i + 4 * (gsize) w;

      /* The indent, the east wall and the spaces after it. */
      bad = (s[0] != ' ') | (s[1] != ' ');
      if (i == 0)
        bad = (q[1] != ' ') | (q[2] != ' ');
      if (!bad && (q[0] == '|' || q[0] == ' '))
        {
          vopen[w] = q[0] == ' ';
          return TRUE;
        }
    }

  for (guint c = 0; c < i; c++)
    if (s[c] != ' ')
      return unexpected (parser, error, k, c, _("unexpected %s in the indent of an odd row"));
  for (guint x = 0; x <= w; x++)
    {
      guint col = i + 4 * x;

      if (s[col] == '|')
        vopen[x] = 0;
      else if (s[col] == ' ')
        vopen[x] = 1;
      else
        return unexpected (parser, error, k, col,
                           parser->unicode
                           ? _("unexpected %s where a wall “│” or a passage belongs")
                           : _("unexpected %s where a wall “|” or a passage belongs"));
      if (x < w && !maze_text_parse_inside (parser, grid, s, x, y, k, col + 1, error))
        return FALSE;
    }
  for (guint c = i + 4 * w + 1; c < n; c++)
    if (s[c] != ' ')
      return unexpected (parser, error, k, c, _("unexpected %s after the last cell of the row"));
  return TRUE;
}

MazeGrid *
maze_text_parse_hex (MazeTextParser  *parser,
                     GError         **error)
{
  const MazeTextLine *lines = parser->lines;
  const guint n_lines = parser->n_lines;
  const guint64 height = (n_lines - 1) / 2;
  const MazeTopology *t = maze_topology_get (MAZE_SHAPE_HEX);
  const guint8 e_bit = (guint8) (1u << t->owned_bit[DIR_E]);
  g_autoptr(MazeGrid) grid = NULL;
  g_autofree guint8 *edge_open = NULL;
  g_autofree guint8 *vopen = NULL;
  guint64 width = 0;
  guint widest = 0, w, h, n;

  /* Lines may lack their trailing spaces, so the width is the least that
   * lets every line reach as far as it does. */
  for (guint k = 0; k < n_lines; k++)
    {
      gint64 reach = (gint64) lines[k].n_chars - 1 - line_offset (k, (guint) height);
      guint64 need = reach > 0 ? ((guint64) reach + 3) / 4 : 0;

      if (need > width)
        {
          width = need;
          widest = k;
        }
    }

  if (width > MAZE_MAX_SIDE)
    grid = maze_text_new_grid (parser, width, height, widest, 4 * MAZE_MAX_SIDE + 3, error);
  else if (height > MAZE_MAX_SIDE)
    grid = maze_text_new_grid (parser, width, height, 2 * MAZE_MAX_SIDE + 1, 0, error);
  else
    grid = maze_text_new_grid (parser, width, height, 0, 0, error);
  if (grid == NULL)
    return NULL;

  w = grid->width;
  h = grid->height;
  n = 4 * w + 3;
  edge_open = g_malloc0 (2 * w + 2);
  vopen = g_malloc (w + 1);

  for (guint y = 0; y <= h; y++)
    {
      guint k = 2 * y, i = indent (y);
      gboolean middle = y > 0 && y < h;
      gboolean fast_edges;
      const char *s;
      guint8 *row;
      guint masked = 0;

      s = maze_text_decode_line (parser, k, n);
      fast_edges = middle && read_middle_edge_line_fast (s, indent (y - 1), w, edge_open);
      if (!fast_edges && !read_edge_line (parser, s, k, w, h, edge_open, error))
        return NULL;

      /* The cell line next: its masks must be known before any passage
       * opens. */
      if (y < h &&
          !read_cell_line (parser, grid, maze_text_decode_line (parser, k + 1, n), k + 1, y,
                           vopen, error))
        return NULL;

      if (!(fast_edges && apply_middle_edge_line_fast (grid, edge_open, y)) &&
          !apply_edge_line (parser, grid, edge_open, k, error))
        return NULL;

      if (y == h)
        break;
      row = grid->cells + (gsize) y * w;
      if (vopen[0] && !maze_text_add_door (parser, grid, 0, y, k + 1, i, error))
        return NULL;
      for (guint x = 1; x < w; x++)
        {
          masked |= vopen[x] & ((row[x - 1] | row[x]) >> 3);
          row[x - 1] |= (guint8) (vopen[x] * e_bit);
        }
      if (G_UNLIKELY (masked))
        for (guint x = 1; x < w; x++)
          if (vopen[x] && !maze_text_open_passage (parser, grid, x - 1, y, DIR_E,
                                                   k + 1, i + 4 * x, error))
            return NULL;
      if (vopen[w] && !maze_text_add_door (parser, grid, w - 1, y, k + 1, i + 4 * w, error))
        return NULL;
    }

  return g_steal_pointer (&grid);
}
