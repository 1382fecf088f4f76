/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "maze-braid.h"
#include "maze-error.h"
#include "maze-puzzle-file.h"
#include "maze-rng.h"
#include "maze-text.h"
#include "maze-test-util.h"

#if defined(__SANITIZE_ADDRESS__)
# define HAVE_ASAN 1
#elif defined(__has_feature)
# if __has_feature(address_sanitizer)
#  define HAVE_ASAN 1
# endif
#endif

/* ---- Comparing ---- */

static void
assert_edits_equal (const MazeEdit *a,
                    const MazeEdit *b)
{
  g_assert_cmpint (a->kind, ==, b->kind);
  switch (a->kind)
    {
    case MAZE_EDIT_REGENERATE:
    case MAZE_EDIT_MASK:
      g_assert_cmpuint (a->rect.x, ==, b->rect.x);
      g_assert_cmpuint (a->rect.y, ==, b->rect.y);
      g_assert_cmpuint (a->rect.width, ==, b->rect.width);
      g_assert_cmpuint (a->rect.height, ==, b->rect.height);
      g_assert_cmpint (a->algorithm, ==, b->algorithm);
      g_assert_cmpint (a->growing_tree_mode, ==, b->growing_tree_mode);
      g_assert_cmpuint (a->seed, ==, b->seed);
      if (a->kind == MAZE_EDIT_MASK)
        for (guint i = 0; i < a->rect.width * a->rect.height; i++)
          g_assert_cmpint (a->mask[i] != 0, ==, b->mask[i] != 0);
      break;
    case MAZE_EDIT_START:
    case MAZE_EDIT_END:
      g_assert_cmpuint (a->cell, ==, b->cell);
      break;
    case MAZE_EDIT_WEIGHT:
      g_assert_cmpuint (a->cell, ==, b->cell);
      g_assert_cmpuint (a->weight, ==, b->weight);
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
assert_puzzles_equal (const MazePuzzle *a,
                      const MazePuzzle *b)
{
  g_assert_true (maze_grid_equal (a->grid, b->grid));
  g_assert_cmpstr (a->title, ==, b->title);
  g_assert_cmpint (a->has_parameters, ==, b->has_parameters);
  if (a->has_parameters)
    {
      g_assert_cmpint (a->algorithm, ==, b->algorithm);
      g_assert_cmpint (a->growing_tree_mode, ==, b->growing_tree_mode);
      g_assert_cmpuint (a->seed, ==, b->seed);
      g_assert_cmpuint (a->braid, ==, b->braid);
    }
  g_assert_cmpuint (a->start, ==, b->start);
  g_assert_cmpuint (a->end, ==, b->end);
  g_assert_cmpuint (a->history->len, ==, b->history->len);
  for (guint i = 0; i < a->history->len; i++)
    assert_edits_equal (g_ptr_array_index (a->history, i), g_ptr_array_index (b->history, i));
}

/* ---- An independent reading of the layout ---- */

static JsonObject *
parse_object (JsonParser *parser,
              const char *json)
{
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, json, -1, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  return json_node_get_object (json_parser_get_root (parser));
}

static guint8 *
decode_member (JsonObject *object,
               const char *name,
               gsize      *length)
{
  const char *text = json_object_get_string_member (object, name);

  g_assert_nonnull (text);
  return g_base64_decode (text, length);
}

static void
assert_cell_member (JsonObject     *object,
                    const char     *name,
                    const MazeGrid *grid,
                    guint32         cell)
{
  JsonArray *array = json_object_get_array_member (object, name);

  g_assert_nonnull (array);
  g_assert_cmpuint (json_array_get_length (array), ==, 2);
  /* Rows of cells (rings of a circular maze) one after another. */
  g_assert_cmpuint (maze_grid_index (grid, (guint) json_array_get_int_element (array, 0),
                                     (guint) json_array_get_int_element (array, 1)), ==, cell);
  g_assert_cmpint (json_array_get_int_element (array, 0), <,
                   maze_grid_row_length (grid, (guint) json_array_get_int_element (array, 1)));
}

/* Reads the document with json-glib and GLib's base64 and checks every
 * member against the layout described in maze-puzzle-file.c, so a
 * writer and a reader that agree on something else fail here. Passage
 * directions are looked up by name. */
static void
check_layout (const char       *json,
              const MazePuzzle *puzzle)
{
  static const char *const rect_dirs[] = { "E", "S", NULL };
  static const char *const hex_dirs[] = { "E", "SE", "SW", NULL };
  static const char *const circular_dirs[] = { "CW", "IN", "IN2", NULL };
  const MazeGrid *grid = puzzle->grid;
  /* Triangles own E and S as squares do. */
  const char *const *dirs = grid->shape == MAZE_SHAPE_HEX ? hex_dirs
                            : grid->shape == MAZE_SHAPE_CIRCULAR ? circular_dirs : rect_dirs;
  static const char *const shape_names[MAZE_N_SHAPES] = { "rect", "hex", "tri", "circular" };
  static const gint64 versions[MAZE_N_SHAPES] = { 1, 1, 2, 3 };
  gboolean centre = grid->polar != NULL && grid->polar->centre;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree guint8 *passages = NULL;
  g_autofree char *seed = NULL;
  JsonObject *root = parse_object (parser, json);
  gboolean any_masked = FALSE, any_weight = FALSE;
  guint n_dirs = g_strv_length ((char **) dirs);
  gsize length;
  guint64 bit = 0;

  g_assert_cmpstr (json_object_get_string_member (root, "format"), ==, "mazewright");
  /* Version 1 holds rect and hex, so that older readers open them. */
  /* A centre cell came with version 4. */
  g_assert_cmpint (json_object_get_int_member (root, "version"), ==,
                   centre ? 4 : versions[grid->shape]);
  g_assert_cmpint (json_object_get_int_member (root, "generator_version"), ==, MAZE_GENERATOR_VERSION);
  g_assert_cmpstr (json_object_get_string_member (root, "shape"), ==, shape_names[grid->shape]);
  if (grid->shape == MAZE_SHAPE_CIRCULAR)
    {
      /* Rings, not width and height. */
      g_assert_cmpint (json_object_get_int_member (root, "rings"), ==, grid->height);
      /* The ring around the room, or around the centre cell (ring 0,
       * alone when it is the only ring). */
      g_assert_cmpint (json_object_get_int_member (root, "first"), ==,
                       !centre ? maze_grid_row_length (grid, 0)
                       : grid->height > 1 ? maze_grid_row_length (grid, 1) : grid->polar->first);
      g_assert_cmpstr (json_object_get_string_member (root, "centre"), ==,
                       centre ? "cell" : "room");
      g_assert_false (json_object_has_member (root, "width"));
      g_assert_false (json_object_has_member (root, "height"));
    }
  else
    {
      g_assert_cmpint (json_object_get_int_member (root, "width"), ==, grid->width);
      g_assert_cmpint (json_object_get_int_member (root, "height"), ==, grid->height);
    }
  if (puzzle->title != NULL)
    g_assert_cmpstr (json_object_get_string_member (root, "title"), ==, puzzle->title);
  else
    g_assert_false (json_object_has_member (root, "title"));

  g_assert_cmpint (json_object_has_member (root, "parameters"), ==, puzzle->has_parameters);
  if (puzzle->has_parameters)
    {
      JsonObject *p = json_object_get_object_member (root, "parameters");

      seed = g_strdup_printf ("%" G_GUINT64_FORMAT, puzzle->seed);
      g_assert_cmpstr (json_object_get_string_member (p, "seed"), ==, seed);
      g_assert_cmpstr (json_object_get_string_member (p, "algorithm"), ==,
                       maze_algorithm_get_info (puzzle->algorithm)->name);
      g_assert_cmpint (json_object_get_int_member (p, "braid_fixed"), ==, puzzle->braid);
      g_assert_cmpfloat (json_object_get_double_member (p, "braid"), ==,
                         puzzle->braid / 65536.0);
    }

  assert_cell_member (root, "start", grid, puzzle->start);
  assert_cell_member (root, "end", grid, puzzle->end);

  if (puzzle->history->len > 0)
    {
      JsonArray *history = json_object_get_array_member (root, "history");

      g_assert_cmpuint (json_array_get_length (history), ==, puzzle->history->len);
      for (guint i = 0; i < puzzle->history->len; i++)
        {
          const MazeEdit *edit = g_ptr_array_index (puzzle->history, i);
          JsonObject *e = json_array_get_object_element (history, i);

          g_assert_cmpstr (json_object_get_string_member (e, "edit"), ==,
                           maze_edit_kind_to_string (edit->kind));
          if (edit->kind == MAZE_EDIT_MASK)
            {
              g_autofree guint8 *mask = decode_member (e, "mask", &length);
              guint n = edit->rect.width * edit->rect.height;

              g_assert_cmpuint (length, ==, (n + 7) / 8);
              for (guint j = 0; j < n; j++)
                g_assert_cmpint ((mask[j / 8] >> (j % 8)) & 1, ==, edit->mask[j] != 0);
            }
        }
    }
  else
    g_assert_false (json_object_has_member (root, "history"));

  for (guint32 i = 0; i < grid->n_cells; i++)
    {
      any_masked |= maze_grid_is_masked (grid, i);
      any_weight |= maze_grid_get_weight (grid, i) != 1;
    }
  g_assert_cmpint (json_object_has_member (root, "mask"), ==, any_masked);
  if (any_masked)
    {
      g_autofree guint8 *mask = decode_member (root, "mask", &length);

      g_assert_cmpuint (length, ==, (grid->n_cells + 7) / 8);
      for (guint32 i = 0; i < grid->n_cells; i++)
        g_assert_cmpint ((mask[i / 8] >> (i % 8)) & 1, ==, maze_grid_is_masked (grid, i));
    }
  g_assert_cmpint (json_object_has_member (root, "weights"), ==, any_weight);
  if (any_weight)
    {
      g_autofree guint8 *weights = decode_member (root, "weights", &length);

      g_assert_cmpuint (length, ==, grid->n_cells);
      for (guint32 i = 0; i < grid->n_cells; i++)
        g_assert_cmpuint (weights[i], ==, maze_grid_get_weight (grid, i));
    }

  passages = decode_member (root, "passages", &length);
  g_assert_cmpuint (length, ==, ((guint64) grid->n_cells * n_dirs + 7) / 8);
  for (guint y = 0; y < grid->height; y++)
    for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
      for (guint k = 0; k < n_dirs; k++, bit++)
        {
          gint d = maze_topology_dir_from_name (grid->topology, dirs[k]);

          g_assert_cmpint (d, >=, 0);
          /* A centre cell's directions are its spokes, whose passages
           * the first ring's cells hold (their IN): its bits are 0. */
          g_assert_cmpint ((passages[bit / 8] >> (bit % 8)) & 1, ==,
                           !maze_grid_is_centre (grid, x, y) &&
                           maze_grid_has_passage (grid, x, y, (guint) d));
        }
  for (; bit < length * 8; bit++)
    g_assert_cmpint ((passages[bit / 8] >> (bit % 8)) & 1, ==, 0);
}

/* to_json -> from_json gives the same puzzle, and writing that again
 * gives the same bytes. */
static MazePuzzle *
round_trip (const MazePuzzle *puzzle)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL;
  g_autofree char *again = NULL;
  MazePuzzle *loaded;
  gsize length = 0;

  json = maze_puzzle_to_json (puzzle, &length);
  g_assert_cmpuint (length, ==, strlen (json));
  g_assert_true (maze_puzzle_file_sniff (json, length));
  check_layout (json, puzzle);

  loaded = maze_puzzle_from_json (json, (gssize) length, &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  assert_puzzles_equal (puzzle, loaded);
  g_assert_true (maze_grid_validate (loaded->grid, NULL));

  again = maze_puzzle_to_json (loaded, NULL);
  g_assert_cmpstr (again, ==, json);
  return loaded;
}

/* ---- Making puzzles ---- */

static MazePuzzle *
make_generated (MazeShape            shape,
                guint                width,
                guint                height,
                MazeAlgorithm        algorithm,
                guint64              seed,
                guint32              braid,
                MazeEndpointsPreset  preset)
{
  g_autoptr(GError) error = NULL;
  MazeGenerateOptions options;
  MazePuzzle *puzzle;

  maze_generate_options_init (&options);
  options.algorithm = algorithm;
  options.growing_tree_mode = (MazeGrowingTreeMode) (seed % 3);
  options.seed = seed;
  width = maze_test_fit_width (shape, width, height);
  puzzle = maze_puzzle_generate (shape, width, height, &options, braid, preset, &error);
  g_assert_no_error (error);
  return puzzle;
}

/* A valid grid that no generator would make: random mask, random
 * passages between open neighbours (loops and islands included), random
 * weights, and a made-up history. Exercises every bit position. */
static MazePuzzle *
make_random (MazeShape shape,
             guint     width,
             guint     height,
             guint32   seed,
             gboolean  masked,
             gboolean  weighted)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  MazeGrid *grid = maze_test_new_grid (shape, width, height);
  const MazeTopology *t = grid->topology;
  MazePuzzle *puzzle;
  guint32 open = 0;

  /* A rect's columns: the outer ring's on a circular maze. */
  width = grid->width;
  if (masked)
    for (guint y = 0; y < height; y++)
      for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
        if (g_rand_int_range (rand, 0, 3) == 0)
          maze_grid_set_masked (grid, x, y, TRUE);
  /* Keep one cell open for the endpoints. */
  maze_grid_set_masked (grid, 0, 0, FALSE);

  for (guint y = 0; y < height; y++)
    for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
      for (guint d = 0; d < t->n_dirs; d++)
        {
          guint nx, ny;

          if (t->owned_bit[d] < 0 || !maze_grid_step (grid, x, y, d, &nx, &ny))
            continue;
          if (maze_grid_is_open (grid, x, y) && maze_grid_is_open (grid, nx, ny) &&
              g_rand_boolean (rand))
            maze_grid_set_passage (grid, x, y, d, TRUE);
        }
  if (weighted)
    for (guint32 i = 0; i < grid->n_cells; i++)
      maze_grid_set_weight (grid, i, (guint8) g_rand_int_range (rand, 1, 256));

  for (guint32 i = 0; i < grid->n_cells; i++)
    if (!maze_grid_is_masked (grid, i))
      open = i;
  puzzle = maze_puzzle_new_for_grid (grid, 0, open);

  if (g_rand_boolean (rand))
    {
      MazeEdit edit = { 0 };

      puzzle->has_parameters = TRUE;
      puzzle->algorithm = MAZE_ALGORITHM_KRUSKAL;
      puzzle->growing_tree_mode = MAZE_GROWING_TREE_RANDOM;
      puzzle->seed = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
      puzzle->braid = (guint32) g_rand_int_range (rand, 0, MAZE_BRAID_ONE + 1);

      edit.kind = MAZE_EDIT_MASK;
      edit.rect.x = (guint) g_rand_int_range (rand, 0, (gint32) width);
      edit.rect.y = (guint) g_rand_int_range (rand, 0, (gint32) height);
      edit.rect.width = (guint) g_rand_int_range (rand, 1, (gint32) (width - edit.rect.x + 1));
      edit.rect.height = (guint) g_rand_int_range (rand, 1, (gint32) (height - edit.rect.y + 1));
      edit.algorithm = MAZE_ALGORITHM_WILSON;
      edit.seed = G_MAXUINT64 - seed;
      edit.mask = g_malloc (edit.rect.width * edit.rect.height);
      for (guint i = 0; i < edit.rect.width * edit.rect.height; i++)
        edit.mask[i] = (guint8) g_rand_int_range (rand, 0, 2);
      g_ptr_array_add (puzzle->history, maze_edit_copy (&edit));
      edit.kind = MAZE_EDIT_REGENERATE;
      g_ptr_array_add (puzzle->history, maze_edit_copy (&edit));
      g_free (edit.mask);

      edit = (MazeEdit) { .kind = MAZE_EDIT_WEIGHT, .cell = open, .weight = 255 };
      g_ptr_array_add (puzzle->history, maze_edit_copy (&edit));
      edit = (MazeEdit) { .kind = MAZE_EDIT_START, .cell = grid->n_cells - 1 };
      g_ptr_array_add (puzzle->history, maze_edit_copy (&edit));
    }
  return puzzle;
}

/* A disc of masked cells inside rect, one cell clear of its edge so the
 * region's open cells stay connected. */
static guint8 *
make_disc (guint width,
           guint height)
{
  guint8 *mask = g_malloc0 (width * height);

  for (guint y = 1; y + 1 < height; y++)
    for (guint x = 1; x + 1 < width; x++)
      {
        gint dx = 2 * (gint) x - (gint) width + 1;
        gint dy = 2 * (gint) y - (gint) height + 1;

        mask[y * width + x] = dx * dx + dy * dy <= (gint) ((width - 2) * (height - 2));
      }
  return mask;
}

static void
apply_edit (MazePuzzle     *puzzle,
            const MazeEdit *edit)
{
  g_autoptr(GError) error = NULL;

  maze_puzzle_apply (puzzle, edit, &error);
  g_assert_no_error (error);
}

/* ---- Round trips ---- */

static const guint sizes[][2] = {
  { 1, 1 }, { 1, 2 }, { 2, 1 }, { 1, 9 }, { 9, 1 }, { 2, 2 }, { 3, 3 }, { 4, 3 },
  { 5, 5 }, { 7, 8 }, { 8, 8 }, { 3, 11 }, { 13, 11 }, { 31, 2 }, { 64, 64 }, { 100, 37 },
};

static void
test_round_trip_generated (void)
{
  static const guint64 seeds[] = {
    0, 1, 2024, G_GUINT64_CONSTANT (9007199254740993), G_MAXUINT64,
  };
  static const guint32 braids[] = { 0, 1, MAZE_BRAID_ONE / 4, 21845, MAZE_BRAID_ONE - 1, MAZE_BRAID_ONE };
  guint n = 0;

  for (guint s = 0; s < MAZE_N_SHAPES; s++)
    for (guint a = 0; a < MAZE_N_ALGORITHMS; a++)
      for (guint i = 0; i < G_N_ELEMENTS (sizes); i++, n++)
        {
          g_autoptr(MazePuzzle) puzzle = NULL;
          g_autoptr(MazePuzzle) loaded = NULL;

          if (!maze_algorithm_supports (a, s))
            continue;
          puzzle = make_generated (s, sizes[i][0], sizes[i][1], a,
                                   seeds[n % G_N_ELEMENTS (seeds)],
                                   braids[n % G_N_ELEMENTS (braids)],
                                   n % 2 ? MAZE_ENDPOINTS_FARTHEST : MAZE_ENDPOINTS_CORNERS);
          if (n % 3 == 0)
            maze_puzzle_set_title (puzzle, "A title");
          loaded = round_trip (puzzle);
        }
}

/* Every title reads back as it was written, whatever it holds: each C0
 * control and DEL (json-glib 1.6 wrote U+001F unescaped, a file our
 * reader then refused), C1 controls, noncharacters, the JSON specials,
 * characters outside the BMP, and the longest title allowed made of the
 * characters that take most room escaped. Invalid UTF-8 (such as an
 * encoded surrogate) is replaced by U+FFFD, never written as it is. */
static void
test_round_trip_titles (void)
{
  static const gunichar classes[] = {
    0x80, 0x85, 0x9f,                           /* C1 */
    0xfdd0, 0xfdef, 0xfffe, 0xffff,             /* noncharacters */
    0x1fffe, 0x10fffe, 0x10ffff,
    '"', '\\', '/', 0x2028, 0x2029, 0xfeff,      /* JSON specials, BOM */
    0xe9, 0x20ac, 0x1f600,                      /* é, €, 😀 */
  };
  g_autoptr(MazePuzzle) puzzle = make_generated (MAZE_SHAPE_RECT, 4, 3, MAZE_ALGORITHM_BACKTRACKER,
                                                 1, 0, MAZE_ENDPOINTS_CORNERS);
  GString *title = g_string_new (NULL);

  for (gunichar c = 1; c <= 0x7f; c++)
    {
      g_autoptr(MazePuzzle) loaded = NULL;

      if (c >= 0x20 && c < 0x7f)
        continue;
      g_string_printf (title, "Unit%cSep", (char) c);
      maze_puzzle_set_title (puzzle, title->str);
      loaded = round_trip (puzzle);
      g_assert_cmpstr (loaded->title, ==, title->str);
    }
  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    {
      g_autoptr(MazePuzzle) loaded = NULL;

      g_string_assign (title, "a");
      g_string_append_unichar (title, classes[i]);
      g_string_append (title, "b");
      maze_puzzle_set_title (puzzle, title->str);
      loaded = round_trip (puzzle);
      g_assert_cmpstr (loaded->title, ==, title->str);
    }

  /* The longest allowed, all of it escaped at six bytes a byte. */
  for (guint c = 1; c < 0x20; c++)
    {
      g_autoptr(MazePuzzle) loaded = NULL;

      g_string_set_size (title, 0);
      for (guint i = 0; i < MAZE_PUZZLE_MAX_TITLE; i++)
        g_string_append_c (title, (char) c);
      maze_puzzle_set_title (puzzle, title->str);
      loaded = round_trip (puzzle);
      g_assert_cmpstr (loaded->title, ==, title->str);
    }

  /* An encoded surrogate (U+D800) and a stray byte: replaced, readable. */
  {
    g_autoptr(MazePuzzle) loaded = NULL;
    g_autofree char *json = NULL;
    g_autoptr(GError) error = NULL;

    maze_puzzle_set_title (puzzle, "x\xed\xa0\x80y\xffz");
    json = maze_puzzle_to_json (puzzle, NULL);
    loaded = maze_puzzle_from_json (json, -1, &error);
    g_assert_no_error (error);
    g_assert_true (g_utf8_validate (loaded->title, -1, NULL));
    g_assert_true (g_str_has_prefix (loaded->title, "x\xef\xbf\xbd"));
    g_assert_true (g_str_has_suffix (loaded->title, "y\xef\xbf\xbdz"));
  }
  g_string_free (title, TRUE);
}

static void
test_round_trip_random (void)
{
  guint32 seed = 1;

  for (guint s = 0; s < MAZE_N_SHAPES; s++)
    for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
      for (guint variant = 0; variant < 4; variant++, seed++)
        {
          g_autoptr(MazePuzzle) puzzle = make_random (s, sizes[i][0], sizes[i][1], seed,
                                                      variant & 1, variant & 2);

          maze_puzzle_free (round_trip (puzzle));
        }
}

static void
test_round_trip_braided (void)
{
  for (guint s = 0; s < MAZE_N_SHAPES; s++)
    {
      g_autoptr(MazePuzzle) puzzle = make_generated (s, 20, 15, MAZE_ALGORITHM_BACKTRACKER,
                                                     77, MAZE_BRAID_ONE, MAZE_ENDPOINTS_CORNERS);
      g_autoptr(MazePuzzle) loaded = NULL;

      /* Loops: legal in a file, as long as the grid is valid. */
      g_assert_false (maze_grid_check_perfect (puzzle->grid, NULL));
      loaded = round_trip (puzzle);
      g_assert_cmpuint (loaded->braid, ==, MAZE_BRAID_ONE);
      g_assert_false (maze_grid_check_perfect (loaded->grid, NULL));
    }
}

/* A circular maze with a centre cell reads back with it, for every
 * first ring a centre takes and one ring (the centre alone) or more. */
static void
test_round_trip_centre (void)
{
  static const guint rings[] = { 1, 2, 7 };

  for (guint first = MAZE_POLAR_MIN_FIRST; first <= MAZE_POLAR_MAX_CENTRE_FIRST; first++)
    for (guint r = 0; r < G_N_ELEMENTS (rings); r++)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(MazePuzzle) puzzle = NULL;
        g_autoptr(MazePuzzle) loaded = NULL;
        MazeGrid *grid = maze_grid_new_rings (MAZE_SHAPE_CIRCULAR, first, rings[r], TRUE, &error);
        MazeGenerateOptions options;

        g_assert_no_error (error);
        maze_generate_options_init (&options);
        options.algorithm = MAZE_ALGORITHM_PRIM;
        options.seed = first * 10 + r;
        puzzle = maze_puzzle_generate_on (grid, &options, 0, MAZE_ENDPOINTS_CORNERS, &error);
        g_assert_no_error (error);
        maze_puzzle_set_title (puzzle, "Centre");
        loaded = round_trip (puzzle);
        g_assert_true (loaded->grid->polar->centre);
        g_assert_cmpuint (loaded->grid->polar->first, ==, first);
        g_assert_cmpuint (loaded->grid->n_cells, ==, puzzle->grid->n_cells);
      }
}

