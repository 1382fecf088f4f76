/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "maze-puzzle-file.h"
#include "maze-puzzle.h"

G_BEGIN_DECLS

/* What the parts of the .maze reader and writer share; nothing outside
 * maze-puzzle-file*.c includes this. The format itself is described in
 * maze-puzzle-file.c. */

/* ---- Errors (maze-puzzle-file-error.c) ---- */

void  maze_file_set_parse_error    (GError     **error,
                                    const char  *format,
                                    ...) G_GNUC_PRINTF (2, 3);
void  maze_file_set_field_error    (GError     **error,
                                    const char  *field,
                                    GError      *cause);
void  maze_file_set_range_error    (GError     **error,
                                    const char  *path,
                                    gint64       value,
                                    gint64       min,
                                    gint64       max);
char *maze_file_describe_node      (JsonNode    *node);
char *maze_file_describe_character (const char  *data,
                                    gsize        length,
                                    gsize        pos);

/* ---- Bits packed into base64 (maze-puzzle-file-bits.c) ---- */

/* Passage bits each cell owns: 2 for rect, 3 for hex. */
guint maze_file_owned_bits_per_cell (const MazeTopology *t);

gsize maze_base64_length (guint64 n_bytes);

static inline int
maze_base64_value (char c)
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

gboolean maze_base64_check (const char  *path,
                            const char  *text,
                            guint64      expected,
                            const char  *what,
                            GError     **error);

/* Packs bits LSB first into bytes and streams them out as base64, so no
 * packed copy of a big maze is ever held. Start one as
 * (MazeBitWriter) { out }. The per-bit calls are inline: they run once
 * a cell. */
typedef struct
{
  GString *out;
  guint32  bits;     /* pending bits, LSB first */
  guint    n_bits;
  guint8   group[3]; /* bytes waiting for a base64 quantum */
  guint    n_group;
} MazeBitWriter;

void maze_bit_writer_flush_group (MazeBitWriter *w);
void maze_bit_writer_finish      (MazeBitWriter *w);

static inline void
maze_bit_writer_put_byte (MazeBitWriter *w,
                          guint8         byte)
{
  w->group[w->n_group++] = byte;
  if (w->n_group == 3)
    maze_bit_writer_flush_group (w);
}

static inline void
maze_bit_writer_put (MazeBitWriter *w,
                     guint          value,
                     guint          n_bits)
{
  w->bits |= (guint32) value << w->n_bits;
  w->n_bits += n_bits;
  while (w->n_bits >= 8)
    {
      maze_bit_writer_put_byte (w, w->bits & 0xff);
      w->bits >>= 8;
      w->n_bits -= 8;
    }
}

/* Reads base64 that maze_base64_check() passed back a byte or some bits
 * at a time. Start one as (MazeBitReader) { text }. */
typedef struct
{
  const char *text;
  guint32     bits;
  guint       n_bits;
  guint8      group[3];
  guint       n_group;
  guint       next;    /* in group */
} MazeBitReader;

