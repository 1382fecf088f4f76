/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <gio/gio.h>
#include <glib.h>

#include "maze-error.h"
#include "maze-generate.h"
#include "maze-grid.h"
#include "maze-outline.h"
#include "maze-puzzle-text.h"
#include "maze-text.h"

/* ---- Helpers ---- */

/* Masks about one cell in `mask_in` (0: none), then opens passages
 * between open neighbours: a perfect maze from the backtracker when it
 * can make one, else each wall opened with probability 1/2 (which also
 * tries every local arrangement of walls, loops included). */
static MazeGrid *
make_maze (MazeShape  shape,
           guint      width,
           guint      height,
           guint32    seed,
           guint      mask_in,
           gboolean   generate,
           gboolean  *generated)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  MazeGrid *grid = maze_grid_new (shape, width, height, NULL);
  const MazeTopology *t;

  g_assert_nonnull (grid);
  t = grid->topology;

  if (mask_in > 0)
    for (guint y = 0; y < height; y++)
      for (guint x = 0; x < width; x++)
        if (g_rand_int_range (rand, 0, (gint32) mask_in) == 0)
          maze_grid_set_masked (grid, x, y, TRUE);

  if (generate)
    {
      MazeGenerateOptions options;

      maze_generate_options_init (&options);
      options.algorithm = MAZE_ALGORITHM_BACKTRACKER;
      options.seed = seed;
      if (maze_generate (grid, &options, NULL))
        {
          if (generated != NULL)
            *generated = TRUE;
          return grid;
        }
    }

  if (generated != NULL)
    *generated = FALSE;
  maze_grid_clear_passages (grid);
  for (guint y = 0; y < height; y++)
    for (guint x = 0; x < width; x++)
      for (guint d = 0; d < t->n_dirs; d++)
        {
          guint nx, ny;

          if (t->owned_bit[d] < 0 || !maze_grid_step (grid, x, y, d, &nx, &ny))
            continue;
          if (!maze_grid_is_open (grid, x, y) || !maze_grid_is_open (grid, nx, ny))
            continue;
          if (g_rand_boolean (rand))
            maze_grid_set_passage (grid, x, y, d, TRUE);
        }
  return grid;
}

/* The text position (line, column, 0-based) of the gap a door makes,
 * re-derived from the rules in maze-text.h / maze-text-hex.c; FALSE
 * when the cell gets no door. */
static gboolean
door_position (const MazeGrid *grid,
               guint32         cell,
               guint          *line,
               guint          *column)
{
  guint x, y, w = grid->width, h = grid->height;
  guint i;

  if (cell == MAZE_NO_CELL || maze_grid_is_masked (grid, cell))
    return FALSE;
  maze_grid_xy (grid, cell, &x, &y);
  i = grid->shape == MAZE_SHAPE_HEX ? (y & 1) * 2 : 0;
  if (y == 0)
    {
      *line = 0;
      *column = 4 * x + 1;
    }
  else if (y == h - 1)
    {
      *line = 2 * h;
      *column = grid->shape == MAZE_SHAPE_HEX ? i + 4 * x + 3 : 4 * x + 1;
    }
  else if (x == 0)
    {
      *line = 2 * y + 1;
      *column = i;
    }
  else if (x == w - 1)
    {
      *line = 2 * y + 1;
      *column = i + 4 * w;
    }
  else
    return FALSE;
  return TRUE;
}

/* The cell itself when it is an open cell with no door (an S or an E
 * in the text), else MAZE_NO_CELL. */
static guint32
expected_mark (const MazeGrid *grid,
               guint32         cell)
{
  guint line, column;

  if (cell >= grid->n_cells || maze_grid_is_masked (grid, cell) ||
      door_position (grid, cell, &line, &column))
    return MAZE_NO_CELL;
  return cell;
}

static GArray *
expected_doors (const MazeGrid *grid,
                guint32         start,
                guint32         end)
{
  GArray *doors = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint ls = 0, cs = 0, le = 0, ce = 0;
  gboolean has_start = door_position (grid, start, &ls, &cs);
  gboolean has_end = door_position (grid, end, &le, &ce);

  /* One door for one cell, but a maze of one cell has two: it starts
   * and ends there. */
  if (has_start && has_end && start == end && grid->n_cells > 1)
    has_end = FALSE;
  if (has_start && has_end && (le < ls || (le == ls && ce < cs)))
    {
      g_array_append_val (doors, end);
      g_array_append_val (doors, start);
    }
  else
    {
      if (has_start)
        g_array_append_val (doors, start);
      if (has_end)
        g_array_append_val (doors, end);
    }
  return doors;
}

