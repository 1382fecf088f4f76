/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-puzzle-file-private.h"

#include <glib/gi18n-lib.h>

#include "maze-braid.h"

/* The typed members of a .maze document: each getter finds a member,
 * checks its type and range, and names it by its JSON path
 * ("history[3].rect") when it is wrong. */

/* "history[3]" + "rect" -> "history[3].rect" */
char *
maze_file_join_path (const char *parent,
                     const char *name)
{
  return parent != NULL ? g_strconcat (parent, ".", name, NULL) : g_strdup (name);
}

/* The member's node, NULL when absent. JSON null counts as absent for
 * optional members. */
gboolean
maze_file_lookup (const MazeFileScope  *scope,
                  const char           *name,
                  gboolean              required,
                  JsonNode            **node,
                  GError              **error)
{
  *node = json_object_get_member (scope->object, name);
  if (*node != NULL && !required && JSON_NODE_HOLDS_NULL (*node))
    *node = NULL;
  if (*node == NULL && required)
    {
      g_autofree char *path = maze_file_join_path (scope->path, name);

      maze_file_set_parse_error (error, _("“%s” is missing"), path);
      return FALSE;
    }
  return TRUE;
}

static gboolean
node_is_integer (JsonNode *node)
{
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64;
}

static gboolean
node_is_number (JsonNode *node)
{
  return JSON_NODE_HOLDS_VALUE (node) &&
         (json_node_get_value_type (node) == G_TYPE_INT64 ||
          json_node_get_value_type (node) == G_TYPE_DOUBLE);
}

static gboolean
node_is_string (JsonNode *node)
{
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING;
}

/* *value is NULL when the optional member is absent. */
gboolean
maze_file_get_string (const MazeFileScope  *scope,
                      const char           *name,
                      gboolean              required,
                      const char          **value,
                      GError              **error)
{
  JsonNode *node;

  *value = NULL;
  if (!maze_file_lookup (scope, name, required, &node, error))
    return FALSE;
  if (node == NULL)
    return TRUE;
  if (!node_is_string (node))
    {
      g_autofree char *path = maze_file_join_path (scope->path, name);
      g_autofree char *got = maze_file_describe_node (node);

      maze_file_set_parse_error (error, _("“%s” must be a string, not %s"), path, got);
      return FALSE;
    }
  *value = json_node_get_string (node);
  return TRUE;
}

/* *present is FALSE (and *value untouched) when the optional member is
 * absent. */
gboolean
maze_file_get_integer (const MazeFileScope  *scope,
                       const char           *name,
                       gboolean              required,
                       gint64                min,
                       gint64                max,
                       gint64               *value,
                       gboolean             *present,
                       GError              **error)
{
  g_autofree char *path = NULL;
  JsonNode *node;
  gint64 v;

  if (present != NULL)
    *present = FALSE;
  if (!maze_file_lookup (scope, name, required, &node, error))
    return FALSE;
  if (node == NULL)
    return TRUE;

  path = maze_file_join_path (scope->path, name);
  if (!node_is_integer (node))
    {
      g_autofree char *got = maze_file_describe_node (node);

      maze_file_set_parse_error (error, _("“%s” must be a whole number, not %s"), path, got);
      return FALSE;
    }
  v = json_node_get_int (node);
  if (v < min || v > max)
    {
      maze_file_set_range_error (error, path, v, min, max);
      return FALSE;
    }
  *value = v;
  if (present != NULL)
    *present = TRUE;
  return TRUE;
}

/* An array of exactly n whole numbers, each at least 0. */
static gboolean
get_integer_array (const MazeFileScope  *scope,
                   const char           *name,
                   guint                 n,
                   const char           *form,
                   gint64               *values,
                   GError              **error)
{
  g_autofree char *path = maze_file_join_path (scope->path, name);
  JsonNode *node;
  JsonArray *array;

  if (!maze_file_lookup (scope, name, TRUE, &node, error))
    return FALSE;
  array = JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
  if (array == NULL || json_array_get_length (array) != n)
    {
      g_autofree char *got = array != NULL
                             ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                             "an array of %u item",
                                                             "an array of %u items",
                                                             json_array_get_length (array)),
                                                json_array_get_length (array))
                             : maze_file_describe_node (node);

      /* Translators: the second %s is the form, "[x, y]" or
       * "[x, y, width, height]"; the last the value found */
      maze_file_set_parse_error (error, _("“%s” must be %s, not %s"), path, form, got);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      JsonNode *item = json_array_get_element (array, i);

      if (!node_is_integer (item) || json_node_get_int (item) < 0)
        {
          g_autofree char *got = maze_file_describe_node (item);

          maze_file_set_parse_error (error, _("“%s[%u]” must be a whole number 0 or more, not %s"),
                                     path, i, got);
          return FALSE;
        }
      values[i] = json_node_get_int (item);
    }
  return TRUE;
}

