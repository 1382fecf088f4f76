/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-outline-image.h"

#include <math.h>

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <librsvg/rsvg.h>

#include "maze-error.h"
#include "maze-outline.h"

/* SVGs are drawn this many pixels on their longer side: finer than any
 * maze's cells need. */
#define SVG_SIDE 1024

struct _MazeOutlineImage
{
  char   *name;    /* for messages */
  char   *digest;
  guint   width;
  guint   height;
  guint8 *value;   /* a byte a pixel: maze where value < threshold */
};

void
maze_outline_image_free (MazeOutlineImage *image)
{
  if (image == NULL)
    return;
  g_free (image->name);
  g_free (image->digest);
  g_free (image->value);
  g_free (image);
}

MazeOutlineImage *
maze_outline_image_copy (const MazeOutlineImage *image)
{
  MazeOutlineImage *copy;

  g_return_val_if_fail (image != NULL, NULL);

  copy = g_new0 (MazeOutlineImage, 1);
  copy->name = g_strdup (image->name);
  copy->digest = g_strdup (image->digest);
  copy->width = image->width;
  copy->height = image->height;
  copy->value = g_memdup2 (image->value, (gsize) image->width * image->height);
  return copy;
}

const char *
maze_outline_image_get_digest (const MazeOutlineImage *image)
{
  g_return_val_if_fail (image != NULL, NULL);
  return image->digest;
}

static gboolean
too_big (guint64 width,
         guint64 height)
{
  return width > MAZE_OUTLINE_IMAGE_MAX_SIDE || height > MAZE_OUTLINE_IMAGE_MAX_SIDE ||
         width * height > MAZE_OUTLINE_IMAGE_MAX_PIXELS;
}

static void
set_too_big (GError     **error,
             const char  *name,
             guint64      width,
             guint64      height)
{
  g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
               /* Translators: a file name, its width × height, then the limits */
               /* (%.0f, not G_GUINT64_FORMAT: xgettext cannot see through
                * a macro, and the message would never be translated) */
               _("The picture “%s” is too big for an outline: %.0f × %.0f pixels, at "
                 "most %d a side and %d million in all"),
               name, (double) width, (double) height, MAZE_OUTLINE_IMAGE_MAX_SIDE,
               MAZE_OUTLINE_IMAGE_MAX_PIXELS / (1024 * 1024));
}

static void
set_file_too_big (GError     **error,
                  const char  *name)
{
  g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
               /* Translators: a file name, then a number of megabytes */
               _("The picture “%s” is too big for an outline: at most %d MB"),
               name, MAZE_OUTLINE_IMAGE_MAX_BYTES / (1024 * 1024));
}

static void
set_not_a_picture (GError     **error,
                   const char  *name)
{
  g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
               _("“%s” is not a picture Mazewright can read: use a PNG, JPEG or SVG file"),
               name);
}

/* Refuses a picture too big before its pixels are decoded: it is
 * decoded at one pixel instead, and refused once closed. */
static void
on_size_prepared (GdkPixbufLoader *loader,
                  int              width,
                  int              height,
                  gpointer         user_data)
{
  guint64 *size = user_data;

  size[0] = (guint64) width;
  size[1] = (guint64) height;
  if (too_big (size[0], size[1]))
    gdk_pixbuf_loader_set_size (loader, 1, 1);
}

/* Lightness over white, or, where some pixels are transparent, the
 * transparency: dark or opaque is maze. */