static void
assert_doors (GArray *got,
              GArray *want)
{
  g_assert_nonnull (got);
  g_assert_cmpuint (got->len, ==, want->len);
  for (guint i = 0; i < want->len; i++)
    g_assert_cmpuint (g_array_index (got, guint32, i), ==, g_array_index (want, guint32, i));
}

static guint
count_substrings (const char *text,
                  const char *needle)
{
  guint n = 0;

  for (const char *p = strstr (text, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

/* Text lines have the lengths the layout promises. */
static void
check_line_shapes (const MazeGrid *grid,
                   const char     *text,
                   MazeTextStyle   style)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = g_strv_length (lines);
  guint w = grid->width, h = grid->height;

  /* The text ends with a newline: one empty piece after it. */
  g_assert_cmpuint (n, ==, 2 * h + 2);
  g_assert_cmpstr (lines[n - 1], ==, "");
  for (guint k = 0; k < 2 * h + 1; k++)
    {
      glong len = g_utf8_strlen (lines[k], -1);

      g_assert_true (g_utf8_validate (lines[k], -1, NULL));
      if (style == MAZE_TEXT_CLASSIC)
        g_assert_cmpuint (strlen (lines[k]), ==, (gsize) len);
      if (grid->shape == MAZE_SHAPE_RECT)
        g_assert_cmpint (len, ==, 4 * w + 1);
      else if (k % 2 == 1)
        g_assert_cmpint (len, ==, 4 * w + 1 + ((k / 2) & 1) * 2);
      else if (k == 0)
        g_assert_cmpint (len, ==, 4 * w);
      else if (k == 2 * h)
        g_assert_cmpint (len, ==, 4 * w + ((h - 1) & 1) * 2);
      else
        g_assert_cmpint (len, ==, 4 * w + 2);
    }
}

static char *
write_to_file_and_read (const MazeGrid        *grid,
                        const MazeTextOptions *options)
{
  g_autoptr(GError) error = NULL;
  FILE *f = tmpfile ();
  char *contents;
  long size;

  g_assert_nonnull (f);
  g_assert_true (maze_text_write (grid, options, f, &error));
  g_assert_no_error (error);
  size = ftell (f);
  g_assert_cmpint (size, >=, 0);
  contents = g_malloc ((gsize) size + 1);
  rewind (f);
  g_assert_cmpuint (fread (contents, 1, (gsize) size, f), ==, (gsize) size);
  contents[size] = '\0';
  fclose (f);
  return contents;
}

/* Export, check the text's shape, import, compare. */
static void
check_round_trip (const MazeGrid  *grid,
                  MazeTextStyle    style,
                  guint32          start,
                  guint32          end,
                  const guint32   *path,
                  guint32          path_len)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) doors = NULL;
  g_autoptr(GArray) want = expected_doors (grid, start, end);
  g_autoptr(MazeGrid) parsed = NULL;
  g_autofree char *text = NULL;
  g_autofree char *file_text = NULL;
  MazeTextOptions options;
  guint32 marks[2];

  maze_text_options_init (&options);
  options.style = style;
  options.start = start;
  options.end = end;
  options.path = path;
  options.path_len = path_len;

  text = maze_text_to_string (grid, &options);
  g_assert_nonnull (text);
  file_text = write_to_file_and_read (grid, &options);
  g_assert_cmpstr (text, ==, file_text);
  check_line_shapes (grid, text, style);

  if (path != NULL)
    {
      g_autoptr(GHashTable) marked = g_hash_table_new (NULL, NULL);

      for (guint32 i = 0; i < path_len; i++)
        if (!maze_grid_is_masked (grid, path[i]))
          g_hash_table_add (marked, GUINT_TO_POINTER (path[i] + 1));
      g_assert_cmpuint (count_substrings (text, style == MAZE_TEXT_UNICODE ? "•" : "*"), ==,
                        g_hash_table_size (marked));
    }

  parsed = maze_text_parse_marked (text, strlen (text), &doors, marks, &error);
  if (parsed == NULL)
    g_printerr ("%s\n", text);
  g_assert_no_error (error);
  g_assert_nonnull (parsed);
  g_assert_true (maze_grid_equal (grid, parsed));
  assert_doors (doors, want);
  /* A start or end without a door comes back as its letter. */
  g_assert_cmpuint (marks[0], ==, expected_mark (grid, start));
  g_assert_cmpuint (marks[1], ==, start == end ? MAZE_NO_CELL : expected_mark (grid, end));
}