static char *
id_of (MazeShape            shape,
       MazeAlgorithm        algorithm,
       MazeGrowingTreeMode  mode,
       guint32              braid)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazePuzzle) puzzle = NULL;
  MazeGenerateOptions options;

  maze_generate_options_init (&options);
  options.algorithm = algorithm;
  options.growing_tree_mode = mode;
  options.seed = 5;
  puzzle = maze_puzzle_generate (shape, 6, 4, &options, braid, MAZE_ENDPOINTS_CORNERS, &error);
  g_assert_no_error (error);
  return maze_puzzle_get_id (puzzle);
}

/* The ID printed on a worksheet and its answer key: the same for the
 * same puzzle (copied, saved and loaded), another for another puzzle,
 * even one from the same seed (braided, another selection, another end,
 * mud), in Crockford's letters. */
static void
test_puzzle_id (void)
{
  g_autoptr(MazePuzzle) puzzle = make_generated (MAZE_SHAPE_RECT, 20, 15, MAZE_ALGORITHM_BACKTRACKER,
                                                 7, 0, MAZE_ENDPOINTS_CORNERS);
  g_autoptr(MazePuzzle) copy = maze_puzzle_copy (puzzle);
  g_autoptr(MazePuzzle) loaded = round_trip (puzzle);
  g_autofree char *id = maze_puzzle_get_id (puzzle);
  g_autofree char *copy_id = maze_puzzle_get_id (copy);
  g_autofree char *loaded_id = maze_puzzle_get_id (loaded);
  g_autofree char *plain = id_of (MAZE_SHAPE_RECT, MAZE_ALGORITHM_BACKTRACKER, 0, 0);
  g_autofree char *braided = id_of (MAZE_SHAPE_RECT, MAZE_ALGORITHM_BACKTRACKER, 0, MAZE_BRAID_ONE / 2);
  g_autofree char *newest = id_of (MAZE_SHAPE_RECT, MAZE_ALGORITHM_GROWING_TREE, MAZE_GROWING_TREE_NEWEST, 0);
  g_autofree char *random = id_of (MAZE_SHAPE_RECT, MAZE_ALGORITHM_GROWING_TREE, MAZE_GROWING_TREE_RANDOM, 0);
  g_autofree char *moved_id = NULL;
  g_autofree char *mud_id = NULL;
  g_autoptr(GError) error = NULL;
  MazeEdit edit = { 0 };

  g_assert_cmpuint (strlen (id), ==, 7);
  g_assert_cmpint (id[3], ==, '-');
  for (guint i = 0; i < 7; i++)
    if (i != 3)
      g_assert_nonnull (strchr ("0123456789ABCDEFGHJKMNPQRSTVWXYZ", id[i]));
  g_assert_cmpstr (copy_id, ==, id);
  g_assert_cmpstr (loaded_id, ==, id);

  g_assert_cmpstr (braided, !=, plain);
  g_assert_cmpstr (random, !=, newest);

  edit.kind = MAZE_EDIT_END;
  edit.cell = puzzle->end - 1;
  g_assert_true (maze_puzzle_apply (copy, &edit, &error));
  g_assert_no_error (error);
  moved_id = maze_puzzle_get_id (copy);
  g_assert_cmpstr (moved_id, !=, id);

  edit.kind = MAZE_EDIT_WEIGHT;
  edit.cell = 3;
  edit.weight = 9;
  g_assert_true (maze_puzzle_apply (loaded, &edit, &error));
  g_assert_no_error (error);
  mud_id = maze_puzzle_get_id (loaded);
  g_assert_cmpstr (mud_id, !=, id);
}

