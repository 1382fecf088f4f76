/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include <gdk-pixbuf/gdk-pixbuf.h>

#include "maze-core.h"
#include "maze-outline-image.h"
#include "maze-render-private.h"
#include "maze-test-util.h"

/* Pictures as outlines: a PNG, a JPEG and an SVG silhouette each give
 * one maze in their shape; two blobs apart are joined by a corridor;
 * bad pictures get one error each and leave the grid as it was. */

static char *
data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "outline", name, NULL);
}

/* A picture of width × height, white (or transparent) but for a dark
 * (or opaque) disc in the middle, saved as type; a picture of a side
 * under 3 is all white. */
static char *
write_disc (MazeTestFixture *fixture,
            const char      *name,
            const char      *type,
            gboolean         alpha,
            int              width,
            int              height)
{
  g_autoptr(GdkPixbuf) pixbuf = gdk_pixbuf_new (GDK_COLORSPACE_RGB, alpha, 8, width, height);
  g_autoptr(GError) error = NULL;
  char *path = maze_test_fixture_path (fixture, name);
  guint8 *pixels = gdk_pixbuf_get_pixels (pixbuf);
  int stride = gdk_pixbuf_get_rowstride (pixbuf), channels = gdk_pixbuf_get_n_channels (pixbuf);
  double r = MIN (width, height) < 3 ? 0 : MIN (width, height) / 3.0;

  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        guint8 *p = pixels + y * stride + x * channels;
        double dx = x - width / 2.0, dy = y - height / 2.0;
        gboolean in = dx * dx + dy * dy < r * r;

        p[0] = p[1] = p[2] = in ? 20 : 250;
        if (alpha)
          p[3] = in ? 255 : 0;
      }
  if (!gdk_pixbuf_save (pixbuf, path, type, &error, NULL))
    g_error ("%s", error->message);
  return path;
}

static void
assert_one_piece (const MazeGrid *grid)
{
  MazeRect all = maze_grid_full_rect (grid);

  g_assert_cmpuint (maze_grid_count_components (grid, &all, FALSE), ==, 1);
  g_assert_cmpuint (maze_grid_count_open (grid), <, grid->n_cells);
  g_assert_cmpuint (maze_grid_count_open (grid), >, 2);
}

/* A disc from each kind of file, on every shape: one piece, round. */
static void
test_kinds (MazeTestFixture *fixture,
            gconstpointer    data)
{
  g_autofree char *png = write_disc (fixture, "disc.png", "png", FALSE, 90, 60);
  g_autofree char *alpha = write_disc (fixture, "alpha.png", "png", TRUE, 60, 60);
  g_autofree char *jpeg = write_disc (fixture, "disc.jpg", "jpeg", FALSE, 64, 64);
  g_autofree char *svg = data_path ("two-blobs.svg");
  const char *paths[] = { png, alpha, jpeg, svg };

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    for (MazeShape shape = 0; shape < MAZE_TEST_N_ROW_SHAPES; shape++)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(MazeOutlineImage) image = maze_outline_image_load (paths[i], &error);
        g_autoptr(MazeGrid) grid = maze_grid_new (shape, 40, 40, NULL);

        g_assert_no_error (error);
        g_assert_cmpuint (strlen (maze_outline_image_get_digest (image)), ==, 64);
        g_assert_true (maze_outline_image_apply (image, grid, MAZE_OUTLINE_IMAGE_DEFAULT_THRESHOLD,
                                                 &error));
        g_assert_no_error (error);
        assert_one_piece (grid);
        /* The silhouette is cropped and fitted: a corner is outside. */
        g_assert_true (maze_grid_is_masked (grid, 0));
      }
}

/* Two blobs far apart are joined: one piece, a little more than the two
 * blobs (the corridor); and the same from the PNG drawn from the SVG. */
static void
test_two_blobs (void)
{
  const char *names[] = { "two-blobs.svg", "two-blobs.png" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = data_path (names[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(MazeOutlineImage) image = maze_outline_image_load (path, &error);
      g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_RECT, 60, 30, NULL);

      g_assert_no_error (error);
      g_assert_true (maze_outline_image_apply (image, grid, 128, &error));
      g_assert_no_error (error);
      assert_one_piece (grid);
      /* Between the disc (x up to about 23) and the square (from about
       * 39), only the corridor is open: a row or so of the gap. */
      g_assert_cmpuint (maze_grid_count_open (grid), <, 60 * 30 - 20 * 30);
    }
}

/* A picture on rings: fitted within the disc, the blobs joined, doors
 * onto the paper, in a small maze and a large one. */
static void
test_on_rings (void)
{
  g_autofree char *path = data_path ("two-blobs.svg");
  g_autoptr(MazeOutlineImage) image = maze_outline_image_load (path, NULL);
  static const guint rings[][2] = { { 6, 10 }, { 6, 60 } };

  g_assert_nonnull (image);
  for (guint i = 0; i < G_N_ELEMENTS (rings); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_CIRCULAR, rings[i][0], rings[i][1],
                                                NULL);
      g_autoptr(MazePuzzle) puzzle = NULL;
      MazeGenerateOptions options;
      guint dir;

      g_assert_true (maze_outline_image_apply (image, grid, 128, &error));
      g_assert_no_error (error);
      assert_one_piece (grid);
      maze_generate_options_init (&options);
      puzzle = maze_puzzle_generate_on (g_steal_pointer (&grid), &options, 0,
                                        MAZE_ENDPOINTS_FARTHEST, &error);
      g_assert_no_error (error);
      g_assert_true (maze_render_door_dir (puzzle->grid, puzzle->start, &dir));
      g_assert_true (maze_render_door_dir (puzzle->grid, puzzle->end, &dir));
    }
}