static void
check_all_doors (const MazeGrid *grid,
                 MazeTextStyle   style)
{
  guint w = grid->width, h = grid->height;
  guint32 last = grid->n_cells - 1;
  guint32 pairs[][2] = {
    { MAZE_NO_CELL, MAZE_NO_CELL },
    { 0, last },                                    /* top-left, bottom-right */
    { last, 0 },
    { w - 1, (h - 1) * w },                         /* top-right, bottom-left */
    { w / 2, (h - 1) * w + w / 2 },                 /* top and bottom edges */
    { (h / 2) * w, (h / 2) * w + w - 1 },           /* left and right edges */
    { (h / 2) * w + w / 2, MAZE_NO_CELL },          /* interior: no door, an S */
    { (h / 2) * w + w / 2, (h / 3) * w + w / 3 },   /* both interior: S and E */
    { 0, (h / 2) * w + w / 2 },                     /* a door and an E */
    { 0, 0 },
    { MAZE_NO_CELL, (h - 1) * w },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    check_round_trip (grid, style, pairs[i][0], pairs[i][1], NULL, 0);
}

static const guint sizes[][2] = {
  { 1, 1 }, { 1, 2 }, { 2, 1 }, { 1, 7 }, { 9, 1 }, { 2, 2 }, { 3, 3 },
  { 3, 5 }, { 6, 4 }, { 7, 8 }, { 16, 9 }, { 31, 17 }, { 40, 40 },
};

static void
test_round_trip (gconstpointer data)
{
  MazeShape shape = GPOINTER_TO_UINT (data);
  guint n_generated = 0, n_random = 0;

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint variant = 0; variant < 4; variant++)
      {
        guint w = sizes[s][0], h = sizes[s][1];
        gboolean generate = variant % 2 == 0, generated = FALSE;
        guint mask_in = variant >= 2 ? 6 : 0;
        g_autoptr(MazeGrid) grid = make_maze (shape, w, h, 1000 * s + variant, mask_in, generate,
                                               &generated);
        g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (guint32));
        g_autoptr(GRand) rand = g_rand_new_with_seed (s);

        if (generated)
          n_generated++;
        else
          n_random++;
        for (guint32 c = 0; c < grid->n_cells; c++)
          if (g_rand_int_range (rand, 0, 3) == 0)
            g_array_append_val (path, c);

        check_all_doors (grid, MAZE_TEXT_CLASSIC);
        check_all_doors (grid, MAZE_TEXT_UNICODE);
        check_round_trip (grid, MAZE_TEXT_CLASSIC, 0, grid->n_cells - 1,
                          (const guint32 *) path->data, path->len);
        check_round_trip (grid, MAZE_TEXT_UNICODE, 0, grid->n_cells - 1,
                          (const guint32 *) path->data, path->len);
      }
  /* Generation fails where a mask cuts the grid apart; until the
   * backtracker existed every maze here came from random walls. */
  g_test_message ("%u backtracker mazes, %u random wall sets", n_generated, n_random);
}

/* Every cell masked and the outer cells only: masks on the border. */
static void
test_round_trip_masks (gconstpointer data)
{
  MazeShape shape = GPOINTER_TO_UINT (data);
  g_autoptr(MazeGrid) all = maze_grid_new (shape, 5, 4, NULL);
  g_autoptr(MazeGrid) ring = NULL;

  for (guint y = 0; y < 4; y++)
    for (guint x = 0; x < 5; x++)
      maze_grid_set_masked (all, x, y, TRUE);
  check_round_trip (all, MAZE_TEXT_CLASSIC, 0, 19, NULL, 0);
  check_round_trip (all, MAZE_TEXT_UNICODE, 0, 19, NULL, 0);

  ring = make_maze (shape, 6, 5, 7, 0, FALSE, NULL);
  for (guint x = 0; x < 6; x++)
    {
      maze_grid_set_masked (ring, x, 0, TRUE);
      maze_grid_set_masked (ring, x, 4, TRUE);
    }
  check_round_trip (ring, MAZE_TEXT_CLASSIC, 0, 29, NULL, 0);
  check_round_trip (ring, MAZE_TEXT_UNICODE, 6, 17, NULL, 0);
}

/* A shaped maze's start and end, on its outline but off the grid's
 * border, have no door in text: the S and E in their cells bring them
 * back as the puzzle's start and end. */