/* A mask edit that would mask every cell is refused, and the puzzle is
 * as it was (the grid was left masked whole, start and end on masked
 * cells, and saved into a file that could not be read back). */
static void
test_mask_everything (void)
{
  g_autoptr(MazePuzzle) puzzle = make_generated (MAZE_SHAPE_RECT, 4, 3, MAZE_ALGORITHM_BACKTRACKER,
                                                 3, 0, MAZE_ENDPOINTS_CORNERS);
  g_autoptr(MazeGrid) before = maze_grid_copy (puzzle->grid);
  guint32 start = puzzle->start, end = puzzle->end;
  guint len = puzzle->history->len;
  g_autoptr(GError) error = NULL;
  guint8 mask[12];
  MazeEdit edit = { 0 };

  memset (mask, 1, sizeof mask);
  edit.kind = MAZE_EDIT_MASK;
  edit.rect = (MazeRect) { 0, 0, 4, 3 };
  edit.algorithm = MAZE_ALGORITHM_PRIM;
  edit.seed = 1;
  edit.mask = mask;
  g_assert_false (maze_puzzle_apply (puzzle, &edit, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_DISCONNECTED);
  g_assert_true (maze_grid_equal (before, puzzle->grid));
  g_assert_cmpuint (puzzle->start, ==, start);
  g_assert_cmpuint (puzzle->end, ==, end);
  g_assert_cmpuint (puzzle->history->len, ==, len);
}

/* Every kind of edit, through maze_puzzle_apply, with a mask painted in
 * and weights set; on both shapes. */
static void
test_round_trip_edits (void)
{
  for (guint s = 0; s < MAZE_N_SHAPES; s++)
    {
      g_autoptr(MazePuzzle) puzzle = make_generated (s, 16, 12, MAZE_ALGORITHM_KRUSKAL, 5, 0,
                                                     MAZE_ENDPOINTS_CORNERS);
      g_autoptr(MazePuzzle) loaded = NULL;
      g_autofree guint8 *disc = make_disc (8, 6);
      MazeEdit edit;

      edit = (MazeEdit) { .kind = MAZE_EDIT_MASK, .rect = { 4, 3, 8, 6 },
                          .algorithm = MAZE_ALGORITHM_PRIM, .seed = maze_rng_derive (5, 1),
                          .mask = disc };
      apply_edit (puzzle, &edit);
      edit = (MazeEdit) { .kind = MAZE_EDIT_REGENERATE, .rect = { 0, 0, 5, 4 },
                          .algorithm = MAZE_ALGORITHM_GROWING_TREE,
                          .growing_tree_mode = MAZE_GROWING_TREE_NEWEST,
                          .seed = maze_rng_derive (5, 2) };
      apply_edit (puzzle, &edit);
      edit = (MazeEdit) { .kind = MAZE_EDIT_WEIGHT, .cell = 17, .weight = 200 };
      apply_edit (puzzle, &edit);
      edit = (MazeEdit) { .kind = MAZE_EDIT_START, .cell = 16 };
      apply_edit (puzzle, &edit);
      edit = (MazeEdit) { .kind = MAZE_EDIT_END, .cell = 16 * 12 - 2 };
      apply_edit (puzzle, &edit);
      maze_puzzle_set_title (puzzle, "Quotes \" and \\ backslash, a\nnewline, a\ttab, \x01, "
                                     "“typographic”, ümlaut, 迷路, 🧩");

      g_assert_true (maze_grid_has_mask (puzzle->grid, NULL));
      g_assert_nonnull (puzzle->grid->weights);
      g_assert_true (maze_grid_check_perfect (puzzle->grid, NULL));
      loaded = round_trip (puzzle);
      g_assert_cmpuint (loaded->history->len, ==, 5);
      g_assert_true (maze_grid_check_perfect (loaded->grid, NULL));
    }
}

/* A regenerated ring sector across angle 0 is written as the two
 * regenerations it is made of, each inside the grid, so every reader
 * opens the file; replaying them gives the same maze. */
static void
test_round_trip_across_angle_0 (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazePuzzle) puzzle = make_generated (MAZE_SHAPE_CIRCULAR, 6, 8, MAZE_ALGORITHM_KRUSKAL,
                                                 5, 0, MAZE_ENDPOINTS_CORNERS);
  g_autoptr(MazePuzzle) replayed = maze_puzzle_copy (puzzle);
  g_autoptr(MazePuzzle) loaded = NULL;
  g_autofree char *json = NULL;
  guint width = puzzle->grid->width;
  MazeEdit edit = { .kind = MAZE_EDIT_REGENERATE, .rect = { width - 5, 2, 9, 4 },
                    .algorithm = MAZE_ALGORITHM_PRIM, .seed = maze_rng_derive (5, 3) };

  g_assert_true (maze_region_wraps (puzzle->grid, &edit.rect));
  apply_edit (puzzle, &edit);
  json = maze_puzzle_to_json (puzzle, NULL);
  loaded = maze_puzzle_from_json (json, -1, &error);
  g_assert_no_error (error);
  g_assert_true (maze_grid_equal (loaded->grid, puzzle->grid));
  g_assert_cmpuint (loaded->history->len, ==, 2);
  for (guint i = 0; i < loaded->history->len; i++)
    {
      const MazeEdit *half = g_ptr_array_index (loaded->history, i);

      g_assert_false (maze_region_wraps (loaded->grid, &half->rect));
      apply_edit (replayed, half);
    }
  g_assert_true (maze_grid_equal (replayed->grid, puzzle->grid));
}

