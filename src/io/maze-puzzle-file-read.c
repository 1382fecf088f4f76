/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-puzzle-file.h"
#include "maze-puzzle-file-private.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "maze-error.h"

/* Reading a .maze document: the strict pre-check, then json-glib, then
 * every member checked before the grid is built. */

static MazeEdit *
parse_edit (JsonNode               *node,
            guint                   index,
            MazeShape               shape,
            guint                   width,
            guint                   height,
            const MazePolarLayout  *polar,
            GError                **error)
{
  g_autofree char *path = g_strdup_printf ("history[%u]", index);
  g_autoptr(MazeEdit) edit = g_new0 (MazeEdit, 1);
  MazeFileScope scope = { NULL, path };
  const char *kind;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_autofree char *got = maze_file_describe_node (node);

      maze_file_set_parse_error (error, _("“%s” must be an object, not %s"), path, got);
      return NULL;
    }
  scope.object = json_node_get_object (node);

  if (!maze_file_get_string (&scope, "edit", TRUE, &kind, error))
    return NULL;
  if (!maze_edit_kind_from_string (kind, &edit->kind))
    {
      maze_file_set_parse_error (error, _("“%s.edit” is “%s”, which is not an edit this version knows"),
                                 path, kind);
      return NULL;
    }

  switch (edit->kind)
    {
    case MAZE_EDIT_REGENERATE:
    case MAZE_EDIT_MASK:
      if (!maze_file_get_rect (&scope, "rect", width, height, polar, &edit->rect, error) ||
          !maze_file_get_algorithm (&scope, shape, &edit->algorithm, &edit->growing_tree_mode, error) ||
          !maze_file_get_seed (&scope, &edit->seed, error))
        return NULL;
      if (edit->kind == MAZE_EDIT_MASK)
        {
          g_autofree char *mask_path = maze_file_join_path (path, "mask");
          g_autofree char *what = NULL;
          guint64 n = (guint64) edit->rect.width * edit->rect.height;
          MazeBitReader r = { NULL };
          const char *text;

          if (!maze_file_get_string (&scope, "mask", TRUE, &text, error))
            return NULL;
          /* Translators: completes "“mask” holds 3 bytes, expected 4: …";
           * the edit's rectangle is columns × rows */
          what = g_strdup_printf (_("1 bit for each of the %u×%u cells of the edited rectangle"),
                                  edit->rect.width, edit->rect.height);
          if (!maze_base64_check (mask_path, text, (n + 7) / 8, what, error))
            return NULL;
          edit->mask = g_try_malloc (n);
          if (edit->mask == NULL)
            {
              maze_file_set_parse_error (error, _("Not enough memory to read “%s”"), mask_path);
              return NULL;
            }
          r.text = text;
          for (guint64 i = 0; i < n; i++)
            edit->mask[i] = (guint8) maze_bit_reader_get (&r, 1);
          if (!maze_bit_reader_check_end (&r, mask_path, error))
            return NULL;
        }
      break;

    case MAZE_EDIT_START:
    case MAZE_EDIT_END:
    case MAZE_EDIT_WEIGHT:
      if (!maze_file_get_cell (&scope, "cell", width, height, polar, &edit->cell, error))
        return NULL;
      if (edit->kind == MAZE_EDIT_WEIGHT)
        {
          gint64 weight = 0;

          if (!maze_file_get_integer (&scope, "weight", TRUE, 1, 255, &weight, NULL, error))
            return NULL;
          edit->weight = (guint8) weight;
        }
      break;

    default:
      g_assert_not_reached ();
    }

  return g_steal_pointer (&edit);
}

/* What the members say, read and checked before anything is built. */
typedef struct
{
  gint64               version;        /* the format version it declares */
  const char          *title;
  MazeShape            shape;
  guint                width;
  guint                height;
  MazePolarLayout     *polar;          /* a circular maze's rings, else NULL */
  guint64              n_cells;
  guint                bits;           /* passage bits a cell owns */
  gboolean             has_parameters;
  MazeAlgorithm        algorithm;
  MazeGrowingTreeMode  mode;
  guint64              seed;
  guint32              braid;
  gboolean             has_band;
  guint32              band_min;
  guint32              band_max;
  guint32              start;
  guint32              end;
  const char          *mask_text;      /* checked base64, or NULL */
  const char          *weights_text;   /* checked base64, or NULL */
  const char          *passages_text;  /* checked base64 */
} Document;