static void
test_round_trip_marks (gconstpointer data)
{
  MazeShape shape = GPOINTER_TO_UINT (data);

  for (guint style = MAZE_TEXT_CLASSIC; style <= MAZE_TEXT_UNICODE; style++)
    for (guint seed = 1; seed <= 4; seed++)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(MazeGrid) grid = maze_grid_new (shape, 24, 20, NULL);
        g_autoptr(MazePuzzle) puzzle = NULL;
        g_autoptr(MazePuzzle) parsed = NULL;
        g_autofree char *text = NULL;
        MazeGenerateOptions generate;
        MazeTextOptions options;
        guint n_ends = 0;

        /* A diamond touches the border only at its four tips. */
        g_assert_true (maze_outline_apply (grid, MAZE_OUTLINE_DIAMOND, &error));
        maze_generate_options_init (&generate);
        generate.seed = seed;
        puzzle = maze_puzzle_generate_on (g_steal_pointer (&grid), &generate, 0,
                                          MAZE_ENDPOINTS_FARTHEST, &error);
        g_assert_no_error (error);
        if (seed > 2)
          puzzle->end = (puzzle->grid->height / 2) * puzzle->grid->width + puzzle->grid->width / 2;
        /* At least one end inside, which text can only mark. */
        g_assert_true (expected_mark (puzzle->grid, puzzle->start) != MAZE_NO_CELL ||
                       expected_mark (puzzle->grid, puzzle->end) != MAZE_NO_CELL);

        maze_text_options_init (&options);
        options.style = style;
        options.start = puzzle->start;
        options.end = puzzle->end;
        text = maze_text_to_string (puzzle->grid, &options);
        parsed = maze_puzzle_from_text (text, strlen (text), &n_ends, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (n_ends, ==, 2);
        g_assert_true (maze_grid_equal (parsed->grid, puzzle->grid));
        g_assert_cmpuint (parsed->start, ==, puzzle->start);
        g_assert_cmpuint (parsed->end, ==, puzzle->end);
      }
}

/* ---- Golden texts, drawn by hand ---- */

/* The maze of the RosettaCode example. */
static MazeGrid *
make_golden_rect (void)
{
  MazeGrid *grid = maze_grid_new (MAZE_SHAPE_RECT, 3, 3, NULL);
  enum { E = 1, S = 2 };

  maze_grid_set_passage (grid, 0, 0, E, TRUE);
  maze_grid_set_passage (grid, 1, 0, E, TRUE);
  maze_grid_set_passage (grid, 2, 0, S, TRUE);
  maze_grid_set_passage (grid, 1, 1, E, TRUE);
  maze_grid_set_passage (grid, 0, 1, S, TRUE);
  maze_grid_set_passage (grid, 1, 1, S, TRUE);
  maze_grid_set_passage (grid, 0, 2, E, TRUE);
  maze_grid_set_passage (grid, 1, 2, E, TRUE);
  return grid;
}

static void
test_golden_rect (void)
{
  g_autoptr(MazeGrid) grid = make_golden_rect ();
  const guint32 path[] = { 0, 1, 2, 5, 4, 7, 8 };
  MazeTextOptions options;
  g_autofree char *classic = NULL;
  g_autofree char *unicode = NULL;
  g_autofree char *solved = NULL;
  g_autofree char *solved_unicode = NULL;

  g_assert_true (maze_grid_check_perfect (grid, NULL));

  maze_text_options_init (&options);
  classic = maze_text_to_string (grid, &options);
  g_assert_cmpstr (classic, ==,
                   "+---+---+---+\n"
                   "|           |\n"
                   "+---+---+   +\n"
                   "|   |       |\n"
                   "+   +   +---+\n"
                   "|           |\n"
                   "+---+---+---+\n");

  options.style = MAZE_TEXT_UNICODE;
  unicode = maze_text_to_string (grid, &options);
  g_assert_cmpstr (unicode, ==,
                   "┌───────────┐\n"
                   "│           │\n"
                   "├───┬───╴   │\n"
                   "│   │       │\n"
                   "│   ╵   ╶───┤\n"
                   "│           │\n"
                   "└───────────┘\n");

  options.start = 0;
  options.end = 8;
  options.path = path;
  options.path_len = G_N_ELEMENTS (path);
  solved_unicode = maze_text_to_string (grid, &options);
  g_assert_cmpstr (solved_unicode, ==,
                   "╷   ╶───────┐\n"
                   "│ •   •   • │\n"
                   "├───┬───╴   │\n"
                   "│   │ •   • │\n"
                   "│   ╵   ╶───┤\n"
                   "│     •   • │\n"
                   "└───────╴   ╵\n");

  /* Doors on the left and right walls keep their trailing space. */
  options.style = MAZE_TEXT_CLASSIC;
  options.start = 5;
  options.end = 3;
  options.path = NULL;
  options.path_len = 0;
  maze_grid_set_masked (grid, 0, 0, TRUE);
  solved = maze_text_to_string (grid, &options);
  g_assert_cmpstr (solved, ==,
                   "+---+---+---+\n"
                   "|###|       |\n"
                   "+---+---+   +\n"
                   "    |        \n"
                   "+   +   +---+\n"
                   "|           |\n"
                   "+---+---+---+\n");
}

