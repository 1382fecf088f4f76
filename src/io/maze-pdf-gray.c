/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-pdf-gray.h"

#include <stdlib.h>
#include <string.h>

#include <gio/gio.h>

/* Cairo writes every colour as DeviceRGB ("r g b rg"), so black walls
 * and grey text print from all four plates of a CMYK printer (C = M = Y
 * = K). This rewrites the finished PDF: in every content stream a colour
 * whose three parts are equal becomes DeviceGray ("v g"), which prints
 * with black alone.
 *
 * Only what cairo writes is understood: objects listed in one classic
 * xref table, streams compressed with FlateDecode, their /Length direct
 * or an object of its own. Font programs and images are left alone. A
 * file that does not look like that is returned unchanged. */

typedef struct
{
  guint   number;
  gsize   offset;     /* in the input */
  gsize   end;        /* where the next object (or the xref) starts */
} PdfObject;

static int
compare_offsets (gconstpointer a,
                 gconstpointer b)
{
  const PdfObject *x = a, *y = b;

  return x->offset < y->offset ? -1 : x->offset > y->offset;
}

static const char *
find_bytes (const char *haystack,
            gsize       length,
            const char *needle)
{
  return g_strstr_len (haystack, (gssize) length, needle);
}

static const char *
find_last (const char *haystack,
           gsize       length,
           const char *needle)
{
  gsize n = strlen (needle);

  for (gsize i = length >= n ? length - n + 1 : 0; i-- > 0;)
    if (memcmp (haystack + i, needle, n) == 0)
      return haystack + i;
  return NULL;
}

/* The objects of the xref table at startxref, sorted by offset; NULL
 * when there is none cairo would write. */
static GArray *
read_xref (const char *data,
           gsize       length,
           gsize      *xref_offset,
           guint      *n_entries)
{
  const char *start = find_last (data, length, "startxref\n");
  g_autoptr(GArray) objects = NULL;
  const char *p;
  char *end;
  guint64 offset, first, count;

  if (start == NULL)
    return NULL;
  offset = g_ascii_strtoull (start + strlen ("startxref\n"), &end, 10);
  if (offset >= length || !g_str_has_prefix (data + offset, "xref\n"))
    return NULL;
  p = data + offset + strlen ("xref\n");
  first = g_ascii_strtoull (p, &end, 10);
  if (first != 0 || *end != ' ')
    return NULL;
  count = g_ascii_strtoull (end + 1, &end, 10);
  if (*end != '\n' || count == 0 || count > G_MAXUINT ||
      (gsize) (end + 1 - data) + count * 20 > length)
    return NULL;
  p = end + 1;

  objects = g_array_new (FALSE, FALSE, sizeof (PdfObject));
  for (guint i = 0; i < count; i++, p += 20)
    {
      PdfObject object = { i, 0, 0 };

      if (p[17] != 'n')
        continue;
      object.offset = g_ascii_strtoull (p, NULL, 10);
      if (object.offset >= offset)
        return NULL;
      g_array_append_val (objects, object);
    }
  g_array_sort (objects, compare_offsets);
  for (guint i = 0; i < objects->len; i++)
    g_array_index (objects, PdfObject, i).end =
      i + 1 < objects->len ? g_array_index (objects, PdfObject, i + 1).offset : offset;
  *xref_offset = offset;
  *n_entries = (guint) count;
  return g_steal_pointer (&objects);
}

static GBytes *
convert (GConverter   *converter,
         const char   *data,
         gsize         length)
{
  g_autoptr(GInputStream) base = g_memory_input_stream_new_from_data (data, (gssize) length, NULL);
  g_autoptr(GInputStream) stream = g_converter_input_stream_new (base, converter);
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();

  if (g_output_stream_splice (out, stream,
                              G_OUTPUT_STREAM_SPLICE_CLOSE_SOURCE |
                              G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET, NULL, NULL) < 0)
    return NULL;
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
}

static gboolean
gray_operator_cb (const GMatchInfo *match,
                  GString          *result,
                  gpointer          user_data)
{
  g_autofree char *value = g_match_info_fetch (match, 1);
  g_autofree char *op = g_match_info_fetch (match, 2);

  /* rg (fill) becomes g, RG (stroke) G. */
  g_string_append_printf (result, "%s %s", value, op[0] == 'R' ? "G" : "g");
  return FALSE;
}

