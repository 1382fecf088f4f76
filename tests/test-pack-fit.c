/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "maze-core.h"
#include "maze-pack-fit.h"

/* A pack's mazes fitted to their place on the page before any is made
 * (maze-pack-fit.h): levels shrunk within reach of their band, or
 * refused naming the level, the count a page and the paper. */

/* A model of shape, on rings around a centre cell when centre. */
static MazePuzzle *
new_model_rings (MazeShape shape,
                 guint     width,
                 guint     height,
                 gboolean  centre)
{
  MazeGrid *grid = maze_grid_new_rings (shape, width, height, centre, NULL);
  MazePuzzle *model = maze_puzzle_new_for_grid (grid, 0, grid->n_cells - 1);

  model->has_parameters = TRUE;
  model->algorithm = MAZE_ALGORITHM_BACKTRACKER;
  model->seed = 11;
  return model;
}

static MazePuzzle *
new_model (MazeShape shape,
           guint     width,
           guint     height)
{
  return new_model_rings (shape, width, height, FALSE);
}

static void
init_request (MazeExportRequest *request,
              guint              per_page)
{
  maze_export_request_init (request);
  request->format = MAZE_EXPORT_PDF;
  request->per_page = per_page;
  request->paper = MAZE_PAPER_A4;
  request->labels = TRUE;
  request->wall_rule = MAZE_EXPORT_WALL_DRAWING;
}

/* One to a page: every recipe fits as it is but Expert's, which A4
 * prints in 3 mm cells only shrunk. */