static void
test_golden_hex (void)
{
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_HEX, 3, 2, NULL);
  g_autoptr(GArray) doors = NULL;
  g_autoptr(MazeGrid) parsed = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *classic = NULL;
  g_autofree char *unicode = NULL;
  MazeTextOptions options;
  enum { E = 0, SE = 1, SW = 2 };

  maze_grid_set_passage (grid, 0, 0, E, TRUE);
  maze_grid_set_passage (grid, 1, 0, SE, TRUE);   /* to (1, 1) */
  maze_grid_set_passage (grid, 1, 1, E, TRUE);
  maze_grid_set_passage (grid, 0, 0, SE, TRUE);   /* to (0, 1) */
  maze_grid_set_passage (grid, 2, 0, SW, TRUE);   /* to (1, 1) */
  g_assert_true (maze_grid_check_perfect (grid, NULL));

  maze_text_options_init (&options);
  options.start = 0;
  options.end = 5;
  classic = maze_text_to_string (grid, &options);
  g_assert_cmpstr (classic, ==,
                   "   \\ / \\ / \\\n"
                   "|       |   |\n"
                   " \\   \\     / \\\n"
                   "  |   |       |\n"
                   "   \\ / \\ / \\  \n");

  options.style = MAZE_TEXT_UNICODE;
  unicode = maze_text_to_string (grid, &options);
  g_assert_cmpstr (unicode, ==,
                   "   ╲ ╱ ╲ ╱ ╲\n"
                   "│       │   │\n"
                   " ╲   ╲     ╱ ╲\n"
                   "  │   │       │\n"
                   "   ╲ ╱ ╲ ╱ ╲  \n");

  parsed = maze_text_parse (classic, strlen (classic), &doors, &error);
  g_assert_no_error (error);
  g_assert_true (maze_grid_equal (grid, parsed));
  g_assert_cmpuint (doors->len, ==, 2);
  g_assert_cmpuint (g_array_index (doors, guint32, 0), ==, 0);
  g_assert_cmpuint (g_array_index (doors, guint32, 1), ==, 5);
}

/* ---- Text from other programs ---- */

/* RosettaCode style as other programs print it: no trailing spaces, an
 * entrance in the left wall and an exit in the right wall. */
static const char *const rosetta_lines[] = {
  "+---+---+---+---+---+---+",
  "|       |               |",
  "+   +   +   +---+---+   +",
  "    |       |       |   |",
  "+---+---+   +   +---+   +",
  "|           |   |",
  "+   +---+---+   +---+---+",
  "|                       |",
  "+---+---+---+---+---+---+",
};

static void
check_rosetta (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) doors = NULL;
  g_autoptr(MazeGrid) grid = maze_text_parse (text, strlen (text), &doors, &error);

  g_assert_no_error (error);
  g_assert_nonnull (grid);
  g_assert_cmpint (grid->shape, ==, MAZE_SHAPE_RECT);
  g_assert_cmpuint (grid->width, ==, 6);
  g_assert_cmpuint (grid->height, ==, 4);
  g_assert_true (maze_grid_check_perfect (grid, NULL));
  g_assert_cmpuint (doors->len, ==, 2);
  g_assert_cmpuint (g_array_index (doors, guint32, 0), ==, 6);    /* (0, 1) */
  g_assert_cmpuint (g_array_index (doors, guint32, 1), ==, 17);   /* (5, 2) */
  /* A few walls, read off the picture. */
  g_assert_false (maze_grid_has_passage (grid, 1, 0, 1));
  g_assert_true (maze_grid_has_passage (grid, 2, 0, 1));
  g_assert_true (maze_grid_has_passage (grid, 2, 1, 2));
  g_assert_false (maze_grid_has_passage (grid, 4, 1, 2));
  g_assert_true (maze_grid_has_passage (grid, 4, 2, 1));
}

static void
test_rosetta (void)
{
  g_autofree char *lf = g_strjoinv ("\n", (char **) rosetta_lines);
  g_autofree char *lf_end = g_strconcat (lf, "\n", NULL);
  g_autofree char *crlf = g_strjoinv ("\r\n", (char **) rosetta_lines);
  g_autofree char *crlf_blank = g_strconcat ("\r\n", crlf, "\r\n\r\n", NULL);
  /* Old Mac OS: "\r" alone ("a maze needs at least three lines"). */
  g_autofree char *cr = g_strjoinv ("\r", (char **) rosetta_lines);
  g_autofree char *cr_end = g_strconcat (cr, "\r", NULL);

  check_rosetta (lf);
  check_rosetta (lf_end);
  check_rosetta (crlf_blank);
  check_rosetta (cr);
  check_rosetta (cr_end);
}

