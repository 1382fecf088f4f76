/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "maze-document.h"
#include "maze-polar.h"
#include "maze-puzzle-file.h"
#include "maze-text.h"

typedef struct
{
  guint    count;
  guint    flags;
  MazeRect area;
} Changes;

static void
changed_cb (MazeDocument *document,
            guint         flags,
            MazeRect     *area,
            Changes      *changes)
{
  changes->count++;
  changes->flags = flags;
  changes->area = *area;
}

static MazeDocument *
new_document (guint64 seed)
{
  MazeGenerateOptions options;
  MazePuzzle *puzzle;

  maze_generate_options_init (&options);
  options.seed = seed;
  puzzle = maze_puzzle_generate (MAZE_SHAPE_RECT, 20, 15, &options, 0,
                                 MAZE_ENDPOINTS_CORNERS, NULL);
  g_assert_nonnull (puzzle);
  return maze_document_new_for_puzzle (puzzle);
}

static void
test_new (void)
{
  g_autoptr(MazeDocument) document = maze_document_new ();
  g_autofree char *name = maze_document_dup_display_name (document);
  const MazeGrid *grid = maze_document_get_grid (document);

  g_assert_cmpuint (grid->width, ==, 30);
  g_assert_cmpuint (grid->height, ==, 30);
  g_assert_true (maze_grid_check_perfect (grid, NULL));
  g_assert_false (maze_document_get_modified (document));
  g_assert_false (maze_document_can_undo (document));
  g_assert_cmpstr (name, ==, "Untitled Maze");
}