/* Parses data into parser once the pre-check has passed it, and checks
 * that it is ours and a version this program reads. Returns the top
 * object, owned by parser. */
static JsonObject *
read_envelope (JsonParser  *parser,
               const char  *data,
               gsize        length,
               gint64      *version_out,
               GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  MazeFileScope top = { NULL, NULL };
  const char *format;
  gint64 version = 0, generator_version = 0;
  JsonNode *root;

  if (length == 0)
    {
      maze_file_set_parse_error (error, _("Not a Mazewright file: it is empty"));
      return NULL;
    }
  if (!maze_file_check_json (data, length, error))
    return NULL;
  if (!json_parser_load_from_data (parser, data, (gssize) length, &local_error))
    {
      maze_file_set_parse_error (error, _("Not a Mazewright file: the JSON is malformed: %s"),
                                 local_error->message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL)
    {
      maze_file_set_parse_error (error, _("Not a Mazewright file: it is empty"));
      return NULL;
    }
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      maze_file_set_parse_error (error, _("Not a Mazewright file: the document is not a JSON object"));
      return NULL;
    }
  top.object = json_node_get_object (root);

  if (!json_object_has_member (top.object, "format"))
    {
      maze_file_set_parse_error (error, _("Not a Mazewright file: “%s” is missing"), "format");
      return NULL;
    }
  if (!maze_file_get_string (&top, "format", TRUE, &format, error))
    return NULL;
  if (!g_str_equal (format, "mazewright"))
    {
      maze_file_set_parse_error (error, _("Not a Mazewright file: “format” is “%s”, not “mazewright”"),
                                 format);
      return NULL;
    }
  if (!maze_file_get_integer (&top, "version", TRUE, G_MININT64, G_MAXINT64, &version, NULL, error))
    return NULL;
  if (version > MAZE_FILE_FORMAT_VERSION)
    {
      char v[32];

      g_snprintf (v, sizeof v, "%" G_GINT64_FORMAT, version);
      maze_file_set_parse_error (error,
                                 _("This file was made by a newer Mazewright (format %s); "
                                   "this one reads up to %d"),
                                 v, MAZE_FILE_FORMAT_VERSION);
      return NULL;
    }
  if (version < 1)
    {
      char v[32];

      g_snprintf (v, sizeof v, "%" G_GINT64_FORMAT, version);
      maze_file_set_parse_error (error, _("“%s” is %s; format versions start at 1"), "version", v);
      return NULL;
    }
  if (!maze_file_get_integer (&top, "generator_version", TRUE, 1, G_MAXINT32,
                              &generator_version, NULL, error))
    return NULL;
  *version_out = version;
  return top.object;
}

/* Which centre a circular maze has: "room" (the default) or "cell",
 * which came with format version 4. */
static gboolean
read_centre (const MazeFileScope  *top,
             const Document       *doc,
             gboolean             *centre_out,
             GError              **error)
{
  const char *centre = NULL;

  if (!maze_file_get_string (top, "centre", FALSE, &centre, error))
    return FALSE;
  *centre_out = centre != NULL && g_str_equal (centre, "cell");
  if (centre != NULL && !*centre_out && !g_str_equal (centre, "room"))
    {
      maze_file_set_parse_error (error, _("“%s” is “%s”; it must be “room” or “cell”"),
                                 "centre", centre);
      return FALSE;
    }
  /* As for a shape: a version 3 reader says a centre cell is newer. */
  if (*centre_out && doc->version < MAZE_FILE_CENTRE_CELL_VERSION)
    {
      maze_file_set_parse_error (error, _("“%s” is “%s”, which format version %d does not hold"),
                                 "centre", centre, (int) doc->version);
      return FALSE;
    }
  return TRUE;
}

/* A circular maze's size: its rings around an open room or a centre
 * cell ("centre"), the first ring's cells; as maze_grid_new_rings()
 * takes them, width and height. */
