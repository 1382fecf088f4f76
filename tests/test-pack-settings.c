/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "maze-export-request.h"
#include "maze-pack-settings.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

/* What Export Pack remembers (the pack-* keys), without a display: the
 * schema's defaults are the request's, and what is saved comes back. */

static GSettings *
new_memory_settings (void)
{
  g_autoptr(GSettingsBackend) backend = g_memory_settings_backend_new ();

  return g_settings_new_with_backend (APP_ID, backend);
}

/* A first pack starts where the CLI does. */
static void
test_defaults (void)
{
  g_autoptr(GSettings) settings = new_memory_settings ();
  MazePackChoices choices = { 0 };
  MazeExportRequest request;

  maze_export_request_init (&request);
  maze_pack_choices_load (&choices, settings);
  g_assert_cmpint (choices.double_sided, ==, request.double_sided);
  g_assert_cmpint (choices.name_line, ==, request.name_date_line);
  g_assert_cmpint (choices.difficulty_line, ==, request.difficulty_line);
  g_assert_cmpint (choices.monochrome, ==, request.monochrome);
  g_assert_cmpint (choices.paper, ==, request.paper);
  g_assert_cmpfloat (choices.margin_mm, ==, request.margin_mm);
  g_assert_cmpuint (choices.per_page, ==, request.per_page);
  g_assert_cmpuint (choices.count, ==, 10);
  g_assert_cmpint (choices.from, ==, MAZE_LEVEL_EASY);
  g_assert_cmpint (choices.to, ==, MAZE_LEVEL_HARD);
  g_assert_cmpint (choices.keys, ==, MAZE_PACK_KEYS_BACK);
  g_assert_false (choices.band);
  g_assert_cmpstr (choices.instructions, ==, "");
  maze_pack_choices_clear (&choices);
  maze_export_request_clear (&request);
}

/* Every choice saved comes back. */
static void
test_round_trip (void)
{
  g_autoptr(GSettings) settings = new_memory_settings ();
  MazePackChoices saved = {
    .count = 24, .per_page = 6, .from = MAZE_LEVEL_VERY_EASY, .rising = TRUE,
    .to = MAZE_LEVEL_MEDIUM, .band = TRUE, .min_score = 25, .max_score = 45,
    .paper = MAZE_PAPER_BOOK_6X9, .margin_mm = 8.5, .monochrome = TRUE,
    .keys = MAZE_PACK_KEYS_SEPARATE, .double_sided = TRUE, .name_line = FALSE,
    .difficulty_line = TRUE, .instructions = (char *) "Help the mouse",
    .start_label = (char *) "Mouse", .finish_label = (char *) "Cheese",
  };
  MazePackChoices loaded = { 0 };

  maze_pack_choices_save (&saved, settings);
  maze_pack_choices_load (&loaded, settings);
  g_assert_cmpuint (loaded.count, ==, 24);
  g_assert_cmpuint (loaded.per_page, ==, 6);
  g_assert_cmpint (loaded.from, ==, MAZE_LEVEL_VERY_EASY);
  g_assert_true (loaded.rising);
  g_assert_cmpint (loaded.to, ==, MAZE_LEVEL_MEDIUM);
  g_assert_true (loaded.band);
  g_assert_cmpuint (loaded.min_score, ==, 25);
  g_assert_cmpuint (loaded.max_score, ==, 45);
  g_assert_cmpint (loaded.paper, ==, MAZE_PAPER_BOOK_6X9);
  g_assert_cmpfloat (loaded.margin_mm, ==, 8.5);
  g_assert_true (loaded.monochrome);
  g_assert_cmpint (loaded.keys, ==, MAZE_PACK_KEYS_SEPARATE);
  g_assert_true (loaded.double_sided);
  g_assert_false (loaded.name_line);
  g_assert_true (loaded.difficulty_line);
  g_assert_cmpstr (loaded.instructions, ==, "Help the mouse");
  g_assert_cmpstr (loaded.start_label, ==, "Mouse");
  g_assert_cmpstr (loaded.finish_label, ==, "Cheese");
  maze_pack_choices_clear (&loaded);
}

/* A count a page no layout has reads as the one below. */
static void
test_per_page (void)
{
  g_autoptr(GSettings) settings = new_memory_settings ();
  MazePackChoices choices = { 0 };
  const guint stored[] = { 1, 2, 3, 4, 5, 6 };
  const guint read[] = { 1, 2, 2, 4, 4, 6 };

  for (guint i = 0; i < G_N_ELEMENTS (stored); i++)
    {
      g_settings_set_uint (settings, "pack-per-page", stored[i]);
      maze_pack_choices_load (&choices, settings);
      g_assert_cmpuint (choices.per_page, ==, read[i]);
    }
  maze_pack_choices_clear (&choices);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/pack-settings/defaults", test_defaults);
  g_test_add_func ("/app/pack-settings/round-trip", test_round_trip);
  g_test_add_func ("/app/pack-settings/per-page", test_per_page);
  return g_test_run ();
}
