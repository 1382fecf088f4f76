/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-png.h"

#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <string.h>

#include <cairo.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <png.h>
#include <zlib.h>

#include "maze-atomic-file.h"
#include "maze-error.h"
#include "maze-export-private.h"
#include "maze-png-idat.h"
#include "maze-png-palette.h"
#include "maze-render-private.h"

/* The image is drawn in horizontal strips of at most this many bytes of
 * cairo surface (and at most MAX_STRIP_ROWS rows), each strip rendered
 * with a clip so maze_render() only draws the cells that show in it, then
 * converted and handed to libpng row by row. Cairo's image surfaces stop
 * at 32767 pixels a side, so a wider strip is cut into tiles side by side.
 *
 * With more than one strip, a second thread renders the next strip while
 * this one converts and compresses the last (the two take about as long),
 * so there are two strip buffers: peak memory is two strips plus one
 * output row, whatever the image size, and for pictures the colour
 * census takes (take_census()) its indices, a byte a pixel (at most
 * 32 MiB, and for a palette of more than 16 colours a strip or two),
 * and the deflated data. libpng is only ever called from the exporting
 * thread. */
#define STRIP_BYTES    (16u << 20)
#define MAX_STRIP_ROWS 256u
#define MAX_TILE_WIDTH 32767u
#define MAX_TILES      ((MAZE_MAX_SIDE + MAX_TILE_WIDTH - 1) / MAX_TILE_WIDTH)
#define FAST_ZLIB_PIXELS (G_GUINT64_CONSTANT (4) << 20)

void
maze_png_options_init (MazePngOptions *options)
{
  g_return_if_fail (options != NULL);

  *options = (MazePngOptions) {
    .dpi = 300.0,
    .width = 0.0,
    .unit = MAZE_UNIT_MM,
    .placed_width_mm = 0.0,
  };
}

double
maze_png_get_dpi (const MazePngOptions *options,
                  guint                 width_px)
{
  const MazeExportLimit *limit = maze_export_limit_get (MAZE_EXPORT_LIMIT_DPI);

  g_return_val_if_fail (options != NULL, 300.0);

  if (!(options->placed_width_mm > 0.0) || options->width > 0.0)
    return options->dpi;
  return CLAMP (width_px / (options->placed_width_mm / MAZE_MM_PER_INCH), limit->min, limit->max);
}

static gboolean
check_options (const MazeRenderOptions  *render,
               const MazePngOptions     *options,
               GError                  **error)
{
  /* The request's resolution limits: the writer takes what the dialog
   * and the CLI may ask for, no more. */
  return maze_export_check_limit (MAZE_EXPORT_LIMIT_DPI, options->dpi, MAZE_UNIT_PX, error) &&
         maze_export_check_drawing (render, options->width, options->unit, error);
}

/* The pixel size and the factor from drawing units to pixels. */
static gboolean
compute_size (const MazeGrid           *grid,
              const MazeRenderOptions  *render,
              const MazePngOptions     *options,
              guint                    *width_px,
              guint                    *height_px,
              double                   *scale,
              GError                  **error)
{
  double width, height, w, h;

  if (!check_options (render, options, error))
    return FALSE;

  maze_render_get_size (grid, render, &width, &height);
  if (!(width > 0.0) || !(height > 0.0) || !isfinite (width) || !isfinite (height))
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   _("The drawing of a %u×%u maze would be empty"),
                   grid->width, grid->height);
      return FALSE;
    }

  if (options->width > 0.0)
    {
      /* A physical width: the whole image, margins included, spans it. */
      if (options->unit == MAZE_UNIT_PX)
        w = round (options->width);
      else
        w = round (maze_export_to_inches (options->width, options->unit) * options->dpi);
      *scale = w / width;
    }
  else
    {
      /* Pixels as drawing units; a fraction of a pixel still needs one. */
      w = ceil (width - 1e-6);
      *scale = 1.0;
    }
  h = ceil (height * *scale - 1e-6);

  if (w < 1.0 || h < 1.0)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   _("The image would be %.0f×%.0f pixels: it must be at least 1 pixel a side"),
                   MAX (w, 0.0), MAX (h, 0.0));
      return FALSE;
    }
  if (w > MAZE_MAX_SIDE || h > MAZE_MAX_SIDE)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   _("The image would be %.0f×%.0f pixels: the limit is %u pixels a side"),
                   w, h, MAZE_MAX_SIDE);
      return FALSE;
    }

  *width_px = (guint) w;
  *height_px = (guint) h;
  return TRUE;
}

gboolean
maze_png_get_size (const MazeGrid           *grid,
                   const MazeRenderOptions  *render,
                   const MazePngOptions     *options,
                   guint                    *width_px,
                   guint                    *height_px,
                   double                   *cell_size,
                   GError                  **error)
{
  guint w, h;
  double scale;

  g_return_val_if_fail (grid != NULL, FALSE);
  g_return_val_if_fail (render != NULL, FALSE);
  g_return_val_if_fail (options != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!compute_size (grid, render, options, &w, &h, &scale, error))
    return FALSE;
  if (width_px != NULL)
    *width_px = w;
  if (height_px != NULL)
    *height_px = h;
  if (cell_size != NULL)
    *cell_size = render->cell_size * scale;
  return TRUE;
}