static gboolean
read_rings (const MazeFileScope  *top,
            Document             *doc,
            GError              **error)
{
  g_autoptr(GError) local_error = NULL;
  gboolean centre = FALSE;
  gint64 rings = 0, first = 0;

  if (!maze_file_get_integer (top, "rings", TRUE, 1, MAZE_POLAR_MAX_RINGS, &rings, NULL, error) ||
      !maze_file_get_integer (top, "first", TRUE, MAZE_POLAR_MIN_FIRST, MAZE_POLAR_MAX_FIRST,
                              &first, NULL, error) ||
      !read_centre (top, doc, &centre, error))
    return FALSE;
  /* A centre cell with too big a first ring is refused here, in the
   * core's words. */
  doc->polar = maze_polar_layout_new ((guint) rings, centre, (guint) first, &local_error);
  if (doc->polar == NULL)
    {
      maze_file_set_parse_error (error, "%s", local_error->message);
      return FALSE;
    }
  doc->width = (guint) first;
  doc->height = (guint) rings;
  doc->n_cells = doc->polar->n_cells;
  doc->bits = maze_file_owned_bits_per_cell (maze_topology_get (doc->shape));
  return TRUE;
}

/* The title, the shape and a size maze_check_size() allows. */
static gboolean
read_grid_size (const MazeFileScope  *top,
                Document             *doc,
                GError              **error)
{
  g_autoptr(GError) local_error = NULL;
  const char *shape_name;
  gint64 width = 0, height = 0;

  if (!maze_file_get_string (top, "title", FALSE, &doc->title, error) ||
      !maze_file_get_string (top, "shape", TRUE, &shape_name, error))
    return FALSE;
  if (!maze_shape_from_string (shape_name, &doc->shape))
    {
      maze_file_set_parse_error (error, _("“%s” is “%s”; it must be “rect”, “hex”, “tri” or “circular”"),
                                 "shape", shape_name);
      return FALSE;
    }
  /* A version 1 reader refuses a newer file by its version, not by a
   * shape it does not know: so a shape after rect and hex needs one. */
  if (doc->version < maze_file_version_for_shape (doc->shape))
    {
      maze_file_set_parse_error (error, _("“%s” is “%s”, which format version %d does not hold"),
                                 "shape", shape_name, (int) doc->version);
      return FALSE;
    }
  if (doc->shape == MAZE_SHAPE_CIRCULAR)
    return read_rings (top, doc, error);
  if (!maze_file_get_integer (top, "width", TRUE, G_MININT64, G_MAXINT64, &width, NULL, error) ||
      !maze_file_get_integer (top, "height", TRUE, G_MININT64, G_MAXINT64, &height, NULL, error))
    return FALSE;
  if (width < 0 || height < 0)
    {
      maze_file_set_range_error (error, width < 0 ? "width" : "height", width < 0 ? width : height,
                                 1, MAZE_MAX_SIDE);
      return FALSE;
    }
  if (!maze_check_size (doc->shape, (guint64) width, (guint64) height, &local_error))
    {
      maze_file_set_parse_error (error, "%s", local_error->message);
      return FALSE;
    }
  doc->width = (guint) width;
  doc->height = (guint) height;
  doc->n_cells = (guint64) width * height;
  doc->bits = maze_file_owned_bits_per_cell (maze_topology_get (doc->shape));
  return TRUE;
}

/* The difficulty band a maze made to order was asked for: both ends or
 * neither. */
static gboolean
read_band (const MazeFileScope  *scope,
           Document             *doc,
           GError              **error)
{
  gint64 min = 0, max = 0;
  gboolean has_min = FALSE, has_max = FALSE;

  if (!maze_file_get_integer (scope, "difficulty_min", FALSE, 0, 100, &min, &has_min, error) ||
      !maze_file_get_integer (scope, "difficulty_max", FALSE, 0, 100, &max, &has_max, error))
    return FALSE;
  if (has_min != has_max)
    {
      maze_file_set_parse_error (error, _("“%s” needs “%s” beside it"),
                                 has_min ? "parameters.difficulty_min" : "parameters.difficulty_max",
                                 has_min ? "difficulty_max" : "difficulty_min");
      return FALSE;
    }
  if (has_min && min > max)
    {
      maze_file_set_parse_error (error, _("“%s” (%d) is above “%s” (%d)"),
                                 "parameters.difficulty_min", (int) min,
                                 "parameters.difficulty_max", (int) max);
      return FALSE;
    }
  doc->has_band = has_min;
  doc->band_min = (guint32) min;
  doc->band_max = (guint32) max;
  return TRUE;
}

