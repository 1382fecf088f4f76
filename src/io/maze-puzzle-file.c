/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-puzzle-file.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "maze-atomic-file.h"
#include "maze-json-string.h"
#include "maze-braid.h"
#include "maze-error.h"

/* The .maze file, format version 1.
 *
 * A JSON object, UTF-8. An example (tests/data/good/small-rect.maze: a
 * 4×3 rectangular maze, cell (3,0) masked out, a corner regenerated, a
 * heavier cell):
 *
 *   {
 *     "format": "mazewright",
 *     "version": 1,
 *     "generator_version": 1,
 *     "title": "Base",
 *     "shape": "rect",
 *     "width": 4,
 *     "height": 3,
 *     "parameters": {"algorithm": "backtracker", "growing_tree_mode": "mixed",
 *                    "seed": "5", "braid": 0, "braid_fixed": 0},
 *     "start": [0, 0],
 *     "end": [3, 2],
 *     "history": [
 *       {"edit": "mask", "rect": [2, 0, 2, 2], "algorithm": "prim",
 *        "growing_tree_mode": "newest", "seed": "77", "mask": "Ag=="},
 *       {"edit": "regenerate", "rect": [0, 1, 2, 2], "algorithm": "wilson",
 *        "growing_tree_mode": "newest", "seed": "78"},
 *       {"edit": "weight", "cell": [1, 1], "weight": 3},
 *       {"edit": "end", "cell": [3, 2]}
 *     ],
 *     "mask": "CAA=",
 *     "weights": "AQEBAQEDAQEBAQEB",
 *     "passages": "I54F"
 *   }
 *
 * (The writer puts each history entry and the parameters on one line.)
 * "passages" decodes to 0x23 0x9e 0x05: cell (0,0) owns bits 0-1 (E and
 * S: both open), (1,0) bits 2-3 (E closed, S closed), (2,0) bits 4-5
 * (E closed, S open), and so on. "mask" is 0x08 0x00: bit 3, cell (3,0).
 *
 * Members:
 *   format            "mazewright", always.
 *   version           the format version, MAZE_FILE_FORMAT_VERSION. A
 *                     reader refuses a higher one.
 *   generator_version MAZE_GENERATOR_VERSION of the program that wrote the
 *                     file: whether regenerating from the parameters gives
 *                     the same passages again.
 *   title             optional string.
 *   shape             "rect" or "hex"; width and height in cells.
 *   parameters        how the maze was generated; absent for a maze made
 *                     elsewhere (an imported text maze). seed is a decimal
 *                     string (JSON numbers lose 64-bit precision); braid is
 *                     a fraction 0..1 for people and braid_fixed the exact
 *                     fixed-point value (MAZE_BRAID_ONE = 1) the program
 *                     uses. A reader takes braid_fixed when present and
 *                     refuses a file where the two disagree.
 *                     growing_tree_mode is optional ("mixed").
 *   start, end        [x, y] of open cells.
 *   history           optional: the edits since generation, oldest first.
 *                     Each is {"edit": kind, ...} with, by kind:
 *                       regenerate: rect [x, y, width, height], algorithm,
 *                                   growing_tree_mode (optional), seed;
 *                       mask:       the same, and mask: the rect's new mask;
 *                       start, end: cell [x, y];
 *                       weight:     cell [x, y], weight 1..255.
 *   mask              optional (absent: nothing masked): 1 bit per cell,
 *                     1 = masked.
 *   weights           optional (absent: all 1): 1 byte per cell, 1..255.
 *   passages          for each cell, the passages it owns (see
 *                     maze-topology.h): rect 2 bits (E, S), hex 3 bits
 *                     (E, SE, SW).
 *
 * Cells go in reading order (row by row, left to right). Bits are packed
 * least significant bit first, byte after byte, with the unused bits of
 * the last byte zero; the bytes are then base64 (RFC 4648, with '='
 * padding, no line breaks). Mask bits of a history mask edit cover only
 * the cells of its rect, in reading order within it.
 *
 * Members may come in any order; an optional member may also be null.
 * Sizes follow maze_check_size(); a file is at most MAZE_FILE_MAX_BYTES,
 * strict JSON (RFC 8259: no comments, no single quotes, no lone
 * surrogate or U+0000 in a string), nests at most MAX_NESTING deep, and
 * holds no string longer than MAX_STRING_BYTES but the bulk data, which
 * is no longer than its grid needs. The grid need not be perfect (a
 * braided maze has loops), but no passage may leave the grid or touch a
 * masked cell, and start and end must be open.
 *
 * The passages are the truth: a file opens the same even after the
 * generators change. Parameters and history only say how the maze came to
 * be. A reader ignores members it does not know, so later versions may add
 * some without a version bump; it checks everything it reads and refuses
 * the whole file with MAZE_ERROR_PARSE and a message naming the member
 * (as a JSON path, "history[3].rect") at the first problem. */

/* Our documents nest four deep; json-glib's parser recurses, so a hostile
 * file of a million '[' would overflow the stack. */
#define MAX_NESTING 64

/* How much of an offending value an error message quotes. */
#define QUOTE_CHARS 32

/* ---- Writing ---- */

static const char base64_alphabet[] =
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* Packs bits LSB first into bytes and streams them out as base64, so no
 * packed copy of a big maze is ever held. */
typedef struct
{
  GString *out;
  guint32  bits;     /* pending bits, LSB first */
  guint    n_bits;
  guint8   group[3]; /* bytes waiting for a base64 quantum */
  guint    n_group;
} BitWriter;

static void
bit_writer_flush_group (BitWriter *w)
{
  guint32 v = ((guint32) w->group[0] << 16) | ((guint32) w->group[1] << 8) | w->group[2];
  char quantum[4];

  quantum[0] = base64_alphabet[(v >> 18) & 63];
  quantum[1] = base64_alphabet[(v >> 12) & 63];
  quantum[2] = w->n_group > 1 ? base64_alphabet[(v >> 6) & 63] : '=';
  quantum[3] = w->n_group > 2 ? base64_alphabet[v & 63] : '=';
  g_string_append_len (w->out, quantum, 4);
  w->group[0] = w->group[1] = w->group[2] = 0;
  w->n_group = 0;
}

static inline void
bit_writer_put_byte (BitWriter *w,
                     guint8     byte)
{
  w->group[w->n_group++] = byte;
  if (w->n_group == 3)
    bit_writer_flush_group (w);
}

static inline void
bit_writer_put (BitWriter *w,
                guint      value,
                guint      n_bits)
{
  w->bits |= (guint32) value << w->n_bits;
  w->n_bits += n_bits;
  while (w->n_bits >= 8)
    {
      bit_writer_put_byte (w, w->bits & 0xff);
      w->bits >>= 8;
      w->n_bits -= 8;
    }
}

static void
bit_writer_finish (BitWriter *w)
{
  if (w->n_bits > 0)
    bit_writer_put_byte (w, w->bits & 0xff);
  w->bits = 0;
  w->n_bits = 0;
  if (w->n_group > 0)
    bit_writer_flush_group (w);
}

static gsize
base64_length (guint64 n_bytes)
{
  return (gsize) ((n_bytes + 2) / 3 * 4);
}

/* Passage bits each cell owns: 2 for rect, 3 for hex. The owned bits are
 * always the low bits of the cell byte (maze-topology.h). */
static guint
owned_bits_per_cell (const MazeTopology *t)
{
  guint n = 0;

  for (guint d = 0; d < t->n_dirs; d++)
    if (t->owned_bit[d] >= 0)
      n++;
  return n;
}

static void
append_algorithm (GString             *out,
                  MazeAlgorithm        algorithm,
                  MazeGrowingTreeMode  mode,
                  guint64              seed)
{
  g_string_append_printf (out,
                          "\"algorithm\": \"%s\", \"growing_tree_mode\": \"%s\", "
                          "\"seed\": \"%" G_GUINT64_FORMAT "\"",
                          maze_algorithm_get_info (algorithm)->name,
                          maze_growing_tree_mode_to_string (mode),
                          seed);
}