/* The offset along one axis that puts the first wall's edge, margin -
 * wall / 2, on a pixel edge, with the drawing (cells cells of cell
 * pixels) centred in size pixels as near as that allows. */
static double
snap_offset (double margin,
             double wall,
             double cell,
             guint  cells,
             guint  size)
{
  double drawn = cells * cell + 2.0 * margin;
  double edge = margin - wall / 2.0 + (size - drawn) / 2.0;

  return round (edge) - (margin - wall / 2.0);
}

/* Walls in their own colour, never a blend with the background: whole
 * pixels wide, a whole number of pixels apart, their edges on pixel
 * edges and their ends squared. Square cells only: a hexagon's slanted
 * sides cannot be. The cell may lose a fraction of a pixel; the image
 * keeps its size, the margins take the rest. */
gboolean
maze_png_get_drawing (const MazeGrid           *grid,
                      const MazeRenderOptions  *render,
                      const MazePngOptions     *options,
                      MazeRenderOptions        *drawing,
                      double                   *offset_x,
                      double                   *offset_y,
                      GError                  **error)
{
  guint width, height;
  double scale;

  g_return_val_if_fail (grid != NULL, FALSE);
  g_return_val_if_fail (render != NULL && options != NULL && drawing != NULL, FALSE);
  g_return_val_if_fail (offset_x != NULL && offset_y != NULL, FALSE);

  if (!compute_size (grid, render, options, &width, &height, &scale, error))
    return FALSE;
  *drawing = *render;
  drawing->cell_size *= scale;
  drawing->wall_width = MAX (round (drawing->wall_width * scale), 1.0);
  drawing->margin *= scale;
  *offset_x = *offset_y = 0.0;
  if (grid->shape != MAZE_SHAPE_RECT)
    return TRUE;
  drawing->cell_size = MAX (floor (drawing->cell_size + 1e-6), 1.0);
  drawing->wall_cap = CAIRO_LINE_CAP_SQUARE;
  *offset_x = snap_offset (drawing->margin, drawing->wall_width, drawing->cell_size,
                           grid->width, width);
  *offset_y = snap_offset (drawing->margin, drawing->wall_width, drawing->cell_size,
                           grid->height, height);
  return TRUE;
}

/* ---- Writing ---- */

typedef struct
{
  cairo_surface_t *tiles[MAX_TILES];
  gboolean         ready;     /* rendered, not yet written */
} StripBuffer;

/* The smallest PNG pixel format that holds the picture exactly: alpha
 * only for a background that is not opaque, one bit for monochrome
 * (black on white, no antialiasing), grey when every colour drawn is a
 * grey; and, when the colour census finds few colours (take_census()),
 * a palette or, for black and white alone, one bit. */
typedef enum
{
  PIXELS_RGBA,
  PIXELS_RGB,
  PIXELS_GREY,
  PIXELS_BILEVEL,
  PIXELS_PALETTE,
} PixelFormat;

static const struct
{
  int   color_type;
  int   bit_depth;   /* a palette's is the census's */
  guint bytes;       /* a pixel in a row handed to libpng (packed by it) */
} pixel_formats[] = {
  [PIXELS_RGBA] = { PNG_COLOR_TYPE_RGB_ALPHA, 8, 4 },
  [PIXELS_RGB] = { PNG_COLOR_TYPE_RGB, 8, 3 },
  [PIXELS_GREY] = { PNG_COLOR_TYPE_GRAY, 8, 1 },
  [PIXELS_BILEVEL] = { PNG_COLOR_TYPE_GRAY, 1, 1 },
  [PIXELS_PALETTE] = { PNG_COLOR_TYPE_PALETTE, 8, 1 },
};

/* The colour census draws the picture before anything is written and
 * keeps each pixel's palette index, a byte a pixel: up to this many
 * pixels (an A3 page at 300 dpi is 17.4 million; at most 32 MiB), the
 * picture is then written from them without drawing it again. Larger
 * pictures keep the format their colours give. A grey picture gains
 * from a palette only at 4 bits or fewer. */
#define CENSUS_MAX_PIXELS (G_GUINT64_CONSTANT (32) << 20)
#define CENSUS_GREY_COLORS 16u

/* The share of the progress bar the census takes when the picture's
 * rows are deflated after it (16 colours or fewer), or when it finds
 * too many and the picture is drawn again. */
#define CENSUS_SHARE 0.5