static void
test_endpoints (void)
{
  g_autoptr(MazeDocument) document = new_document (1);
  g_autoptr(GError) error = NULL;
  Changes changes = { 0 };
  const MazePuzzle *puzzle = maze_document_get_puzzle (document);
  guint32 old_start = puzzle->start;

  g_signal_connect (document, "changed", G_CALLBACK (changed_cb), &changes);
  g_assert_true (maze_document_set_start (document, 47, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (puzzle->start, ==, 47);
  g_assert_cmpuint (changes.count, ==, 1);
  g_assert_cmpuint (changes.flags & MAZE_CHANGE_ENDPOINTS, !=, 0);
  g_assert_cmpuint (changes.area.x, ==, 47 % 20);
  g_assert_cmpuint (changes.area.y, ==, 47 / 20);
  g_assert_true (maze_document_get_modified (document));

  /* Off the maze: refused, nothing changes. */
  g_assert_false (maze_document_set_end (document, 9999, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
  g_assert_cmpuint (changes.count, ==, 1);

  g_assert_true (maze_document_undo (document));
  g_assert_cmpuint (puzzle->start, ==, old_start);
  g_assert_false (maze_document_get_modified (document));
  g_assert_true (maze_document_redo (document));
  g_assert_cmpuint (puzzle->start, ==, 47);
}

/* A region edit reports its rectangle (with the one-cell ring a stitch
 * may touch), and undo/redo restore the grid bit for bit. */
static void
test_region_undo (void)
{
  g_autoptr(MazeDocument) document = new_document (2);
  g_autoptr(MazeGrid) original = maze_grid_copy (maze_document_get_grid (document));
  g_autoptr(MazeGrid) edited = NULL;
  g_autoptr(GError) error = NULL;
  Changes changes = { 0 };
  MazeRect rect = { 5, 4, 6, 5 };

  g_signal_connect (document, "changed", G_CALLBACK (changed_cb), &changes);
  g_assert_true (maze_document_regenerate_region (document, &rect, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changes.flags & MAZE_CHANGE_PASSAGES, !=, 0);
  g_assert_cmpuint (changes.area.x, ==, 4);
  g_assert_cmpuint (changes.area.y, ==, 3);
  g_assert_cmpuint (changes.area.width, ==, 8);
  g_assert_cmpuint (changes.area.height, ==, 7);
  g_assert_true (maze_grid_check_perfect (maze_document_get_grid (document), NULL));
  g_assert_false (maze_grid_equal (original, maze_document_get_grid (document)));
  g_assert_cmpuint (maze_document_get_puzzle (document)->history->len, ==, 1);
  edited = maze_grid_copy (maze_document_get_grid (document));

  g_assert_true (maze_document_undo (document));
  g_assert_true (maze_grid_equal (original, maze_document_get_grid (document)));
  g_assert_cmpuint (maze_document_get_puzzle (document)->history->len, ==, 0);
  g_assert_true (maze_document_redo (document));
  g_assert_true (maze_grid_equal (edited, maze_document_get_grid (document)));
  g_assert_cmpuint (maze_document_get_puzzle (document)->history->len, ==, 1);
}

/* A long mixed sequence, undone to the start and redone to the end. */
static void
test_undo_sequence (void)
{
  g_autoptr(MazeDocument) document = new_document (3);
  g_autoptr(GPtrArray) states = g_ptr_array_new_with_free_func ((GDestroyNotify) maze_puzzle_free);
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);

  g_ptr_array_add (states, maze_puzzle_copy (maze_document_get_puzzle (document)));
  for (guint i = 0; i < 40; i++)
    {
      const MazeGrid *grid = maze_document_get_grid (document);
      guint32 cell = g_rand_int_range (rand, 0, grid->n_cells);
      gboolean ok = TRUE;

      switch (i % 5)
        {
        case 0:
          {
            MazeRect r = { g_rand_int_range (rand, 0, 15), g_rand_int_range (rand, 0, 10), 5, 5 };
            ok = maze_document_regenerate_region (document, &r, NULL);
          }
          break;
        case 1:
          ok = maze_document_set_start (document, cell, NULL);
          break;
        case 2:
          ok = maze_document_set_weight (document, cell, g_rand_int_range (rand, 2, 10), NULL);
          break;
        case 3:
          {
            MazeRect r = { g_rand_int_range (rand, 1, 17), g_rand_int_range (rand, 1, 12), 2, 2 };
            guint8 mask[4] = { 1, 0, 0, 0 };
            ok = maze_document_set_mask (document, &r, mask, NULL);
          }
          break;
        default:
          ok = maze_document_set_end (document, cell, NULL);
          break;
        }
      if (ok)
        g_ptr_array_add (states, maze_puzzle_copy (maze_document_get_puzzle (document)));
    }
  g_assert_cmpuint (states->len, >, 20);

  for (guint i = states->len - 1; i > 0; i--)
    {
      const MazePuzzle *expected = g_ptr_array_index (states, i - 1);

      g_assert_true (maze_document_undo (document));
      g_assert_true (maze_grid_equal (expected->grid, maze_document_get_grid (document)));
      g_assert_cmpuint (expected->start, ==, maze_document_get_puzzle (document)->start);
      g_assert_cmpuint (expected->end, ==, maze_document_get_puzzle (document)->end);
    }
  g_assert_false (maze_document_can_undo (document));
  for (guint i = 1; i < states->len; i++)
    {
      const MazePuzzle *expected = g_ptr_array_index (states, i);

      g_assert_true (maze_document_redo (document));
      g_assert_true (maze_grid_equal (expected->grid, maze_document_get_grid (document)));
    }
  g_assert_false (maze_document_can_redo (document));
}

static void
test_generate_undo (void)
{
  g_autoptr(MazeDocument) document = new_document (4);
  g_autoptr(MazeGrid) original = maze_grid_copy (maze_document_get_grid (document));
  MazeGenerateOptions options;
  Changes changes = { 0 };

  g_signal_connect (document, "changed", G_CALLBACK (changed_cb), &changes);
  maze_generate_options_init (&options);
  options.algorithm = MAZE_ALGORITHM_KRUSKAL;
  options.seed = 9;
  g_assert_true (maze_document_generate (document, MAZE_SHAPE_HEX, 12, 9, FALSE, &options, 0,
                                         MAZE_ENDPOINTS_FARTHEST, NULL));
  g_assert_cmpuint (changes.flags & MAZE_CHANGE_SIZE, !=, 0);
  g_assert_cmpint (maze_document_get_grid (document)->shape, ==, MAZE_SHAPE_HEX);
  g_assert_true (maze_document_undo (document));
  g_assert_true (maze_grid_equal (original, maze_document_get_grid (document)));
  g_assert_true (maze_document_redo (document));
  g_assert_cmpuint (maze_document_get_grid (document)->width, ==, 12);

  /* A new edit after undo drops the redo branch. */
  g_assert_true (maze_document_undo (document));
  g_assert_true (maze_document_set_start (document, 3, NULL));
  g_assert_false (maze_document_can_redo (document));
}

/* Generation on a thread: what the callback and the progress saw. */
typedef struct
{
  GArray       *fractions;      /* progress, in the order told */
  guint         n_at_callback;  /* progress calls before the callback */
  gboolean      done;
  gboolean      ok;
  GError       *error;
  GCancellable *cancel_on_progress;
} AsyncRun;

static void
async_progress_cb (MazeDocument *document,
                   double        fraction,
                   gpointer      user_data)
{
  AsyncRun *run = user_data;

  g_assert_true (MAZE_IS_DOCUMENT (document));
  g_assert_false (run->done);
  g_array_append_val (run->fractions, fraction);
  if (run->cancel_on_progress != NULL)
    g_cancellable_cancel (run->cancel_on_progress);
}

static void
async_done_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  AsyncRun *run = user_data;

  run->ok = maze_document_generate_finish (MAZE_DOCUMENT (source), result, &run->error);
  run->n_at_callback = run->fractions->len;
  run->done = TRUE;
}

/* Starts a generation of a 60 × 45 hexagonal braided maze on a thread and
 * runs the main loop until its callback has run and nothing else is
 * pending (so that a late progress report would be seen). */
static void
run_generate_async (MazeDocument *document,
                    GCancellable *cancellable,
                    gboolean      cancel_at_once,
                    AsyncRun     *run)
{
  MazeGenerateOptions options;

  maze_generate_options_init (&options);
  options.algorithm = MAZE_ALGORITHM_WILSON;
  options.seed = 31;
  maze_document_generate_async (document, MAZE_SHAPE_HEX, 60, 45, FALSE, &options, MAZE_BRAID_ONE / 3,
                                MAZE_ENDPOINTS_FARTHEST, cancellable, async_progress_cb, run,
                                async_done_cb, run);
  if (cancel_at_once)
    g_cancellable_cancel (cancellable);
  while (!run->done)
    g_main_context_iteration (NULL, TRUE);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* The maze comes on the main loop as one undo step, the same maze the
 * synchronous call makes, with the document's title, after the progress
 * has risen to 1 (and never later). */
static void
test_generate_async (void)
{
  g_autoptr(MazeDocument) document = new_document (5);
  g_autoptr(MazeGrid) original = maze_grid_copy (maze_document_get_grid (document));
  g_autoptr(MazeDocument) reference = new_document (5);
  g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  AsyncRun run = { fractions };
  MazeGenerateOptions options;
  Changes changes = { 0 };

  maze_document_set_title (document, "Kept");
  g_signal_connect (document, "changed", G_CALLBACK (changed_cb), &changes);
  run_generate_async (document, NULL, FALSE, &run);
  g_assert_no_error (run.error);
  g_assert_true (run.ok);
  g_assert_cmpuint (changes.count, ==, 1);
  g_assert_cmpuint (changes.flags & MAZE_CHANGE_SIZE, !=, 0);

  maze_generate_options_init (&options);
  options.algorithm = MAZE_ALGORITHM_WILSON;
  options.seed = 31;
  g_assert_true (maze_document_generate (reference, MAZE_SHAPE_HEX, 60, 45, FALSE, &options, MAZE_BRAID_ONE / 3,
                                         MAZE_ENDPOINTS_FARTHEST, NULL));
  g_assert_true (maze_grid_equal (maze_document_get_grid (reference), maze_document_get_grid (document)));
  g_assert_cmpuint (maze_document_get_puzzle (reference)->end, ==, maze_document_get_puzzle (document)->end);
  g_assert_cmpstr (maze_document_get_puzzle (document)->title, ==, "Kept");

  g_assert_cmpuint (fractions->len, >=, 2);
  g_assert_cmpuint (run.n_at_callback, ==, fractions->len);
  g_assert_cmpfloat (g_array_index (fractions, double, 0), ==, 0);
  g_assert_cmpfloat (g_array_index (fractions, double, fractions->len - 1), ==, 1);
  for (guint i = 1; i < fractions->len; i++)
    g_assert_cmpfloat (g_array_index (fractions, double, i), >, g_array_index (fractions, double, i - 1));

  g_assert_true (maze_document_undo (document));
  g_assert_true (maze_grid_equal (original, maze_document_get_grid (document)));
  g_assert_false (maze_document_can_undo (document));
}

static void
assert_cancelled_unchanged (MazeDocument   *document,
                            const MazeGrid *original,
                            const Changes  *changes,
                            const AsyncRun *run)
{
  g_assert_false (run->ok);
  g_assert_error (run->error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (changes->count, ==, 0);
  g_assert_true (maze_grid_equal (original, maze_document_get_grid (document)));
  g_assert_false (maze_document_can_undo (document));
  g_assert_false (maze_document_get_modified (document));
}

/* Cancelled before it could start: G_IO_ERROR_CANCELLED, the document
 * as it was, no progress told. */
static void
test_generate_async_cancel (void)
{
  g_autoptr(MazeDocument) document = new_document (6);
  g_autoptr(MazeGrid) original = maze_grid_copy (maze_document_get_grid (document));
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  AsyncRun run = { fractions };
  Changes changes = { 0 };

  g_signal_connect (document, "changed", G_CALLBACK (changed_cb), &changes);
  run_generate_async (document, cancellable, TRUE, &run);
  assert_cancelled_unchanged (document, original, &changes, &run);
  g_assert_cmpuint (fractions->len, ==, 0);
  g_clear_error (&run.error);
}

/* Cancelled on its first progress report, while the thread works: the
 * same error, the document as it was, no progress told after that. */
static void
test_generate_async_cancel_midway (void)
{
  g_autoptr(MazeDocument) document = new_document (7);
  g_autoptr(MazeGrid) original = maze_grid_copy (maze_document_get_grid (document));
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  AsyncRun run = { fractions, .cancel_on_progress = cancellable };
  Changes changes = { 0 };

  g_signal_connect (document, "changed", G_CALLBACK (changed_cb), &changes);
  run_generate_async (document, cancellable, FALSE, &run);
  assert_cancelled_unchanged (document, original, &changes, &run);
  g_assert_cmpuint (fractions->len, ==, 1);
  g_clear_error (&run.error);
}

/* Asked on the generating thread: cancels the first time, so that the
 * document's own check sees the cancel right after it, mid-carving. */
typedef struct
{
  GCancellable *cancellable;
  gint          asked;
} StopOnce;

static gboolean
stop_once_cb (gpointer user_data)
{
  StopOnce *stop = user_data;

  if (g_atomic_int_add (&stop->asked, 1) == 0)
    g_cancellable_cancel (stop->cancellable);
  return FALSE;
}

/* A cancel stops the thread itself, mid-carving, before the callback:
 * Aldous-Broder on 1000 × 1000 cells would ask the stop function a
 * hundred thousand times; it is asked once, and the callback comes after
 * the thread has returned (nothing is asked after it). */
static void
test_generate_async_cancel_stops_thread (void)
{
  g_autoptr(MazeDocument) document = new_document (8);
  g_autoptr(MazeGrid) original = maze_grid_copy (maze_document_get_grid (document));
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  StopOnce stop = { cancellable, 0 };
  AsyncRun run = { fractions };
  MazeGenerateOptions options;
  Changes changes = { 0 };

  g_signal_connect (document, "changed", G_CALLBACK (changed_cb), &changes);
  maze_generate_options_init (&options);
  options.algorithm = MAZE_ALGORITHM_ALDOUS_BRODER;
  options.seed = 5;
  options.stop = stop_once_cb;
  options.stop_data = &stop;
  maze_document_generate_async (document, MAZE_SHAPE_RECT, 1000, 1000, FALSE, &options, 0,
                                MAZE_ENDPOINTS_FARTHEST, cancellable, async_progress_cb, &run,
                                async_done_cb, &run);
  while (!run.done)
    g_main_context_iteration (NULL, TRUE);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  assert_cancelled_unchanged (document, original, &changes, &run);
  g_assert_cmpint (g_atomic_int_get (&stop.asked), ==, 1);
  g_clear_error (&run.error);
}

/* Undo steps that replace a big maze hold two copies of it: the oldest
 * go once the history holds more than its budget, the newest stays, and
 * what is kept still undoes correctly. Small steps are not counted as big. */
static void
test_undo_budget (void)
{
  g_autoptr(MazeDocument) document = new_document (4);
  g_autoptr(MazeGrid) kept_oldest = NULL;
  MazeGenerateOptions options;
  const gsize budget = 4u << 20;
  guint n_undo = 0;

  g_assert_cmpuint (maze_document_get_undo_bytes (document), ==, 0);
  maze_document_set_undo_budget (document, budget);
  maze_generate_options_init (&options);
  /* Each step keeps two 300 × 300 mazes: 180 KB; the budget holds ~22. */
  for (guint i = 0; i < 40; i++)
    {
      options.seed = 100 + i;
      g_assert_true (maze_document_generate (document, MAZE_SHAPE_RECT, 300, 300, FALSE, &options, 0,
                                             MAZE_ENDPOINTS_CORNERS, NULL));
      g_assert_cmpuint (maze_document_get_undo_bytes (document), <=, budget);
    }
  g_assert_cmpuint (maze_document_get_undo_bytes (document), >, budget / 2);

  /* Undo as far as it goes: fewer steps than were made, but more than a
   * few, ending on the maze made just before the oldest step kept. */
  while (maze_document_can_undo (document))
    {
      g_assert_true (maze_document_undo (document));
      n_undo++;
    }
  g_assert_cmpuint (n_undo, <, 40);
  g_assert_cmpuint (n_undo, >, 10);
  {
    MazeGenerateOptions again;
    g_autoptr(MazePuzzle) expected = NULL;

    maze_generate_options_init (&again);
    again.seed = 100 + 40 - n_undo - 1;
    expected = maze_puzzle_generate (MAZE_SHAPE_RECT, 300, 300, &again, 0, MAZE_ENDPOINTS_CORNERS, NULL);
    g_assert_true (maze_grid_equal (expected->grid, maze_document_get_grid (document)));
  }

  /* A tiny budget keeps the newest step only. */
  while (maze_document_can_redo (document))
    g_assert_true (maze_document_redo (document));
  maze_document_set_undo_budget (document, 1);
  g_assert_true (maze_document_can_undo (document));
  g_assert_true (maze_document_undo (document));
  g_assert_false (maze_document_can_undo (document));
}

static void
test_save_load (void)
{
  g_autoptr(MazeDocument) document = new_document (5);
  g_autoptr(MazeDocument) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("mazewright-doc-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "test.maze", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *name = NULL;
  MazeRect r = { 2, 2, 6, 6 };

  g_assert_true (maze_document_regenerate_region (document, &r, NULL));
  g_assert_true (maze_document_get_modified (document));
  g_assert_true (maze_document_save (document, file, &error));
  g_assert_no_error (error);
  g_assert_false (maze_document_get_modified (document));
  name = maze_document_dup_display_name (document);
  g_assert_cmpstr (name, ==, "test.maze");

  /* Undo past the save point: modified again; redo: clean. */
  g_assert_true (maze_document_undo (document));
  g_assert_true (maze_document_get_modified (document));
  g_assert_true (maze_document_redo (document));
  g_assert_false (maze_document_get_modified (document));

  loaded = maze_document_load (file, &error);
  g_assert_no_error (error);
  g_assert_true (maze_grid_equal (maze_document_get_grid (document),
                                  maze_document_get_grid (loaded)));
  g_assert_cmpuint (maze_document_get_puzzle (loaded)->history->len, ==, 1);
  g_assert_false (maze_document_get_modified (loaded));

  g_unlink (path);
  g_rmdir (dir);
}

static void
test_load_error (void)
{
  g_autoptr(GFile) file = g_file_new_for_path ("/nonexistent/nothing.maze");
  g_autoptr(GError) error = NULL;

  g_assert_null (maze_document_load (file, &error));
  g_assert_nonnull (error);
}

/* A text maze opens as a document (the window refused it: "not JSON,
 * it starts with “+”"), named after its file but never saved back over
 * it: Save As offers a .maze. One with no doors starts and ends in the
 * corners. A picture is refused saying what it is. */
static void
test_load_text_and_others (void)
{
  g_autoptr(MazeDocument) document = new_document (5);
  g_autoptr(MazeDocument) loaded = NULL;
  g_autoptr(MazeDocument) doorless = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("mazewright-doc-XXXXXX", NULL);
  g_autofree char *text_path = g_build_filename (dir, "week 3.txt", NULL);
  g_autofree char *bare_path = g_build_filename (dir, "bare.txt", NULL);
  g_autofree char *png_path = g_build_filename (dir, "photo.png", NULL);
  g_autoptr(GFile) text_file = g_file_new_for_path (text_path);
  g_autoptr(GFile) bare_file = g_file_new_for_path (bare_path);
  g_autoptr(GFile) png_file = g_file_new_for_path (png_path);
  const MazePuzzle *puzzle = maze_document_get_puzzle (document);
  g_autofree char *text = NULL;
  g_autofree char *name = NULL;
  g_autofree char *suggested = NULL;
  MazeTextOptions options;

  maze_text_options_init (&options);
  options.start = puzzle->start;
  options.end = puzzle->end;
  text = maze_text_to_string (puzzle->grid, &options);
  g_assert_true (g_file_set_contents (text_path, text, -1, NULL));
  loaded = maze_document_load (text_file, &error);
  g_assert_no_error (error);
  g_assert_true (maze_grid_equal (maze_document_get_grid (loaded), puzzle->grid));
  g_assert_cmpuint (maze_document_get_puzzle (loaded)->start, ==, puzzle->start);
  g_assert_cmpuint (maze_document_get_puzzle (loaded)->end, ==, puzzle->end);
  g_assert_null (maze_document_get_file (loaded));
  name = maze_document_dup_display_name (loaded);
  g_assert_cmpstr (name, ==, "week 3.txt");
  suggested = maze_document_dup_suggested_name (loaded);
  g_assert_cmpstr (suggested, ==, "week 3.maze");
  g_assert_false (maze_document_get_modified (loaded));

  g_assert_true (g_file_set_contents (bare_path, "+---+---+\n|       |\n+---+---+\n", -1, NULL));
  doorless = maze_document_load (bare_file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (maze_document_get_puzzle (doorless)->start, ==, 0);
  g_assert_cmpuint (maze_document_get_puzzle (doorless)->end, ==, 1);

  g_assert_true (g_file_set_contents (png_path, "\x89PNG\r\n\x1a\n\x01", 9, NULL));
  g_assert_null (maze_document_load (png_file, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_PARSE);
  g_assert_cmpstr (error->message, ==, "“photo.png” is a PNG image, not a maze");

  g_unlink (text_path);
  g_unlink (bare_path);
  g_unlink (png_path);
  g_rmdir (dir);
}

/* A brush stroke: every edit inside a group is undone and redone at once. */
static void
test_group (void)
{
  g_autoptr(MazeDocument) document = new_document (5);
  g_autoptr(GError) error = NULL;
  const MazeGrid *grid = maze_document_get_grid (document);
  g_autofree guint8 *before = g_memdup2 (grid->cells, grid->n_cells);
  g_autofree guint8 *after = NULL;
  MazeRect rect = { 3, 3, 4, 4 };
  const guint32 cells[] = { 21, 22, 43 };

  /* An empty group leaves no undo step. */
  maze_document_begin_group (document);
  maze_document_end_group (document);
  g_assert_false (maze_document_can_undo (document));

  maze_document_begin_group (document);
  for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
    g_assert_true (maze_document_set_weight (document, cells[i], 4 + i, &error));
  maze_document_begin_group (document);  /* nested: still the same step */
  g_assert_true (maze_document_regenerate_region (document, &rect, &error));
  maze_document_end_group (document);
  maze_document_end_group (document);
  g_assert_no_error (error);
  after = g_memdup2 (grid->cells, grid->n_cells);
  g_assert_true (maze_grid_check_perfect (grid, NULL));

  g_assert_true (maze_document_undo (document));
  g_assert_false (maze_document_can_undo (document));
  g_assert_false (maze_document_get_modified (document));
  for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
    g_assert_cmpuint (maze_grid_get_weight (grid, cells[i]), ==, 1);
  g_assert_cmpmem (grid->cells, grid->n_cells, before, grid->n_cells);

  g_assert_true (maze_document_redo (document));
  g_assert_false (maze_document_can_redo (document));
  for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
    g_assert_cmpuint (maze_grid_get_weight (grid, cells[i]), ==, 4 + i);
  g_assert_cmpmem (grid->cells, grid->n_cells, after, grid->n_cells);

  /* Undo inside an open group ends the group: the edit after it is a
   * step of its own. */
  maze_document_begin_group (document);
  g_assert_true (maze_document_set_weight (document, 60, 9, &error));
  g_assert_true (maze_document_undo (document));
  g_assert_cmpuint (maze_grid_get_weight (grid, 60), ==, 1);
  g_assert_true (maze_document_set_weight (document, 61, 9, &error));
  maze_document_end_group (document);
  g_assert_true (maze_document_undo (document));
  g_assert_cmpuint (maze_grid_get_weight (grid, 61), ==, 1);
  g_assert_cmpuint (maze_grid_get_weight (grid, cells[0]), ==, 4);
}

/* New settings on the same shape and size keep painted cells and mud;
 * another size starts from a blank grid. */
static void
test_generate_keeps_shape (void)
{
  g_autoptr(MazeDocument) document = new_document (8);
  g_autoptr(GError) error = NULL;
  MazeGenerateOptions options;
  MazeRect rect = { 6, 5, 3, 3 };
  guint8 mask[9] = { 0, 0, 0, 0, 1, 0, 0, 0, 0 };  /* (7,6) painted out */
  const MazeGrid *grid;
  guint32 masked = 6 * 20 + 7, muddy = 2 * 20 + 3;

  g_assert_true (maze_document_set_mask (document, &rect, mask, &error));
  g_assert_true (maze_document_set_weight (document, muddy, 6, &error));
  g_assert_no_error (error);

  maze_generate_options_init (&options);
  options.seed = 77;
  options.algorithm = MAZE_ALGORITHM_PRIM;
  g_assert_true (maze_document_generate (document, MAZE_SHAPE_RECT, 20, 15, FALSE, &options, 0,
                                         MAZE_ENDPOINTS_CORNERS, &error));
  g_assert_no_error (error);
  grid = maze_document_get_grid (document);
  g_assert_cmpuint (maze_document_get_puzzle (document)->seed, ==, 77);
  g_assert_true (maze_grid_is_masked (grid, masked));
  g_assert_cmpuint (maze_grid_get_weight (grid, muddy), ==, 6);
  g_assert_cmpuint (maze_grid_count_open (grid), ==, 20 * 15 - 1);
  g_assert_true (maze_grid_check_perfect (grid, NULL));

  /* Undo brings the old maze back, mud and all. */
  g_assert_true (maze_document_undo (document));
  g_assert_cmpuint (maze_document_get_puzzle (document)->seed, ==, 8);
  g_assert_cmpuint (maze_grid_get_weight (maze_document_get_grid (document), muddy), ==, 6);
  g_assert_true (maze_document_redo (document));

  g_assert_true (maze_document_generate (document, MAZE_SHAPE_RECT, 21, 15, FALSE, &options, 0,
                                         MAZE_ENDPOINTS_CORNERS, &error));
  grid = maze_document_get_grid (document);
  g_assert_false (maze_grid_has_mask (grid, NULL));
  g_assert_cmpuint (maze_grid_get_weight (grid, muddy), ==, 1);
  g_assert_true (maze_grid_check_perfect (grid, NULL));
}

/* ---- Loading on a thread, within the window's limit ---- */

typedef struct
{
  GArray        *fractions;      /* progress, in the order told */
  guint          n_at_callback;
  gboolean       done;
  MazeDocument  *document;
  GError        *error;
  GCancellable  *cancel_on_progress;
} LoadRun;

static void
load_progress_cb (double   fraction,
                  gpointer user_data)
{
  LoadRun *run = user_data;

  g_assert_false (run->done);
  g_array_append_val (run->fractions, fraction);
  if (run->cancel_on_progress != NULL)
    g_cancellable_cancel (run->cancel_on_progress);
}

static void
load_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  LoadRun *run = user_data;

  g_assert_null (source);
  run->document = maze_document_load_finish (result, &run->error);
  run->n_at_callback = run->fractions->len;
  run->done = TRUE;
}

/* Loads file on a thread and runs the main loop until the callback has
 * run and nothing else is pending (so a late progress report is seen). */
static void
run_load_async (GFile        *file,
                guint64       max_cells,
                GCancellable *cancellable,
                gboolean      cancel_at_once,
                LoadRun      *run)
{
  maze_document_load_async (file, max_cells, cancellable, load_progress_cb, run, load_done_cb, run);
  if (cancel_at_once)
    g_cancellable_cancel (cancellable);
  while (!run->done)
    g_main_context_iteration (NULL, TRUE);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
load_run_clear (LoadRun *run)
{
  g_clear_object (&run->document);
  g_clear_error (&run->error);
  g_array_set_size (run->fractions, 0);
  run->done = FALSE;
  run->n_at_callback = 0;
}

/* A saved document of the maze carved in grid (taken), in a new folder. */
static GFile *
save_grid_temporary (MazeGrid    *grid,
                     const char  *title,
                     char       **dir)
{
  g_autofree char *path = NULL;
  MazeGenerateOptions options;
  MazePuzzle *puzzle;
  g_autoptr(MazeDocument) document = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  *dir = g_dir_make_tmp ("mazewright-doc-XXXXXX", NULL);
  path = g_build_filename (*dir, "saved.maze", NULL);
  maze_generate_options_init (&options);
  options.seed = grid->width;
  puzzle = maze_puzzle_generate_on (grid, &options, 0, MAZE_ENDPOINTS_CORNERS, NULL);
  g_assert_nonnull (puzzle);
  document = maze_document_new_for_puzzle (puzzle);
  maze_document_set_title (document, title);
  file = g_file_new_for_path (path);
  g_assert_true (maze_document_save (document, file, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&file);
}

/* A saved document of width × height cells, in a new folder. */
static GFile *
save_temporary (guint        width,
                guint        height,
                const char  *title,
                char       **dir)
{
  return save_grid_temporary (maze_grid_new (MAZE_SHAPE_RECT, width, height, NULL), title, dir);
}

static void
remove_temporary (GFile *file,
                  char  *dir)
{
  g_autofree char *path = g_file_get_path (file);

  g_unlink (path);
  g_rmdir (dir);
}

/* The document comes on the main loop, the same as the synchronous
 * load's, after the progress has risen (and never later). */
static void
test_load_async (void)
{
  g_autofree char *dir = NULL;
  g_autoptr(GFile) file = save_temporary (300, 200, "On a thread", &dir);
  g_autoptr(MazeDocument) reference = maze_document_load (file, NULL);
  g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  LoadRun run = { fractions };

  run_load_async (file, 0, NULL, FALSE, &run);
  g_assert_no_error (run.error);
  g_assert_nonnull (run.document);
  g_assert_true (maze_grid_equal (maze_document_get_grid (reference),
                                  maze_document_get_grid (run.document)));
  g_assert_cmpstr (maze_document_get_puzzle (run.document)->title, ==, "On a thread");
  g_assert_true (g_file_equal (maze_document_get_file (run.document), file));
  g_assert_false (maze_document_get_modified (run.document));

  g_assert_cmpuint (fractions->len, >=, 2);
  g_assert_cmpuint (run.n_at_callback, ==, fractions->len);
  for (guint i = 1; i < fractions->len; i++)
    g_assert_cmpfloat (g_array_index (fractions, double, i), >=, g_array_index (fractions, double, i - 1));
  g_assert_cmpfloat (g_array_index (fractions, double, fractions->len - 1), <=, 1);
  load_run_clear (&run);
  remove_temporary (file, dir);
}

/* Cancelled at once or at the first progress: G_IO_ERROR_CANCELLED, no
 * document, no progress after the callback, which comes once the
 * thread is done. */
static void
test_load_async_cancel (void)
{
  g_autofree char *dir = NULL;
  g_autoptr(GFile) file = save_temporary (300, 200, NULL, &dir);
  g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GCancellable) at_once = g_cancellable_new ();
  g_autoptr(GCancellable) midway = g_cancellable_new ();
  LoadRun run = { fractions };

  run_load_async (file, 0, at_once, TRUE, &run);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (run.document);
  g_assert_cmpuint (fractions->len, ==, 0);
  load_run_clear (&run);

  run.cancel_on_progress = midway;
  run_load_async (file, 0, midway, FALSE, &run);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (run.document);
  g_assert_cmpuint (fractions->len, ==, 1);
  g_assert_cmpuint (run.n_at_callback, ==, 1);
  load_run_clear (&run);
  remove_temporary (file, dir);
}

/* Refused for its size, with a command that exports it. */
static void
assert_too_big (const GError *error,
                const char   *command)
{
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "This maze has "));
  g_assert_nonnull (strstr (error->message, " cells; the window opens mazes of up to "));
  g_assert_true (g_str_has_suffix (error->message, command));
}

/* A file of shape that gives its size in the members size (JSON) and
 * then is no valid JSON (a trailing comma, an unclosed object): only a
 * glance at its top can say how big it is. */
static GFile *
write_head_only (const char *dir,
                 const char *name,
                 MazeShape   shape,
                 const char *size)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *json = g_strdup_printf ("{\"format\": \"mazewright\", \"version\": %d, "
                                           "\"generator_version\": 1,\n"
                                           " \"title\": \"Big\", \"shape\": \"%s\",\n"
                                           " %s, \"passages\": \"AAAA\",",
                                           maze_file_version_for_shape (shape),
                                           maze_shape_to_string (shape), size);

  g_assert_true (g_file_set_contents (path, json, -1, NULL));
  return g_file_new_for_path (path);
}

/* The same for a rectangle of width × height cells. */
static GFile *
write_size_only (const char *dir,
                 const char *name,
                 guint       width,
                 guint       height)
{
  g_autofree char *size = g_strdup_printf ("\"width\": %u, \"height\": %u", width, height);

  return write_head_only (dir, name, MAZE_SHAPE_RECT, size);
}

static void
remove_file (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);

  g_unlink (path);
}

/* The largest maze a file may hold is refused before it is read,
 * synchronously and on a thread alike, with a command that exports it:
 * a PNG with cells small enough to fit, or an SVG. */
static void
test_load_too_big (void)
{
  g_autofree char *dir = g_dir_make_tmp ("mazewright-doc-XXXXXX", NULL);
  g_autoptr(GFile) huge = write_size_only (dir, "huge.maze", 65535, 32768);
  g_autoptr(GFile) wide = write_size_only (dir, "week 3.maze", 5000, 4000);
  g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GError) error = NULL;
  g_autofree char *cells = g_strdup_printf ("%'" G_GUINT64_FORMAT, (guint64) 65535 * 32768);
  LoadRun run = { fractions };

  g_assert_null (maze_document_load (huge, &error));
  /* Too wide for a PNG even at a pixel a cell. */
  assert_too_big (error, "mazewright-cli export huge.maze -o maze.svg");
  g_assert_nonnull (strstr (error->message, cells));
  g_clear_error (&error);

  run_load_async (huge, 0, NULL, FALSE, &run);
  assert_too_big (run.error, "mazewright-cli export huge.maze -o maze.svg");
  g_assert_null (run.document);
  /* Refused before a byte past its head was read. */
  g_assert_cmpuint (fractions->len, ==, 0);
  load_run_clear (&run);

  g_assert_null (maze_document_load (wide, &error));
  assert_too_big (error, "mazewright-cli export 'week 3.maze' -o maze.png --cell-size 13");

  remove_file (huge);
  remove_file (wide);
  g_rmdir (dir);
}

/* Any limit, any place of the size in the file: a file whose size comes
 * after a 65,500-byte title (past the glance) is refused by the reader
 * once it knows the size, before the grid is built. */
static void
test_load_limited (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *long_dir = NULL;
  g_autofree char *long_title = g_strnfill (65500, 'x');
  g_autoptr(GFile) file = save_temporary (20, 20, NULL, &dir);
  g_autoptr(GFile) long_file = save_temporary (20, 20, long_title, &long_dir);
  g_autoptr(MazeDocument) fits = NULL;
  g_autoptr(MazeDocument) fits_too = NULL;
  g_autoptr(GError) error = NULL;

  fits = maze_document_load_limited (file, 400, &error);
  g_assert_no_error (error);
  g_assert_nonnull (fits);
  g_assert_null (maze_document_load_limited (file, 399, &error));
  assert_too_big (error, "mazewright-cli export saved.maze -o maze.png");
  g_clear_error (&error);

  fits_too = maze_document_load_limited (long_file, 400, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (maze_document_get_puzzle (fits_too)->title, ==, long_title);
  g_assert_null (maze_document_load_limited (long_file, 399, &error));
  assert_too_big (error, "mazewright-cli export saved.maze -o maze.png");

  remove_temporary (file, dir);
  remove_temporary (long_file, long_dir);
}

/* The outer ring of a circular maze: the width its grid would have. */
static guint
outer_ring (guint    rings,
            gboolean centre,
            guint    first)
{
  g_autoptr(MazePolarLayout) layout = maze_polar_layout_new (rings, centre, first, NULL);

  g_assert_nonnull (layout);
  return maze_polar_ring_length (layout, rings - 1);
}

/* A file's head alone says how big its maze is, in the numbers its grid
 * has and the reader would give the size check (a circular maze's outer
 * ring and rings, which depend on its centre): a limit of exactly its
 * grid's width × height lets it through to the parse error of its
 * truncated body, one cell less refuses it before it is read. A file
 * with rings that does not say which centre it has (as before centre
 * cells) is refused alike when both centres have the same outer ring. */
static void
test_load_limited_by_head (void)
{
  static const struct
  {
    MazeShape   shape;
    guint       width;    /* a circular maze's first ring */
    guint       height;   /* its rings */
    const char *centre;   /* NULL: not said */
    const char *export;   /* the command the refusal offers */
  } cases[] = {
    /* A disc of 2 × 7801 cells across fits 4-pixel cells. */
    { MAZE_SHAPE_CIRCULAR, 64, 7800, "room", "big.maze -o maze.png --cell-size 4" },
    { MAZE_SHAPE_CIRCULAR, 6, 7800, "cell", "big.maze -o maze.png --cell-size 4" },
    { MAZE_SHAPE_CIRCULAR, 3, 2, "cell", "big.maze -o maze.png" },
    { MAZE_SHAPE_CIRCULAR, 3, 2, "room", "big.maze -o maze.png" },
    { MAZE_SHAPE_CIRCULAR, 6, 3000, NULL, "big.maze -o maze.png --cell-size 10" },
    { MAZE_SHAPE_CIRCULAR, 64, 2, NULL, "big.maze -o maze.png" },
    { MAZE_SHAPE_RECT, 5000, 4000, NULL, "big.maze -o maze.png --cell-size 13" },
    { MAZE_SHAPE_HEX, 4001, 4000, NULL, "big.maze -o maze.png --cell-size 16" },
    { MAZE_SHAPE_TRI, 4002, 4000, NULL, "big.maze -o maze.png --cell-size 16" },
  };
  g_autofree char *dir = g_dir_make_tmp ("mazewright-doc-XXXXXX", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gboolean circular = cases[i].shape == MAZE_SHAPE_CIRCULAR;
      gboolean centre = g_strcmp0 (cases[i].centre, "cell") == 0;
      guint width = circular ? outer_ring (cases[i].height, centre, cases[i].width) : cases[i].width;
      guint64 cells = (guint64) width * cases[i].height;
      g_autofree char *size = NULL;
      g_autofree char *said = NULL;
      g_autoptr(GFile) file = NULL;
      g_autoptr(GError) error = NULL;

      if (!circular)
        size = g_strdup_printf ("\"width\": %u, \"height\": %u", cases[i].width, cases[i].height);
      else if (cases[i].centre != NULL)
        size = g_strdup_printf ("\"rings\": %u, \"first\": %u, \"centre\": \"%s\"",
                                cases[i].height, cases[i].width, cases[i].centre);
      else
        size = g_strdup_printf ("\"rings\": %u, \"first\": %u", cases[i].height, cases[i].width);
      g_test_message ("%s %s", maze_shape_to_string (cases[i].shape), size);
      /* Not saying which centre is no bar when a centre cell would have
       * the same outer ring or could not have this first ring. */
      if (circular && cases[i].centre == NULL && cases[i].width <= MAZE_POLAR_MAX_CENTRE_FIRST)
        g_assert_cmpuint (outer_ring (cases[i].height, TRUE, cases[i].width), ==, width);
      file = write_head_only (dir, "big.maze", cases[i].shape, size);

      g_assert_null (maze_document_load_limited (file, cells, &error));
      g_assert_error (error, MAZE_ERROR, MAZE_ERROR_PARSE);
      g_clear_error (&error);
      g_assert_null (maze_document_load_limited (file, cells - 1, &error));
      assert_too_big (error, cases[i].export);
      /* Rings are not said to be their rectangle's cells. */
      said = circular ? g_strdup_printf ("This maze has %'u rings of up to %'u cells; ", cases[i].height, width)
                      : g_strdup_printf ("This maze has %'" G_GUINT64_FORMAT " cells; ", cells);
      g_assert_true (g_str_has_prefix (error->message, said));
      remove_file (file);
    }
  g_rmdir (dir);
}

/* A file with rings that does not say near its top which centre it has,
 * where a centre cell and a room have different outer rings, is read
 * whole: the glance does not guess. */
static void
test_load_rings_centre_unsaid (void)
{
  g_autofree char *dir = g_dir_make_tmp ("mazewright-doc-XXXXXX", NULL);
  g_autoptr(GFile) file = write_head_only (dir, "big.maze", MAZE_SHAPE_CIRCULAR,
                                           "\"rings\": 2, \"first\": 6");
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (outer_ring (2, TRUE, 6), !=, outer_ring (2, FALSE, 6));
  g_assert_null (maze_document_load_limited (file, 1, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_PARSE);
  remove_file (file);
  g_rmdir (dir);
}

/* A saved circular maze, around a room or a centre cell, opens within a
 * limit of its grid's width × height (its outer ring by its rings); one
 * cell less refuses it before a byte past its head is read, with the
 * words the reader has for the same file when its size comes later. */
static void
test_load_limited_rings (void)
{
  g_autofree char *long_title = g_strnfill (65500, 'x');

  for (guint centre = 0; centre <= 1; centre++)
    {
      g_autofree char *dir = NULL;
      g_autofree char *long_dir = NULL;
      g_autoptr(GFile) file = save_grid_temporary (maze_grid_new_rings (MAZE_SHAPE_CIRCULAR, 6, 40,
                                                                        centre, NULL),
                                                   NULL, &dir);
      g_autoptr(GFile) long_file = save_grid_temporary (maze_grid_new_rings (MAZE_SHAPE_CIRCULAR, 6, 40,
                                                                             centre, NULL),
                                                        long_title, &long_dir);
      g_autoptr(MazeDocument) fits = NULL;
      g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
      g_autoptr(GError) error = NULL;
      LoadRun run = { fractions };
      const MazeGrid *grid;
      guint64 cells;

      fits = maze_document_load_limited (file, MAZE_DOCUMENT_MAX_CELLS, &error);
      g_assert_no_error (error);
      grid = maze_document_get_grid (fits);
      g_assert_cmpint (grid->polar->centre, ==, (gboolean) centre);
      cells = (guint64) grid->width * grid->height;
      g_clear_object (&fits);
      fits = maze_document_load_limited (file, cells, &error);
      g_assert_no_error (error);
      g_assert_nonnull (fits);

      run_load_async (file, cells - 1, NULL, FALSE, &run);
      assert_too_big (run.error, "mazewright-cli export saved.maze -o maze.png");
      /* Refused before a byte past its head was read. */
      g_assert_cmpuint (fractions->len, ==, 0);

      g_assert_null (maze_document_load_limited (long_file, cells - 1, &error));
      g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
      g_assert_cmpstr (error->message, ==, run.error->message);

      load_run_clear (&run);
      remove_temporary (file, dir);
      remove_temporary (long_file, long_dir);
    }
}

/* A head that could claim two sizes is not believed: a size member
 * named twice (json-glib keeps the last, a glance would take the
 * first), or a name spelled with an escape ("ring\u0073" is "rings"),
 * sends the file to the reader, which refuses the member named twice
 * (a parse error), and never to a refusal for a size the reader would
 * not build. A name merely spelled with an escape opens. */
static void
test_load_limited_member_twice (void)
{
  static const struct
  {
    const char *rings;     /* in place of the file's "rings": 20 */
    gboolean    refused;
  } cases[] = {
    { "\"rings\": 7800,\n  \"rings\": 20", TRUE },
    { "\"rings\": 7800,\n  \"ring\\u0073\": 20", TRUE },
    { "\"ring\\u0073\": 20", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *dir = NULL;
      g_autoptr(GFile) file = save_grid_temporary (maze_grid_new_rings (MAZE_SHAPE_CIRCULAR, 6, 20, FALSE, NULL),
                                                   NULL, &dir);
      g_autofree char *path = g_file_get_path (file);
      g_autofree char *json = NULL;
      g_autofree char *edited = NULL;
      g_autoptr(MazeDocument) saved = maze_document_load (file, NULL);
      g_autoptr(MazeDocument) loaded = NULL;
      g_autoptr(GError) error = NULL;
      const MazeGrid *grid = maze_document_get_grid (saved);
      guint64 cells = (guint64) grid->width * grid->height;
      g_auto(GStrv) parts = NULL;

      g_assert_true (g_file_get_contents (path, &json, NULL, NULL));
      parts = g_strsplit (json, "\"rings\": 20", 2);
      g_assert_cmpuint (g_strv_length (parts), ==, 2);
      edited = g_strjoin (cases[i].rings, parts[0], parts[1], NULL);
      g_assert_true (g_file_set_contents (path, edited, -1, NULL));
      g_test_message ("%s", cases[i].rings);

      loaded = maze_document_load_limited (file, cells, &error);
      if (cases[i].refused)
        {
          g_assert_error (error, MAZE_ERROR, MAZE_ERROR_PARSE);
          g_assert_nonnull (strstr (error->message, "“rings” appears a second time"));
          g_assert_null (loaded);
        }
      else
        {
          g_assert_no_error (error);
          g_assert_cmpuint (maze_document_get_grid (loaded)->height, ==, 20);
        }
      remove_temporary (file, dir);
    }
}

/* Every passage of a is in b. */
static gboolean
passages_within (const MazeGrid *a,
                 const MazeGrid *b)
{
  for (guint32 i = 0; i < a->n_cells; i++)
    if ((a->cells[i] & MAZE_CELL_PASSAGES & ~b->cells[i]) != 0)
      return FALSE;
  return TRUE;
}

/* Braiding opens dead ends in the maze as it is (hand edits, start and
 * mud kept), a drag is one undo step, a lower braid takes back what a
 * higher one opened, and the same maze and seed give the same loops. */
static void
test_braid (void)
{
  g_autoptr(MazeDocument) document = new_document (12);
  g_autoptr(MazeDocument) twin = new_document (12);
  g_autoptr(MazeGrid) edited = NULL;
  g_autoptr(MazeGrid) high = NULL;
  g_autoptr(GError) error = NULL;
  MazeRect rect = { 3, 3, 6, 5 };
  guint history;

  for (MazeDocument **d = (MazeDocument *[]) { document, twin, NULL }; *d != NULL; d++)
    {
      MazeDocument *doc = *d;

      g_assert_true (maze_document_regenerate_region (doc, &rect, &error));
      g_assert_true (maze_document_set_start (doc, 40, &error));
      g_assert_true (maze_document_set_weight (doc, 41, 9, &error));
      g_assert_no_error (error);
    }
  edited = maze_grid_copy (maze_document_get_grid (document));
  history = maze_document_get_puzzle (document)->history->len;

  /* One drag: three values, one step. */
  g_assert_true (maze_document_braid (document, MAZE_BRAID_ONE / 3, 1, &error));
  g_assert_true (maze_document_braid (document, MAZE_BRAID_ONE * 3 / 4, 1, &error));
  high = maze_grid_copy (maze_document_get_grid (document));
  g_assert_true (maze_document_braid (document, MAZE_BRAID_ONE / 5, 1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (maze_document_get_puzzle (document)->braid, ==, MAZE_BRAID_ONE / 5);
  g_assert_cmpuint (maze_document_get_puzzle (document)->start, ==, 40);
  g_assert_cmpuint (maze_grid_get_weight (maze_document_get_grid (document), 41), ==, 9);
  g_assert_cmpuint (maze_document_get_puzzle (document)->history->len, ==, history);
  g_assert_true (passages_within (edited, maze_document_get_grid (document)));
  g_assert_false (maze_grid_equal (edited, maze_document_get_grid (document)));
  g_assert_true (passages_within (maze_document_get_grid (document), high));

  /* The same maze, the same value: the same loops. */
  g_assert_true (maze_document_braid (twin, MAZE_BRAID_ONE / 5, 0, &error));
  g_assert_true (maze_grid_equal (maze_document_get_grid (twin), maze_document_get_grid (document)));

  /* A second drag is a step of its own; down to 0 is the maze it was. */
  g_assert_true (maze_document_braid (document, 0, 2, &error));
  g_assert_true (maze_grid_equal (edited, maze_document_get_grid (document)));
  g_assert_true (maze_document_undo (document));
  g_assert_cmpuint (maze_document_get_puzzle (document)->braid, ==, MAZE_BRAID_ONE / 5);
  g_assert_true (maze_document_undo (document));
  g_assert_true (maze_grid_equal (edited, maze_document_get_grid (document)));
  g_assert_cmpuint (maze_document_get_puzzle (document)->braid, ==, 0);
  /* The edits before are still there, one step each. */
  g_assert_true (maze_document_undo (document));
  g_assert_cmpuint (maze_grid_get_weight (maze_document_get_grid (document), 41), ==, 1);
  g_assert_true (maze_document_redo (document));
  g_assert_true (maze_document_redo (document));
  g_assert_cmpuint (maze_document_get_puzzle (document)->braid, ==, MAZE_BRAID_ONE / 5);
}

/* A maze whose unbraided maze the document does not know (a file's, or
 * one edited after braiding) is braided below its braid too: its loops
 * closed, the perfect maze left braided; start, end, mud and the history
 * kept; one drag one undo step; the same maze and value give the same
 * maze, whatever the drag went through; back at its braid, the maze it
 * was. */
static void
test_braid_below_base (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeDocument) document = NULL;
  g_autoptr(MazeDocument) twin = NULL;
  g_autoptr(MazeDocument) edited = new_document (22);
  g_autoptr(MazeGrid) original = NULL;
  g_autoptr(MazeGrid) perfect = NULL;
  MazeGenerateOptions options;
  MazePuzzle *puzzle;
  MazeRect rect = { 2, 2, 8, 6 };

  maze_generate_options_init (&options);
  options.seed = 21;
  puzzle = maze_puzzle_generate (MAZE_SHAPE_RECT, 20, 15, &options, MAZE_BRAID_ONE / 2,
                                 MAZE_ENDPOINTS_CORNERS, &error);
  g_assert_no_error (error);
  maze_grid_set_weight (puzzle->grid, 33, 6);
  twin = maze_document_new_for_puzzle (maze_puzzle_copy (puzzle));
  document = maze_document_new_for_puzzle (puzzle);
  original = maze_grid_copy (maze_document_get_grid (document));

  /* One drag down to 0 and up to 1/8. */
  g_assert_true (maze_document_braid (document, MAZE_BRAID_ONE / 4, 1, &error));
  g_assert_true (maze_document_braid (document, 0, 1, &error));
  g_assert_no_error (error);
  perfect = maze_grid_copy (maze_document_get_grid (document));
  g_assert_true (maze_grid_check_perfect (perfect, &error));
  g_assert_no_error (error);
  g_assert_true (passages_within (perfect, original));
  g_assert_true (maze_document_braid (document, MAZE_BRAID_ONE / 8, 1, &error));
  g_assert_cmpuint (maze_document_get_puzzle (document)->braid, ==, MAZE_BRAID_ONE / 8);
  g_assert_true (passages_within (perfect, maze_document_get_grid (document)));
  g_assert_false (maze_grid_equal (perfect, maze_document_get_grid (document)));
  g_assert_cmpuint (maze_grid_get_weight (maze_document_get_grid (document), 33), ==, 6);
  g_assert_cmpuint (maze_document_get_puzzle (document)->start, ==,
                    maze_document_get_puzzle (twin)->start);
  g_assert_cmpuint (maze_document_get_puzzle (document)->history->len, ==, 0);

  /* Straight to 1/8: the same maze. */
  g_assert_true (maze_document_braid (twin, MAZE_BRAID_ONE / 8, 0, &error));
  g_assert_true (maze_grid_equal (maze_document_get_grid (twin), maze_document_get_grid (document)));

  /* The drag is one step. */
  g_assert_true (maze_document_undo (document));
  g_assert_true (maze_grid_equal (original, maze_document_get_grid (document)));
  g_assert_cmpuint (maze_document_get_puzzle (document)->braid, ==, MAZE_BRAID_ONE / 2);
  g_assert_false (maze_document_can_undo (document));
  g_assert_true (maze_document_redo (document));
  g_assert_true (maze_grid_equal (maze_document_get_grid (twin), maze_document_get_grid (document)));

  /* A second drag back to the braid it came with: the maze it was. */
  g_assert_true (maze_document_braid (document, MAZE_BRAID_ONE / 2, 2, &error));
  g_assert_true (maze_grid_equal (original, maze_document_get_grid (document)));

  /* Braided, then edited: the edit's passages stay as they are made, and
   * a lower braid closes loops all the same. */
  g_assert_true (maze_document_braid (edited, MAZE_BRAID_ONE / 2, 0, &error));
  g_assert_true (maze_document_regenerate_region (edited, &rect, &error));
  g_assert_no_error (error);
  g_clear_pointer (&original, maze_grid_free);
  original = maze_grid_copy (maze_document_get_grid (edited));
  g_assert_true (maze_document_braid (edited, 0, 0, &error));
  g_assert_no_error (error);
  g_assert_true (maze_grid_check_perfect (maze_document_get_grid (edited), &error));
  g_assert_no_error (error);
  g_assert_true (passages_within (maze_document_get_grid (edited), original));
  g_assert_cmpuint (maze_document_get_puzzle (edited)->history->len, ==, 1);
}

/* A maze generated braided is braided less from its unbraided maze. */
static void
test_braid_generated (void)
{
  g_autoptr(MazeDocument) document = new_document (13);
  g_autoptr(MazeDocument) plain = new_document (13);
  g_autoptr(GError) error = NULL;
  MazeGenerateOptions options;

  maze_generate_options_init (&options);
  options.seed = 77;
  g_assert_true (maze_document_generate (document, MAZE_SHAPE_RECT, 25, 20, FALSE, &options,
                                         MAZE_BRAID_ONE / 2, MAZE_ENDPOINTS_CORNERS, &error));
  g_assert_true (maze_document_generate (plain, MAZE_SHAPE_RECT, 25, 20, FALSE, &options, 0,
                                         MAZE_ENDPOINTS_CORNERS, &error));
  g_assert_true (maze_document_braid (document, 0, 0, &error));
  g_assert_no_error (error);
  g_assert_true (maze_grid_equal (maze_document_get_grid (plain), maze_document_get_grid (document)));
}

static void
edit_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  AsyncRun *run = user_data;

  run->ok = maze_document_edit_finish (MAZE_DOCUMENT (source), result, &run->error);
  run->done = TRUE;
}

static void
wait_for_run (AsyncRun *run)
{
  while (!run->done)
    g_main_context_iteration (NULL, TRUE);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* The edits on a thread make what the synchronous calls make, as one
 * undo step; cancelled, they leave the document as it was. */
static void
test_edit_async (void)
{
  g_autoptr(MazeDocument) document = new_document (14);
  g_autoptr(MazeDocument) reference = new_document (14);
  g_autoptr(MazeGrid) original = maze_grid_copy (maze_document_get_grid (document));
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  MazeRect rect = { 2, 2, 9, 7 };
  MazeRect painted = { 5, 5, 2, 1 };
  guint8 mask[2] = { 1, 1 };
  AsyncRun run = { 0 };
  Changes changes = { 0 };

  g_signal_connect (document, "changed", G_CALLBACK (changed_cb), &changes);
  maze_document_regenerate_region_async (document, &rect, cancellable, edit_done_cb, &run);
  g_cancellable_cancel (cancellable);
  wait_for_run (&run);
  assert_cancelled_unchanged (document, original, &changes, &run);
  g_clear_error (&run.error);

  /* The cancelled edit took a seed, as a refused one does. */
  g_assert_true (maze_document_regenerate_region (reference, &rect, &error));
  run = (AsyncRun) { 0 };
  maze_document_regenerate_region_async (document, &rect, NULL, edit_done_cb, &run);
  wait_for_run (&run);
  g_assert_no_error (run.error);
  g_assert_true (run.ok);
  g_assert_true (maze_document_regenerate_region (reference, &rect, &error));
  g_assert_true (maze_grid_equal (maze_document_get_grid (reference), maze_document_get_grid (document)));

  g_assert_true (maze_document_set_mask (reference, &painted, mask, &error));
  run = (AsyncRun) { 0 };
  maze_document_set_mask_async (document, &painted, mask, NULL, edit_done_cb, &run);
  wait_for_run (&run);
  g_assert_true (run.ok);
  g_assert_true (maze_grid_equal (maze_document_get_grid (reference), maze_document_get_grid (document)));

  g_assert_true (maze_document_braid (reference, MAZE_BRAID_ONE / 2, 0, &error));
  run = (AsyncRun) { 0 };
  maze_document_braid_async (document, MAZE_BRAID_ONE / 2, 0, NULL, edit_done_cb, &run);
  wait_for_run (&run);
  g_assert_true (run.ok);
  g_assert_no_error (error);
  g_assert_true (maze_grid_equal (maze_document_get_grid (reference), maze_document_get_grid (document)));

  /* Undo, one step each: the maze it was. */
  for (guint i = 0; i < 3; i++)
    g_assert_true (maze_document_undo (document));
  g_assert_false (maze_document_can_undo (document));
  g_assert_true (maze_grid_equal (original, maze_document_get_grid (document)));
}

/* The maze changed while the edit was worked out: dropped, not put in
 * over the change. */
static void
test_edit_async_stale (void)
{
  g_autoptr(MazeDocument) document = new_document (15);
  g_autoptr(GError) error = NULL;
  MazeRect rect = { 2, 2, 9, 7 };
  AsyncRun run = { 0 };
  g_autoptr(MazeGrid) before = NULL;

  maze_document_regenerate_region_async (document, &rect, NULL, edit_done_cb, &run);
  g_assert_true (maze_document_set_end (document, 5, &error));
  before = maze_grid_copy (maze_document_get_grid (document));
  wait_for_run (&run);
  g_assert_false (run.ok);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_FAILED);
  g_assert_true (maze_grid_equal (before, maze_document_get_grid (document)));
  g_clear_error (&run.error);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/document/new", test_new);
  g_test_add_func ("/app/document/endpoints", test_endpoints);
  g_test_add_func ("/app/document/region-undo", test_region_undo);
  g_test_add_func ("/app/document/undo-sequence", test_undo_sequence);
  g_test_add_func ("/app/document/generate-undo", test_generate_undo);
  g_test_add_func ("/app/document/generate-async", test_generate_async);
  g_test_add_func ("/app/document/generate-async/cancel", test_generate_async_cancel);
  g_test_add_func ("/app/document/generate-async/cancel-midway", test_generate_async_cancel_midway);
  g_test_add_func ("/app/document/generate-async/cancel-stops-thread",
                   test_generate_async_cancel_stops_thread);
  g_test_add_func ("/app/document/group", test_group);
  g_test_add_func ("/app/document/braid", test_braid);
  g_test_add_func ("/app/document/braid-generated", test_braid_generated);
  g_test_add_func ("/app/document/braid-below-base", test_braid_below_base);
  g_test_add_func ("/app/document/edit-async", test_edit_async);
  g_test_add_func ("/app/document/edit-async/stale", test_edit_async_stale);
  g_test_add_func ("/app/document/undo-budget", test_undo_budget);
  g_test_add_func ("/app/document/generate-keeps-shape", test_generate_keeps_shape);
  g_test_add_func ("/app/document/save-load", test_save_load);
  g_test_add_func ("/app/document/load-error", test_load_error);
  g_test_add_func ("/app/document/load-text-and-others", test_load_text_and_others);
  g_test_add_func ("/app/document/load-async", test_load_async);
  g_test_add_func ("/app/document/load-async/cancel", test_load_async_cancel);
  g_test_add_func ("/app/document/load-too-big", test_load_too_big);
  g_test_add_func ("/app/document/load-limited", test_load_limited);
  g_test_add_func ("/app/document/load-limited/by-head", test_load_limited_by_head);
  g_test_add_func ("/app/document/load-limited/member-twice", test_load_limited_member_twice);
  g_test_add_func ("/app/document/load-limited/rings", test_load_limited_rings);
  g_test_add_func ("/app/document/load-limited/rings-centre-unsaid", test_load_rings_centre_unsaid);
  return g_test_run ();
}