static void
test_round_trip_imported (void)
{
  MazeGrid *grid = maze_grid_new (MAZE_SHAPE_HEX, 6, 5, NULL);
  g_autoptr(MazePuzzle) puzzle = NULL;
  g_autoptr(MazePuzzle) loaded = NULL;
  MazeGenerateOptions options;

  maze_generate_options_init (&options);
  maze_generate (grid, &options, NULL);
  puzzle = maze_puzzle_new_for_grid (grid, 3, 20);
  /* Parameters of an imported maze mean nothing: not written. */
  puzzle->seed = 99;
  puzzle->braid = 7;
  loaded = round_trip (puzzle);
  g_assert_false (loaded->has_parameters);
  g_assert_cmpuint (loaded->seed, ==, 0);
  g_assert_cmpuint (loaded->braid, ==, 0);
  g_assert_null (loaded->title);

  /* An empty title is a title. */
  maze_puzzle_set_title (puzzle, "");
  g_clear_pointer (&loaded, maze_puzzle_free);
  loaded = round_trip (puzzle);
  g_assert_cmpstr (loaded->title, ==, "");
}

/* Weights set and all back to 1: nothing to write. */
static void
test_round_trip_all_weights_one (void)
{
  g_autoptr(MazePuzzle) puzzle = make_generated (MAZE_SHAPE_RECT, 4, 4, MAZE_ALGORITHM_PRIM, 3, 0,
                                                 MAZE_ENDPOINTS_CORNERS);
  g_autoptr(MazePuzzle) loaded = NULL;
  g_autofree char *json = NULL;

  maze_grid_set_weight (puzzle->grid, 5, 9);
  maze_grid_set_weight (puzzle->grid, 5, 1);
  g_assert_nonnull (puzzle->grid->weights);
  json = maze_puzzle_to_json (puzzle, NULL);
  g_assert_null (strstr (json, "\"weights\""));
  loaded = round_trip (puzzle);
  g_assert_null (loaded->grid->weights);
}

/* Optional members can go; required ones cannot, and the message names
 * them. Members the reader does not know are ignored. */
static void
test_members (void)
{
  static const char *const required[] = {
    "format", "version", "generator_version", "shape", "width", "height",
    "start", "end", "passages",
  };
  static const char *const optional[] = { "title", "parameters", "history", "mask", "weights" };
  g_autoptr(MazePuzzle) puzzle = NULL;
  g_autofree char *json = NULL;

  /* One with parameters and history. */
  for (guint32 seed = 4; puzzle == NULL || !puzzle->has_parameters; seed++)
    {
      g_clear_pointer (&puzzle, maze_puzzle_free);
      puzzle = make_random (MAZE_SHAPE_HEX, 7, 6, seed, TRUE, TRUE);
    }
  maze_puzzle_set_title (puzzle, "t");
  json = maze_puzzle_to_json (puzzle, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (required) + G_N_ELEMENTS (optional); i++)
    {
      gboolean is_required = i < G_N_ELEMENTS (required);
      const char *name = is_required ? required[i] : optional[i - G_N_ELEMENTS (required)];
      g_autoptr(JsonParser) parser = json_parser_new ();
      JsonObject *root = parse_object (parser, json);
      g_autoptr(GError) error = NULL;
      g_autoptr(MazePuzzle) loaded = NULL;
      g_autofree char *edited = NULL;
      g_autofree char *quoted = g_strdup_printf ("“%s”", name);

      json_object_remove_member (root, name);
      edited = json_to_string (json_parser_get_root (parser), TRUE);
      loaded = maze_puzzle_from_json (edited, -1, &error);
      if (is_required)
        {
          g_assert_error (error, MAZE_ERROR, MAZE_ERROR_PARSE);
          g_assert_nonnull (strstr (error->message, quoted));
          g_assert_null (loaded);
        }
      else
        {
          g_assert_no_error (error);
          g_assert_true (maze_grid_validate (loaded->grid, NULL));
        }
    }

  /* Unknown members everywhere. */
  {
    g_autoptr(JsonParser) parser = json_parser_new ();
    JsonObject *root = parse_object (parser, json);
    JsonArray *history = json_object_get_array_member (root, "history");
    g_autoptr(GError) error = NULL;
    g_autoptr(MazePuzzle) loaded = NULL;
    g_autofree char *edited = NULL;

    json_object_set_string_member (root, "future", "x");
    json_object_set_array_member (root, "future_list", json_array_new ());
    json_object_set_int_member (json_object_get_object_member (root, "parameters"), "future", 3);
    for (guint i = 0; i < json_array_get_length (history); i++)
      json_object_set_null_member (json_array_get_object_element (history, i), "future");
    edited = json_to_string (json_parser_get_root (parser), TRUE);
    loaded = maze_puzzle_from_json (edited, -1, &error);
    g_assert_no_error (error);
    assert_puzzles_equal (puzzle, loaded);
  }
}

/* ---- Files ---- */

typedef MazeTestFixture Fixture;

static void
test_save_load (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "maze" MAZE_FILE_EXTENSION, NULL);
  g_autoptr(GError) error = NULL;

  for (guint s = 0; s < MAZE_N_SHAPES; s++)
    {
      g_autoptr(MazePuzzle) puzzle = make_random (s, 33, 21, 8 + s, TRUE, TRUE);
      g_autoptr(MazePuzzle) loaded = NULL;
      g_autofree char *contents = NULL;
      g_autofree char *json = NULL;

      g_assert_true (maze_puzzle_save (puzzle, path, &error));
      g_assert_no_error (error);
      loaded = maze_puzzle_load (path, &error);
      g_assert_no_error (error);
      assert_puzzles_equal (puzzle, loaded);
      /* The file holds exactly what to_json makes, and nothing else is
       * left in the folder. */
      g_file_get_contents (path, &contents, NULL, &error);
      g_assert_no_error (error);
      json = maze_puzzle_to_json (puzzle, NULL);
      g_assert_cmpstr (contents, ==, json);
      g_assert_cmpuint (maze_test_count_entries (f->dir), ==, 1);
    }

  /* Not a regular file: written straight. */
  {
    g_autoptr(MazePuzzle) puzzle = make_random (MAZE_SHAPE_RECT, 3, 3, 1, FALSE, FALSE);

    g_assert_true (maze_puzzle_save (puzzle, "/dev/null", &error));
    g_assert_no_error (error);
  }
}