typedef struct
{
  /* Set up before libpng runs and kept in memory (not in locals of the
   * function that calls setjmp), so they survive a longjmp out of it. */
  png_structp              png;
  png_infop                info;
  FILE                    *stream;
  const MazePuzzle        *puzzle;
  const MazePngOptions    *options;
  const MazeExportJob     *job;
  MazeRenderOptions        render;     /* scaled to pixels */
  double                   offset_x;   /* where the drawing starts, to */
  double                   offset_y;   /* put wall edges on pixel edges */
  guint                    width;
  guint                    height;
  MazeRenderStyle          style;
  PixelFormat              format;
  int                      bit_depth;
  MazePngPalette          *palette;    /* PIXELS_PALETTE */
  guint8                 **indices;    /* the census's drawing: a palette
                                          index a pixel, rows of width,
                                          strip by strip (NULL: freed) */
  MazePngIdat             *idat;       /* the census's image data */
  guint                    deflated;   /* rows of indices in idat */
  double                   progress;   /* the most reported so far */
  double                   progress_base;  /* where the writing starts */
  StripBuffer              buffers[2];  /* strip k goes to buffers[k % 2] */
  guint                    n_tiles;
  guint                    tile_width;
  guint                    strip_rows;
  guint                    n_strips;
  guint8                  *row;

  /* The rendering thread, when there is one; lock guards the buffers'
   * ready flags and stop. */
  GThread                 *renderer;
  GMutex                   lock;
  GCond                    cond;
  gboolean                 stop;

  /* What went wrong. */
  char                    *png_message;
  int                      write_errno;
  gboolean                 cancelled;
} PngWriter;

static void
png_error_cb (png_structp     png,
              png_const_charp message)
{
  PngWriter *writer = png_get_error_ptr (png);

  if (writer->png_message == NULL)
    writer->png_message = g_strdup (message);
  png_longjmp (png, 1);
}

static void
png_warning_cb (png_structp     png,
                png_const_charp message)
{
  g_debug ("libpng: %s", message);
}

static void
png_write_cb (png_structp png,
              png_bytep   data,
              size_t      length)
{
  PngWriter *writer = png_get_io_ptr (png);

  if (fwrite (data, 1, length, writer->stream) != length)
    {
      writer->write_errno = errno != 0 ? errno : EIO;
      png_error (png, "write failed");
    }
}

static void
png_flush_cb (png_structp png)
{
  /* The atomic file flushes and syncs on commit. */
}

/* Title as tEXt when Latin-1 holds it, else as iTXt (UTF-8). */
static void
add_title (png_textp   text,
           const char *title,
           char      **latin1)
{
  *latin1 = g_convert (title, -1, "ISO-8859-1", "UTF-8", NULL, NULL, NULL);
  text->key = (png_charp) "Title";
  if (*latin1 != NULL)
    {
      text->compression = PNG_TEXT_COMPRESSION_NONE;
      text->text = *latin1;
    }
  else
    {
      text->compression = PNG_ITXT_COMPRESSION_NONE;
      text->text = (png_charp) title;
      text->lang = (png_charp) "";
      text->lang_key = (png_charp) "";
    }
}

static void
set_metadata (PngWriter *writer)
{
  const MazePuzzle *puzzle = writer->puzzle;
  const char *title = puzzle->title != NULL && puzzle->title[0] != '\0' ? puzzle->title : _("Maze");
  g_autofree char *valid_title = g_utf8_make_valid (title, -1);
  g_autofree char *latin1_title = NULL;
  g_autofree char *comment = maze_export_describe (puzzle);
  g_autofree char *seed = NULL;
  g_autofree char *id = maze_puzzle_get_id (puzzle);
  png_text text[6];
  guint n = 0;
  png_uint_32 ppm;

  /* 300 dpi is 11811.02 pixels per metre: round to nearest. */
  ppm = (png_uint_32) floor (maze_png_get_dpi (writer->options, writer->width) / 0.0254 + 0.5);
  png_set_pHYs (writer->png, writer->info, ppm, ppm, PNG_RESOLUTION_METER);

  memset (text, 0, sizeof text);
  add_title (&text[n++], valid_title, &latin1_title);
  text[n].compression = PNG_TEXT_COMPRESSION_NONE;
  text[n].key = (png_charp) "Software";
  text[n++].text = (png_charp) "Mazewright " PACKAGE_VERSION;
  text[n].compression = PNG_TEXT_COMPRESSION_NONE;
  text[n].key = (png_charp) "Comment";
  text[n++].text = comment;
  /* The ID on the worksheet and in the SVG, to find the maze again. */
  text[n].compression = PNG_TEXT_COMPRESSION_NONE;
  text[n].key = (png_charp) "Puzzle ID";
  text[n++].text = id;
  if (puzzle->has_parameters)
    {
      /* Also as keys of their own, for scripts. */
      seed = g_strdup_printf ("%" G_GUINT64_FORMAT, puzzle->seed);
      text[n].compression = PNG_TEXT_COMPRESSION_NONE;
      text[n].key = (png_charp) "Seed";
      text[n++].text = seed;
      text[n].compression = PNG_TEXT_COMPRESSION_NONE;
      text[n].key = (png_charp) "Algorithm";
      text[n++].text = (png_charp) maze_export_algorithm_name (puzzle);
    }
  /* libpng copies the strings. */
  png_set_text (writer->png, writer->info, text, (int) n);
}

