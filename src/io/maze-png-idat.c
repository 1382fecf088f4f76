/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-png-idat.h"

#include <string.h>
#include <zlib.h>

/* zlib's output goes into blocks of this many bytes, each allocated
 * when the last is full (a failed allocation fails the stream rather
 * than aborting: the writer then draws the picture again its own way),
 * each an IDAT chunk in the file. */
#define BLOCK_BYTES (256u << 10)

struct _MazePngIdat
{
  z_stream    stream;
  GPtrArray  *blocks;     /* of BLOCK_BYTES each, the last filled to last_used */
  gsize       last_used;
  guint8     *row;        /* filter byte, then the packed values */
  gsize       row_size;
  gboolean    finished;
};

MazePngIdat *
maze_png_idat_new (int level,
                   int strategy)
{
  MazePngIdat *idat = g_new0 (MazePngIdat, 1);

  if (deflateInit2 (&idat->stream, level, Z_DEFLATED, 15, 8, strategy) != Z_OK)
    {
      g_free (idat);
      return NULL;
    }
  idat->blocks = g_ptr_array_new_with_free_func (g_free);
  idat->last_used = BLOCK_BYTES;
  return idat;
}

/* Feeds length bytes (none to end the stream) to zlib. */
static gboolean
deflate_bytes (MazePngIdat  *idat,
               const guint8 *bytes,
               gsize         length,
               int           flush)
{
  z_stream *z = &idat->stream;
  int status;

  z->next_in = (Bytef *) bytes;
  z->avail_in = (uInt) length;
  do
    {
      if (idat->last_used == BLOCK_BYTES)
        {
          guint8 *block = g_try_malloc (BLOCK_BYTES);

          if (block == NULL)
            return FALSE;
          g_ptr_array_add (idat->blocks, block);
          idat->last_used = 0;
        }
      z->next_out = (guint8 *) g_ptr_array_index (idat->blocks, idat->blocks->len - 1) +
                    idat->last_used;
      z->avail_out = (uInt) (BLOCK_BYTES - idat->last_used);
      status = deflate (z, flush);
      idat->last_used = BLOCK_BYTES - z->avail_out;
      if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR)
        return FALSE;
    }
  while (z->avail_in > 0 || (flush == Z_FINISH && status != Z_STREAM_END));
  return TRUE;
}

/* values[0..n) at bit_depth into dst, high bits first; the last
 * byte's spare low bits zero. */
static void
pack_values (const guint8 *values,
             guint         n,
             int           bit_depth,
             guint8       *dst)
{
  guint per_byte = 8 / (guint) bit_depth;

  if (bit_depth == 8)
    {
      memcpy (dst, values, n);
      return;
    }
  for (guint i = 0; i < n; i += per_byte)
    {
      guint byte = 0;

      for (guint k = 0; k < per_byte; k++)
        byte = (byte << bit_depth) | (i + k < n ? values[i + k] : 0u);
      *dst++ = (guint8) byte;
    }
}

gboolean
maze_png_idat_add_row (MazePngIdat  *idat,
                       const guint8 *values,
                       guint         n,
                       int           bit_depth)
{
  gsize size;

  g_return_val_if_fail (idat != NULL && !idat->finished, FALSE);
  g_return_val_if_fail (bit_depth == 1 || bit_depth == 2 || bit_depth == 4 || bit_depth == 8,
                        FALSE);

  size = 1 + ((gsize) n * (guint) bit_depth + 7) / 8;
  if (size > idat->row_size)
    {
      g_free (idat->row);
      idat->row = g_malloc (size);
      idat->row_size = size;
    }
  /* Filter type 0, none: line art deflates best unfiltered. */
  idat->row[0] = 0;
  pack_values (values, n, bit_depth, idat->row + 1);
  return deflate_bytes (idat, idat->row, size, Z_NO_FLUSH);
}

gboolean
maze_png_idat_finish (MazePngIdat *idat)
{
  g_return_val_if_fail (idat != NULL && !idat->finished, FALSE);

  idat->finished = TRUE;
  return deflate_bytes (idat, NULL, 0, Z_FINISH);
}

guint
maze_png_idat_get_n_blocks (const MazePngIdat *idat)
{
  g_return_val_if_fail (idat != NULL, 0);

  return idat->blocks->len;
}

const guint8 *
maze_png_idat_get_block (const MazePngIdat *idat,
                         guint              i,
                         gsize             *length)
{
  g_return_val_if_fail (idat != NULL && i < idat->blocks->len, NULL);

  *length = i + 1 < idat->blocks->len ? BLOCK_BYTES : idat->last_used;
  return g_ptr_array_index (idat->blocks, i);
}

void
maze_png_idat_free (MazePngIdat *idat)
{
  if (idat == NULL)
    return;
  deflateEnd (&idat->stream);
  g_ptr_array_unref (idat->blocks);
  g_free (idat->row);
  g_free (idat);
}