static void
append_cell (GString        *out,
             const MazeGrid *grid,
             guint32         cell)
{
  guint x, y;

  maze_grid_xy (grid, cell, &x, &y);
  g_string_append_printf (out, "[%u, %u]", x, y);
}

static void
append_edit (GString        *out,
             const MazeGrid *grid,
             const MazeEdit *edit)
{
  g_string_append_printf (out, "{\"edit\": \"%s\"", maze_edit_kind_to_string (edit->kind));

  switch (edit->kind)
    {
    case MAZE_EDIT_REGENERATE:
    case MAZE_EDIT_MASK:
      g_string_append_printf (out, ", \"rect\": [%u, %u, %u, %u], ",
                              edit->rect.x, edit->rect.y, edit->rect.width, edit->rect.height);
      append_algorithm (out, edit->algorithm, edit->growing_tree_mode, edit->seed);
      if (edit->kind == MAZE_EDIT_MASK)
        {
          BitWriter w = { out };
          guint64 n = (guint64) edit->rect.width * edit->rect.height;

          g_string_append (out, ", \"mask\": \"");
          for (guint64 i = 0; i < n; i++)
            bit_writer_put (&w, edit->mask != NULL && edit->mask[i] != 0, 1);
          bit_writer_finish (&w);
          g_string_append_c (out, '"');
        }
      break;

    case MAZE_EDIT_START:
    case MAZE_EDIT_END:
    case MAZE_EDIT_WEIGHT:
      g_string_append (out, ", \"cell\": ");
      append_cell (out, grid, edit->cell);
      if (edit->kind == MAZE_EDIT_WEIGHT)
        g_string_append_printf (out, ", \"weight\": %u", edit->weight);
      break;

    default:
      g_assert_not_reached ();
    }

  g_string_append_c (out, '}');
}

static gboolean
grid_has_weights (const MazeGrid *grid)
{
  if (grid->weights == NULL)
    return FALSE;
  for (guint32 i = 0; i < grid->n_cells; i++)
    if (grid->weights[i] != 1)
      return TRUE;
  return FALSE;
}

/**
 * maze_puzzle_to_json:
 * @puzzle: a puzzle
 * @length: (out) (optional): the length of the text
 *
 * Writes @puzzle as a .maze document: small members one per line, the
 * bulk data as single base64 lines.
 *
 * Returns: the document, NUL-terminated; free with g_free().
 */
char *
maze_puzzle_to_json (const MazePuzzle *puzzle,
                     gsize            *length)
{
  const MazeGrid *grid;
  const MazeTopology *t;
  GString *out;
  BitWriter w;
  guint bits;
  gboolean has_weights;
  gboolean has_mask;
  gsize size;

  g_return_val_if_fail (puzzle != NULL, NULL);
  g_return_val_if_fail (puzzle->grid != NULL, NULL);
  g_return_val_if_fail (puzzle->start < puzzle->grid->n_cells, NULL);
  g_return_val_if_fail (puzzle->end < puzzle->grid->n_cells, NULL);

  grid = puzzle->grid;
  t = grid->topology;
  bits = owned_bits_per_cell (t);
  has_weights = grid_has_weights (grid);
  has_mask = maze_grid_has_mask (grid, NULL);

  /* Reserve the bulk up front: a big maze is nearly all base64. */
  size = 4096 + base64_length (((guint64) grid->n_cells * bits + 7) / 8);
  if (has_mask)
    size += base64_length (((guint64) grid->n_cells + 7) / 8);
  if (has_weights)
    size += base64_length (grid->n_cells);
  out = g_string_sized_new (size);

  g_string_append_printf (out,
                          "{\n"
                          "  \"format\": \"mazewright\",\n"
                          "  \"version\": %d,\n"
                          "  \"generator_version\": %d,\n",
                          MAZE_FILE_FORMAT_VERSION, MAZE_GENERATOR_VERSION);
  if (puzzle->title != NULL)
    {
      g_string_append (out, "  \"title\": ");
      maze_json_append_string (out, puzzle->title);
      g_string_append (out, ",\n");
    }
  g_string_append_printf (out,
                          "  \"shape\": \"%s\",\n"
                          "  \"width\": %u,\n"
                          "  \"height\": %u,\n",
                          maze_shape_to_string (grid->shape), grid->width, grid->height);

  if (puzzle->has_parameters)
    {
      char braid[G_ASCII_DTOSTR_BUF_SIZE];

      /* braid_fixed / 2^16 is exact in a double and %.17g prints it
       * exactly: the fraction is for people, braid_fixed for programs. */
      g_ascii_dtostr (braid, sizeof braid, (double) puzzle->braid / MAZE_BRAID_ONE);
      g_string_append (out, "  \"parameters\": {");
      append_algorithm (out, puzzle->algorithm, puzzle->growing_tree_mode, puzzle->seed);
      g_string_append_printf (out, ", \"braid\": %s, \"braid_fixed\": %u},\n",
                              braid, puzzle->braid);
    }

  g_string_append (out, "  \"start\": ");
  append_cell (out, grid, puzzle->start);
  g_string_append (out, ",\n  \"end\": ");
  append_cell (out, grid, puzzle->end);
  g_string_append (out, ",\n");

  if (puzzle->history->len > 0)
    {
      g_string_append (out, "  \"history\": [\n");
      for (guint i = 0; i < puzzle->history->len; i++)
        {
          g_string_append (out, "    ");
          append_edit (out, grid, g_ptr_array_index (puzzle->history, i));
          g_string_append (out, i + 1 < puzzle->history->len ? ",\n" : "\n");
        }
      g_string_append (out, "  ],\n");
    }

  if (has_mask)
    {
      w = (BitWriter) { out };
      g_string_append (out, "  \"mask\": \"");
      for (guint32 i = 0; i < grid->n_cells; i++)
        bit_writer_put (&w, (grid->cells[i] & MAZE_CELL_MASKED) != 0, 1);
      bit_writer_finish (&w);
      g_string_append (out, "\",\n");
    }

  if (has_weights)
    {
      w = (BitWriter) { out };
      g_string_append (out, "  \"weights\": \"");
      for (guint32 i = 0; i < grid->n_cells; i++)
        bit_writer_put_byte (&w, grid->weights[i]);
      bit_writer_finish (&w);
      g_string_append (out, "\",\n");
    }

  w = (BitWriter) { out };
  g_string_append (out, "  \"passages\": \"");
  for (guint32 i = 0; i < grid->n_cells; i++)
    bit_writer_put (&w, grid->cells[i] & ((1u << bits) - 1), bits);
  bit_writer_finish (&w);
  g_string_append (out, "\"\n}\n");

  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}

/**
 * maze_puzzle_save:
 *
 * Writes @puzzle to @path atomically: on failure the old file is left as
 * it was. A document larger than MAZE_FILE_MAX_BYTES (which no loader
 * would read back) is refused with MAZE_ERROR_INVALID_SIZE.
 */
gboolean
maze_puzzle_save (const MazePuzzle  *puzzle,
                  const char        *path,
                  GError           **error)
{
  g_autoptr(MazeAtomicFile) file = NULL;
  g_autofree char *json = NULL;
  gsize length = 0;
  FILE *stream;

  g_return_val_if_fail (puzzle != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  json = maze_puzzle_to_json (puzzle, &length);
  g_return_val_if_fail (json != NULL, FALSE);
  if (length > MAZE_FILE_MAX_BYTES)
    {
      char size[32], limit[32];

      g_snprintf (size, sizeof size, "%" G_GSIZE_FORMAT, length);
      g_snprintf (limit, sizeof limit, "%" G_GUINT64_FORMAT, (guint64) MAZE_FILE_MAX_BYTES);
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   _("This maze would make a file of %s bytes, more than the limit of %s"),
                   size, limit);
      return FALSE;
    }

  file = maze_atomic_file_open (path, error);
  if (file == NULL)
    return FALSE;
  stream = maze_atomic_file_stream (file);
  /* A short write shows up in the stream's error flag, which the commit
   * checks. */
  fwrite (json, 1, length, stream);
  return maze_atomic_file_commit (g_steal_pointer (&file), error);
}

/* ---- Reading: errors ---- */