/* A classic maze with "---" shortened to "--" is not ours to guess at,
 * but a line that lost trailing spaces in the middle of the maze is. */
static void
test_padding (void)
{
  const char *text = "+---+---+\n"
                     "|        \n"    /* a door on the right, spaces kept */
                     "+   +---+\n"
                     "|\n"            /* the same, all trailing spaces gone */
                     "+---+---+\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) doors = NULL;
  g_autoptr(MazeGrid) grid = maze_text_parse (text, strlen (text), &doors, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (grid->width, ==, 2);
  g_assert_cmpuint (grid->height, ==, 2);
  g_assert_true (maze_grid_has_passage (grid, 0, 0, 1));
  g_assert_true (maze_grid_has_passage (grid, 0, 0, 2));
  g_assert_true (maze_grid_has_passage (grid, 0, 1, 1));
  g_assert_cmpuint (doors->len, ==, 2);
  g_assert_cmpuint (g_array_index (doors, guint32, 0), ==, 1);
  g_assert_cmpuint (g_array_index (doors, guint32, 1), ==, 3);
}

/* Replaces the character at (line, column), both 0-based, of an ASCII
 * text. */
static void
poke (char       *text,
      guint       line,
      guint       column,
      char        c)
{
  char *p = text;

  for (guint i = 0; i < line; i++)
    {
      p = strchr (p, '\n');
      g_assert_nonnull (p);
      p++;
    }
  g_assert_true (strchr (p, '\n') == NULL || (gsize) (strchr (p, '\n') - p) > column);
  p[column] = c;
}

/* Gaps in the slanted outer edges of a hex maze, which the exporter never
 * makes but other hands may. */
static void
test_hex_border_gaps (void)
{
  const guint w = 3, h = 4;
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_HEX, w, h, NULL);
  struct { guint line, column; guint32 cell; } gaps[] = {
    { 2, 1, 0 },                      /* SW of (0, 0) */
    { 2, 4 * w + 1, w + w - 1 },      /* NE of (w - 1, 1) */
    { 4, 1, 2 * w },                  /* NW of (0, 2) */
    { 4, 4 * w + 1, w + w - 1 },      /* SE of (w - 1, 1) */
    { 6, 1, 2 * w },                  /* SW of (0, 2) */
    { 0, 3, 0 },                      /* NE of (0, 0) */
    { 8, 4 * w - 1, 3 * w + w - 1 },  /* SW of (w - 1, 3) */
  };

  for (guint i = 0; i < G_N_ELEMENTS (gaps); i++)
    {
      g_autofree char *text = maze_text_to_string (grid, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(GArray) doors = NULL;
      g_autoptr(MazeGrid) parsed = NULL;

      poke (text, gaps[i].line, gaps[i].column, ' ');
      parsed = maze_text_parse (text, strlen (text), &doors, &error);
      g_assert_no_error (error);
      g_assert_true (maze_grid_equal (grid, parsed));
      g_assert_cmpuint (doors->len, ==, 1);
      g_assert_cmpuint (g_array_index (doors, guint32, 0), ==, gaps[i].cell);
    }

  /* Two gaps into the same cell: listed once. */
  {
    g_autofree char *text = maze_text_to_string (grid, NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(GArray) doors = NULL;
    g_autoptr(MazeGrid) parsed = NULL;

    poke (text, 0, 1, ' ');
    poke (text, 2, 1, ' ');
    poke (text, 0, 5, ' ');
    parsed = maze_text_parse (text, strlen (text), &doors, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (doors->len, ==, 2);
    g_assert_cmpuint (g_array_index (doors, guint32, 0), ==, 0);
    g_assert_cmpuint (g_array_index (doors, guint32, 1), ==, 1);
  }

  /* An open edge between rows into a masked cell. */
  {
    g_autofree char *text = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(MazeGrid) parsed = NULL;

    maze_grid_set_masked (grid, 1, 1, TRUE);
    text = maze_text_to_string (grid, NULL);
    poke (text, 2, 7, ' ');           /* SE of (1, 0), NW of (1, 1) */
    parsed = maze_text_parse (text, strlen (text), NULL, &error);
    g_assert_null (parsed);
    g_assert_error (error, MAZE_ERROR, MAZE_ERROR_PARSE);
    g_assert_true (g_str_has_prefix (error->message, "line 3, column 8: "));
    g_assert_nonnull (strstr (error->message, "masked"));
  }
}

/* ---- Malformed text ---- */

typedef struct
{
  const char *name;
  const char *text;
  guint       line;
  guint       column;
  const char *what;   /* a piece of the message */
} BadCase;

static const BadCase bad_cases[] = {
  { "empty", "", 1, 1, "empty" },
  { "blank", "\n   \n\n", 1, 1, "empty" },
  { "not a maze", "hello\n", 1, 1, "does not start a maze" },
  { "one line", "+---+\n", 2, 1, "three lines" },
  { "no bottom", "+---+\n|   |\n", 3, 1, "bottom wall" },
  { "char in cell", "+---+\n| x |\n+---+\n", 2, 3, "“x”" },
  { "char in wall", "+---+\n|   /\n+---+\n", 2, 5, "“/”" },
  { "tab", "+---+\n|\t  |\n+---+\n", 2, 2, "U+0009" },
  { "missing corner", "+---+\n|   |\n+---x\n", 3, 5, "“+” missing" },
  { "missing inner corner", "+---+---+\n|   |   |\n+-------+\n", 3, 5, "“+” missing" },
  { "half wall", "+---+\n|   |\n+-- +\n", 3, 2, "half present" },
  { "half wall 2", "+---+---+\n|       |\n+---+- -+\n", 3, 6, "half present" },
  { "junk in wall", "+---+\n|   |\n+-=-+\n", 3, 3, "“=”" },
  { "short wall line", "+---+---+\n|   |   |\n+---+\n", 3, 6, "inconsistent line lengths" },
  { "odd length", "+---+-\n|   |\n+---+\n", 1, 6, "inconsistent line lengths" },
  { "half a cell", "+---+\n|   |\n+---+\n| # |\n+---+\n", 4, 2, "“ # ”" },
  { "passage into mask", "+---+---+\n|###    |\n+---+---+\n", 2, 5, "masked" },
  { "passage down into mask", "+---+\n|   |\n+   +\n|###|\n+---+\n", 3, 2, "masked" },
  { "door into mask", "+   +\n|###|\n+---+\n", 1, 2, "masked" },
  { "side door into mask", "+---+\n ###|\n+---+\n", 2, 1, "masked" },
  { "leading blank lines", "\n\n+---+\n| x |\n+---+\n", 4, 3, "“x”" },
  { "crlf", "+---+\r\n| x |\r\n+---+\r\n", 2, 3, "“x”" },
  { "stray cr", "+---+\r\n|  \r|\r\n+---+\r\n", 2, 4, "U+000D" },
  { "bad utf-8", "+---+\n|\xff  |\n+---+\n", 2, 2, "UTF-8" },
  { "nul", "+---+\n| \0 |\n+---+\n", 2, 3, "U+0000" },
  { "unicode in classic", "+---+\n│   |\n+---+\n", 2, 1, "“│”" },
  { "unicode char", "┌───┐\n│ x │\n└───┘\n", 2, 3, "“x”" },
  { "unicode half wall", "┌───┐\n│   │\n└── ┘\n", 3, 2, "half present" },
  { "unicode corner", "┌───┐\n│   │\n└───░\n", 3, 5, "corner" },
  { "hex char", " / \\\n| x |\n \\ /\n", 2, 3, "“x”" },
  { "hex slant", " \\ \\\n|   |\n \\ /\n", 1, 2, "“/”" },
  { "hex apex", " /-\\\n|   |\n \\ /\n", 1, 3, "between hexagon edges" },
  { "hex indent", " / \\\n|   |\n \\ / \\\n x|   |\n   \\ /\n", 4, 2, "indent" },
  { "hex mask", " / \\ / \\\n|###    |\n \\ / \\ /\n", 2, 5, "masked" },
};

/* The bad texts contain a NUL, so their lengths are written out. */
static gsize
bad_case_length (const BadCase *bad)
{
  if (g_str_equal (bad->name, "nul"))
    return 18;
  return strlen (bad->text);
}

static void
test_malformed (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      const BadCase *bad = &bad_cases[i];
      g_autoptr(GError) error = NULL;
      g_autoptr(GArray) doors = NULL;
      g_autoptr(MazeGrid) grid = NULL;
      g_autofree char *prefix = g_strdup_printf ("line %u, column %u: ", bad->line, bad->column);

      g_test_message ("case \"%s\"", bad->name);
      grid = maze_text_parse (bad->text, bad_case_length (bad), &doors, &error);
      g_assert_null (grid);
      g_assert_null (doors);
      g_assert_error (error, MAZE_ERROR, MAZE_ERROR_PARSE);
      if (!g_str_has_prefix (error->message, prefix) || strstr (error->message, bad->what) == NULL)
        g_error ("case \"%s\": got \"%s\", want \"%s...%s...\"",
                 bad->name, error->message, prefix, bad->what);
    }
}

static void
test_too_large (void)
{
  g_autoptr(GString) wide = g_string_new ("+");
  g_autoptr(GString) tall = g_string_new ("+---+\n");
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = NULL;
  g_autofree char *prefix = NULL;

  /* 65536 cells wide. */
  for (guint x = 0; x < MAZE_MAX_SIDE + 1; x++)
    g_string_append (wide, "---+");
  g_string_append (wide, "\n|   |\n+---+\n");
  grid = maze_text_parse (wide->str, wide->len, NULL, &error);
  g_assert_null (grid);
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_PARSE);
  prefix = g_strdup_printf ("line 1, column %u: ", 4 * MAZE_MAX_SIDE + 2);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_assert_nonnull (strstr (error->message, "65536"));
  g_clear_error (&error);
  g_clear_pointer (&prefix, g_free);

  /* 65536 rows tall. */
  for (guint y = 0; y < MAZE_MAX_SIDE + 1; y++)
    g_string_append (tall, "|   |\n+---+\n");
  grid = maze_text_parse (tall->str, tall->len, NULL, &error);
  g_assert_null (grid);
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_PARSE);
  prefix = g_strdup_printf ("line %u, column 1: ", 2 * MAZE_MAX_SIDE + 2);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_assert_nonnull (strstr (error->message, "65536"));
  g_clear_error (&error);

  /* The largest allowed height still parses. */
  g_string_truncate (tall, tall->len - strlen ("|   |\n+---+\n"));
  grid = maze_text_parse (tall->str, tall->len, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (grid->height, ==, MAZE_MAX_SIDE);
}

static void
test_write_error (void)
{
  g_autoptr(MazeGrid) grid = make_golden_rect ();
  g_autoptr(GError) error = NULL;
  FILE *full;

  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/full");
      return;
    }
  full = fopen ("/dev/full", "w");
  g_assert_nonnull (full);
  g_assert_false (maze_text_write (grid, NULL, full, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  fclose (full);
}

/* Text cannot draw triangles: every way in refuses, writing nothing. */
static void
test_refuses_tri (void)
{
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_TRI, 6, 4, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  char buffer[64] = "";
  FILE *out = fmemopen (buffer, sizeof buffer, "w");

  g_assert_nonnull (out);
  g_assert_false (maze_text_check_shape (grid->shape, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_UNSUPPORTED);
  g_assert_nonnull (strstr (error->message, "triangular"));
  g_clear_error (&error);

  g_assert_false (maze_text_write (grid, NULL, out, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_UNSUPPORTED);
  fclose (out);
  g_assert_cmpstr (buffer, ==, "");

  text = maze_text_to_string (grid, NULL);
  g_assert_null (text);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/maze/text/round-trip/rect", GUINT_TO_POINTER (MAZE_SHAPE_RECT),
                        test_round_trip);
  g_test_add_data_func ("/maze/text/round-trip/hex", GUINT_TO_POINTER (MAZE_SHAPE_HEX),
                        test_round_trip);
  g_test_add_data_func ("/maze/text/round-trip/rect-masks", GUINT_TO_POINTER (MAZE_SHAPE_RECT),
                        test_round_trip_masks);
  g_test_add_data_func ("/maze/text/round-trip/hex-masks", GUINT_TO_POINTER (MAZE_SHAPE_HEX),
                        test_round_trip_masks);
  g_test_add_data_func ("/maze/text/round-trip/rect-marks", GUINT_TO_POINTER (MAZE_SHAPE_RECT),
                        test_round_trip_marks);
  g_test_add_data_func ("/maze/text/round-trip/hex-marks", GUINT_TO_POINTER (MAZE_SHAPE_HEX),
                        test_round_trip_marks);
  g_test_add_func ("/maze/text/golden/rect", test_golden_rect);
  g_test_add_func ("/maze/text/golden/hex", test_golden_hex);
  g_test_add_func ("/maze/text/parse/rosetta", test_rosetta);
  g_test_add_func ("/maze/text/parse/padding", test_padding);
  g_test_add_func ("/maze/text/parse/hex-border-gaps", test_hex_border_gaps);
  g_test_add_func ("/maze/text/parse/malformed", test_malformed);
  g_test_add_func ("/maze/text/parse/too-large", test_too_large);
  g_test_add_func ("/maze/text/write-error", test_write_error);
  g_test_add_func ("/maze/text/refuses-tri", test_refuses_tri);

  return g_test_run ();
}