/* A save that fails halfway (the file size limit standing in for a full
 * disk) leaves the old file as it was. Runs in a subprocess, which alone
 * gets the limit. */
static void
test_save_failure_keeps_old (Fixture       *f,
                             gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "old.maze", NULL);
  g_autoptr(MazePuzzle) small = make_generated (MAZE_SHAPE_RECT, 5, 5, MAZE_ALGORITHM_WILSON, 1, 0,
                                                MAZE_ENDPOINTS_CORNERS);
  g_autoptr(MazePuzzle) big = make_random (MAZE_SHAPE_HEX, 200, 200, 3, TRUE, TRUE);
  g_autofree char *small_json = maze_puzzle_to_json (small, NULL);
  g_autofree char *big_json = NULL;
  gsize big_length = 0;
  g_autoptr(GError) error = NULL;

  big_json = maze_puzzle_to_json (big, &big_length);
  g_assert_cmpuint (big_length, >, 4 * 16384);
  g_assert_true (maze_puzzle_save (small, path, &error));
  g_assert_no_error (error);

  if (g_test_subprocess ())
    {
      struct rlimit limit = { 16384, 16384 };
      g_autoptr(MazePuzzle) loaded = NULL;
      g_autofree char *contents = NULL;

      signal (SIGXFSZ, SIG_IGN);
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
      g_assert_false (maze_puzzle_save (big, path, &error));
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, "old.maze"));

      g_file_get_contents (path, &contents, NULL, NULL);
      g_assert_cmpstr (contents, ==, small_json);
      loaded = maze_puzzle_load (path, NULL);
      assert_puzzles_equal (small, loaded);
      g_assert_cmpuint (maze_test_count_entries (f->dir), ==, 1);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