/* A value as an error message quotes it: JSON, cut short. Objects and
 * arrays are only named. */
static char *
describe_node (JsonNode *node)
{
  g_autoptr(JsonNode) copy = NULL;

  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      return g_strdup (_("an object"));
    case JSON_NODE_ARRAY:
      return g_strdup (_("an array"));
    case JSON_NODE_NULL:
      return g_strdup ("null");
    case JSON_NODE_VALUE:
    default:
      break;
    }

  if (json_node_get_value_type (node) == G_TYPE_STRING)
    {
      const char *text = json_node_get_string (node);
      const char *end = text;
      g_autofree char *cut = NULL;
      g_autofree char *json = NULL;
      guint n = 0;

      while (*end != '\0' && n < QUOTE_CHARS)
        {
          end = g_utf8_next_char (end);
          n++;
        }
      cut = g_strndup (text, end - text);
      copy = json_node_alloc ();
      json_node_init_string (copy, cut);
      json = json_to_string (copy, FALSE);
      return *end != '\0' ? g_strconcat (json, "…", NULL) : g_steal_pointer (&json);
    }
  return json_to_string (node, FALSE);
}

static void
set_parse_error (GError     **error,
                 const char  *format,
                 ...) G_GNUC_PRINTF (2, 3);

static void
set_parse_error (GError     **error,
                 const char  *format,
                 ...)
{
  va_list args;

  if (error == NULL)
    return;
  va_start (args, format);
  *error = g_error_new_valist (MAZE_ERROR, MAZE_ERROR_PARSE, format, args);
  va_end (args);
}

/* Another part's error, reported as a parse error of field. */
static void
set_field_error (GError     **error,
                 const char  *field,
                 GError      *cause)
{
  /* Translators: a field of the file, then what is wrong with it */
  set_parse_error (error, _("“%s”: %s"), field, cause->message);
}

/* "history[3]" + "rect" -> "history[3].rect" */
static char *
join_path (const char *parent,
           const char *name)
{
  return parent != NULL ? g_strconcat (parent, ".", name, NULL) : g_strdup (name);
}

/* ---- Reading: typed members ---- */

typedef struct
{
  JsonObject *object;
  const char *path;   /* of the object; NULL at the top */
} Scope;

/* The member's node, NULL when absent. JSON null counts as absent for
 * optional members. */
static gboolean
lookup (const Scope  *scope,
        const char   *name,
        gboolean      required,
        JsonNode    **node,
        GError      **error)
{
  *node = json_object_get_member (scope->object, name);
  if (*node != NULL && !required && JSON_NODE_HOLDS_NULL (*node))
    *node = NULL;
  if (*node == NULL && required)
    {
      g_autofree char *path = join_path (scope->path, name);

      set_parse_error (error, _("“%s” is missing"), path);
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
static gboolean
get_string (const Scope  *scope,
            const char   *name,
            gboolean      required,
            const char  **value,
            GError      **error)
{
  JsonNode *node;

  *value = NULL;
  if (!lookup (scope, name, required, &node, error))
    return FALSE;
  if (node == NULL)
    return TRUE;
  if (!node_is_string (node))
    {
      g_autofree char *path = join_path (scope->path, name);
      g_autofree char *got = describe_node (node);

      set_parse_error (error, _("“%s” must be a string, not %s"), path, got);
      return FALSE;
    }
  *value = json_node_get_string (node);
  return TRUE;
}

static void
set_range_error (GError     **error,
                 const char  *path,
                 gint64       value,
                 gint64       min,
                 gint64       max)
{
  char v[32], lo[32], hi[32];

  g_snprintf (v, sizeof v, "%" G_GINT64_FORMAT, value);
  g_snprintf (lo, sizeof lo, "%" G_GINT64_FORMAT, min);
  g_snprintf (hi, sizeof hi, "%" G_GINT64_FORMAT, max);
  set_parse_error (error, _("“%s” is %s; it must be %s to %s"), path, v, lo, hi);
}

/* *present is FALSE (and *value untouched) when the optional member is
 * absent. */
static gboolean
get_integer (const Scope  *scope,
             const char   *name,
             gboolean      required,
             gint64        min,
             gint64        max,
             gint64       *value,
             gboolean     *present,
             GError      **error)
{
  g_autofree char *path = NULL;
  JsonNode *node;
  gint64 v;

  if (present != NULL)
    *present = FALSE;
  if (!lookup (scope, name, required, &node, error))
    return FALSE;
  if (node == NULL)
    return TRUE;

  path = join_path (scope->path, name);
  if (!node_is_integer (node))
    {
      g_autofree char *got = describe_node (node);

      set_parse_error (error, _("“%s” must be a whole number, not %s"), path, got);
      return FALSE;
    }
  v = json_node_get_int (node);
  if (v < min || v > max)
    {
      set_range_error (error, path, v, min, max);
      return FALSE;
    }
  *value = v;
  if (present != NULL)
    *present = TRUE;
  return TRUE;
}

/* An array of exactly n whole numbers, each at least 0. */
static gboolean
get_integer_array (const Scope  *scope,
                   const char   *name,
                   guint         n,
                   const char   *form,
                   gint64       *values,
                   GError      **error)
{
  g_autofree char *path = join_path (scope->path, name);
  JsonNode *node;
  JsonArray *array;

  if (!lookup (scope, name, TRUE, &node, error))
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
                             : describe_node (node);

      /* Translators: the second %s is the form, "[x, y]" or
       * "[x, y, width, height]"; the last the value found */
      set_parse_error (error, _("“%s” must be %s, not %s"), path, form, got);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      JsonNode *item = json_array_get_element (array, i);

      if (!node_is_integer (item) || json_node_get_int (item) < 0)
        {
          g_autofree char *got = describe_node (item);

          set_parse_error (error, _("“%s[%u]” must be a whole number 0 or more, not %s"),
                           path, i, got);
          return FALSE;
        }
      values[i] = json_node_get_int (item);
    }
  return TRUE;
}

/* [x, y] of a cell inside the grid. */
static gboolean
get_cell (const Scope  *scope,
          const char   *name,
          guint         width,
          guint         height,
          guint32      *cell,
          GError      **error)
{
  gint64 xy[2];

  if (!get_integer_array (scope, name, 2, "[x, y]", xy, error))
    return FALSE;
  if (xy[0] >= width || xy[1] >= height)
    {
      g_autofree char *path = join_path (scope->path, name);
      char x[32], y[32];

      g_snprintf (x, sizeof x, "%" G_GINT64_FORMAT, xy[0]);
      g_snprintf (y, sizeof y, "%" G_GINT64_FORMAT, xy[1]);
      set_parse_error (error, _("“%s” (%s,%s) is outside the %u×%u maze"),
                       path, x, y, width, height);
      return FALSE;
    }
  *cell = (guint32) xy[1] * width + (guint32) xy[0];
  return TRUE;
}

static gboolean
get_rect (const Scope  *scope,
          const char   *name,
          guint         width,
          guint         height,
          MazeRect     *rect,
          GError      **error)
{
  gint64 r[4];

  if (!get_integer_array (scope, name, 4, "[x, y, width, height]", r, error))
    return FALSE;
  /* Written so that no sum can overflow. */
  if (r[2] < 1 || r[3] < 1 || r[0] >= width || r[1] >= height ||
      r[2] > width - r[0] || r[3] > height - r[1])
    {
      g_autofree char *path = join_path (scope->path, name);
      g_autofree char *text = g_strdup_printf ("[%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT
                                               ", %" G_GINT64_FORMAT ", %" G_GINT64_FORMAT "]",
                                               r[0], r[1], r[2], r[3]);

      if (r[2] < 1 || r[3] < 1)
        set_parse_error (error, _("“%s” %s is empty"), path, text);
      else
        set_parse_error (error, _("“%s” %s reaches outside the %u×%u maze"),
                         path, text, width, height);
      return FALSE;
    }
  *rect = (MazeRect) { (guint) r[0], (guint) r[1], (guint) r[2], (guint) r[3] };
  return TRUE;
}

/* A seed: a decimal string, 0 to 2^64-1. Never a JSON number, which most
 * JSON tools read as a double. */
static gboolean
get_seed (const Scope  *scope,
          guint64      *seed,
          GError      **error)
{
  const char *text = NULL;
  JsonNode *node;
  guint64 v = 0;

  if (!lookup (scope, "seed", TRUE, &node, error))
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
      g_autofree char *path = join_path (scope->path, "seed");
      g_autofree char *got = describe_node (node);

      set_parse_error (error,
                       _("“%s” must be a string of decimal digits from 0 to %s, not %s"),
                       path, "18446744073709551615", got);
      return FALSE;
    }
  *seed = v;
  return TRUE;
}