static void
test_whole_page (void)
{
  g_autoptr(MazePuzzle) model = new_model (MAZE_SHAPE_RECT, 2, 2);
  g_autoptr(GError) error = NULL;
  MazeExportRequest request;
  MazePackOrder order = { .model = model, .from = MAZE_LEVEL_VERY_EASY,
                          .to = MAZE_LEVEL_EXPERT, .n_puzzles = 5 };

  init_request (&request, 1);
  g_assert_true (maze_export_request_fit_pack (&request, &order, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < MAZE_LEVEL_EXPERT - 1; i++)
    g_assert_cmpuint (order.max_side[i], ==, 0);
  g_assert_cmpuint (order.max_side[MAZE_LEVEL_EXPERT - 1], >=,
                    maze_level_get_info (MAZE_LEVEL_EXPERT)->min_side[MAZE_SHAPE_RECT]);
  g_assert_cmpuint (order.max_side[MAZE_LEVEL_EXPERT - 1], <,
                    maze_level_get_info (MAZE_LEVEL_EXPERT)->side[MAZE_SHAPE_RECT]);
  maze_export_request_clear (&request);
}

/* Medium six to an A4 page: shrunk, yet made in its band and printed
 * legibly; the easier levels untouched. */
static void
test_medium_six (void)
{
  g_autoptr(MazePuzzle) model = new_model (MAZE_SHAPE_RECT, 2, 2);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) pack = NULL;
  const MazeLevelInfo *medium = maze_level_get_info (MAZE_LEVEL_MEDIUM);
  MazeExportRequest request;
  MazePackOrder order = { .model = model, .from = MAZE_LEVEL_VERY_EASY,
                          .to = MAZE_LEVEL_MEDIUM, .n_puzzles = 3 };
  guint side;

  init_request (&request, 6);
  g_assert_true (maze_export_request_fit_pack (&request, &order, &error));
  g_assert_no_error (error);
  side = order.max_side[MAZE_LEVEL_MEDIUM - 1];
  g_assert_cmpuint (side, >=, medium->min_side[MAZE_SHAPE_RECT]);
  g_assert_cmpuint (side, <, medium->side[MAZE_SHAPE_RECT]);
  g_assert_cmpuint (order.max_side[MAZE_LEVEL_VERY_EASY - 1], ==, 0);
  g_assert_cmpuint (order.max_side[MAZE_LEVEL_EASY - 1], ==, 0);

  pack = maze_pack_make (&order, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pack->len, ==, 3);
  for (guint i = 0; i < pack->len; i++)
    {
      MazePuzzle *puzzle = g_ptr_array_index (pack, i);

      g_assert_true (maze_export_request_check (&request, puzzle, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpuint (((MazePuzzle *) pack->pdata[2])->grid->width, ==, side);
  g_assert_cmpuint (((MazePuzzle *) pack->pdata[2])->band_min, ==, medium->min_score);
  maze_export_request_clear (&request);
}

/* Too hard to shrink that far: refused before anything is made, the
 * easiest such level named. */
static void
test_refused (void)
{
  g_autoptr(MazePuzzle) model = new_model (MAZE_SHAPE_RECT, 2, 2);
  g_autoptr(GError) error = NULL;
  MazeExportRequest request;
  MazePackOrder order = { .model = model, .from = MAZE_LEVEL_EASY,
                          .to = MAZE_LEVEL_EXPERT, .n_puzzles = 4 };

  init_request (&request, 6);
  g_assert_false (maze_export_request_fit_pack (&request, &order, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
  g_assert_nonnull (strstr (error->message, "Hard mazes do not fit 6 to a page of A4"));
  g_clear_error (&error);

  request.per_page = 4;
  order.from = MAZE_LEVEL_EXPERT;
  g_assert_false (maze_export_request_fit_pack (&request, &order, &error));
  g_assert_nonnull (strstr (error->message, "Expert mazes do not fit 4 to a page of A4"));
  maze_export_request_clear (&request);
}

/* A band of scores keeps the model's size: checked as it is. */
static void
test_band (void)
{
  g_autoptr(MazePuzzle) big = new_model (MAZE_SHAPE_RECT, 60, 60);
  g_autoptr(MazePuzzle) small = new_model (MAZE_SHAPE_RECT, 12, 12);
  g_autoptr(GError) error = NULL;
  MazeExportRequest request;
  MazePackOrder order = { .model = big, .min_score = 30, .max_score = 60, .n_puzzles = 4 };

  init_request (&request, 4);
  g_assert_false (maze_export_request_fit_pack (&request, &order, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
  g_clear_error (&error);
  order.model = small;
  g_assert_true (maze_export_request_fit_pack (&request, &order, &error));
  g_assert_no_error (error);
  maze_export_request_clear (&request);
}

/* Rings around a centre cell are fitted as the pack makes them: round
 * the centre, which draws one ring less wide than the room. Two Hard
 * mazes to a page of Legal: the room's 22 rings must shrink to 21, a
 * centre's 22 fit as they are and are made so; six Medium to A4 are
 * refused, naming the centre's rings and its smallest (13, not the
 * room's 12). */
static void
test_centre (void)
{
  const MazeLevelInfo *hard = maze_level_get_info (MAZE_LEVEL_HARD);
  MazeExportRequest request;

  init_request (&request, 2);
  request.paper = MAZE_PAPER_LEGAL;
  for (guint centre = 0; centre < 2; centre++)
    {
      g_autoptr(MazePuzzle) model = new_model_rings (MAZE_SHAPE_CIRCULAR, 6, 3, centre);
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) pack = NULL;
      MazePackOrder order = { .model = model, .from = MAZE_LEVEL_HARD, .to = MAZE_LEVEL_HARD,
                              .n_puzzles = 1 };
      MazePuzzle *puzzle;

      g_assert_true (maze_export_request_fit_pack (&request, &order, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (order.max_side[MAZE_LEVEL_HARD - 1], ==,
                        centre ? 0 : hard->side[MAZE_SHAPE_CIRCULAR] - 1);
      pack = maze_pack_make (&order, &error);
      g_assert_no_error (error);
      puzzle = g_ptr_array_index (pack, 0);
      g_assert_cmpint (maze_grid_is_centre (puzzle->grid, 0, 0), ==, centre);
      g_assert_cmpuint (puzzle->grid->height, ==,
                        centre ? hard->centre_side : hard->side[MAZE_SHAPE_CIRCULAR] - 1);
      g_assert_true (maze_export_request_check (&request, puzzle, &error));
      g_assert_no_error (error);
    }

  {
    g_autoptr(MazePuzzle) model = new_model_rings (MAZE_SHAPE_CIRCULAR, 6, 3, TRUE);
    g_autoptr(GError) error = NULL;
    MazePackOrder order = { .model = model, .from = MAZE_LEVEL_MEDIUM,
                            .to = MAZE_LEVEL_MEDIUM, .n_puzzles = 1 };

    request.per_page = 6;
    request.paper = MAZE_PAPER_A4;
    g_assert_false (maze_export_request_fit_pack (&request, &order, &error));
    g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
    g_assert_nonnull (strstr (error->message, "has 9 rings, and they need 13 or more"));
  }
  maze_export_request_clear (&request);
}

/* The table's smallest sides: every level of every shape, and of rings
 * around a centre cell (the last kind, its own sides), still lands in
 * its band there, and a pack of a centre model shrinks to them round a
 * centre. */
static void
test_min_sides (void)
{
  for (guint kind = 0; kind <= MAZE_N_SHAPES; kind++)
    for (MazeLevel level = MAZE_LEVEL_VERY_EASY; level <= MAZE_LEVEL_EXPERT; level++)
      {
        gboolean centre = kind == MAZE_N_SHAPES;
        MazeShape shape = centre ? MAZE_SHAPE_CIRCULAR : (MazeShape) kind;
        g_autoptr(MazePuzzle) model = new_model_rings (shape, 3, 3, centre);
        g_autoptr(GError) error = NULL;
        g_autoptr(MazePuzzle) puzzle = NULL;
        const MazeLevelInfo *info = maze_level_get_info (level);
        guint min_side = centre ? info->centre_min_side : info->min_side[shape];
        MazePackOrder order = { .model = model, .from = level, .to = level, .n_puzzles = 1 };
        guint width, height;

        order.max_side[level - 1] = min_side;
        g_assert_true (maze_level_get_grid_size (info, shape, centre, min_side, &width, &height));
        g_assert_cmpuint (height, ==, min_side);
        g_assert_false (maze_level_get_grid_size (info, shape, centre, min_side - 1, &width,
                                                  &height));
        puzzle = maze_pack_make_puzzle (&order, level, 1, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (puzzle->grid->height, ==, min_side);
        g_assert_cmpint (maze_grid_is_centre (puzzle->grid, 0, 0), ==, centre);
      }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/maze/pack-fit/whole-page", test_whole_page);
  g_test_add_func ("/maze/pack-fit/medium-six", test_medium_six);
  g_test_add_func ("/maze/pack-fit/refused", test_refused);
  g_test_add_func ("/maze/pack-fit/band", test_band);
  g_test_add_func ("/maze/pack-fit/min-sides", test_min_sides);
  g_test_add_func ("/maze/pack-fit/centre", test_centre);
  return g_test_run ();
}
