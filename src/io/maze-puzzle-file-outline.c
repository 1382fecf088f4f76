/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-puzzle-file-private.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "maze-json-string.h"
#include "maze-outline.h"

/* The optional "outline" member: how the mask's outline was made. One
 * of
 *   {"kind": "preset", "name": "heart"}
 *   {"kind": "text", "text": "Anna", "font": "Sans Bold"}
 *   {"kind": "picture", "sha256": "9f86d0…", "threshold": 128}
 * The mask itself is in "mask", as for any mask: a reader that does not
 * know this member opens the same maze. */

static const char *kinds[] = {
  [MAZE_OUTLINE_SOURCE_PRESET] = "preset",
  [MAZE_OUTLINE_SOURCE_TEXT] = "text",
  [MAZE_OUTLINE_SOURCE_PICTURE] = "picture",
};

void
maze_file_append_outline (GString                 *out,
                          const MazeOutlineParams *outline)
{
  if (outline == NULL)
    return;
  g_string_append_printf (out, "  \"outline\": {\"kind\": \"%s\"", kinds[outline->source]);
  switch (outline->source)
    {
    case MAZE_OUTLINE_SOURCE_PRESET:
      g_string_append (out, ", \"name\": ");
      maze_json_append_string (out, outline->name);
      break;
    case MAZE_OUTLINE_SOURCE_TEXT:
      g_string_append (out, ", \"text\": ");
      maze_json_append_string (out, outline->text);
      g_string_append (out, ", \"font\": ");
      maze_json_append_string (out, outline->font);
      break;
    case MAZE_OUTLINE_SOURCE_PICTURE:
      g_string_append (out, ", \"sha256\": ");
      maze_json_append_string (out, outline->digest);
      g_string_append_printf (out, ", \"threshold\": %u", outline->threshold);
      break;
    default:
      g_assert_not_reached ();
    }
  g_string_append (out, "},\n");
}

static gboolean
is_digest (const char *text)
{
  if (strlen (text) != 64)
    return FALSE;
  for (; *text != '\0'; text++)
    if (!g_ascii_isdigit (*text) && !(*text >= 'a' && *text <= 'f'))
      return FALSE;
  return TRUE;
}

static MazeOutlineParams *
read_kind (const MazeFileScope  *scope,
           const char           *kind,
           GError              **error)
{
  const char *name, *text, *font, *digest;
  MazeOutline preset;
  gint64 threshold = 0;

  if (g_str_equal (kind, kinds[MAZE_OUTLINE_SOURCE_PRESET]))
    {
      if (!maze_file_get_string (scope, "name", TRUE, &name, error))
        return NULL;
      if (!maze_outline_from_string (name, &preset))
        {
          maze_file_set_parse_error (error, _("“%s” is “%s”, which is not an outline this "
                                              "version knows"), "outline.name", name);
          return NULL;
        }
      return maze_outline_params_new_preset (name);
    }
  if (g_str_equal (kind, kinds[MAZE_OUTLINE_SOURCE_TEXT]))
    {
      if (!maze_file_get_string (scope, "text", TRUE, &text, error) ||
          !maze_file_get_string (scope, "font", TRUE, &font, error))
        return NULL;
      if (text[0] == '\0' || g_utf8_strlen (text, -1) > MAZE_OUTLINE_MAX_TEXT)
        {
          maze_file_set_parse_error (error, _("“%s” must be 1 to %d characters"),
                                     "outline.text", MAZE_OUTLINE_MAX_TEXT);
          return NULL;
        }
      return maze_outline_params_new_text (text, font);
    }
  if (g_str_equal (kind, kinds[MAZE_OUTLINE_SOURCE_PICTURE]))
    {
      if (!maze_file_get_string (scope, "sha256", TRUE, &digest, error) ||
          !maze_file_get_integer (scope, "threshold", TRUE, 0, 255, &threshold, NULL, error))
        return NULL;
      if (!is_digest (digest))
        {
          maze_file_set_parse_error (error, _("“%s” must be a SHA-256 digest: 64 hexadecimal "
                                              "digits, 0-9 and a-f"), "outline.sha256");
          return NULL;
        }
      return maze_outline_params_new_picture (digest, (guint) threshold);
    }
  maze_file_set_parse_error (error, _("“%s” is “%s”, which is not a kind of outline this "
                                      "version knows"), "outline.kind", kind);
  return NULL;
}

gboolean
maze_file_read_outline (const MazeFileScope  *top,
                        MazeOutlineParams   **outline,
                        GError              **error)
{
  MazeFileScope scope = { NULL, "outline" };
  const char *kind;
  JsonNode *node;

  *outline = NULL;
  if (!maze_file_lookup (top, "outline", FALSE, &node, error))
    return FALSE;
  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_autofree char *got = maze_file_describe_node (node);

      maze_file_set_parse_error (error, _("“%s” must be an object, not %s"), "outline", got);
      return FALSE;
    }
  scope.object = json_node_get_object (node);
  if (!maze_file_get_string (&scope, "kind", TRUE, &kind, error))
    return FALSE;
  *outline = read_kind (&scope, kind, error);
  return *outline != NULL;
}