static inline guint
grey_of (guint32 p)
{
  /* Over white when not opaque; the weights sum to 256. */
  guint v = (((p >> 16) & 0xff) * 54 + ((p >> 8) & 0xff) * 183 + (p & 0xff) * 19 + 128) >> 8;

  return MIN (v + 255 - (p >> 24), 255u);
}

/* Cairo's native-endian premultiplied ARGB to the PNG's pixels. */
static void
convert_row (PixelFormat    format,
             const guint32 *src,
             guint8        *dst,
             guint          n)
{
  switch (format)
    {
    case PIXELS_BILEVEL:
      /* libpng packs the bits (png_set_packing()). */
      for (guint i = 0; i < n; i++)
        dst[i] = grey_of (src[i]) >= 128;
      return;

    case PIXELS_GREY:
      for (guint i = 0; i < n; i++)
        dst[i] = (guint8) grey_of (src[i]);
      return;

    case PIXELS_RGB:
      /* Opaque by construction: the background reaches every pixel. */
      for (guint i = 0; i < n; i++, dst += 3)
        {
          dst[0] = (guint8) ((src[i] >> 16) & 0xff);
          dst[1] = (guint8) ((src[i] >> 8) & 0xff);
          dst[2] = (guint8) (src[i] & 0xff);
        }
      return;

    case PIXELS_RGBA:
    default:
      break;
    }

  for (guint i = 0; i < n; i++, dst += 4)
    maze_png_straight_rgba (src[i], dst);
}

static gboolean
is_grey (const MazeColor *color)
{
  return color->red == color->green && color->green == color->blue;
}

/* Markers in their colours: only where there is a start or an end to
 * mark (draw_markers() in maze-render.c), or a grey maze without them
 * would be written as RGB, three times the bytes to deflate. */
static gboolean
draws_markers (const MazeRenderOptions *render)
{
  return render->show_markers &&
         (render->start != MAZE_NO_CELL || render->end != MAZE_NO_CELL);
}

/* What the picture needs, from the colours it is drawn in. */
static PixelFormat
choose_pixel_format (const MazeRenderStyle   *style,
                     const MazeRenderOptions *render,
                     const MazeGrid          *grid)
{
  if (style->background.alpha < 1.0)
    return PIXELS_RGBA;
  if (style->monochrome)
    return PIXELS_BILEVEL;
  if (!is_grey (&style->background) || !is_grey (&style->wall) ||
      (maze_grid_has_mask (grid, NULL) && style->masked.alpha > 0 && !is_grey (&style->masked)) ||
      (grid->weights != NULL && !is_grey (&style->mud)) ||
      (render->solution != NULL && !is_grey (&style->solution)) ||
      (render->overlay_kind != MAZE_OVERLAY_NONE && !is_grey (&style->overlay)) ||
      (draws_markers (render) && (!is_grey (&style->start) || !is_grey (&style->end) ||
                                  !is_grey (&style->halo))))
    return PIXELS_RGB;
  return PIXELS_GREY;
}

static inline guint
tile_x (const PngWriter *writer,
        guint            t)
{
  return t * writer->tile_width;
}

static inline guint
tile_columns (const PngWriter *writer,
              guint            t)
{
  return MIN (writer->tile_width, writer->width - tile_x (writer, t));
}

static inline guint
strip_y (const PngWriter *writer,
         guint            k)
{
  return k * writer->strip_rows;
}

static inline guint
strip_height (const PngWriter *writer,
              guint            k)
{
  return MIN (writer->strip_rows, writer->height - strip_y (writer, k));
}

/* Strip k of the image into its buffer's tiles. */
static void
render_strip (PngWriter *writer,
              guint      k)
{
  StripBuffer *buffer = &writer->buffers[k % 2];
  guint y0 = strip_y (writer, k), rows = strip_height (writer, k);

  for (guint t = 0; t < writer->n_tiles; t++)
    {
      cairo_t *cr = cairo_create (buffer->tiles[t]);

      cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
      cairo_paint (cr);
      cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
      /* An opaque background reaches the image's edges: the drawing
       * ends inside the last pixel when its size is fractional, which
       * would leave that row or column part transparent. */
      if (writer->style.background.alpha >= 1.0)
        {
          const MazeColor *bg = &writer->style.background;

          cairo_set_source_rgb (cr, bg->red, bg->green, bg->blue);
          cairo_paint (cr);
        }
      cairo_rectangle (cr, 0, 0, tile_columns (writer, t), rows);
      cairo_clip (cr);
      cairo_translate (cr, writer->offset_x - (double) tile_x (writer, t),
                       writer->offset_y - (double) y0);
      maze_render (cr, writer->puzzle->grid, &writer->render);
      cairo_destroy (cr);
      cairo_surface_flush (buffer->tiles[t]);
    }
}