/* The digest names the file's bytes: the same file, the same digest;
 * another file, another. */
static void
test_digest (void)
{
  g_autofree char *svg = data_path ("two-blobs.svg");
  g_autofree char *png = data_path ("two-blobs.png");
  g_autoptr(MazeOutlineImage) a = maze_outline_image_load (svg, NULL);
  g_autoptr(MazeOutlineImage) b = maze_outline_image_load (svg, NULL);
  g_autoptr(MazeOutlineImage) c = maze_outline_image_load (png, NULL);
  g_autofree char *contents = NULL;
  g_autofree char *expected = NULL;
  gsize length;

  g_assert_cmpstr (maze_outline_image_get_digest (a), ==, maze_outline_image_get_digest (b));
  g_assert_cmpstr (maze_outline_image_get_digest (a), !=, maze_outline_image_get_digest (c));
  g_assert_true (g_file_get_contents (svg, &contents, &length, NULL));
  expected = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guint8 *) contents, length);
  g_assert_cmpstr (maze_outline_image_get_digest (a), ==, expected);
}

static void
assert_load_fails (const char *path,
                   gint        code,
                   const char *words)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeOutlineImage) image = maze_outline_image_load (path, &error);

  g_assert_null (image);
  g_assert_error (error, MAZE_ERROR, code);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, words));
}

/* Not a picture, empty, huge, all white: one error each, naming the
 * file and what is wrong; the grid is untouched. */
static void
test_bad (MazeTestFixture *fixture,
          gconstpointer    data)
{
  g_autofree char *text = maze_test_fixture_path (fixture, "notes.png");
  g_autofree char *empty = maze_test_fixture_path (fixture, "empty.png");
  g_autofree char *missing = maze_test_fixture_path (fixture, "missing.png");
  g_autofree char *wide = write_disc (fixture, "wide.png", "png", FALSE,
                                      MAZE_OUTLINE_IMAGE_MAX_SIDE + 1, 2);
  g_autofree char *white = write_disc (fixture, "white.png", "png", FALSE, 2, 2);
  g_autofree char *dot = write_disc (fixture, "dot.png", "png", FALSE, 3, 3);
  g_autofree char *bad_svg = maze_test_fixture_path (fixture, "bad.svg");
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_RECT, 30, 30, NULL);
  g_autoptr(MazeOutlineImage) image = NULL;
  g_autoptr(GError) error = NULL;

  maze_test_write_string (text, "Dear diary, not a picture at all.\n");
  maze_test_write_string (empty, "");
  maze_test_write_string (bad_svg, "<svg xmlns=\"http://www.w3.org/2000/svg\"><circle");
  assert_load_fails (text, MAZE_ERROR_INVALID_ARGUMENT, "“notes.png” is not a picture");
  assert_load_fails (empty, MAZE_ERROR_INVALID_ARGUMENT, "“empty.png” is empty");
  assert_load_fails (wide, MAZE_ERROR_INVALID_SIZE, "“wide.png” is too big");
  assert_load_fails (bad_svg, MAZE_ERROR_INVALID_ARGUMENT, "“bad.svg” is not a picture");
  g_assert_null (maze_outline_image_load (missing, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_clear_error (&error);

  image = maze_outline_image_load (white, &error);
  g_assert_no_error (error);
  g_assert_false (maze_outline_image_apply (image, grid, 128, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "“white.png” has no dark or opaque pixels"));
  g_clear_error (&error);
  g_clear_pointer (&image, maze_outline_image_free);

  /* A 3 × 3 picture's disc is one dark pixel: at threshold 0, none;
   * at 128 a square, cropped to fill the whole maze. */
  image = maze_outline_image_load (dot, &error);
  g_assert_no_error (error);
  g_assert_false (maze_outline_image_apply (image, grid, 0, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "at threshold 0"));
  g_clear_error (&error);
  g_assert_true (maze_outline_image_apply (image, grid, 128, NULL));
  g_assert_cmpuint (maze_grid_count_open (grid), ==, grid->n_cells);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/maze/outline-image/kinds", MazeTestFixture, NULL, maze_test_fixture_set_up,
              test_kinds, maze_test_fixture_tear_down);
  g_test_add_func ("/maze/outline-image/two-blobs", test_two_blobs);
  g_test_add_func ("/maze/outline-image/on-rings", test_on_rings);
  g_test_add_func ("/maze/outline-image/digest", test_digest);
  g_test_add ("/maze/outline-image/bad", MazeTestFixture, NULL, maze_test_fixture_set_up,
              test_bad, maze_test_fixture_tear_down);
  return g_test_run ();
}