/* [x, y] of a cell inside the grid. */
gboolean
maze_file_get_cell (const MazeFileScope    *scope,
                    const char             *name,
                    guint                   width,
                    guint                   height,
                    const MazePolarLayout  *polar,
                    guint32                *cell,
                    GError                **error)
{
  gint64 xy[2];

  if (!get_integer_array (scope, name, 2, "[x, y]", xy, error))
    return FALSE;
  if (polar != NULL)
    {
      if (xy[1] >= polar->n_rings || xy[0] >= polar->lengths[xy[1]])
        {
          g_autofree char *path = maze_file_join_path (scope->path, name);
          char x[32], y[32];

          g_snprintf (x, sizeof x, "%" G_GINT64_FORMAT, xy[0]);
          g_snprintf (y, sizeof y, "%" G_GINT64_FORMAT, xy[1]);
          maze_file_set_parse_error (error, _("“%s” (%s,%s) is outside the %u rings of the maze"),
                                     path, x, y, polar->n_rings);
          return FALSE;
        }
      *cell = polar->starts[xy[1]] + (guint32) xy[0];
      return TRUE;
    }
  if (xy[0] >= width || xy[1] >= height)
    {
      g_autofree char *path = maze_file_join_path (scope->path, name);
      char x[32], y[32];

      g_snprintf (x, sizeof x, "%" G_GINT64_FORMAT, xy[0]);
      g_snprintf (y, sizeof y, "%" G_GINT64_FORMAT, xy[1]);
      maze_file_set_parse_error (error, _("“%s” (%s,%s) is outside the %u×%u maze"),
                                 path, x, y, width, height);
      return FALSE;
    }
  *cell = (guint32) xy[1] * width + (guint32) xy[0];
  return TRUE;
}

/* [x, y, width, height] of a rectangle of at least one cell inside the
 * grid. */
gboolean
maze_file_get_rect (const MazeFileScope    *scope,
                    const char             *name,
                    guint                   width,
                    guint                   height,
                    const MazePolarLayout  *polar,
                    MazeRect               *rect,
                    GError                **error)
{
  gint64 r[4];

  if (polar != NULL)
    {
      width = polar->lengths[polar->n_rings - 1];
      height = polar->n_rings;
    }
  if (!get_integer_array (scope, name, 4, "[x, y, width, height]", r, error))
    return FALSE;
  /* Written so that no sum can overflow. */
  if (r[2] < 1 || r[3] < 1 || r[0] >= width || r[1] >= height ||
      r[2] > width - r[0] || r[3] > height - r[1])
    {
      g_autofree char *path = maze_file_join_path (scope->path, name);
      g_autofree char *text = g_strdup_printf ("[%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT
                                               ", %" G_GINT64_FORMAT ", %" G_GINT64_FORMAT "]",
                                               r[0], r[1], r[2], r[3]);

      if (r[2] < 1 || r[3] < 1)
        maze_file_set_parse_error (error, _("“%s” %s is empty"), path, text);
      else
        maze_file_set_parse_error (error, _("“%s” %s reaches outside the %u×%u maze"),
                                   path, text, width, height);
      return FALSE;
    }
  *rect = (MazeRect) { (guint) r[0], (guint) r[1], (guint) r[2], (guint) r[3] };
  return TRUE;
}

/* A seed: a decimal string, 0 to 2^64-1. Never a JSON number, which most
 * JSON tools read as a double. */