/* The rendering thread: strips in order, each into a buffer the
 * exporting thread has written out, until done or told to stop. */
static gpointer
render_thread (gpointer data)
{
  PngWriter *writer = data;

  for (guint k = 0; k < writer->n_strips; k++)
    {
      StripBuffer *buffer = &writer->buffers[k % 2];
      gboolean stop;

      g_mutex_lock (&writer->lock);
      while (buffer->ready && !writer->stop)
        g_cond_wait (&writer->cond, &writer->lock);
      stop = writer->stop;
      g_mutex_unlock (&writer->lock);
      if (stop)
        break;

      render_strip (writer, k);

      g_mutex_lock (&writer->lock);
      buffer->ready = TRUE;
      g_cond_broadcast (&writer->cond);
      g_mutex_unlock (&writer->lock);
    }
  return NULL;
}

/* Strips from the first, on a thread of their own when there is more
 * than one and a thread to be had. */
static void
start_renderer (PngWriter *writer)
{
  for (guint b = 0; b < G_N_ELEMENTS (writer->buffers); b++)
    writer->buffers[b].ready = FALSE;
  writer->stop = FALSE;
  if (writer->n_strips > 1)
    writer->renderer = g_thread_try_new ("maze-png-render", render_thread, writer, NULL);
}

/* Stops the rendering thread, done or not. */
static void
stop_renderer (PngWriter *writer)
{
  if (writer->renderer == NULL)
    return;
  g_mutex_lock (&writer->lock);
  writer->stop = TRUE;
  g_cond_broadcast (&writer->cond);
  g_mutex_unlock (&writer->lock);
  g_thread_join (g_steal_pointer (&writer->renderer));
}

/* Strip k, rendered: by the thread, or here when there is none. */
static void
wait_for_strip (PngWriter *writer,
                guint      k)
{
  StripBuffer *buffer = &writer->buffers[k % 2];

  if (writer->renderer == NULL)
    {
      render_strip (writer, k);
      return;
    }
  g_mutex_lock (&writer->lock);
  while (!buffer->ready)
    g_cond_wait (&writer->cond, &writer->lock);
  g_mutex_unlock (&writer->lock);
}

static void
release_strip (PngWriter *writer,
               guint      k)
{
  if (writer->renderer == NULL)
    return;
  g_mutex_lock (&writer->lock);
  writer->buffers[k % 2].ready = FALSE;
  g_cond_broadcast (&writer->cond);
  g_mutex_unlock (&writer->lock);
}

/* Row r of strip k, from every tile, into writer->row. */
static void
convert_strip_row (PngWriter *writer,
                   guint      k,
                   guint      r)
{
  gsize bytes_per_pixel = pixel_formats[writer->format].bytes;

  for (guint t = 0; t < writer->n_tiles; t++)
    {
      cairo_surface_t *tile = writer->buffers[k % 2].tiles[t];
      const guint8 *data = cairo_image_surface_get_data (tile);
      gsize stride = (gsize) cairo_image_surface_get_stride (tile);
      const guint32 *src = (const guint32 *) (gconstpointer) (data + r * stride);
      guint8 *dst = writer->row + tile_x (writer, t) * bytes_per_pixel;

      convert_row (writer->format, src, dst, tile_columns (writer, t));
    }
}

/* Row y from the census's indices: as they are for a palette; one bit
 * (white 1, black 0) for black and white. */
static guint8 *
strip_indices_row (PngWriter *writer,
                   guint      y)
{
  return writer->indices[y / writer->strip_rows] + (gsize) (y % writer->strip_rows) * writer->width;
}

static const guint8 *
census_row (PngWriter   *writer,
            PixelFormat  format,
            guint        y)
{
  const guint8 *indices = strip_indices_row (writer, y);
  guint8 white;

  if (format == PIXELS_PALETTE)
    return indices;
  white = writer->palette->colors[0] == 0xffffffffu ? 0 : 1;
  for (guint i = 0; i < writer->width; i++)
    writer->row[i] = indices[i] == white;
  return writer->row;
}

/* Past a few megapixels zlib level 3 is about 3.5 times as fast as
 * level 6 for a file 1.45 times the size. Rings are another matter:
 * nearly every pixel of their antialiased rims is a literal to deflate,
 * at whatever level (a circular maze of 250,000 cells at 8 px deflates
 * about 6:1, a hexagonal one 25:1), so level 3's longer search for
 * matches that are not there takes half as long again as level 1 for a
 * file 10 % smaller. */
static gboolean
deflates_rings (const PngWriter *writer)
{
  return (guint64) writer->width * writer->height > FAST_ZLIB_PIXELS &&
         writer->puzzle->grid->shape == MAZE_SHAPE_CIRCULAR;
}