static gboolean
get_algorithm (const Scope          *scope,
               MazeShape             shape,
               MazeAlgorithm        *algorithm,
               MazeGrowingTreeMode  *mode,
               GError              **error)
{
  g_autofree char *algorithm_path = join_path (scope->path, "algorithm");
  const char *name;

  if (!get_string (scope, "algorithm", TRUE, &name, error))
    return FALSE;
  if (!maze_algorithm_from_string (name, algorithm))
    {
      set_parse_error (error, _("“%s” is “%s”, which is not an algorithm this version knows"),
                       algorithm_path, name);
      return FALSE;
    }
  if (!maze_algorithm_supports (*algorithm, shape))
    {
      if (shape == MAZE_SHAPE_HEX)
        set_parse_error (error, _("“%s” is “%s”, which cannot make hexagonal mazes"),
                         algorithm_path, name);
      else
        set_parse_error (error, _("“%s” is “%s”, which cannot make rectangular mazes"),
                         algorithm_path, name);
      return FALSE;
    }

  *mode = MAZE_GROWING_TREE_MIXED;
  if (!get_string (scope, "growing_tree_mode", FALSE, &name, error))
    return FALSE;
  if (name != NULL && !maze_growing_tree_mode_from_string (name, mode))
    {
      g_autofree char *path = join_path (scope->path, "growing_tree_mode");

      set_parse_error (error, _("“%s” is “%s”; it must be “newest”, “random” or “mixed”"),
                       path, name);
      return FALSE;
    }
  return TRUE;
}

static gboolean
get_braid (const Scope  *scope,
           guint32      *braid,
           GError      **error)
{
  g_autofree char *path = join_path (scope->path, "braid");
  g_autofree char *fixed_path = join_path (scope->path, "braid_fixed");
  gint64 fixed = 0;
  gboolean has_fixed;
  JsonNode *node;
  double fraction = 0;

  if (!get_integer (scope, "braid_fixed", FALSE, 0, MAZE_BRAID_ONE, &fixed, &has_fixed, error))
    return FALSE;
  if (!lookup (scope, "braid", FALSE, &node, error))
    return FALSE;

  if (node != NULL)
    {
      char text[G_ASCII_DTOSTR_BUF_SIZE];

      if (!node_is_number (node))
        {
          g_autofree char *got = describe_node (node);

          set_parse_error (error, _("“%s” must be a number, not %s"), path, got);
          return FALSE;
        }
      fraction = json_node_get_double (node);
      g_ascii_dtostr (text, sizeof text, fraction);
      if (!(fraction >= 0 && fraction <= 1))
        {
          set_parse_error (error, _("“%s” is %s; it must be 0 to 1"), path, text);
          return FALSE;
        }
      if (has_fixed && maze_braid_from_fraction (fraction) != fixed)
        {
          set_parse_error (error, _("“%s” %s does not match “%s” %u"),
                           path, text, fixed_path, (guint) fixed);
          return FALSE;
        }
    }

  *braid = has_fixed ? (guint32) fixed : maze_braid_from_fraction (fraction);
  return TRUE;
}

/* ---- Reading: base64 ---- */

static inline int
base64_value (char c)
{
  if (c >= 'A' && c <= 'Z')
    return c - 'A';
  if (c >= 'a' && c <= 'z')
    return c - 'a' + 26;
  if (c >= '0' && c <= '9')
    return c - '0' + 52;
  if (c == '+')
    return 62;
  if (c == '/')
    return 63;
  return -1;
}

/* The character at pos of data, for a message: a printable ASCII
 * character quoted, any other as U+XXXX, a byte that is not UTF-8 as
 * \xNN. */
static char *
describe_character (const char *data,
                    gsize       length,
                    gsize       pos)
{
  guchar ch = (guchar) data[pos];
  gunichar u;

  if (ch < 0x80)
    /* Translators: a character quoted in a message about a damaged file;
     * use the quotation marks of your language */
    return g_ascii_isgraph (ch) ? g_strdup_printf (_("“%c”"), ch) : g_strdup_printf ("U+%04X", ch);
  u = g_utf8_get_char_validated (data + pos, (gssize) (length - pos));
  if (u == (gunichar) -1 || u == (gunichar) -2)
    return g_strdup_printf ("\\x%02x", ch);
  return g_strdup_printf ("U+%04X", u);
}

/* Checks that text is strict base64 of exactly expected bytes, before
 * anything is allocated for it. GLib's decoder skips what it does not
 * understand, so it cannot tell a damaged file. */
static gboolean
check_base64 (const char  *path,
              const char  *text,
              guint64      expected,
              const char  *what,
              GError     **error)
{
  gsize length = strlen (text);
  gsize padding = 0;
  guint64 got;
  char e[32], g[32];

  /* Numbers go in as strings: a G_GSIZE_FORMAT inside _() would cut the
   * message short for xgettext. */
  if (length % 4 != 0)
    {
      g_snprintf (g, sizeof g, "%" G_GSIZE_FORMAT, length);
      set_parse_error (error, _("“%s” is not valid base64: its length %s is not a multiple of 4"),
                       path, g);
      return FALSE;
    }
  while (padding < 2 && padding < length && text[length - 1 - padding] == '=')
    padding++;
  for (gsize i = 0; i < length - padding; i++)
    if (base64_value (text[i]) < 0)
      {
        g_autofree char *shown = describe_character (text, length, i);

        g_snprintf (g, sizeof g, "%" G_GSIZE_FORMAT, i);
        set_parse_error (error, _("“%s” is not valid base64: %s at offset %s"), path, shown, g);
        return FALSE;
      }

  got = (guint64) length / 4 * 3 - padding;
  if (got != expected)
    {
      g_snprintf (e, sizeof e, "%" G_GUINT64_FORMAT, expected);
      g_snprintf (g, sizeof g, "%" G_GUINT64_FORMAT, got);
      set_parse_error (error, g_dngettext (GETTEXT_PACKAGE,
                                           /* Translators: "“passages” holds 3 bytes,
                                            * expected 4: 2 passage bits for each of
                                            * 16 cells of a rectangular maze" */
                                           "“%s” holds %s byte, expected %s: %s",
                                           "“%s” holds %s bytes, expected %s: %s",
                                           (gulong) MIN (got, G_MAXULONG)),
                       path, g, e, what);
      return FALSE;
    }
  return TRUE;
}

/* Reads checked base64 back a byte or some bits at a time. */
typedef struct
{
  const char *text;
  guint32     bits;
  guint       n_bits;
  guint8      group[3];
  guint       n_group;
  guint       next;    /* in group */
} BitReader;

static inline guint8
bit_reader_get_byte (BitReader *r)
{
  if (r->next == r->n_group)
    {
      guint32 v = 0;
      guint n = 0;

      for (guint i = 0; i < 4; i++)
        {
          int c = base64_value (r->text[i]);

          if (c >= 0)
            n++;
          v = (v << 6) | (guint32) MAX (c, 0);
        }
      r->text += 4;
      r->group[0] = (guint8) (v >> 16);
      r->group[1] = (guint8) (v >> 8);
      r->group[2] = (guint8) v;
      r->n_group = n - 1;
      r->next = 0;
    }
  return r->group[r->next++];
}

static inline guint
bit_reader_get (BitReader *r,
                guint      n_bits)
{
  guint value;

  while (r->n_bits < n_bits)
    {
      r->bits |= (guint32) bit_reader_get_byte (r) << r->n_bits;
      r->n_bits += 8;
    }
  value = r->bits & ((1u << n_bits) - 1);
  r->bits >>= n_bits;
  r->n_bits -= n_bits;
  return value;
}