/* "0.35 0.35 0.35 rg" to "0.35 g", and RG to G, in a content stream. */
static char *
gray_operators (const char *content,
                gsize       length)
{
  static GRegex *regex;

  if (g_once_init_enter (&regex))
    g_once_init_leave (&regex,
                       g_regex_new ("(?<![^\\s\\[\\]])(-?[0-9.]+) \\1 \\1 (rg|RG)(?=\\s)",
                                    G_REGEX_OPTIMIZE | G_REGEX_RAW, 0, NULL));
  return g_regex_replace_eval (regex, content, (gssize) length, 0, 0, gray_operator_cb, NULL,
                               NULL);
}

/* Colour left after gray_operators(): RGB or CMYK colours, or colour
 * spaces (patterns, shadings). */
static gboolean
has_colour_operators (const char *content)
{
  static GRegex *regex;

  if (g_once_init_enter (&regex))
    g_once_init_leave (&regex,
                       g_regex_new ("(?<![^\\s\\]])(rg|RG|k|K|cs|CS|sc|SC|scn|SCN|sh)(?=\\s)",
                                    G_REGEX_OPTIMIZE | G_REGEX_RAW, 0, NULL));
  return g_regex_match (regex, content, 0, NULL);
}

/* A stream cairo draws with: not a font program nor an image. */
static gboolean
is_content (const char *dict,
            gsize       length)
{
  return find_bytes (dict, length, "/FlateDecode") != NULL &&
         find_bytes (dict, length, "/Length1") == NULL &&
         find_bytes (dict, length, "/Subtype /Image") == NULL &&
         find_bytes (dict, length, "/Subtype /Type1C") == NULL &&
         find_bytes (dict, length, "/Subtype /CIDFontType0C") == NULL &&
         find_bytes (dict, length, "/Subtype /OpenType") == NULL;
}

/* The object rewritten into out when it is a content stream with RGB
 * greys; FALSE to copy it as it is. Its new length goes to lengths[K]
 * for "/Length K 0 R". */
static gboolean
rewrite_stream (const char *object,
                gsize       length,
                GString    *out,
                gint64     *lengths,
                guint       n_lengths,
                gboolean   *colour_left)
{
  const char *stream = find_bytes (object, length, ">>\nstream\n");
  const char *end;
  const char *length_ref;
  g_autoptr(GConverter) inflate = NULL;
  g_autoptr(GConverter) deflate = NULL;
  g_autoptr(GBytes) content = NULL;
  g_autoptr(GBytes) packed = NULL;
  g_autofree char *gray = NULL;
  gsize dict_length, content_length;
  const char *text;
  guint64 ref;
  char *after;
  gboolean colour_before;

  if (stream == NULL)
    return FALSE;
  dict_length = (gsize) (stream - object);
  if (find_bytes (object, dict_length, "/Subtype /Image") != NULL)
    *colour_left = TRUE;
  end = find_last (object, length, "\nendstream");
  length_ref = find_bytes (object, dict_length, "/Length ");
  if (!is_content (object, dict_length))
    return FALSE;
  /* A content stream not understood may hold colour. */
  colour_before = *colour_left;
  *colour_left = TRUE;
  if (end == NULL || end < stream + strlen (">>\nstream\n") || length_ref == NULL)
    return FALSE;
  ref = g_ascii_strtoull (length_ref + strlen ("/Length "), &after, 10);
  if (!g_str_has_prefix (after, " 0 R") || ref >= n_lengths)
    return FALSE;

  inflate = G_CONVERTER (g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_ZLIB));
  stream += strlen (">>\nstream\n");
  content = convert (inflate, stream, (gsize) (end - stream));
  if (content == NULL)
    return FALSE;
  text = g_bytes_get_data (content, &content_length);
  if (text == NULL || memchr (text, '\0', content_length) != NULL)
    return FALSE;
  gray = gray_operators (text, content_length);
  if (gray == NULL)
    return FALSE;
  *colour_left = colour_before || has_colour_operators (gray);
  if (strlen (gray) == content_length && memcmp (gray, text, content_length) == 0)
    return FALSE;
  deflate = G_CONVERTER (g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_ZLIB, -1));
  packed = convert (deflate, gray, strlen (gray));
  if (packed == NULL)
    return FALSE;

  g_string_append_len (out, object, (gssize) (stream - object));
  g_string_append_len (out, g_bytes_get_data (packed, NULL), (gssize) g_bytes_get_size (packed));
  g_string_append_len (out, end, (gssize) (object + length - end));
  lengths[ref] = (gint64) g_bytes_get_size (packed);
  return TRUE;
}