static int
compression_level (const PngWriter *writer)
{
  if (deflates_rings (writer))
    return 1;
  return (guint64) writer->width * writer->height <= FAST_ZLIB_PIXELS ? 6 : 3;
}

/* A byte a pixel, grey or a palette's index, rings need no matches but
 * runs (of paper, of wall): Z_RLE deflates them in two thirds of level
 * 1's time to a file 10 % smaller. In RGB a grey is three bytes no run
 * finds: 50 % larger. */
static gboolean
deflates_runs (const PngWriter *writer,
               PixelFormat      format)
{
  return deflates_rings (writer) && (format == PIXELS_GREY || format == PIXELS_PALETTE);
}

static int
compression_strategy (const PngWriter *writer,
                      PixelFormat      format)
{
  return deflates_runs (writer, format) ? Z_RLE : Z_DEFAULT_STRATEGY;
}

/* Tells the job how far the export is, never less than it was told. */
static void
report_progress (PngWriter *writer,
                 double     fraction)
{
  if (writer->job == NULL || writer->job->progress == NULL || fraction <= writer->progress)
    return;
  writer->progress = fraction;
  writer->job->progress (fraction, writer->job->progress_data);
}

/* Row y written: the writing's share of the bar is what the census
 * left of it. */
static void
report_rows_written (PngWriter *writer,
                     guint      y)
{
  report_progress (writer, writer->progress_base +
                             (1.0 - writer->progress_base) * y / writer->height);
}

static void
free_census_indices (PngWriter *writer)
{
  if (writer->indices == NULL)
    return;
  for (guint k = 0; k < writer->n_strips; k++)
    g_free (writer->indices[k]);
  g_clear_pointer (&writer->indices, g_free);
}

/* Rows of the census's indices, from the last one deflated to row
 * to, into the image data at bit_depth, each strip's indices freed
 * once all its rows are in. FALSE when out of memory. */
static gboolean
deflate_indices (PngWriter   *writer,
                 PixelFormat  format,
                 int          bit_depth,
                 guint        to)
{
  if (writer->idat == NULL)
    writer->idat = maze_png_idat_new (compression_level (writer),
                                      compression_strategy (writer, format));
  if (writer->idat == NULL)
    return FALSE;
  for (; writer->deflated < to; writer->deflated++)
    {
      guint y = writer->deflated;

      if (!maze_png_idat_add_row (writer->idat, census_row (writer, format, y),
                                  writer->width, bit_depth))
        return FALSE;
      if (y + 1 == MIN (strip_y (writer, y / writer->strip_rows + 1), writer->height))
        {
          g_clear_pointer (&writer->indices[y / writer->strip_rows], g_free);
          report_rows_written (writer, y + 1);
        }
    }
  return TRUE;
}

/* Draws the picture strip by strip and counts its colours, keeping
 * each pixel's index, before anything is written: few enough, and it is
 * written from them as a palette, or as one bit for black and white
 * alone; else it is drawn again in the format its colours give.
 *
 * Once there are more than 16 colours the palette's indices take a
 * byte a pixel whatever comes, so the rows so far are deflated there
 * and then, while the rendering thread draws the next strips: the
 * image data is ready when the census ends, on two cores in about the
 * time the drawing takes. With fewer colours the bits a pixel are
 * known only at the end, and the rows are deflated then.
 *
 * FALSE when cancelled. */
static gboolean
take_census (PngWriter *writer)
{
  GCancellable *cancellable = writer->job != NULL ? writer->job->cancellable : NULL;
  MazePngPalette *palette;
  PixelFormat format;
  int bit_depth;
  gboolean few = TRUE;

  if (writer->format == PIXELS_BILEVEL ||
      (guint64) writer->width * writer->height > CENSUS_MAX_PIXELS)
    return TRUE;
  writer->indices = g_new0 (guint8 *, writer->n_strips);

  palette = g_new (MazePngPalette, 1);
  maze_png_palette_init (palette, writer->format == PIXELS_GREY ? CENSUS_GREY_COLORS
                                                                 : MAZE_PNG_PALETTE_MAX);
  start_renderer (writer);
  for (guint k = 0; k < writer->n_strips && few; k++)
    {
      StripBuffer *buffer = &writer->buffers[k % 2];
      guint rows = strip_height (writer, k);

      if (g_cancellable_is_cancelled (cancellable))
        {
          stop_renderer (writer);
          g_free (palette);
          writer->cancelled = TRUE;
          return FALSE;
        }
      wait_for_strip (writer, k);
      /* Short of memory for the indices: the picture keeps its format. */
      writer->indices[k] = g_try_malloc ((gsize) writer->width * rows);
      few = writer->indices[k] != NULL;
      for (guint t = 0; t < writer->n_tiles && few; t++)
        {
          const guint8 *data = cairo_image_surface_get_data (buffer->tiles[t]);
          gsize stride = (gsize) cairo_image_surface_get_stride (buffer->tiles[t]);

          for (guint r = 0; r < rows && few; r++)
            few = maze_png_palette_add (palette,
                                        (const guint32 *) (gconstpointer) (data + r * stride),
                                        strip_indices_row (writer, strip_y (writer, k) + r) +
                                          tile_x (writer, t),
                                        tile_columns (writer, t));
        }
      release_strip (writer, k);
      /* Out of memory: drawn again in the picture's own format. */
      if (few && maze_png_palette_bit_depth (palette) == 8)
        few = deflate_indices (writer, PIXELS_PALETTE, 8, strip_y (writer, k) + rows);
      if (few)
        report_progress (writer, (writer->idat != NULL ? 1.0 : CENSUS_SHARE) *
                                   (strip_y (writer, k) + rows) / writer->height);
    }
  stop_renderer (writer);
  writer->progress_base = writer->progress;

  format = few && maze_png_palette_is_bilevel (palette) ? PIXELS_BILEVEL : PIXELS_PALETTE;
  bit_depth = format == PIXELS_BILEVEL ? 1 : maze_png_palette_bit_depth (palette);
  writer->palette = g_steal_pointer (&palette);
  if (few)
    few = deflate_indices (writer, format, bit_depth, writer->height) &&
          maze_png_idat_finish (writer->idat);
  if (few)
    {
      writer->format = format;
      writer->bit_depth = bit_depth;
    }
  else
    g_clear_pointer (&writer->idat, maze_png_idat_free);
  free_census_indices (writer);
  return TRUE;
}