static gboolean
read_pixbuf (MazeOutlineImage  *image,
             const guint8      *data,
             gsize              length,
             GError           **error)
{
  g_autoptr(GdkPixbufLoader) loader = gdk_pixbuf_loader_new ();
  guint64 size[2] = { 0, 0 };
  GdkPixbuf *pixbuf;
  const guint8 *pixels;
  gboolean transparent = FALSE;
  int stride, channels;

  g_signal_connect (loader, "size-prepared", G_CALLBACK (on_size_prepared), size);
  if (!gdk_pixbuf_loader_write (loader, data, length, NULL) ||
      !gdk_pixbuf_loader_close (loader, NULL) ||
      (pixbuf = gdk_pixbuf_loader_get_pixbuf (loader)) == NULL)
    {
      if (too_big (size[0], size[1]))
        set_too_big (error, image->name, size[0], size[1]);
      else
        set_not_a_picture (error, image->name);
      return FALSE;
    }
  if (too_big (size[0], size[1]))
    {
      set_too_big (error, image->name, size[0], size[1]);
      return FALSE;
    }

  image->width = (guint) gdk_pixbuf_get_width (pixbuf);
  image->height = (guint) gdk_pixbuf_get_height (pixbuf);
  pixels = gdk_pixbuf_read_pixels (pixbuf);
  stride = gdk_pixbuf_get_rowstride (pixbuf);
  channels = gdk_pixbuf_get_n_channels (pixbuf);
  image->value = g_malloc ((gsize) image->width * image->height);
  if (gdk_pixbuf_get_has_alpha (pixbuf))
    for (guint y = 0; y < image->height && !transparent; y++)
      for (guint x = 0; x < image->width && !transparent; x++)
        transparent = pixels[(gsize) y * stride + x * channels + 3] < 255;
  for (guint y = 0; y < image->height; y++)
    for (guint x = 0; x < image->width; x++)
      {
        const guint8 *p = pixels + (gsize) y * stride + x * channels;
        guint8 *v = image->value + (gsize) y * image->width + x;

        if (transparent)
          *v = 255 - p[3];
        else
          *v = (guint8) ((299 * p[0] + 587 * p[1] + 114 * p[2]) / 1000);
      }
  return TRUE;
}

/* An SVG drawn SVG_SIDE pixels on its longer side; its transparency is
 * what is maze. */
static gboolean
read_svg (MazeOutlineImage  *image,
          const guint8      *data,
          gsize              length,
          GError           **error)
{
  RsvgHandle *handle = rsvg_handle_new_from_data (data, length, NULL);
  RsvgRectangle viewport = { 0, 0, SVG_SIDE, SVG_SIDE };
  cairo_surface_t *surface;
  cairo_t *cr;
  double width, height;
  const guint8 *pixels;
  gboolean drawn;
  int stride;

  if (handle == NULL)
    {
      set_not_a_picture (error, image->name);
      return FALSE;
    }
  rsvg_handle_set_dpi (handle, 96);
  if (rsvg_handle_get_intrinsic_size_in_pixels (handle, &width, &height) &&
      width > 0 && height > 0)
    {
      viewport.width = width >= height ? SVG_SIDE : MAX (1.0, round (SVG_SIDE * width / height));
      viewport.height = height >= width ? SVG_SIDE : MAX (1.0, round (SVG_SIDE * height / width));
    }
  image->width = (guint) viewport.width;
  image->height = (guint) viewport.height;
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) image->width,
                                        (int) image->height);
  cr = cairo_create (surface);
  drawn = rsvg_handle_render_document (handle, cr, &viewport, NULL);
  cairo_destroy (cr);
  g_object_unref (handle);
  cairo_surface_flush (surface);
  if (!drawn || cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (surface);
      set_not_a_picture (error, image->name);
      return FALSE;
    }
  pixels = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  image->value = g_malloc ((gsize) image->width * image->height);
  for (guint y = 0; y < image->height; y++)
    for (guint x = 0; x < image->width; x++)
      {
        guint32 argb = *(const guint32 *) (pixels + (gsize) y * stride + 4 * x);

        image->value[(gsize) y * image->width + x] = 255 - (argb >> 24);
      }
  cairo_surface_destroy (surface);
  return TRUE;
}

MazeOutlineImage *
maze_outline_image_new (const guint8  *data,
                        gsize          length,
                        const char    *name,
                        GError       **error)
{
  g_autoptr(MazeOutlineImage) image = g_new0 (MazeOutlineImage, 1);
  g_autofree char *type = NULL;
  gboolean read;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  image->name = g_strdup (name);
  if (length == 0)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("The picture “%s” is empty"), name);
      return NULL;
    }
  if (length > MAZE_OUTLINE_IMAGE_MAX_BYTES)
    {
      set_file_too_big (error, name);
      return NULL;
    }
  type = g_content_type_guess (NULL, data, length, NULL);
  if (g_content_type_is_a (type, "image/svg+xml"))
    read = read_svg (image, data, length, error);
  else
    read = read_pixbuf (image, data, length, error);
  if (!read)
    return NULL;
  image->digest = g_compute_checksum_for_data (G_CHECKSUM_SHA256, data, length);
  return g_steal_pointer (&image);
}