/* What is left of the last byte must be zero. */
static gboolean
bit_reader_check_end (BitReader   *r,
                      const char  *path,
                      GError     **error)
{
  if (r->bits != 0)
    {
      set_parse_error (error, _("“%s” has bits set after the last cell"), path);
      return FALSE;
    }
  return TRUE;
}

/* ---- Reading: the JSON itself ---- */

/* json-glib reads more than JSON (comments, 'single quotes', hex numbers)
 * and recurses once per level of nesting, so a check that only counted
 * brackets could be fooled into letting a million of them through (a
 * quote inside a comment hides them). Before json-glib sees a document,
 * one pass with no recursion and no allocation checks that it is strict
 * JSON (RFC 8259, UTF-8) nesting at most MAX_NESTING deep, whose strings
 * are no longer than they can be: the bulk data ("mask", "weights",
 * "passages") at most what a grid of the document's width and height
 * needs, anything else at most MAX_STRING_BYTES. A hostile file is thus
 * refused in time and memory that grow with its size only, and json-glib
 * only ever parses what both sets of rules agree on. */

/* A title, a name, a seed: nothing but the bulk data comes near this. */
#define MAX_STRING_BYTES 65536

typedef enum
{
  WANT_VALUE,
  WANT_VALUE_OR_CLOSE,   /* just after '[' */
  WANT_KEY,
  WANT_KEY_OR_CLOSE,     /* just after '{' */
  WANT_COLON,
  WANT_COMMA_OR_CLOSE,   /* after a value */
} JsonCheckState;

typedef struct
{
  const char  *data;
  gsize        length;
  gsize        pos;
  GError     **error;
  /* Seen on the way, for the bound on the bulk data: the top level's
   * "width" and "height" when they are plain whole numbers (else -1),
   * and the longest bulk string. */
  gint64       width;
  gint64       height;
  gsize        bulk_length;
  gsize        bulk_pos;
  const char  *bulk_name;
  gsize        bulk_name_length;
} JsonCheck;

static gboolean
json_check_fail (const JsonCheck *c,
                 gsize            pos,
                 const char      *format,
                 ...) G_GNUC_PRINTF (3, 4);

/* "line L, column C: what"; columns count characters. */
static gboolean
json_check_fail (const JsonCheck *c,
                 gsize            pos,
                 const char      *format,
                 ...)
{
  g_autofree char *what = NULL;
  gsize line_start = 0;
  guint line = 1;
  glong column;
  va_list args;

  for (gsize i = 0; i < pos; i++)
    if (c->data[i] == '\n')
      {
        line++;
        line_start = i + 1;
      }
  column = g_utf8_validate_len (c->data + line_start, pos - line_start, NULL)
           ? g_utf8_strlen (c->data + line_start, (gssize) (pos - line_start))
           : (glong) (pos - line_start);

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  /* Translators: the line and the column, then what is wrong there */
  set_parse_error (c->error, _("Not a Mazewright file: the JSON is malformed: line %u, column %u: %s"),
                   line, (guint) column + 1, what);
  return FALSE;
}

static char *
json_check_describe (const JsonCheck *c,
                     gsize            pos)
{
  return describe_character (c->data, c->length, pos);
}

static gboolean
json_check_unexpected (const JsonCheck *c)
{
  g_autofree char *found = json_check_describe (c, c->pos);

  return json_check_fail (c, c->pos, _("unexpected %s"), found);
}

static gboolean
is_bulk_member (const char *name,
                gsize       length)
{
  return (length == 4 && memcmp (name, "mask", 4) == 0) ||
         (length == 7 && memcmp (name, "weights", 7) == 0) ||
         (length == 8 && memcmp (name, "passages", 8) == 0);
}

/* The four hex digits of the backslash-u escape at pos. */
static gboolean
json_check_u_escape (const JsonCheck *c,
                     gsize            pos,
                     gunichar        *u)
{
  *u = 0;
  for (guint k = 2; k < 6; k++)
    {
      if (pos + k >= c->length || !g_ascii_isxdigit (c->data[pos + k]))
        return json_check_fail (c, pos, _("a “\\u” escape needs four hex digits"));
      *u = (*u << 4) | (gunichar) g_ascii_xdigit_value (c->data[pos + k]);
    }
  return TRUE;
}

/* A string at c->pos, its content [*start, *end) as typed (escapes
 * left in). Stops at once past max bytes, so a gigabyte of title costs
 * no more than the limit. name is the member it is the value of (NULL:
 * a member name itself, or an array item). */
static gboolean
json_check_string (JsonCheck  *c,
                   const char *name,
                   gsize       name_length,
                   gsize       max,
                   gsize      *start,
                   gsize      *end)
{
  gsize i = c->pos + 1;
  const char *invalid;

  for (;;)
    {
      guchar ch;

      if (i >= c->length)
        return json_check_fail (c, c->pos, _("a string is not closed"));
      if (i - (c->pos + 1) > max)
        {
          char limit[32];

          g_snprintf (limit, sizeof limit, "%" G_GSIZE_FORMAT, max);
          if (name != NULL)
            {
              g_autofree char *quoted = g_strndup (name, name_length);

              return json_check_fail (c, c->pos, _("“%s” is longer than the limit of %s bytes"),
                                      quoted, limit);
            }
          return json_check_fail (c, c->pos, _("a string is longer than the limit of %s bytes"),
                                  limit);
        }
      ch = (guchar) c->data[i];
      if (ch == '"')
        break;
      if (ch < 0x20)
        {
          g_autofree char *found = json_check_describe (c, i);

          return json_check_fail (c, i, _("%s inside a string: control characters must be escaped"),
                                  found);
        }
      if (ch == '\\')
        {
          char e = i + 1 < c->length ? c->data[i + 1] : '\0';

          if (e == 'u')
            {
              gunichar u;

              if (!json_check_u_escape (c, i, &u))
                return FALSE;
              /* json-glib would make invalid UTF-8 of a lone surrogate
               * and cut the string short at U+0000. */
              if (u == 0)
                return json_check_fail (c, i, _("a string holds U+0000"));
              if (u >= 0xDC00 && u <= 0xDFFF)
                return json_check_fail (c, i, _("a “\\u” escape is half a surrogate pair"));
              if (u >= 0xD800 && u <= 0xDBFF)
                {
                  gunichar low = 0;

                  if (i + 7 >= c->length || c->data[i + 6] != '\\' || c->data[i + 7] != 'u' ||
                      !json_check_u_escape (c, i + 6, &low) || low < 0xDC00 || low > 0xDFFF)
                    return json_check_fail (c, i, _("a “\\u” escape is half a surrogate pair"));
                  i += 6;
                }
              i += 6;
              continue;
            }
          if (e == '\0' || strchr ("\"\\/bfnrt", e) == NULL)
            return json_check_fail (c, i, _("a backslash in a string must start an escape "
                                            "(\\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX)"));
          i += 2;
          continue;
        }
      i++;
    }

  *start = c->pos + 1;
  *end = i;
  if (!g_utf8_validate_len (c->data + *start, *end - *start, &invalid))
    return json_check_fail (c, (gsize) (invalid - c->data), _("the text is not valid UTF-8"));
  c->pos = i + 1;
  return TRUE;
}

/* A number at c->pos; *value is the number when it is a plain whole
 * number 0 to G_MAXINT32, else -1. */