static void
test_load_errors (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *missing = g_build_filename (f->dir, "missing.maze", NULL);
  g_autofree char *large = g_build_filename (f->dir, "large.maze", NULL);
  g_autoptr(GError) error = NULL;
  int fd;

  g_assert_null (maze_puzzle_load (missing, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "missing.maze"));
  g_clear_error (&error);

  g_assert_null (maze_puzzle_load (f->dir, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY);
  g_clear_error (&error);

  /* One byte over the limit, sparse: refused by its size, never read. */
  fd = g_open (large, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  g_assert_cmpint (fd, >=, 0);
  if (ftruncate (fd, (off_t) MAZE_FILE_MAX_BYTES + 1) != 0)
    {
      close (fd);
      g_test_skip ("cannot make a large sparse file here");
      return;
    }
  close (fd);
  g_assert_null (maze_puzzle_load (large, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
  g_assert_nonnull (strstr (error->message, "1073741825"));
  g_assert_nonnull (strstr (error->message, "large.maze"));
}

/* ---- Text mazes ---- */

/* ASCII -> puzzle -> .maze -> puzzle -> ASCII gives the same text, the
 * doors becoming start and end and back. */
static void
test_ascii_round_trip (void)
{
  static const guint text_sizes[][2] = { { 1, 2 }, { 2, 1 }, { 2, 2 }, { 5, 4 }, { 12, 9 }, { 30, 17 } };

  for (guint s = 0; s < MAZE_N_SHAPES; s++)
    for (guint style = MAZE_TEXT_CLASSIC; style <= MAZE_TEXT_UNICODE; style++)
      for (guint i = 0; i < G_N_ELEMENTS (text_sizes); i++)
        {
          guint w = text_sizes[i][0], h = text_sizes[i][1];
          g_autoptr(MazePuzzle) made = make_generated (s, w, h, MAZE_ALGORITHM_HUNT_AND_KILL,
                                                       i + 10 * s, 0, MAZE_ENDPOINTS_CORNERS);
          g_autoptr(MazePuzzle) imported = NULL;
          g_autoptr(MazePuzzle) loaded = NULL;
          g_autoptr(GArray) doors = NULL;
          g_autoptr(GError) error = NULL;
          g_autofree char *text = NULL;
          g_autofree char *json = NULL;
          g_autofree char *again = NULL;
          MazeTextOptions options;
          MazeGrid *grid;

          /* Text draws rect and hex only (test-text checks the refusal). */
          if (!maze_text_check_shape (made->grid->shape, NULL))
            continue;

          if (w >= 12)
            {
              /* A hole in the middle; the border (and the doors) stay. */
              g_autofree guint8 *disc = make_disc (w - 4, h - 4);
              MazeEdit edit = { .kind = MAZE_EDIT_MASK, .rect = { 2, 2, w - 4, h - 4 },
                                .algorithm = MAZE_ALGORITHM_KRUSKAL, .seed = 1, .mask = disc };

              apply_edit (made, &edit);
            }

          maze_text_options_init (&options);
          options.style = style;
          options.start = made->start;
          options.end = made->end;
          text = maze_text_to_string (made->grid, &options);
          g_assert_false (maze_puzzle_file_sniff (text, strlen (text)));

          grid = maze_text_parse (text, strlen (text), &doors, &error);
          g_assert_no_error (error);
          g_assert_cmpuint (doors->len, ==, 2);
          imported = maze_puzzle_new_for_grid (grid, g_array_index (doors, guint32, 0),
                                               g_array_index (doors, guint32, 1));
          json = maze_puzzle_to_json (imported, NULL);
          loaded = maze_puzzle_from_json (json, -1, &error);
          g_assert_no_error (error);
          g_assert_false (loaded->has_parameters);

          options.start = loaded->start;
          options.end = loaded->end;
          again = maze_text_to_string (loaded->grid, &options);
          g_assert_cmpstr (again, ==, text);
          g_assert_true (maze_grid_equal (loaded->grid, made->grid));
        }
}

/* ---- Good files: written by this version, they must keep loading ---- */

typedef struct
{
  const char          *name;
  MazeShape            shape;
  guint                width;
  guint                height;
  const char          *title;
  gboolean             has_parameters;
  MazeAlgorithm        algorithm;
  MazeGrowingTreeMode  mode;
  guint64              seed;
  guint32              braid;
  MazeEndpointsPreset  preset;   /* for regenerating from the parameters */
  gboolean             replay;   /* do the parameters and history make the grid? */
  guint                start[2];
  guint                end[2];
  guint                n_history;
  guint                n_masked;
  guint                weight_sum;
  guint64              hash;     /* maze_grid_hash, checked by the replay */
  const char          *text;     /* classic text without doors, or NULL */
} GoodFile;

static const GoodFile good_files[] = {
  { "rect-edited.maze", MAZE_SHAPE_RECT, 12, 8, "Worksheet 3 — “rect” ✓",
    TRUE, MAZE_ALGORITHM_KRUSKAL, MAZE_GROWING_TREE_MIXED, 2024, 0, MAZE_ENDPOINTS_CORNERS, TRUE,
    { 0, 1 }, { 11, 7 }, 6, 4, 96 - 2 + 7 + 255, G_GUINT64_CONSTANT (0xcca4e8f3e88ea098), NULL },
  { "hex-braided.maze", MAZE_SHAPE_HEX, 9, 7, NULL,
    TRUE, MAZE_ALGORITHM_GROWING_TREE, MAZE_GROWING_TREE_RANDOM, G_MAXUINT64, 21845,
    MAZE_ENDPOINTS_FARTHEST, TRUE,
    { 3, 0 }, { 0, 4 }, 1, 5, 63, G_GUINT64_CONSTANT (0x72ea486abc2df7a3), NULL },
  { "imported.maze", MAZE_SHAPE_RECT, 5, 4, "From RosettaCode",
    FALSE, 0, 0, 0, 0, 0, FALSE,
    { 0, 0 }, { 4, 3 }, 0, 0, 20, G_GUINT64_CONSTANT (0x75621f1a2190f4ce),
    "+---+---+---+---+---+\n"
    "|   |           |   |\n"
    "+   +   +---+   +   +\n"
    "|       |       |   |\n"
    "+---+---+   +---+   +\n"
    "|           |       |\n"
    "+   +---+---+   +---+\n"
    "|       |           |\n"
    "+---+---+---+---+---+\n" },
  /* Format version 2: triangles, made by a row-based generator whose
   * pieces the driver joined, braided. */
  { "tri-braided.maze", MAZE_SHAPE_TRI, 10, 6, "Triangles",
    TRUE, MAZE_ALGORITHM_ELLER, MAZE_GROWING_TREE_MIXED, 77, 16384, MAZE_ENDPOINTS_FARTHEST, TRUE,
    { 1, 0 }, { 0, 4 }, 0, 0, 60, G_GUINT64_CONSTANT (0x332eb2ae2cdc5a82), NULL },
  /* Format version 3: a circular maze (width: the first ring's cells,
   * height: the rings), braided, with a ring sector regenerated, a cell
   * masked by a sector of its own and a weight. */
  { "circular-edited.maze", MAZE_SHAPE_CIRCULAR, 6, 7, "Rings",
    TRUE, MAZE_ALGORITHM_WILSON, MAZE_GROWING_TREE_MIXED, 314, 16384, MAZE_ENDPOINTS_CORNERS, TRUE,
    { 0, 0 }, { 47, 6 }, 3, 1, 186 - 1 + 5, G_GUINT64_CONSTANT (0xb612153fb1435948), NULL },
  /* Format version 4: a circular maze with a centre cell (ring 0, one
   * cell, the start) and a first ring of 5. */
  { "circular-centre.maze", MAZE_SHAPE_CIRCULAR, 5, 5, "Centre",
    TRUE, MAZE_ALGORITHM_PRIM, MAZE_GROWING_TREE_MIXED, 14, 0, MAZE_ENDPOINTS_CORNERS, TRUE,
    { 0, 0 }, { 19, 4 }, 0, 0, 56, G_GUINT64_CONSTANT (0x2a4da752b30d0ec9), NULL },
  /* The document the crafted bad files are made from. */
  { "small-rect.maze", MAZE_SHAPE_RECT, 4, 3, "Base",
    TRUE, MAZE_ALGORITHM_BACKTRACKER, MAZE_GROWING_TREE_MIXED, 5, 0, MAZE_ENDPOINTS_CORNERS, TRUE,
    { 0, 0 }, { 3, 2 }, 4, 1, 11 + 3, G_GUINT64_CONSTANT (0xbd713b8e59c83b35), NULL },
  /* Written by hand: optional members left out, unknown ones added. */
  { "forward-compatible.maze", MAZE_SHAPE_RECT, 3, 2, NULL,
    TRUE, MAZE_ALGORITHM_BACKTRACKER, MAZE_GROWING_TREE_MIXED, 42, 0, 0, FALSE,
    { 0, 0 }, { 2, 1 }, 1, 0, 6 + 8, 0,
    "+---+---+---+\n"
    "|           |\n"
    "+   +---+   +\n"
    "|       |   |\n"
    "+---+---+---+\n" },
};

static void
test_good_files (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (good_files); i++)
    {
      const GoodFile *good = &good_files[i];
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "good", good->name, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(MazePuzzle) puzzle = NULL;
      g_autoptr(MazePuzzle) loaded = NULL;
      g_autofree char *contents = NULL;
      guint masked = 0, weights = 0, width, height;
      gsize length;

      g_test_message ("%s", good->name);
      g_file_get_contents (path, &contents, &length, &error);
      g_assert_no_error (error);
      g_assert_true (maze_puzzle_file_sniff (contents, length));

      puzzle = maze_puzzle_load (path, &error);
      g_assert_no_error (error);
      g_assert_cmpint (puzzle->grid->shape, ==, good->shape);
      maze_grid_get_size_args (puzzle->grid, &width, &height);
      g_assert_cmpuint (width, ==, good->width);
      g_assert_cmpuint (height, ==, good->height);
      g_assert_cmpstr (puzzle->title, ==, good->title);
      g_assert_cmpint (puzzle->has_parameters, ==, good->has_parameters);
      if (good->has_parameters)
        {
          g_assert_cmpint (puzzle->algorithm, ==, good->algorithm);
          g_assert_cmpint (puzzle->growing_tree_mode, ==, good->mode);
          g_assert_cmpuint (puzzle->seed, ==, good->seed);
          g_assert_cmpuint (puzzle->braid, ==, good->braid);
        }
      g_assert_cmpuint (puzzle->start, ==, maze_grid_index (puzzle->grid, good->start[0], good->start[1]));
      g_assert_cmpuint (puzzle->end, ==, maze_grid_index (puzzle->grid, good->end[0], good->end[1]));
      g_assert_cmpuint (puzzle->history->len, ==, good->n_history);
      for (guint32 c = 0; c < puzzle->grid->n_cells; c++)
        {
          masked += maze_grid_is_masked (puzzle->grid, c);
          weights += maze_grid_get_weight (puzzle->grid, c);
        }
      g_assert_cmpuint (masked, ==, good->n_masked);
      g_assert_cmpuint (weights, ==, good->weight_sum);
      if (good->hash != 0)
        g_assert_cmpuint (maze_grid_hash (puzzle->grid), ==, good->hash);

      if (good->text != NULL)
        {
          g_autofree char *text = NULL;
          MazeTextOptions options;

          maze_text_options_init (&options);
          options.start = options.end = MAZE_NO_CELL;
          text = maze_text_to_string (puzzle->grid, &options);
          g_assert_cmpstr (text, ==, good->text);
        }

      /* While the generators are the ones that wrote the file, its
       * parameters and history make its grid again: the independent
       * check of the pinned hash. Version 2 changed only mazes whose
       * random walks spend their budget, 3 those and the farthest
       * endpoints of mazes generated masked: none of these. */
      if (good->replay && MAZE_GENERATOR_VERSION <= 3)
        {
          g_autoptr(MazePuzzle) replayed = NULL;
          MazeGenerateOptions options;

          maze_generate_options_init (&options);
          options.algorithm = puzzle->algorithm;
          options.growing_tree_mode = puzzle->growing_tree_mode;
          options.seed = puzzle->seed;
          /* On a grid like the file's: with its centre cell, if any. */
          replayed = maze_puzzle_generate_on (maze_grid_new_like (puzzle->grid, NULL), &options,
                                              puzzle->braid, good->preset, &error);
          g_assert_no_error (error);
          for (guint e = 0; e < puzzle->history->len; e++)
            apply_edit (replayed, g_ptr_array_index (puzzle->history, e));
          maze_puzzle_set_title (replayed, puzzle->title);
          assert_puzzles_equal (replayed, puzzle);
        }

      /* Written again by this version, it reads back the same. */
      loaded = round_trip (puzzle);
    }
}

/* ---- Bad files ---- */

typedef struct
{
  const char *name;
  gint        code;
  const char *says[4];  /* in the message, each of them */
} BadFile;

#define PARSE MAZE_ERROR_PARSE

static const BadFile bad_files[] = {
  /* The envelope */
  { "not-json", PARSE, { "JSON" } },
  { "empty", PARSE, { "empty" } },
  { "truncated-json", PARSE, { "JSON" } },
  { "not-object", PARSE, { "not a JSON object" } },
  { "deep-nesting", PARSE, { "nested" } },
  { "format-missing", PARSE, { "Not a Mazewright file", "“format”", "missing" } },
  { "format-wrong", PARSE, { "“format”", "labyrinth" } },
  { "version-99", PARSE, { "newer", "format 99", "up to 4" } },
  { "version-zero", PARSE, { "“version”", "is 0", "start at 1" } },
  { "shape-tri-version-1", PARSE, { "“shape”", "“tri”", "format version 1" } },
  { "shape-circular-version-2", PARSE, { "“shape”", "“circular”", "format version 2" } },
  { "circular-rings-missing", PARSE, { "“rings”", "missing" } },
  /* A centre cell: version 4, "room" or "cell", a first ring of 6 at
   * most, and its own byte holds no passage (they are the first ring's). */
  { "circular-centre-version-3", PARSE, { "“centre”", "“cell”", "format version 3" } },
  { "circular-centre-unknown", PARSE, { "“centre”", "“hub”", "“room” or “cell”" } },
  { "circular-centre-number", PARSE, { "“centre”", "string" } },
  { "circular-centre-first-8", PARSE, { "centre cell", "at most 6", "not 8" } },
  { "circular-centre-passage", PARSE, { "“passages”", "Cell (0,0)", "stray" } },
  { "circular-centre-short", PARSE, { "“passages”", "expected 2", "4 cells of a circular maze" } },
  { "version-string", PARSE, { "“version”", "\"1\"" } },
  { "generator-version-missing", PARSE, { "“generator_version”", "missing" } },
  { "generator-version-float", PARSE, { "“generator_version”", "1.5" } },
  { "title-number", PARSE, { "“title”", "42" } },
  /* Shape and size */
  { "shape-unknown", PARSE, { "“shape”", "triangle" } },
  { "shape-missing", PARSE, { "“shape”", "missing" } },
  { "width-zero", PARSE, { "Width 0" } },
  { "width-negative", PARSE, { "“width”", "-4" } },
  { "width-float", PARSE, { "“width”", "4.5" } },
  { "height-string", PARSE, { "“height”", "\"3\"" } },
  { "too-big", PARSE, { "65535", "limit" } },
  { "huge-short-data", PARSE, { "“passages”", "holds 3 bytes", "expected 536846337" } },
  /* A member named twice at the top, as json-glib reads the names */
  { "width-twice", PARSE, { "line 8, column 3", "“width” appears a second time" } },
  { "rings-twice-escaped", PARSE, { "line 12, column 3", "“rings” appears a second time" } },
  { "title-twice", PARSE, { "line 6, column 3", "“title” appears a second time" } },
  /* Parameters */
  { "parameters-array", PARSE, { "“parameters”", "array" } },
  { "algorithm-missing", PARSE, { "“parameters.algorithm”", "missing" } },
  { "algorithm-unknown", PARSE, { "“parameters.algorithm”", "quicksort" } },
  { "algorithm-unsupported", PARSE, { "“parameters.algorithm”", "binary-tree", "hex" } },
  { "mode-unknown", PARSE, { "“parameters.growing_tree_mode”", "oldest" } },
  { "seed-not-number", PARSE, { "“parameters.seed”", "12ab" } },
  { "seed-json-number", PARSE, { "“parameters.seed”", "not 5" } },
  { "seed-negative", PARSE, { "“parameters.seed”", "-5" } },
  { "seed-empty", PARSE, { "“parameters.seed”", "\"\"" } },
  { "seed-overflow", PARSE, { "“parameters.seed”", "18446744073709551616" } },
  { "braid-out-of-range", PARSE, { "“parameters.braid”", "1.5", "0 to 1" } },
  { "braid-string", PARSE, { "“parameters.braid”", "\"0.5\"" } },
  { "braid-mismatch", PARSE, { "“parameters.braid”", "0.5", "“parameters.braid_fixed”", "16384" } },
  { "braid-fixed-too-big", PARSE, { "“parameters.braid_fixed”", "65537" } },
  /* Start and end */
  { "start-missing", PARSE, { "“start”", "missing" } },
  { "start-outside", PARSE, { "“start”", "(4,0)", "4×3" } },
  { "start-not-pair", PARSE, { "“start”", "1 item" } },
  { "start-negative", PARSE, { "“start[0]”", "-1" } },
  { "start-masked", PARSE, { "start", "(3,0)", "masked" } },
  { "end-masked", PARSE, { "end", "(3,0)", "masked" } },
  { "end-string", PARSE, { "“end”", "3,2" } },
  /* The bulk data */
  { "passages-missing", PARSE, { "“passages”", "missing" } },
  { "passages-number", PARSE, { "“passages”", "12345" } },
  { "truncated-passages", PARSE, { "“passages”", "holds 0 bytes", "expected 3" } },
  { "long-passages", PARSE, { "“passages”", "holds 6 bytes", "expected 3" } },
  { "bad-base64", PARSE, { "“passages”", "base64", "“!”", "offset 2" } },
  { "base64-bad-length", PARSE, { "“passages”", "base64", "multiple of 4" } },
  { "passage-through-border", PARSE, { "“passages”", "(3,1)", "E", "border" } },
  { "passage-through-bottom", PARSE, { "“passages”", "(1,2)", "S", "border" } },
  { "passage-into-mask", PARSE, { "“passages”", "(2,0)", "E", "masked" } },
  { "passage-from-mask", PARSE, { "“passages”", "(3,0)", "S", "masked" } },
  { "hex-passage-through-border", PARSE, { "“passages”", "(1,0)", "E", "border" } },
  { "hex-stray-bits", PARSE, { "“passages”", "after the last cell" } },
  { "mask-truncated", PARSE, { "“mask”", "holds 1 byte,", "expected 2" } },
  { "mask-bad-base64", PARSE, { "“mask”", "base64", "“*”" } },
  { "mask-stray-bits", PARSE, { "“mask”", "after the last cell" } },
  { "weights-zero", PARSE, { "“weights”", "(2,1)", "weight 0" } },
  { "weights-truncated", PARSE, { "“weights”", "holds 11 bytes", "expected 12" } },
  { "weights-array", PARSE, { "“weights”", "must be a string", "array" } },
  /* History */
  { "history-object", PARSE, { "“history”", "must be an array" } },
  { "history-entry-number", PARSE, { "“history[0]”", "not 7" } },
  { "history-edit-missing", PARSE, { "“history[1].edit”", "missing" } },
  { "history-edit-unknown", PARSE, { "“history[1].edit”", "rotate" } },
  { "history-rect-outside", PARSE, { "“history[1].rect”", "[2, 1, 3, 2]", "outside" } },
  { "history-rect-empty", PARSE, { "“history[1].rect”", "[0, 1, 0, 2]", "empty" } },
  { "history-rect-huge", PARSE, { "“history[1].rect”", "9223372036854775807", "outside" } },
  { "history-rect-short", PARSE, { "“history[1].rect”", "3 items" } },
  { "history-rect-float", PARSE, { "“history[1].rect[1]”", "1.5" } },
  { "history-seed-bad", PARSE, { "“history[1].seed”", "0x4e" } },
  { "history-algorithm-unknown", PARSE, { "“history[0].algorithm”", "bogosort" } },
  { "history-mask-missing", PARSE, { "“history[0].mask”", "missing" } },
  { "history-mask-length", PARSE, { "“history[0].mask”", "holds 2 bytes", "expected 1" } },
  { "history-mask-stray-bits", PARSE, { "“history[0].mask”", "after the last cell" } },
  { "history-cell-outside", PARSE, { "“history[3].cell”", "(3,3)" } },
  { "history-cell-missing", PARSE, { "“history[3].cell”", "missing" } },
  { "history-weight-zero", PARSE, { "“history[2].weight”", "is 0", "1 to 255" } },
  { "history-weight-big", PARSE, { "“history[2].weight”", "is 256", "1 to 255" } },
  /* The outline's parameters */
  { "outline-array", PARSE, { "“outline”", "object", "array" } },
  { "outline-kind-missing", PARSE, { "“outline.kind”", "missing" } },
  { "outline-kind-unknown", PARSE, { "“outline.kind”", "scribble" } },
  { "outline-name-unknown", PARSE, { "“outline.name”", "dragon" } },
  { "outline-text-empty", PARSE, { "“outline.text”", "1 to 64 characters" } },
  { "outline-font-missing", PARSE, { "“outline.font”", "missing" } },
  { "outline-sha256-short", PARSE, { "“outline.sha256”", "64 hexadecimal digits" } },
  { "outline-threshold-big", PARSE, { "“outline.threshold”", "256" } },
};

#undef PARSE

static void
assert_bad_file (const BadFile *bad)
{
  g_autofree char *file = g_strconcat (bad->name, ".maze", NULL);
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "bad", file, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MazePuzzle) puzzle = maze_puzzle_load (path, &error);

  g_test_message ("%s: %s", bad->name, error != NULL ? error->message : "(loaded)");
  g_assert_null (puzzle);
  g_assert_error (error, MAZE_ERROR, bad->code);
  for (guint i = 0; i < G_N_ELEMENTS (bad->says) && bad->says[i] != NULL; i++)
    if (strstr (error->message, bad->says[i]) == NULL)
      g_error ("%s: “%s” does not say “%s”", bad->name, error->message, bad->says[i]);
}

static void
test_bad_files (void)
{
  g_autofree char *dir_path = g_test_build_filename (G_TEST_DIST, "data", "bad", NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (dir);
  for (guint i = 0; i < G_N_ELEMENTS (bad_files); i++)
    assert_bad_file (&bad_files[i]);

  /* Every file in the folder has its expectation above. */
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      gboolean listed = FALSE;

      if (!g_str_has_suffix (name, ".maze"))
        continue;
      n++;
      for (guint i = 0; i < G_N_ELEMENTS (bad_files) && !listed; i++)
        listed = strlen (name) == strlen (bad_files[i].name) + 5 &&
                 g_str_has_prefix (name, bad_files[i].name);
      if (!listed)
        g_error ("tests/data/bad/%s has no expectation in test-puzzle-file.c", name);
    }
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (bad_files));
}

/* Sizes that pass maze_check_size but whose data is short are refused
 * before the grid is allocated: with the address space capped far below
 * the 2 GB such a grid needs, the message is still about the data. */
static void
test_bad_files_allocate_nothing (void)
{
#ifdef HAVE_ASAN
  g_test_skip ("AddressSanitizer needs the address space it reserves");
  return;
#else
  if (g_test_subprocess ())
    {
      struct rlimit limit = { 512 << 20, 512 << 20 };

      g_assert_cmpint (setrlimit (RLIMIT_AS, &limit), ==, 0);
      for (guint i = 0; i < G_N_ELEMENTS (bad_files); i++)
        if (g_str_equal (bad_files[i].name, "too-big") ||
            g_str_equal (bad_files[i].name, "huge-short-data"))
          assert_bad_file (&bad_files[i]);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
#endif
}

/* Every prefix of a document, and random damage to it: an error or a
 * valid puzzle, never a crash or a half-built one. */
static void
test_corrupt (void)
{
  g_autoptr(MazePuzzle) puzzle = make_random (MAZE_SHAPE_RECT, 6, 5, 12, TRUE, TRUE);
  g_autoptr(GRand) rand = g_rand_new_with_seed (99);
  gsize length = 0;
  g_autofree char *json = NULL;
  guint loaded = 0;

  while (!puzzle->has_parameters)
    {
      g_clear_pointer (&puzzle, maze_puzzle_free);
      puzzle = make_random (MAZE_SHAPE_RECT, 6, 5, g_rand_int (rand), TRUE, TRUE);
    }
  json = maze_puzzle_to_json (puzzle, &length);

  for (gsize cut = 0; cut < length - 2; cut++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MazePuzzle) broken = maze_puzzle_from_json (json, (gssize) cut, &error);

      g_assert_null (broken);
      g_assert_error (error, MAZE_ERROR, MAZE_ERROR_PARSE);
    }

  for (guint round = 0; round < 3000; round++)
    {
      g_autofree char *damaged = g_strdup (json);
      g_autoptr(GError) error = NULL;
      g_autoptr(MazePuzzle) result = NULL;
      guint n = (guint) g_rand_int_range (rand, 1, 4);

      for (guint k = 0; k < n; k++)
        {
          gsize at = (gsize) g_rand_int_range (rand, 0, (gint32) length);
          static const char alphabet[] = "{}[]\",:0123456789-.eAz/+= \\";

          damaged[at] = g_rand_boolean (rand)
                        ? alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)]
                        : (char) g_rand_int_range (rand, 1, 256);
        }
      result = maze_puzzle_from_json (damaged, (gssize) length, &error);
      if (result == NULL)
        {
          g_assert_error (error, MAZE_ERROR, MAZE_ERROR_PARSE);
          g_assert_cmpuint (strlen (error->message), >, 0);
          continue;
        }
      g_assert_no_error (error);
      g_assert_true (maze_grid_validate (result->grid, NULL));
      g_assert_true (maze_puzzle_check_endpoints (result, NULL));
      maze_puzzle_free (round_trip (result));
      g_clear_pointer (&result, maze_puzzle_free);
      loaded++;
    }
  g_test_message ("%u of the damaged documents still loaded", loaded);
}