/* How the maze was generated, when the file says. */
static gboolean
read_parameters (const MazeFileScope  *top,
                 Document             *doc,
                 GError              **error)
{
  MazeFileScope scope = { NULL, "parameters" };
  JsonNode *node;

  if (!maze_file_lookup (top, "parameters", FALSE, &node, error))
    return FALSE;
  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_autofree char *got = maze_file_describe_node (node);

      maze_file_set_parse_error (error, _("“%s” must be an object, not %s"), "parameters", got);
      return FALSE;
    }
  scope.object = json_node_get_object (node);
  if (!maze_file_get_algorithm (&scope, doc->shape, &doc->algorithm, &doc->mode, error) ||
      !maze_file_get_seed (&scope, &doc->seed, error) ||
      !maze_file_get_braid (&scope, &doc->braid, error) ||
      !read_band (&scope, doc, error))
    return FALSE;
  doc->has_parameters = TRUE;
  return TRUE;
}

/* The bulk data's text, each checked to be strict base64 of the length
 * the grid needs before anything is allocated for it. */
static gboolean
read_bulk (const MazeFileScope  *top,
           Document             *doc,
           GError              **error)
{
  guint64 n_cells = doc->n_cells;
  guint n = (guint) n_cells;
  g_autofree char *passages_what = NULL;

  if (!maze_file_get_string (top, "mask", FALSE, &doc->mask_text, error) ||
      !maze_file_get_string (top, "weights", FALSE, &doc->weights_text, error) ||
      !maze_file_get_string (top, "passages", TRUE, &doc->passages_text, error))
    return FALSE;
  if (doc->mask_text != NULL)
    {
      g_autofree char *what = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            /* Translators: completes "“mask” holds 3 bytes, expected 4: …" */
                                                            "1 bit for each of %u cell",
                                                            "1 bit for each of %u cells", n),
                                               n);

      if (!maze_base64_check ("mask", doc->mask_text, (n_cells + 7) / 8, what, error))
        return FALSE;
    }
  if (doc->weights_text != NULL)
    {
      g_autofree char *what = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            /* Translators: completes "“weights” holds 3 bytes, expected 4: …" */
                                                            "1 byte for each of %u cell",
                                                            "1 byte for each of %u cells", n),
                                               n);

      if (!maze_base64_check ("weights", doc->weights_text, n_cells, what, error))
        return FALSE;
    }
  if (doc->shape == MAZE_SHAPE_TRI)
    passages_what = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  /* Translators: completes "“passages” holds
                                                   * 3 bytes, expected 4: …"; the number
                                                   * of bits, then the number of cells */
                                                  "%u passage bits for each of %u cell of a triangular maze",
                                                  "%u passage bits for each of %u cells of a triangular maze",
                                                  (gulong) n_cells),
                                     doc->bits, n);
  else if (doc->shape == MAZE_SHAPE_HEX)
    passages_what = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  /* Translators: completes "“passages” holds
                                                   * 3 bytes, expected 4: …"; the number
                                                   * of bits, then the number of cells */
                                                  "%u passage bits for each of %u cell of a hexagonal maze",
                                                  "%u passage bits for each of %u cells of a hexagonal maze",
                                                  (gulong) n_cells),
                                     doc->bits, n);
  else if (doc->shape == MAZE_SHAPE_CIRCULAR)
    passages_what = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  /* Translators: completes "“passages” holds
                                                   * 3 bytes, expected 4: …"; the number
                                                   * of bits, then the number of cells */
                                                  "%u passage bits for each of %u cell of a circular maze",
                                                  "%u passage bits for each of %u cells of a circular maze",
                                                  (gulong) n_cells),
                                     doc->bits, n);
  else
    passages_what = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  /* Translators: completes "“passages” holds
                                                   * 3 bytes, expected 4: …"; the number
                                                   * of bits, then the number of cells */
                                                  "%u passage bits for each of %u cell of a rectangular maze",
                                                  "%u passage bits for each of %u cells of a rectangular maze",
                                                  (gulong) n_cells),
                                     doc->bits, n);
  return maze_base64_check ("passages", doc->passages_text, (n_cells * doc->bits + 7) / 8,
                            passages_what, error);
}

