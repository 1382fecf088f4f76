/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-pack-settings.h"

static const char * const key_names[] = { "none", "back", "separate" };

static MazeLevel
get_level (GSettings  *settings,
           const char *key)
{
  g_autofree char *name = g_settings_get_string (settings, key);
  MazeLevel level = MAZE_LEVEL_EASY;

  maze_level_from_string (name, &level);
  return level;
}

static void
set_level (GSettings  *settings,
           const char *key,
           MazeLevel   level)
{
  g_settings_set_string (settings, key, maze_level_get_info (level)->name);
}

void
maze_pack_choices_load (MazePackChoices *choices,
                        GSettings       *settings)
{
  g_autofree char *paper = NULL;
  g_autofree char *keys = NULL;
  guint per_page;

  g_return_if_fail (choices != NULL);
  g_return_if_fail (G_IS_SETTINGS (settings));

  maze_pack_choices_clear (choices);
  choices->count = g_settings_get_uint (settings, "pack-count");
  per_page = g_settings_get_uint (settings, "pack-per-page");
  choices->per_page = per_page >= 6 ? 6 : per_page >= 4 ? 4 : per_page >= 2 ? 2 : 1;
  choices->from = get_level (settings, "pack-from-level");
  choices->rising = g_settings_get_boolean (settings, "pack-rising");
  choices->to = get_level (settings, "pack-to-level");
  choices->band = g_settings_get_boolean (settings, "pack-band");
  choices->min_score = g_settings_get_uint (settings, "pack-min-score");
  choices->max_score = g_settings_get_uint (settings, "pack-max-score");
  paper = g_settings_get_string (settings, "pack-paper");
  if (!maze_paper_from_string (paper, &choices->paper))
    choices->paper = MAZE_PAPER_A4;
  choices->margin_mm = g_settings_get_double (settings, "pack-margin");
  choices->monochrome = g_settings_get_boolean (settings, "pack-monochrome");
  keys = g_settings_get_string (settings, "pack-keys");
  choices->keys = MAZE_PACK_KEYS_BACK;
  for (guint i = 0; i < G_N_ELEMENTS (key_names); i++)
    if (g_str_equal (keys, key_names[i]))
      choices->keys = (MazePackKeys) i;
  choices->double_sided = g_settings_get_boolean (settings, "pack-double-sided");
  choices->name_line = g_settings_get_boolean (settings, "pack-name-line");
  choices->difficulty_line = g_settings_get_boolean (settings, "pack-difficulty-line");
  choices->instructions = g_settings_get_string (settings, "pack-instructions");
  choices->start_label = g_settings_get_string (settings, "pack-start-label");
  choices->finish_label = g_settings_get_string (settings, "pack-finish-label");
}

void
maze_pack_choices_save (const MazePackChoices *choices,
                        GSettings             *settings)
{
  g_return_if_fail (choices != NULL);
  g_return_if_fail (G_IS_SETTINGS (settings));

  g_settings_set_uint (settings, "pack-count", choices->count);
  g_settings_set_uint (settings, "pack-per-page", choices->per_page);
  set_level (settings, "pack-from-level", choices->from);
  g_settings_set_boolean (settings, "pack-rising", choices->rising);
  set_level (settings, "pack-to-level", choices->to);
  g_settings_set_boolean (settings, "pack-band", choices->band);
  g_settings_set_uint (settings, "pack-min-score", choices->min_score);
  g_settings_set_uint (settings, "pack-max-score", choices->max_score);
  g_settings_set_string (settings, "pack-paper", maze_paper_get_name (choices->paper));
  g_settings_set_double (settings, "pack-margin", choices->margin_mm);
  g_settings_set_boolean (settings, "pack-monochrome", choices->monochrome);
  g_settings_set_string (settings, "pack-keys", key_names[MIN (choices->keys, 2)]);
  g_settings_set_boolean (settings, "pack-double-sided", choices->double_sided);
  g_settings_set_boolean (settings, "pack-name-line", choices->name_line);
  g_settings_set_boolean (settings, "pack-difficulty-line", choices->difficulty_line);
  g_settings_set_string (settings, "pack-instructions",
                         choices->instructions != NULL ? choices->instructions : "");
  g_settings_set_string (settings, "pack-start-label",
                         choices->start_label != NULL ? choices->start_label : "");
  g_settings_set_string (settings, "pack-finish-label",
                         choices->finish_label != NULL ? choices->finish_label : "");
}

void
maze_pack_choices_clear (MazePackChoices *choices)
{
  g_return_if_fail (choices != NULL);

  g_clear_pointer (&choices->instructions, g_free);
  g_clear_pointer (&choices->start_label, g_free);
  g_clear_pointer (&choices->finish_label, g_free);
}