/* Numbers json-glib cannot hold are refused as written: a width past 64
 * bits was reported as "“width” is -1", 1e309 as "inf.0". Numbers at
 * the edge of what it holds are judged by the member as before. */
static void
test_numbers_out_of_range (void)
{
  static const struct { const char *from, *to, *message; } cases[] = {
    { "\"width\": 4,", "\"width\": 18446744073709551616,", "the number 18446744073709551616 is out of range" },
    { "\"width\": 4,", "\"width\": -9223372036854775809,", "the number -9223372036854775809 is out of range" },
    { "\"braid\": 0,", "\"braid\": 1e309,", "the number 1e309 is out of range" },
    { "\"braid\": 0,", "\"braid\": -1E400,", "the number -1E400 is out of range" },
    { "\"width\": 4,", "\"width\": 9223372036854775807,", "Width 9223372036854775807 is out of range" },
    { "\"braid\": 0,", "\"braid\": 1e308,", "“parameters.braid” is 1e+308" },
  };
  g_autoptr(MazePuzzle) puzzle = make_generated (MAZE_SHAPE_RECT, 4, 3, MAZE_ALGORITHM_BACKTRACKER,
                                                 5, 0, MAZE_ENDPOINTS_CORNERS);
  g_autofree char *json = maze_puzzle_to_json (puzzle, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GString) edited = g_string_new (json);
      g_autoptr(GError) error = NULL;

      g_assert_cmpuint (g_string_replace (edited, cases[i].from, cases[i].to, 1), ==, 1);
      g_assert_null (maze_puzzle_from_json (edited->str, -1, &error));
      g_assert_error (error, MAZE_ERROR, MAZE_ERROR_PARSE);
      if (strstr (error->message, cases[i].message) == NULL)
        g_error ("case %u: “%s” does not say “%s”", i, error->message, cases[i].message);
    }
}