static gboolean
json_check_number (JsonCheck *c,
                   gint64    *value)
{
  const char *d = c->data;
  gsize i = c->pos;
  gboolean plain = TRUE;
  gint64 v = 0;

#define DIGIT_AT(k) ((k) < c->length && g_ascii_isdigit (d[k]))
  if (d[i] == '-')
    {
      plain = FALSE;
      i++;
    }
  if (DIGIT_AT (i) && d[i] == '0')
    i++;
  else if (DIGIT_AT (i))
    for (; DIGIT_AT (i); i++)
      {
        v = v * 10 + (d[i] - '0');
        if (v > G_MAXINT32)
          {
            plain = FALSE;
            v = 0;
          }
      }
  else
    return json_check_fail (c, c->pos, _("a number is malformed"));
  if (i < c->length && d[i] == '.')
    {
      plain = FALSE;
      if (!DIGIT_AT (i + 1))
        return json_check_fail (c, c->pos, _("a number is malformed"));
      for (i++; DIGIT_AT (i); i++)
        ;
    }
  if (i < c->length && (d[i] == 'e' || d[i] == 'E'))
    {
      plain = FALSE;
      i++;
      if (i < c->length && (d[i] == '+' || d[i] == '-'))
        i++;
      if (!DIGIT_AT (i))
        return json_check_fail (c, c->pos, _("a number is malformed"));
      for (; DIGIT_AT (i); i++)
        ;
    }
#undef DIGIT_AT

  *value = plain ? v : -1;
  c->pos = i;
  return TRUE;
}

static gboolean
json_check_literal (JsonCheck *c)
{
  static const char *const literals[] = { "true", "false", "null" };

  for (guint k = 0; k < G_N_ELEMENTS (literals); k++)
    {
      gsize n = strlen (literals[k]);

      if (c->length - c->pos >= n && memcmp (c->data + c->pos, literals[k], n) == 0)
        {
          c->pos += n;
          return TRUE;
        }
    }
  return json_check_unexpected (c);
}

static gboolean
check_json (const char  *data,
            gsize        length,
            GError     **error)
{
  JsonCheck c = { data, length, 0, error, -1, -1, 0, 0, NULL, 0 };
  JsonCheckState state = WANT_VALUE;
  char stack[MAX_NESTING];
  guint depth = 0;
  const char *name = NULL;   /* the member the next value belongs to */
  gsize name_length = 0;

  /* A byte order mark, as some editors write (json-glib skips it too). */
  if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    c.pos = 3;

  for (;;)
    {
      gsize start, end;
      gint64 number = -1;
      char ch;

      while (c.pos < length && (data[c.pos] == ' ' || data[c.pos] == '\t' ||
                                data[c.pos] == '\n' || data[c.pos] == '\r'))
        c.pos++;
      if (c.pos == length)
        {
          /* Nothing but white space is an empty document, which the
           * caller words better. */
          if (depth == 0 && (state == WANT_COMMA_OR_CLOSE || state == WANT_VALUE))
            break;
          return json_check_fail (&c, c.pos, _("the document ends too early"));
        }
      ch = data[c.pos];

      switch (state)
        {
        case WANT_COMMA_OR_CLOSE:
          if (depth == 0)
            return json_check_fail (&c, c.pos, _("there is more after the end of the document"));
          if (ch == ',')
            {
              c.pos++;
              state = stack[depth - 1] == '{' ? WANT_KEY : WANT_VALUE;
            }
          else if (ch == (stack[depth - 1] == '{' ? '}' : ']'))
            {
              c.pos++;
              depth--;
            }
          else
            return json_check_unexpected (&c);
          break;

        case WANT_KEY_OR_CLOSE:
        case WANT_KEY:
          if (state == WANT_KEY_OR_CLOSE && ch == '}')
            {
              c.pos++;
              depth--;
              state = WANT_COMMA_OR_CLOSE;
              break;
            }
          if (ch != '"')
            {
              g_autofree char *found = json_check_describe (&c, c.pos);

              return json_check_fail (&c, c.pos, _("expected a member name in double quotes, not %s"),
                                      found);
            }
          if (!json_check_string (&c, NULL, 0, MAX_STRING_BYTES, &start, &end))
            return FALSE;
          name = data + start;
          name_length = end - start;
          state = WANT_COLON;
          break;

        case WANT_COLON:
          if (ch != ':')
            {
              g_autofree char *found = json_check_describe (&c, c.pos);

              return json_check_fail (&c, c.pos, _("expected “:” after a member name, not %s"),
                                      found);
            }
          c.pos++;
          state = WANT_VALUE;
          break;

        case WANT_VALUE_OR_CLOSE:
        case WANT_VALUE:
          if (state == WANT_VALUE_OR_CLOSE && ch == ']')
            {
              c.pos++;
              depth--;
              state = WANT_COMMA_OR_CLOSE;
              break;
            }
          if (ch == '{' || ch == '[')
            {
              if (depth == MAX_NESTING)
                {
                  set_parse_error (error, _("Not a Mazewright file: the JSON is nested more than %d deep"),
                                   MAX_NESTING);
                  return FALSE;
                }
              stack[depth++] = ch;
              c.pos++;
              state = ch == '{' ? WANT_KEY_OR_CLOSE : WANT_VALUE_OR_CLOSE;
              name = NULL;
              break;
            }

          if (ch == '"')
            {
              gboolean bulk = name != NULL && is_bulk_member (name, name_length);

              /* The bulk data is bounded below, once the size is known. */
              if (!json_check_string (&c, name, name_length, bulk ? G_MAXSIZE : MAX_STRING_BYTES,
                                      &start, &end))
                return FALSE;
              if (bulk && end - start > c.bulk_length)
                {
                  c.bulk_length = end - start;
                  c.bulk_pos = start - 1;
                  c.bulk_name = name;
                  c.bulk_name_length = name_length;
                }
            }
          else if (ch == '-' || g_ascii_isdigit (ch))
            {
              if (!json_check_number (&c, &number))
                return FALSE;
              if (depth == 1 && name != NULL && name_length == 5 && memcmp (name, "width", 5) == 0)
                c.width = number;
              if (depth == 1 && name != NULL && name_length == 6 && memcmp (name, "height", 6) == 0)
                c.height = number;
            }
          else if (depth == 0 && strchr ("tfn", ch) == NULL)
            {
              /* Not JSON at all: a text maze, an image, anything. */
              g_autofree char *found = json_check_describe (&c, c.pos);

              set_parse_error (error, _("Not a Mazewright file: it is not JSON, it starts with %s and not with “{”"),
                               found);
              return FALSE;
            }
          else if (!json_check_literal (&c))
            return FALSE;

          name = NULL;
          state = WANT_COMMA_OR_CLOSE;
          break;

        default:
          g_assert_not_reached ();
        }
    }

  /* The bulk data of a width × height grid: the weights, 1 byte a cell,
   * are the most there is. A size that is out of range is reported
   * later, with the other checks of the members. */
  if (c.width > 0 && c.height > 0 &&
      (guint64) c.width * (guint64) c.height <= MAZE_MAX_CELLS &&
      c.bulk_length > base64_length ((guint64) c.width * (guint64) c.height))
    {
      g_autofree char *quoted = g_strndup (c.bulk_name, c.bulk_name_length);
      char got[32], most[32];

      g_snprintf (got, sizeof got, "%" G_GSIZE_FORMAT, c.bulk_length);
      g_snprintf (most, sizeof most, "%" G_GSIZE_FORMAT,
                  base64_length ((guint64) c.width * (guint64) c.height));
      return json_check_fail (&c, c.bulk_pos,
                              _("“%s” is %s characters long, more than the %s a %u×%u maze can need"),
                              quoted, got, most, (guint) c.width, (guint) c.height);
    }
  return TRUE;
}

/* ---- Reading: the document ---- */