static inline guint8
maze_bit_reader_get_byte (MazeBitReader *r)
{
  if (r->next == r->n_group)
    {
      guint32 v = 0;
      guint n = 0;

      for (guint i = 0; i < 4; i++)
        {
          int c = maze_base64_value (r->text[i]);

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
maze_bit_reader_get (MazeBitReader *r,
                     guint          n_bits)
{
  guint value;

  while (r->n_bits < n_bits)
    {
      r->bits |= (guint32) maze_bit_reader_get_byte (r) << r->n_bits;
      r->n_bits += 8;
    }
  value = r->bits & ((1u << n_bits) - 1);
  r->bits >>= n_bits;
  r->n_bits -= n_bits;
  return value;
}

gboolean maze_bit_reader_check_end (MazeBitReader  *r,
                                    const char     *path,
                                    GError        **error);

/* ---- The strict JSON pre-check (maze-puzzle-file-check.c) ---- */

gboolean maze_file_check_json (const char  *data,
                               gsize        length,
                               GError     **error);

/* ---- Reading (maze-puzzle-file-read.c, maze-puzzle-file.c) ---- */

/* maze_puzzle_from_json() with a load job (may be NULL): its size check,
 * its cancellable between the stages, its progress from 0.5 on. */
MazePuzzle *maze_file_read_json       (const char         *data,
                                       gsize               length,
                                       const MazeLoadJob  *job,
                                       GError            **error);
/* Reports progress and checks for a cancel; FALSE when cancelled. */
gboolean    maze_load_job_step        (const MazeLoadJob  *job,
                                       double              fraction,
                                       GError            **error);

/* ---- A glance at the top of a file (maze-puzzle-file-peek.c) ---- */

/* The size the top-level object of a .maze document claims within
 * head, as the reader gives it to the load job's size check (the grid's
 * width and height: a circular maze's outer ring and rings), when the
 * members it follows from are there as plain values in range. */
gboolean    maze_file_peek_size       (const char         *head,
                                       gsize               length,
                                       MazeShape          *shape,
                                       guint              *width,
                                       guint              *height);

/* ---- The schema as the pre-check follows it (maze-puzzle-file-places.c) ---- */

/* Where a value sits in a document. */
typedef enum
{
  MAZE_FILE_PLACE_STRAY,       /* nowhere this version reads */
  MAZE_FILE_PLACE_SCALAR,      /* a string, number or literal it reads */
  MAZE_FILE_PLACE_BULK,        /* "mask", "weights", "passages" */
  MAZE_FILE_PLACE_DOCUMENT,    /* (only the parent of the top object) */
  MAZE_FILE_PLACE_TOP,         /* the top object */
  MAZE_FILE_PLACE_PARAMETERS,  /* the "parameters" object */
  MAZE_FILE_PLACE_HISTORY,     /* the "history" array */
  MAZE_FILE_PLACE_EDIT,        /* an object in "history" */
  MAZE_FILE_PLACE_PAIR,        /* [x, y] */
  MAZE_FILE_PLACE_RECT,        /* [x, y, width, height] */
  MAZE_FILE_PLACE_OUTLINE,     /* the "outline" object */
} MazeFilePlace;

MazeFilePlace maze_file_place_of_value (MazeFilePlace  parent,
                                        const char    *name,
                                        gsize          name_length,
                                        guint          index,
                                        char           open);

/* ---- Typed members (maze-puzzle-file-schema.c) ---- */

/* An object of the document and its JSON path, for messages. */
typedef struct
{
  JsonObject *object;
  const char *path;   /* of the object; NULL at the top */
} MazeFileScope;

char    *maze_file_join_path     (const char           *parent,
                                  const char           *name);
gboolean maze_file_lookup        (const MazeFileScope  *scope,
                                  const char           *name,
                                  gboolean              required,
                                  JsonNode            **node,
                                  GError              **error);
gboolean maze_file_get_string    (const MazeFileScope  *scope,
                                  const char           *name,
                                  gboolean              required,
                                  const char          **value,
                                  GError              **error);
gboolean maze_file_get_integer   (const MazeFileScope  *scope,
                                  const char           *name,
                                  gboolean              required,
                                  gint64                min,
                                  gint64                max,
                                  gint64               *value,
                                  gboolean             *present,
                                  GError              **error);
/* A cell or a rect of a width × height grid, or of the rings of polar
 * when it is not NULL (then a rect's columns count the outer ring's). */
gboolean maze_file_get_cell      (const MazeFileScope    *scope,
                                  const char             *name,
                                  guint                   width,
                                  guint                   height,
                                  const MazePolarLayout  *polar,
                                  guint32                *cell,
                                  GError                **error);
gboolean maze_file_get_rect      (const MazeFileScope    *scope,
                                  const char             *name,
                                  guint                   width,
                                  guint                   height,
                                  const MazePolarLayout  *polar,
                                  MazeRect               *rect,
                                  GError                **error);
gboolean maze_file_get_seed      (const MazeFileScope  *scope,
                                  guint64              *seed,
                                  GError              **error);
gboolean maze_file_get_algorithm (const MazeFileScope  *scope,
                                  MazeShape             shape,
                                  MazeAlgorithm        *algorithm,
                                  MazeGrowingTreeMode  *mode,
                                  GError              **error);
gboolean maze_file_get_braid     (const MazeFileScope  *scope,
                                  guint32              *braid,
                                  GError              **error);

/* ---- The outline's parameters (maze-puzzle-file-outline.c) ---- */

/* The "outline" member and its line, when there is an outline. */
void     maze_file_append_outline (GString                  *out,
                                   const MazeOutlineParams  *outline);
/* *outline is NULL when the member is absent. */
gboolean maze_file_read_outline   (const MazeFileScope      *top,
                                   MazeOutlineParams       **outline,
                                   GError                  **error);

G_END_DECLS