/* The edits, oldest first; an empty array when there are none. */
static GPtrArray *
read_history (const MazeFileScope  *top,
              const Document       *doc,
              GError              **error)
{
  g_autoptr(GPtrArray) history = g_ptr_array_new_with_free_func ((GDestroyNotify) maze_edit_free);
  JsonArray *array;
  JsonNode *node;

  if (!maze_file_lookup (top, "history", FALSE, &node, error))
    return NULL;
  if (node == NULL)
    return g_steal_pointer (&history);
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_autofree char *got = maze_file_describe_node (node);

      maze_file_set_parse_error (error, _("“%s” must be an array, not %s"), "history", got);
      return NULL;
    }
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      MazeEdit *edit = parse_edit (json_array_get_element (array, i), i,
                                   doc->shape, doc->width, doc->height, doc->polar, error);

      if (edit == NULL)
        return NULL;
      g_ptr_array_add (history, edit);
    }
  return g_steal_pointer (&history);
}

/* Decodes the weights into grid; a weight of 0 is refused. */
static gboolean
decode_weights (MazeGrid    *grid,
                const char  *text,
                GError     **error)
{
  MazeBitReader r = { text };

  grid->weights = g_try_malloc (grid->n_cells);
  if (grid->weights == NULL)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   _("Not enough memory for the weights of a %u×%u maze"),
                   grid->width, grid->height);
      return FALSE;
    }
  for (guint32 i = 0; i < grid->n_cells; i++)
    {
      grid->weights[i] = (guint8) maze_bit_reader_get (&r, 8);
      if (grid->weights[i] == 0)
        {
          guint x, y;

          maze_grid_xy (grid, i, &x, &y);
          maze_file_set_parse_error (error, _("“%s”: cell (%u,%u) has weight 0; weights must be 1 to 255"),
                                     "weights", x, y);
          return FALSE;
        }
    }
  return TRUE;
}

/* The grid from the checked bulk data, itself checked: no passage leaves
 * it or touches a masked cell. */
static MazeGrid *
build_grid (const Document  *doc,
            GError         **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(MazeGrid) grid = NULL;
  MazeBitReader r;

  grid = maze_grid_new_rings (doc->shape, doc->width, doc->height,
                              doc->polar != NULL && doc->polar->centre, &local_error);
  if (grid == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  if (doc->mask_text != NULL)
    {
      r = (MazeBitReader) { doc->mask_text };
      for (guint32 i = 0; i < grid->n_cells; i++)
        if (maze_bit_reader_get (&r, 1))
          grid->cells[i] |= MAZE_CELL_MASKED;
      if (!maze_bit_reader_check_end (&r, "mask", error))
        return NULL;
    }

  r = (MazeBitReader) { doc->passages_text };
  for (guint32 i = 0; i < grid->n_cells; i++)
    grid->cells[i] |= (guint8) maze_bit_reader_get (&r, doc->bits);
  if (!maze_bit_reader_check_end (&r, "passages", error))
    return NULL;

  if (doc->weights_text != NULL && !decode_weights (grid, doc->weights_text, error))
    return NULL;

  if (!maze_grid_validate (grid, &local_error))
    {
      maze_file_set_field_error (error, "passages", local_error);
      return NULL;
    }
  return g_steal_pointer (&grid);
}

/**
 * maze_puzzle_from_json:
 * @data: the document
 * @length: its length, or -1 when NUL-terminated
 * @error: return location for a #GError
 *
 * Reads a .maze document, checking all of it. Nothing is built until the
 * whole document has been checked well enough to know the grid can be
 * filled: sizes and the lengths of the bulk data are checked before the
 * grid is allocated.
 *
 * Returns: the puzzle, or %NULL with MAZE_ERROR_PARSE (MAZE_ERROR_INVALID_SIZE
 *   when @data is longer than MAZE_FILE_MAX_BYTES).
 */
MazePuzzle *
maze_puzzle_from_json (const char  *data,
                       gssize       length,
                       GError     **error)
{
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = (gssize) strlen (data);
  if ((guint64) length > MAZE_FILE_MAX_BYTES)
    {
      char size[32], limit[32];

      g_snprintf (size, sizeof size, "%" G_GSSIZE_FORMAT, length);
      g_snprintf (limit, sizeof limit, "%" G_GUINT64_FORMAT, (guint64) MAZE_FILE_MAX_BYTES);
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   _("The maze file is %s bytes, more than the limit of %s"), size, limit);
      return NULL;
    }
  return maze_file_read_json (data, (gsize) length, NULL, error);
}