static MazeEdit *
parse_edit (JsonNode    *node,
            guint        index,
            MazeShape    shape,
            guint        width,
            guint        height,
            GError     **error)
{
  g_autofree char *path = g_strdup_printf ("history[%u]", index);
  g_autoptr(MazeEdit) edit = g_new0 (MazeEdit, 1);
  Scope scope = { NULL, path };
  const char *kind;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_autofree char *got = describe_node (node);

      set_parse_error (error, _("“%s” must be an object, not %s"), path, got);
      return NULL;
    }
  scope.object = json_node_get_object (node);

  if (!get_string (&scope, "edit", TRUE, &kind, error))
    return NULL;
  if (!maze_edit_kind_from_string (kind, &edit->kind))
    {
      set_parse_error (error, _("“%s.edit” is “%s”, which is not an edit this version knows"),
                       path, kind);
      return NULL;
    }

  switch (edit->kind)
    {
    case MAZE_EDIT_REGENERATE:
    case MAZE_EDIT_MASK:
      if (!get_rect (&scope, "rect", width, height, &edit->rect, error) ||
          !get_algorithm (&scope, shape, &edit->algorithm, &edit->growing_tree_mode, error) ||
          !get_seed (&scope, &edit->seed, error))
        return NULL;
      if (edit->kind == MAZE_EDIT_MASK)
        {
          g_autofree char *mask_path = join_path (path, "mask");
          g_autofree char *what = NULL;
          guint64 n = (guint64) edit->rect.width * edit->rect.height;
          BitReader r = { NULL };
          const char *text;

          if (!get_string (&scope, "mask", TRUE, &text, error))
            return NULL;
          /* Translators: completes "“mask” holds 3 bytes, expected 4: …";
           * the edit's rectangle is columns × rows */
          what = g_strdup_printf (_("1 bit for each of the %u×%u cells of the edited rectangle"),
                                  edit->rect.width, edit->rect.height);
          if (!check_base64 (mask_path, text, (n + 7) / 8, what, error))
            return NULL;
          edit->mask = g_try_malloc (n);
          if (edit->mask == NULL)
            {
              set_parse_error (error, _("Not enough memory to read “%s”"), mask_path);
              return NULL;
            }
          r.text = text;
          for (guint64 i = 0; i < n; i++)
            edit->mask[i] = (guint8) bit_reader_get (&r, 1);
          if (!bit_reader_check_end (&r, mask_path, error))
            return NULL;
        }
      break;

    case MAZE_EDIT_START:
    case MAZE_EDIT_END:
    case MAZE_EDIT_WEIGHT:
      if (!get_cell (&scope, "cell", width, height, &edit->cell, error))
        return NULL;
      if (edit->kind == MAZE_EDIT_WEIGHT)
        {
          gint64 weight = 0;

          if (!get_integer (&scope, "weight", TRUE, 1, 255, &weight, NULL, error))
            return NULL;
          edit->weight = (guint8) weight;
        }
      break;

    default:
      g_assert_not_reached ();
    }

  return g_steal_pointer (&edit);
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
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GPtrArray) history = NULL;
  g_autoptr(MazeGrid) grid = NULL;
  g_autoptr(MazePuzzle) puzzle = NULL;
  g_autofree char *passages_what = NULL;
  const char *format, *title, *shape_name, *mask_text, *weights_text, *passages_text;
  const MazeTopology *t;
  JsonNode *root, *node;
  Scope top = { NULL, NULL };
  MazeShape shape;
  gint64 version = 0, generator_version = 0, width = 0, height = 0;
  gboolean has_parameters = FALSE;
  MazeAlgorithm algorithm = MAZE_ALGORITHM_BACKTRACKER;
  MazeGrowingTreeMode mode = MAZE_GROWING_TREE_MIXED;
  guint64 seed = 0;
  guint32 braid = 0, start = 0, end = 0;
  guint bits;
  BitReader r;

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

  /* -- The envelope: is this ours, and a version we read? -- */
  if (length == 0)
    {
      set_parse_error (error, _("Not a Mazewright file: it is empty"));
      return NULL;
    }
  if (!check_json (data, (gsize) length, error))
    return NULL;
  parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, data, length, &local_error))
    {
      set_parse_error (error, _("Not a Mazewright file: the JSON is malformed: %s"),
                       local_error->message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL)
    {
      set_parse_error (error, _("Not a Mazewright file: it is empty"));
      return NULL;
    }
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      set_parse_error (error, _("Not a Mazewright file: the document is not a JSON object"));
      return NULL;
    }
  top.object = json_node_get_object (root);

  if (!json_object_has_member (top.object, "format"))
    {
      set_parse_error (error, _("Not a Mazewright file: “%s” is missing"), "format");
      return NULL;
    }
  if (!get_string (&top, "format", TRUE, &format, error))
    return NULL;
  if (!g_str_equal (format, "mazewright"))
    {
      set_parse_error (error, _("Not a Mazewright file: “format” is “%s”, not “mazewright”"),
                       format);
      return NULL;
    }
  if (!get_integer (&top, "version", TRUE, G_MININT64, G_MAXINT64, &version, NULL, error))
    return NULL;
  if (version > MAZE_FILE_FORMAT_VERSION)
    {
      char v[32];

      g_snprintf (v, sizeof v, "%" G_GINT64_FORMAT, version);
      set_parse_error (error,
                       _("This file was made by a newer Mazewright (format %s); "
                         "this one reads up to %d"),
                       v, MAZE_FILE_FORMAT_VERSION);
      return NULL;
    }
  if (version < 1)
    {
      char v[32];

      g_snprintf (v, sizeof v, "%" G_GINT64_FORMAT, version);
      set_parse_error (error, _("“%s” is %s; format versions start at 1"), "version", v);
      return NULL;
    }
  if (!get_integer (&top, "generator_version", TRUE, 1, G_MAXINT32,
                    &generator_version, NULL, error))
    return NULL;

  /* -- What the grid is -- */
  if (!get_string (&top, "title", FALSE, &title, error) ||
      !get_string (&top, "shape", TRUE, &shape_name, error))
    return NULL;
  if (!maze_shape_from_string (shape_name, &shape))
    {
      set_parse_error (error, _("“%s” is “%s”; it must be “rect” or “hex”"), "shape", shape_name);
      return NULL;
    }
  if (!get_integer (&top, "width", TRUE, G_MININT64, G_MAXINT64, &width, NULL, error) ||
      !get_integer (&top, "height", TRUE, G_MININT64, G_MAXINT64, &height, NULL, error))
    return NULL;
  if (width < 0 || height < 0)
    {
      set_range_error (error, width < 0 ? "width" : "height", width < 0 ? width : height,
                       1, MAZE_MAX_SIDE);
      return NULL;
    }
  if (!maze_check_size (shape, (guint64) width, (guint64) height, &local_error))
    {
      set_parse_error (error, "%s", local_error->message);
      return NULL;
    }
  t = maze_topology_get (shape);
  bits = owned_bits_per_cell (t);

  /* -- Parameters, endpoints, history -- */
  if (!lookup (&top, "parameters", FALSE, &node, error))
    return NULL;
  if (node != NULL)
    {
      Scope scope = { NULL, "parameters" };

      if (!JSON_NODE_HOLDS_OBJECT (node))
        {
          g_autofree char *got = describe_node (node);

          set_parse_error (error, _("“%s” must be an object, not %s"), "parameters", got);
          return NULL;
        }
      scope.object = json_node_get_object (node);
      if (!get_algorithm (&scope, shape, &algorithm, &mode, error) ||
          !get_seed (&scope, &seed, error) ||
          !get_braid (&scope, &braid, error))
        return NULL;
      has_parameters = TRUE;
    }

  if (!get_cell (&top, "start", width, height, &start, error) ||
      !get_cell (&top, "end", width, height, &end, error))
    return NULL;

  /* -- The bulk, checked before anything is allocated for it -- */
  if (!get_string (&top, "mask", FALSE, &mask_text, error) ||
      !get_string (&top, "weights", FALSE, &weights_text, error) ||
      !get_string (&top, "passages", TRUE, &passages_text, error))
    return NULL;
  if (mask_text != NULL)
    {
      guint n = (guint) (width * height);
      g_autofree char *what = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            /* Translators: completes "“mask” holds 3 bytes, expected 4: …" */
                                                            "1 bit for each of %u cell",
                                                            "1 bit for each of %u cells", n),
                                               n);

      if (!check_base64 ("mask", mask_text, ((guint64) width * height + 7) / 8, what, error))
        return NULL;
    }
  if (weights_text != NULL)
    {
      guint n = (guint) (width * height);
      g_autofree char *what = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            /* Translators: completes "“weights” holds 3 bytes, expected 4: …" */
                                                            "1 byte for each of %u cell",
                                                            "1 byte for each of %u cells", n),
                                               n);

      if (!check_base64 ("weights", weights_text, (guint64) width * height, what, error))
        return NULL;
    }
  if (shape == MAZE_SHAPE_HEX)
    passages_what = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  /* Translators: completes "“passages” holds
                                                   * 3 bytes, expected 4: …"; the number
                                                   * of bits, then the number of cells */
                                                  "%u passage bits for each of %u cell of a hexagonal maze",
                                                  "%u passage bits for each of %u cells of a hexagonal maze",
                                                  (gulong) width * height),
                                     bits, (guint) (width * height));
  else
    passages_what = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  /* Translators: completes "“passages” holds
                                                   * 3 bytes, expected 4: …"; the number
                                                   * of bits, then the number of cells */
                                                  "%u passage bits for each of %u cell of a rectangular maze",
                                                  "%u passage bits for each of %u cells of a rectangular maze",
                                                  (gulong) width * height),
                                     bits, (guint) (width * height));
  if (!check_base64 ("passages", passages_text, ((guint64) width * height * bits + 7) / 8,
                     passages_what, error))
    return NULL;

  /* The history comes after the bulk checks: its masks are the only
   * thing it allocates, and a file whose grid cannot be read should not
   * cost them. */
  history = g_ptr_array_new_with_free_func ((GDestroyNotify) maze_edit_free);
  if (!lookup (&top, "history", FALSE, &node, error))
    return NULL;
  if (node != NULL)
    {
      JsonArray *array;

      if (!JSON_NODE_HOLDS_ARRAY (node))
        {
          g_autofree char *got = describe_node (node);

          set_parse_error (error, _("“%s” must be an array, not %s"), "history", got);
          return NULL;
        }
      array = json_node_get_array (node);
      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          MazeEdit *edit = parse_edit (json_array_get_element (array, i), i,
                                       shape, width, height, error);

          if (edit == NULL)
            return NULL;
          g_ptr_array_add (history, edit);
        }
    }

  /* -- Build the grid -- */
  grid = maze_grid_new (shape, (guint) width, (guint) height, &local_error);
  if (grid == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  if (mask_text != NULL)
    {
      r = (BitReader) { mask_text };
      for (guint32 i = 0; i < grid->n_cells; i++)
        if (bit_reader_get (&r, 1))
          grid->cells[i] |= MAZE_CELL_MASKED;
      if (!bit_reader_check_end (&r, "mask", error))
        return NULL;
    }

  r = (BitReader) { passages_text };
  for (guint32 i = 0; i < grid->n_cells; i++)
    grid->cells[i] |= (guint8) bit_reader_get (&r, bits);
  if (!bit_reader_check_end (&r, "passages", error))
    return NULL;

  if (weights_text != NULL)
    {
      grid->weights = g_try_malloc (grid->n_cells);
      if (grid->weights == NULL)
        {
          g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                       _("Not enough memory for the weights of a %u×%u maze"),
                       grid->width, grid->height);
          return NULL;
        }
      r = (BitReader) { weights_text };
      for (guint32 i = 0; i < grid->n_cells; i++)
        {
          grid->weights[i] = (guint8) bit_reader_get (&r, 8);
          if (grid->weights[i] == 0)
            {
              guint x, y;

              maze_grid_xy (grid, i, &x, &y);
              set_parse_error (error, _("“%s”: cell (%u,%u) has weight 0; weights must be 1 to 255"),
                               "weights", x, y);
              return NULL;
            }
        }
    }

  if (!maze_grid_validate (grid, &local_error))
    {
      set_field_error (error, "passages", local_error);
      return NULL;
    }

  /* -- The puzzle -- */
  puzzle = maze_puzzle_new_for_grid (g_steal_pointer (&grid), start, end);
  if (!maze_puzzle_check_endpoints (puzzle, &local_error))
    {
      set_parse_error (error, "%s", local_error->message);
      return NULL;
    }
  maze_puzzle_set_title (puzzle, title);
  puzzle->has_parameters = has_parameters;
  puzzle->algorithm = algorithm;
  puzzle->growing_tree_mode = mode;
  puzzle->seed = seed;
  puzzle->braid = braid;
  g_ptr_array_extend_and_steal (puzzle->history, g_steal_pointer (&history));

  return g_steal_pointer (&puzzle);
}