/* Everything that calls into libpng; a libpng error longjmps out. FALSE
 * when cancelled. */
static gboolean
write_image (PngWriter *writer)
{
  png_structp png = writer->png;
  GCancellable *cancellable = writer->job != NULL ? writer->job->cancellable : NULL;

  png_set_write_fn (png, writer, png_write_cb, png_flush_cb);
  png_set_IHDR (png, writer->info, writer->width, writer->height,
                writer->bit_depth, pixel_formats[writer->format].color_type,
                PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  if (writer->format == PIXELS_PALETTE)
    {
      png_color entries[MAZE_PNG_PALETTE_MAX];
      png_byte trans[MAZE_PNG_PALETTE_MAX];
      int n_trans;

      maze_png_palette_entries (writer->palette, entries, trans, &n_trans);
      png_set_PLTE (png, writer->info, entries, (int) writer->palette->n_colors);
      if (n_trans > 0)
        png_set_tRNS (png, writer->info, trans, n_trans, NULL);
    }
  set_metadata (writer);
  /* Line art: long runs of one value that deflate finds without help.
   * Unfiltered rows compress better than any filter here (measured on
   * 4000-pixel mazes). */
  png_set_filter (png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
  png_set_compression_level (png, compression_level (writer));
  png_set_compression_strategy (png, compression_strategy (writer, writer->format));
  png_write_info (png, writer->info);
  if (writer->bit_depth < 8)
    png_set_packing (png);

  /* The census's image data, deflated already: written as it is, then
   * the end. (Everything png_write_end() would add, the text, is
   * written by png_write_info() already.) */
  if (writer->idat != NULL)
    {
      for (guint i = 0; i < maze_png_idat_get_n_blocks (writer->idat); i++)
        {
          gsize length;
          const guint8 *block = maze_png_idat_get_block (writer->idat, i, &length);

          png_write_chunk (png, (png_const_bytep) "IDAT", block, length);
        }
      png_write_chunk (png, (png_const_bytep) "IEND", NULL, 0);
      report_progress (writer, 1.0);
      return TRUE;
    }

  for (guint k = 0; k < writer->n_strips; k++)
    {
      guint rows = strip_height (writer, k);

      if (g_cancellable_is_cancelled (cancellable))
        {
          writer->cancelled = TRUE;
          return FALSE;
        }

      wait_for_strip (writer, k);
      for (guint r = 0; r < rows; r++)
        {
          convert_strip_row (writer, k, r);
          png_write_row (png, writer->row);
        }
      release_strip (writer, k);
      report_rows_written (writer, strip_y (writer, k) + rows);
    }

  png_write_end (png, writer->info);
  return TRUE;
}

/* The one place that catches libpng's longjmp: nothing here changes
 * after setjmp. */
static gboolean
write_image_guarded (PngWriter *writer)
{
  if (setjmp (png_jmpbuf (writer->png)))
    return FALSE;
  return write_image (writer);
}

/* Stops the rendering thread (done, cancelled or failed) and frees. */
static void
free_writer (PngWriter *writer)
{
  stop_renderer (writer);
  g_mutex_clear (&writer->lock);
  g_cond_clear (&writer->cond);
  for (guint b = 0; b < G_N_ELEMENTS (writer->buffers); b++)
    for (guint t = 0; t < writer->n_tiles; t++)
      g_clear_pointer (&writer->buffers[b].tiles[t], cairo_surface_destroy);
  g_clear_pointer (&writer->row, g_free);
  g_clear_pointer (&writer->palette, g_free);
  free_census_indices (writer);
  g_clear_pointer (&writer->idat, maze_png_idat_free);
  g_clear_pointer (&writer->png_message, g_free);
}

gboolean
maze_png_export (const MazePuzzle         *puzzle,
                 const MazeRenderOptions  *render,
                 const MazePngOptions     *options,
                 const char               *path,
                 const MazeExportJob      *job,
                 GError                  **error)
{
  g_autoptr(MazeAtomicFile) file = NULL;
  MazePngOptions default_options;
  PngWriter writer = { 0 };
  double scale;
  gsize row_bytes;
  gboolean surfaces_ok;
  gboolean ok;

  g_return_val_if_fail (puzzle != NULL && puzzle->grid != NULL, FALSE);
  g_return_val_if_fail (render != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (options == NULL)
    {
      maze_png_options_init (&default_options);
      options = &default_options;
    }

  if (!compute_size (puzzle->grid, render, options, &writer.width, &writer.height, &scale, error) ||
      !maze_png_get_drawing (puzzle->grid, render, options, &writer.render, &writer.offset_x,
                             &writer.offset_y, error))
    return FALSE;

  if (job != NULL && g_cancellable_set_error_if_cancelled (job->cancellable, error))
    return FALSE;

  writer.puzzle = puzzle;
  writer.options = options;
  writer.job = job;
  maze_render_style_init (&writer.style, &writer.render);
  writer.format = choose_pixel_format (&writer.style, &writer.render, puzzle->grid);
  writer.bit_depth = pixel_formats[writer.format].bit_depth;

  writer.strip_rows = CLAMP (STRIP_BYTES / (4u * writer.width), 1u, MAX_STRIP_ROWS);
  writer.strip_rows = MIN (writer.strip_rows, writer.height);
  writer.n_strips = (writer.height + writer.strip_rows - 1) / writer.strip_rows;
  writer.n_tiles = (writer.width + MAX_TILE_WIDTH - 1) / MAX_TILE_WIDTH;
  writer.tile_width = (writer.width + writer.n_tiles - 1) / writer.n_tiles;
  g_mutex_init (&writer.lock);
  g_cond_init (&writer.cond);
  /* The most a pixel may take: the census may choose a smaller format. */
  row_bytes = (gsize) writer.width * pixel_formats[writer.format].bytes;
  writer.row = g_try_malloc (row_bytes);
  surfaces_ok = writer.row != NULL;
  for (guint b = 0; b < (writer.n_strips > 1 ? 2u : 1u); b++)
    for (guint t = 0; t < writer.n_tiles; t++)
      {
        cairo_surface_t *tile = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                            (int) tile_columns (&writer, t),
                                                            (int) writer.strip_rows);

        writer.buffers[b].tiles[t] = tile;
        if (cairo_surface_status (tile) != CAIRO_STATUS_SUCCESS)
          surfaces_ok = FALSE;
      }
  if (!surfaces_ok)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   _("Not enough memory to draw a %u×%u pixel image"),
                   writer.width, writer.height);
      free_writer (&writer);
      return FALSE;
    }

  if (!take_census (&writer))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                   _("Export of “%s” cancelled"), path);
      free_writer (&writer);
      return FALSE;
    }

  file = maze_atomic_file_open (path, error);
  if (file == NULL)
    {
      free_writer (&writer);
      return FALSE;
    }
  writer.stream = maze_atomic_file_stream (file);

  /* Without a thread (one strip, or none to be had) strips are rendered
   * in turn here; none when the census kept the drawing. */
  if (writer.idat == NULL)
    start_renderer (&writer);

  writer.png = png_create_write_struct (PNG_LIBPNG_VER_STRING, &writer,
                                        png_error_cb, png_warning_cb);
  if (writer.png != NULL)
    writer.info = png_create_info_struct (writer.png);

  if (writer.png == NULL || writer.info == NULL)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   _("Cannot write “%s”: not enough memory to start libpng"), path);
      ok = FALSE;
    }
  else
    ok = write_image_guarded (&writer);

  if (!ok)
    {
      if (writer.cancelled)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                     _("Export of “%s” cancelled"), path);
      else if (writer.write_errno != 0)
        g_set_error (error, G_IO_ERROR, g_io_error_from_errno (writer.write_errno),
                     _("Cannot write “%s”: %s"), path, g_strerror (writer.write_errno));
      else if (writer.png_message != NULL)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                     _("Cannot write “%s”: libpng: %s"), path, writer.png_message);
      else if (error != NULL && *error == NULL)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                     _("Cannot write “%s”"), path);
    }

  png_destroy_write_struct (writer.png != NULL ? &writer.png : NULL,
                            writer.info != NULL ? &writer.info : NULL);
  free_writer (&writer);

  if (!ok)
    return FALSE;     /* file aborted by its autoptr: the old file stays */

  return maze_atomic_file_commit (g_steal_pointer (&file), error);
}