static void
test_deep_nesting (void)
{
  gsize depth = 1000000;
  g_autofree char *json = g_malloc (2 * depth + 1);
  g_autoptr(GError) error = NULL;

  memset (json, '[', depth);
  memset (json + depth, ']', depth);
  json[2 * depth] = '\0';
  g_assert_null (maze_puzzle_from_json (json, -1, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "nested"));
}

static void
test_sniff (void)
{
  static const struct { const char *data; gboolean is_maze; } cases[] = {
    { "{", TRUE },
    { "{\"format\": \"mazewright\"}", TRUE },
    { "  \n\t\r\n{", TRUE },
    { "\xef\xbb\xbf{}", TRUE },
    { "", FALSE },
    { "   \n", FALSE },
    { "+---+\n|   |\n+---+\n", FALSE },
    { "┌───┐", FALSE },
    { "x{", FALSE },
    { "[{}]", FALSE },
  };
  g_autoptr(MazePuzzle) puzzle = make_random (MAZE_SHAPE_RECT, 3, 3, 3, FALSE, FALSE);
  g_autofree char *json = maze_puzzle_to_json (puzzle, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpint (maze_puzzle_file_sniff (cases[i].data, strlen (cases[i].data)), ==,
                     cases[i].is_maze);
  /* The length is respected. */
  g_assert_false (maze_puzzle_file_sniff ("  {", 2));
  g_assert_false (maze_puzzle_file_sniff (NULL, 0));
  g_assert_true (maze_puzzle_file_sniff (json, strlen (json)));
}

/* A byte order mark and a length that stops short of the NUL. */
static void
test_from_json_length (void)
{
  g_autoptr(MazePuzzle) puzzle = make_random (MAZE_SHAPE_HEX, 4, 4, 6, TRUE, FALSE);
  g_autofree char *json = maze_puzzle_to_json (puzzle, NULL);
  g_autofree char *with_bom = g_strconcat ("\xef\xbb\xbf", json, "trailing garbage", NULL);
  g_autoptr(MazePuzzle) loaded = NULL;
  g_autoptr(GError) error = NULL;

  loaded = maze_puzzle_from_json (with_bom, (gssize) (strlen (json) + 3), &error);
  g_assert_no_error (error);
  assert_puzzles_equal (puzzle, loaded);
}

/* The outline's parameters go into the file beside its mask and come
 * back the same, for each kind; a puzzle without one writes no member
 * (old files stay as they were), and a file without one reads none. */
static void
test_outline_round_trip (void)
{
  g_autoptr(MazeOutlineParams) text = maze_outline_params_new_text ("Zoë “Z” \\ \"", "Serif Bold Italic");
  g_autoptr(MazeOutlineParams) preset = maze_outline_params_new_preset ("heart");
  g_autoptr(MazeOutlineParams) picture =
    maze_outline_params_new_picture ("9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
                                     37);
  const MazeOutlineParams *all[] = { NULL, preset, text, picture };
  g_autofree char *good = g_test_build_filename (G_TEST_DIST, "data", "good", "outline-text.maze",
                                                 NULL);
  g_autoptr(MazePuzzle) loaded = NULL;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    {
      g_autoptr(MazePuzzle) puzzle = maze_test_new_muddy_puzzle ();
      g_autoptr(MazePuzzle) back = NULL;
      g_autofree char *json = NULL;

      puzzle->outline = maze_outline_params_copy (all[i]);
      json = maze_puzzle_to_json (puzzle, NULL);
      g_assert_true ((strstr (json, "\"outline\"") != NULL) == (all[i] != NULL));
      back = maze_puzzle_from_json (json, -1, &error);
      g_assert_no_error (error);
      g_assert_true (maze_outline_params_equal (back->outline, all[i]));
      g_assert_true (maze_grid_equal (back->grid, puzzle->grid));
    }

  loaded = maze_puzzle_load (good, &error);
  g_assert_no_error (error);
  g_assert_cmpint (loaded->outline->source, ==, MAZE_OUTLINE_SOURCE_TEXT);
  g_assert_cmpstr (loaded->outline->text, ==, "Zoë \"Z\"");
  g_assert_cmpstr (loaded->outline->font, ==, "Sans Bold 12");
  g_assert_true (maze_grid_is_masked (loaded->grid, maze_grid_index (loaded->grid, 3, 0)));
}

/* A maze made to order keeps the band asked for, an optional member of
 * its parameters (the version stays); half a band, or one upside down,
 * is refused naming the member. */
static void
test_difficulty_band (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazePuzzle) puzzle = NULL;
  g_autoptr(MazePuzzle) loaded = NULL;
  g_autofree char *json = NULL;
  MazeGenerateOptions options;
  static const struct
  {
    const char *from;
    const char *to;
    const char *message;
  } bad[] = {
    { "\"difficulty_max\": 39", "\"difficulty_mix\": 39", "difficulty_min" },
    { "\"difficulty_min\": 20", "\"difficulty_min\": 50", "is above" },
    { "\"difficulty_max\": 39", "\"difficulty_max\": 101", "difficulty_max" },
  };

  maze_generate_options_init (&options);
  options.seed = 3;
  options.algorithm = MAZE_ALGORITHM_KRUSKAL;
  puzzle = maze_puzzle_generate_to_order (MAZE_SHAPE_RECT, 10, 10, &options, 0,
                                          MAZE_ENDPOINTS_CORNERS, 20, 39, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (puzzle->has_band);
  json = maze_puzzle_to_json (puzzle, NULL);
  g_assert_nonnull (strstr (json, "\"version\": 1,"));
  g_assert_nonnull (strstr (json, "\"difficulty_min\": 20, \"difficulty_max\": 39"));
  loaded = maze_puzzle_from_json (json, -1, &error);
  g_assert_no_error (error);
  g_assert_true (loaded->has_band);
  g_assert_cmpuint (loaded->band_min, ==, 20);
  g_assert_cmpuint (loaded->band_max, ==, 39);
  g_assert_cmpuint (loaded->seed, ==, puzzle->seed);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *broken = NULL;
      g_autoptr(MazePuzzle) refused = NULL;
      g_auto(GStrv) parts = g_strsplit (json, bad[i].from, 2);

      g_assert_cmpuint (g_strv_length (parts), ==, 2);
      broken = g_strjoin (bad[i].to, parts[0], parts[1], NULL);
      refused = maze_puzzle_from_json (broken, -1, &error);
      g_assert_null (refused);
      g_assert_error (error, MAZE_ERROR, MAZE_ERROR_PARSE);
      if (strstr (error->message, bad[i].message) == NULL)
        g_error ("“%s” does not say %s", error->message, bad[i].message);
      g_clear_error (&error);
    }

  /* A maze not made to order has none. */
  g_clear_pointer (&json, g_free);
  g_clear_pointer (&loaded, maze_puzzle_free);
  puzzle->has_band = FALSE;
  json = maze_puzzle_to_json (puzzle, NULL);
  g_assert_null (strstr (json, "difficulty_"));
  loaded = maze_puzzle_from_json (json, -1, &error);
  g_assert_no_error (error);
  g_assert_false (loaded->has_band);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/maze/file/round-trip/generated", test_round_trip_generated);
  g_test_add_func ("/maze/file/round-trip/random", test_round_trip_random);
  g_test_add_func ("/maze/file/round-trip/titles", test_round_trip_titles);
  g_test_add_func ("/maze/file/round-trip/braided", test_round_trip_braided);
  g_test_add_func ("/maze/file/round-trip/centre", test_round_trip_centre);
  g_test_add_func ("/maze/file/round-trip/edits", test_round_trip_edits);
  g_test_add_func ("/maze/file/round-trip/across-angle-0", test_round_trip_across_angle_0);
  g_test_add_func ("/maze/file/difficulty-band", test_difficulty_band);
  g_test_add_func ("/maze/file/puzzle-id", test_puzzle_id);
  g_test_add_func ("/maze/file/mask-everything", test_mask_everything);
  g_test_add_func ("/maze/file/round-trip/imported", test_round_trip_imported);
  g_test_add_func ("/maze/file/round-trip/all-weights-one", test_round_trip_all_weights_one);
  g_test_add_func ("/maze/file/members", test_members);
  g_test_add_func ("/maze/file/ascii-round-trip", test_ascii_round_trip);
#define ADD(path, func) \
  g_test_add ("/maze/file/" path, Fixture, NULL, \
              maze_test_fixture_set_up, func, maze_test_fixture_tear_down)
  ADD ("save-load", test_save_load);
  ADD ("save-failure-keeps-old", test_save_failure_keeps_old);
  ADD ("load-errors", test_load_errors);
#undef ADD
  g_test_add_func ("/maze/file/good-files", test_good_files);
  g_test_add_func ("/maze/file/bad-files", test_bad_files);
  g_test_add_func ("/maze/file/bad-files-allocate-nothing", test_bad_files_allocate_nothing);
  g_test_add_func ("/maze/file/corrupt", test_corrupt);
  g_test_add_func ("/maze/file/deep-nesting", test_deep_nesting);
  g_test_add_func ("/maze/file/numbers-out-of-range", test_numbers_out_of_range);
  g_test_add_func ("/maze/file/sniff", test_sniff);
  g_test_add_func ("/maze/file/from-json-length", test_from_json_length);
  g_test_add_func ("/maze/file/outline", test_outline_round_trip);

  return g_test_run ();
}