gboolean
maze_file_get_seed (const MazeFileScope  *scope,
                    guint64              *seed,
                    GError              **error)
{
  const char *text = NULL;
  JsonNode *node;
  guint64 v = 0;

  if (!maze_file_lookup (scope, "seed", TRUE, &node, error))
    return FALSE;
  if (node_is_string (node))
    text = json_node_get_string (node);

  for (gsize i = 0; text != NULL && text[i] != '\0'; i++)
    {
      guint digit = (guint) (text[i] - '0');

      if (text[i] < '0' || text[i] > '9' || v > (G_MAXUINT64 - digit) / 10)
        text = NULL;
      else
        v = v * 10 + digit;
    }
  if (text == NULL || *text == '\0')
    {
      g_autofree char *path = maze_file_join_path (scope->path, "seed");
      g_autofree char *got = maze_file_describe_node (node);

      maze_file_set_parse_error (error,
                                 _("“%s” must be a string of decimal digits from 0 to %s, not %s"),
                                 path, "18446744073709551615", got);
      return FALSE;
    }
  *seed = v;
  return TRUE;
}

gboolean
maze_file_get_algorithm (const MazeFileScope  *scope,
                         MazeShape             shape,
                         MazeAlgorithm        *algorithm,
                         MazeGrowingTreeMode  *mode,
                         GError              **error)
{
  g_autofree char *algorithm_path = maze_file_join_path (scope->path, "algorithm");
  const char *name;

  if (!maze_file_get_string (scope, "algorithm", TRUE, &name, error))
    return FALSE;
  if (!maze_algorithm_from_string (name, algorithm))
    {
      maze_file_set_parse_error (error, _("“%s” is “%s”, which is not an algorithm this version knows"),
                                 algorithm_path, name);
      return FALSE;
    }
  if (!maze_algorithm_supports (*algorithm, shape))
    {
      if (shape == MAZE_SHAPE_HEX)
        maze_file_set_parse_error (error, _("“%s” is “%s”, which cannot make hexagonal mazes"),
                                   algorithm_path, name);
      else if (shape == MAZE_SHAPE_TRI)
        maze_file_set_parse_error (error, _("“%s” is “%s”, which cannot make triangular mazes"),
                                   algorithm_path, name);
      else
        maze_file_set_parse_error (error, _("“%s” is “%s”, which cannot make rectangular mazes"),
                                   algorithm_path, name);
      return FALSE;
    }

  *mode = MAZE_GROWING_TREE_MIXED;
  if (!maze_file_get_string (scope, "growing_tree_mode", FALSE, &name, error))
    return FALSE;
  if (name != NULL && !maze_growing_tree_mode_from_string (name, mode))
    {
      g_autofree char *path = maze_file_join_path (scope->path, "growing_tree_mode");

      maze_file_set_parse_error (error, _("“%s” is “%s”; it must be “newest”, “random” or “mixed”"),
                                 path, name);
      return FALSE;
    }
  return TRUE;
}

gboolean
maze_file_get_braid (const MazeFileScope  *scope,
                     guint32              *braid,
                     GError              **error)
{
  g_autofree char *path = maze_file_join_path (scope->path, "braid");
  g_autofree char *fixed_path = maze_file_join_path (scope->path, "braid_fixed");
  gint64 fixed = 0;
  gboolean has_fixed;
  JsonNode *node;
  double fraction = 0;

  if (!maze_file_get_integer (scope, "braid_fixed", FALSE, 0, MAZE_BRAID_ONE, &fixed, &has_fixed, error))
    return FALSE;
  if (!maze_file_lookup (scope, "braid", FALSE, &node, error))
    return FALSE;

  if (node != NULL)
    {
      char text[G_ASCII_DTOSTR_BUF_SIZE];

      if (!node_is_number (node))
        {
          g_autofree char *got = maze_file_describe_node (node);

          maze_file_set_parse_error (error, _("“%s” must be a number, not %s"), path, got);
          return FALSE;
        }
      fraction = json_node_get_double (node);
      g_ascii_dtostr (text, sizeof text, fraction);
      if (!(fraction >= 0 && fraction <= 1))
        {
          maze_file_set_parse_error (error, _("“%s” is %s; it must be 0 to 1"), path, text);
          return FALSE;
        }
      if (has_fixed && maze_braid_from_fraction (fraction) != fixed)
        {
          maze_file_set_parse_error (error, _("“%s” %s does not match “%s” %u"),
                                     path, text, fixed_path, (guint) fixed);
          return FALSE;
        }
    }

  *braid = has_fixed ? (guint32) fixed : maze_braid_from_fraction (fraction);
  return TRUE;
}