MazeOutlineImage *
maze_outline_image_load (const char  *path,
                         GError     **error)
{
  g_autofree char *name = NULL;
  g_autofree char *data = NULL;
  GStatBuf info;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);

  name = g_filename_display_basename (path);
  /* The size first: a huge file is refused before it is read. */
  if (g_stat (path, &info) == 0 && info.st_size > MAZE_OUTLINE_IMAGE_MAX_BYTES)
    {
      set_file_too_big (error, name);
      return NULL;
    }
  if (!g_file_get_contents (path, &data, &length, error))
    return NULL;
  return maze_outline_image_new ((const guint8 *) data, length, name, error);
}

typedef struct
{
  const MazeOutlineImage *image;
  guint                   threshold;
  guint                   x0, y0, x1, y1;   /* the maze pixels' box, x1 and y1 past it */
} Silhouette;

static void
draw_silhouette (cairo_t  *cr,
                 double    width,
                 double    height,
                 double    cell,
                 gpointer  user_data)
{
  const Silhouette *s = user_data;
  guint w = s->x1 - s->x0, h = s->y1 - s->y0;
  cairo_surface_t *mask = cairo_image_surface_create (CAIRO_FORMAT_A8, (int) w, (int) h);
  guint8 *pixels = cairo_image_surface_get_data (mask);
  int stride = cairo_image_surface_get_stride (mask);
  double scale = MIN (width / w, height / h);

  cairo_surface_flush (mask);
  for (guint y = 0; y < h; y++)
    for (guint x = 0; x < w; x++)
      pixels[(gsize) y * stride + x] =
        s->image->value[(gsize) (s->y0 + y) * s->image->width + s->x0 + x] < s->threshold
        ? 255 : 0;
  cairo_surface_mark_dirty (mask);

  cairo_translate (cr, (width - w * scale) / 2, (height - h * scale) / 2);
  cairo_scale (cr, scale, scale);
  cairo_set_source_surface (cr, mask, 0, 0);
  /* Each cell takes the pixel under its centre, as a preset does. */
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
  cairo_paint (cr);
  cairo_surface_destroy (mask);
}

gboolean
maze_outline_image_apply (const MazeOutlineImage  *image,
                          MazeGrid                *grid,
                          guint                    threshold,
                          GError                 **error)
{
  Silhouette s = { image, MIN (threshold, 256), G_MAXUINT, G_MAXUINT, 0, 0 };
  g_autofree char *subject = NULL;

  g_return_val_if_fail (image != NULL, FALSE);
  g_return_val_if_fail (grid != NULL, FALSE);

  for (guint y = 0; y < image->height; y++)
    for (guint x = 0; x < image->width; x++)
      if (image->value[(gsize) y * image->width + x] < s.threshold)
        {
          s.x0 = MIN (s.x0, x);
          s.y0 = MIN (s.y0, y);
          s.x1 = MAX (s.x1, x + 1);
          s.y1 = MAX (s.y1, y + 1);
        }
  if (s.x1 == 0)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   /* Translators: a file name, then a number from 0 to 255 */
                   _("The picture “%s” has no dark or opaque pixels at threshold %u: "
                     "give a silhouette on white or on transparency, or raise the threshold"),
                   image->name, threshold);
      return FALSE;
    }
  /* Translators: names a picture's outline in messages, as in "The picture
   * “cat.png” in a 5 × 5 maze…" */
  subject = g_strdup_printf (_("The picture “%s”"), image->name);
  return maze_outline_apply_drawing (grid, draw_silhouette, &s, MAZE_OUTLINE_JOIN_PIECES,
                                     subject, error);
}