static gboolean
is_stream (const char *object,
           gsize       length)
{
  return find_bytes (object, length, "\nstream\n") != NULL;
}

/* A page without colour blends in grey too: its transparency group's
 * colour space, DeviceRGB as cairo writes it, becomes DeviceGray. */
static void
append_gray_groups (GString    *out,
                    const char *object,
                    gsize       length)
{
  g_autofree char *text = g_strndup (object, length);
  g_auto(GStrv) parts = g_strsplit (text, "/CS /DeviceRGB", -1);
  g_autofree char *gray = g_strjoinv ("/CS /DeviceGray", parts);

  g_string_append (out, gray);
}

static void
free_bytes (gpointer bytes)
{
  if (bytes != NULL)
    g_bytes_unref (bytes);
}

GBytes *
maze_pdf_gray_rewrite (GBytes *pdf)
{
  g_autoptr(GArray) objects = NULL;
  g_autofree gint64 *lengths = NULL;
  g_autofree gsize *offsets = NULL;
  GString *out;
  const char *data;
  const char *trailer;
  gsize length, xref_offset = 0;
  guint n_entries = 0;
  gboolean colour_left = FALSE;

  g_return_val_if_fail (pdf != NULL, NULL);

  data = g_bytes_get_data (pdf, &length);
  objects = data != NULL ? read_xref (data, length, &xref_offset, &n_entries) : NULL;
  trailer = objects != NULL ? find_bytes (data + xref_offset, length - xref_offset, "trailer\n")
                            : NULL;
  if (objects == NULL || objects->len == 0 || trailer == NULL)
    return g_bytes_ref (pdf);

  lengths = g_new (gint64, n_entries);
  offsets = g_new0 (gsize, n_entries);
  for (guint i = 0; i < n_entries; i++)
    lengths[i] = -1;

  /* Streams first: their /Length objects may come before them. */
  {
    /* Binary: GBytes, never strings. */
    g_autoptr(GPtrArray) rewritten = g_ptr_array_new_with_free_func (free_bytes);

    for (guint i = 0; i < objects->len; i++)
      {
        const PdfObject *object = &g_array_index (objects, PdfObject, i);
        GString *copy = g_string_new (NULL);

        if (rewrite_stream (data + object->offset, object->end - object->offset, copy,
                            lengths, n_entries, &colour_left))
          g_ptr_array_add (rewritten, g_string_free_to_bytes (copy));
        else
          {
            g_string_free (copy, TRUE);
            g_ptr_array_add (rewritten, NULL);
          }
      }

    out = g_string_sized_new (length);
    g_string_append_len (out, data, (gssize) g_array_index (objects, PdfObject, 0).offset);
    for (guint i = 0; i < objects->len; i++)
      {
        const PdfObject *object = &g_array_index (objects, PdfObject, i);
        GBytes *text = g_ptr_array_index (rewritten, i);

        offsets[object->number] = out->len;
        if (text != NULL)
          g_string_append_len (out, g_bytes_get_data (text, NULL),
                               (gssize) g_bytes_get_size (text));
        else if (lengths[object->number] >= 0)
          g_string_append_printf (out, "%u 0 obj\n   %" G_GINT64_FORMAT "\nendobj\n",
                                  object->number, lengths[object->number]);
        else if (!colour_left && !is_stream (data + object->offset,
                                             object->end - object->offset))
          append_gray_groups (out, data + object->offset, object->end - object->offset);
        else
          g_string_append_len (out, data + object->offset,
                               (gssize) (object->end - object->offset));
      }
  }

  xref_offset = out->len;
  g_string_append_printf (out, "xref\n0 %u\n0000000000 65535 f \n", n_entries);
  for (guint i = 1; i < n_entries; i++)
    if (offsets[i] != 0)
      g_string_append_printf (out, "%010" G_GSIZE_FORMAT " 00000 n \n", offsets[i]);
    else
      g_string_append (out, "0000000000 65535 f \n");
  {
    const char *startxref = find_last (trailer, (gsize) (data + length - trailer), "startxref\n");

    if (startxref == NULL)
      {
        g_string_free (out, TRUE);
        return g_bytes_ref (pdf);
      }
    g_string_append_len (out, trailer, (gssize) (startxref - trailer));
  }
  g_string_append_printf (out, "startxref\n%" G_GSIZE_FORMAT "\n%%%%EOF\n", xref_offset);
  return g_string_free_to_bytes (out);
}