MazePuzzle *
maze_file_read_json (const char         *data,
                     gsize               length,
                     const MazeLoadJob  *job,
                     GError            **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GPtrArray) history = NULL;
  g_autoptr(MazeGrid) grid = NULL;
  g_autoptr(MazePuzzle) puzzle = NULL;
  g_autoptr(MazeOutlineParams) outline = NULL;
  g_autoptr(MazePolarLayout) polar = NULL;
  MazeFileScope top = { NULL, NULL };
  Document doc = {
    .algorithm = MAZE_ALGORITHM_BACKTRACKER,
    .mode = MAZE_GROWING_TREE_MIXED,
  };
  guint check_width, check_height;

  parser = json_parser_new_immutable ();
  top.object = read_envelope (parser, data, length, &doc.version, error);
  if (top.object == NULL || !maze_load_job_step (job, 0.7, error))
    return NULL;

  /* The history comes after the bulk checks: its masks are the only
   * thing it allocates, and a file whose grid cannot be read should not
   * cost them. */
  if (!read_grid_size (&top, &doc, error))
    return NULL;
  polar = doc.polar;
  /* A circular maze is asked about as the rectangle of its rings as long
   * as the outer one: at most twice its cells. */
  check_width = polar != NULL ? polar->lengths[polar->n_rings - 1] : doc.width;
  check_height = doc.height;
  if (job != NULL && job->check_size != NULL &&
      !job->check_size (doc.shape, check_width, check_height, job->check_size_data, error))
    return NULL;
  if (!read_parameters (&top, &doc, error) ||
      !maze_file_get_cell (&top, "start", doc.width, doc.height, doc.polar, &doc.start, error) ||
      !maze_file_get_cell (&top, "end", doc.width, doc.height, doc.polar, &doc.end, error) ||
      !maze_file_read_outline (&top, &outline, error) ||
      !read_bulk (&top, &doc, error))
    return NULL;
  history = read_history (&top, &doc, error);
  if (history == NULL || !maze_load_job_step (job, 0.8, error))
    return NULL;
  grid = build_grid (&doc, error);
  if (grid == NULL || !maze_load_job_step (job, 0.95, error))
    return NULL;

  puzzle = maze_puzzle_new_for_grid (g_steal_pointer (&grid), doc.start, doc.end);
  if (!maze_puzzle_check_endpoints (puzzle, &local_error))
    {
      maze_file_set_parse_error (error, "%s", local_error->message);
      return NULL;
    }
  maze_puzzle_set_title (puzzle, doc.title);
  puzzle->has_parameters = doc.has_parameters;
  puzzle->algorithm = doc.algorithm;
  puzzle->growing_tree_mode = doc.mode;
  puzzle->seed = doc.seed;
  puzzle->braid = doc.braid;
  puzzle->outline = g_steal_pointer (&outline);
  puzzle->has_band = doc.has_band;
  puzzle->band_min = doc.band_min;
  puzzle->band_max = doc.band_max;
  g_ptr_array_extend_and_steal (puzzle->history, g_steal_pointer (&history));

  return g_steal_pointer (&puzzle);
}