/* ---- Files ---- */

static void
set_read_error (GError     **error,
                int          saved_errno,
                const char  *path)
{
  g_autofree char *name = g_filename_display_name (path);

  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
               _("Cannot read “%s”: %s"), name, g_strerror (saved_errno));
}

static void
set_too_large_error (GError     **error,
                     const char  *path,
                     guint64      size)
{
  g_autofree char *name = g_filename_display_name (path);
  char s[32], limit[32];

  g_snprintf (s, sizeof s, "%" G_GUINT64_FORMAT, size);
  g_snprintf (limit, sizeof limit, "%" G_GUINT64_FORMAT, (guint64) MAZE_FILE_MAX_BYTES);
  g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
               _("“%s” is %s bytes, more than the limit of %s for a maze file"),
               name, s, limit);
}

/* Reads at most MAZE_FILE_MAX_BYTES; a regular file's size is checked
 * before anything is read, anything else (a pipe) as it comes. */
static char *
read_file (const char  *path,
           gsize       *length,
           GError     **error)
{
  g_autofree char *data = NULL;
  gsize capacity = 65536;
  gsize size = 0;
  GStatBuf st;
  int fd;

  fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0)
    {
      set_read_error (error, errno, path);
      return NULL;
    }
  if (fstat (fd, &st) != 0)
    {
      set_read_error (error, errno, path);
      close (fd);
      return NULL;
    }
  if (S_ISDIR (st.st_mode))
    {
      g_autofree char *name = g_filename_display_name (path);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY,
                   _("Cannot read “%s”: it is a folder"), name);
      close (fd);
      return NULL;
    }
  if (S_ISREG (st.st_mode))
    {
      if ((guint64) st.st_size > MAZE_FILE_MAX_BYTES)
        {
          set_too_large_error (error, path, st.st_size);
          close (fd);
          return NULL;
        }
      capacity = (gsize) st.st_size + 1;
    }

  data = g_try_malloc (capacity + 1);
  if (data == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("Not enough memory to read “%s”"), path);
      close (fd);
      return NULL;
    }
  for (;;)
    {
      gssize n;

      if (size == capacity)
        {
          char *bigger;

          if (capacity > MAZE_FILE_MAX_BYTES)
            {
              set_too_large_error (error, path, size);
              close (fd);
              return NULL;
            }
          capacity *= 2;
          bigger = g_try_realloc (data, capacity + 1);
          if (bigger == NULL)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _("Not enough memory to read “%s”"), path);
              close (fd);
              return NULL;
            }
          data = bigger;
        }
      n = read (fd, data + size, capacity - size);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          set_read_error (error, errno, path);
          close (fd);
          return NULL;
        }
      if (n == 0)
        break;
      size += (gsize) n;
    }
  close (fd);

  if (size > MAZE_FILE_MAX_BYTES)
    {
      set_too_large_error (error, path, size);
      return NULL;
    }
  data[size] = '\0';
  *length = size;
  return g_steal_pointer (&data);
}

/**
 * maze_puzzle_load:
 *
 * Reads and checks a .maze file. Errors: G_IO_ERROR when the file cannot
 * be read, MAZE_ERROR_INVALID_SIZE when it is larger than
 * MAZE_FILE_MAX_BYTES (refused before reading), MAZE_ERROR_PARSE for
 * everything wrong inside it (see maze_puzzle_from_json()).
 */
MazePuzzle *
maze_puzzle_load (const char  *path,
                  GError     **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  data = read_file (path, &length, error);
  if (data == NULL)
    return NULL;
  return maze_puzzle_from_json (data, (gssize) length, error);
}

/**
 * maze_puzzle_file_sniff:
 *
 * TRUE when data starts, after an optional UTF-8 byte order mark and
 * JSON whitespace, with '{': a .maze file rather than a text maze (which
 * starts with '+', a box-drawing character or the hex layout's own).
 */
gboolean
maze_puzzle_file_sniff (const char *data,
                        gsize       length)
{
  gsize i = 0;

  if (data == NULL)
    return FALSE;
  if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    i = 3;
  while (i < length && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r'))
    i++;
  return i < length && data[i] == '{';
}
