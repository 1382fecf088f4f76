/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-outline-params.h"

MazeOutlineParams *
maze_outline_params_new_preset (const char *name)
{
  MazeOutlineParams *params;

  g_return_val_if_fail (name != NULL, NULL);
  params = g_new0 (MazeOutlineParams, 1);
  params->source = MAZE_OUTLINE_SOURCE_PRESET;
  params->name = g_strdup (name);
  return params;
}

MazeOutlineParams *
maze_outline_params_new_text (const char *text,
                              const char *font)
{
  MazeOutlineParams *params;

  g_return_val_if_fail (text != NULL && font != NULL, NULL);
  params = g_new0 (MazeOutlineParams, 1);
  params->source = MAZE_OUTLINE_SOURCE_TEXT;
  params->text = g_strdup (text);
  params->font = g_strdup (font);
  return params;
}

MazeOutlineParams *
maze_outline_params_new_picture (const char *digest,
                                 guint       threshold)
{
  MazeOutlineParams *params;

  g_return_val_if_fail (digest != NULL && threshold <= 255, NULL);
  params = g_new0 (MazeOutlineParams, 1);
  params->source = MAZE_OUTLINE_SOURCE_PICTURE;
  params->digest = g_strdup (digest);
  params->threshold = threshold;
  return params;
}

MazeOutlineParams *
maze_outline_params_copy (const MazeOutlineParams *params)
{
  MazeOutlineParams *copy;

  if (params == NULL)
    return NULL;
  copy = g_memdup2 (params, sizeof *params);
  copy->name = g_strdup (params->name);
  copy->text = g_strdup (params->text);
  copy->font = g_strdup (params->font);
  copy->digest = g_strdup (params->digest);
  return copy;
}

void
maze_outline_params_free (MazeOutlineParams *params)
{
  if (params == NULL)
    return;
  g_free (params->name);
  g_free (params->text);
  g_free (params->font);
  g_free (params->digest);
  g_free (params);
}

gboolean
maze_outline_params_equal (const MazeOutlineParams *a,
                           const MazeOutlineParams *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return a->source == b->source && g_strcmp0 (a->name, b->name) == 0 &&
         g_strcmp0 (a->text, b->text) == 0 && g_strcmp0 (a->font, b->font) == 0 &&
         g_strcmp0 (a->digest, b->digest) == 0 && a->threshold == b->threshold;
}
