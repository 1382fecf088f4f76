/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "maze-core.h"
#include "maze-export.h"
#include "maze-outline-image.h"

G_BEGIN_DECLS

/* The model of an open maze: a MazePuzzle, the edits made to it with undo
 * and redo, and its file and modified state. Every change is announced by
 * "changed" with what changed and the cells it touched, so a view redraws
 * only those. The document holds no maze logic: the core does the work. */

typedef enum
{
  MAZE_CHANGE_PASSAGES  = 1 << 0,
  MAZE_CHANGE_MASK      = 1 << 1,
  MAZE_CHANGE_WEIGHTS   = 1 << 2,
  MAZE_CHANGE_ENDPOINTS = 1 << 3,
  MAZE_CHANGE_SIZE      = 1 << 4,  /* shape or size: everything is new */
  MAZE_CHANGE_SETTINGS  = 1 << 5,  /* algorithm, seed, braid, title */
} MazeChangeFlags;

#define MAZE_TYPE_DOCUMENT (maze_document_get_type ())

G_DECLARE_FINAL_TYPE (MazeDocument, maze_document, MAZE, DOCUMENT, GObject)

/* The most undo steps kept, and the most memory they may hold: steps
 * that replace a big maze keep two copies of it (32 MB a step at
 * 4000 × 4000), so the oldest go first once the history holds more than
 * this. The newest step is always kept. */
#define MAZE_DOCUMENT_UNDO_LIMIT 200
#define MAZE_DOCUMENT_UNDO_BYTES ((gsize) 256 << 20)

MazeDocument     *maze_document_new               (void);
/* Memory the undo history may hold (MAZE_DOCUMENT_UNDO_BYTES unless set),
 * and what it holds now (the undo and redo steps' cells and copies). */
void              maze_document_set_undo_budget   (MazeDocument         *self,
                                                   gsize                 bytes);
gsize             maze_document_get_undo_bytes    (MazeDocument         *self);
MazeDocument     *maze_document_new_for_puzzle    (MazePuzzle           *puzzle);
const MazePuzzle *maze_document_get_puzzle        (MazeDocument         *self);
const MazeGrid   *maze_document_get_grid          (MazeDocument         *self);

/* What a new maze of this shape and size (centre: a circular grid's
 * centre cell, maze_grid_new_rings()) is carved in: a copy of the
 * current grid when the shape and size are the same and it has painted
 * cells or mud (kept, so other settings do not lose them); at another
 * shape or size, the document's outline drawn again (the size sets
 * its resolution; a picture's only while the document keeps its
 * pixels); else NULL (a blank grid). maze_document_generate() and
 * _generate_async() use it. */
MazeGrid         *maze_document_dup_generation_grid (MazeDocument *self,
                                                     MazeShape     shape,
                                                     guint         width,
                                                     guint         height,
                                                     gboolean      centre);
/* Keeps a copy of the picture a picture outline was drawn from, so that
 * a new size draws it again (as long as the puzzle's outline names its
 * digest). */
void              maze_document_keep_outline_image (MazeDocument           *self,
                                                    const MazeOutlineImage *image);

/* Edits; each is one undo step. FALSE with error (and no change) when the
 * core refuses. */
gboolean          maze_document_generate          (MazeDocument               *self,
                                                   MazeShape                   shape,
                                                   guint                       width,
                                                   guint                       height,
                                                   gboolean                    centre,
                                                   const MazeGenerateOptions  *options,
                                                   guint32                     braid,
                                                   MazeEndpointsPreset         preset,
                                                   GError                    **error);

/* Told, on the main context maze_document_generate_async() was called
 * in, how far the generation has come: fraction of the work, 0 to 1. */
typedef void (*MazeDocumentProgressFunc) (MazeDocument *self,
                                          double        fraction,
                                          gpointer      user_data);

/* maze_document_generate() on a thread, for big mazes. The document
 * changes (one undo step) on the calling thread's main context just
 * before callback runs, or not at all. Cancelling cancellable stops the
 * thread (within MAZE_STOP_INTERVAL steps of carving, see maze-stop.h)
 * and then callback runs with G_IO_ERROR_CANCELLED, the one error for a
 * cancelled generation, and the document unchanged. options->stop, when
 * set, is asked on the thread as well and stops it the same way.
 * progress (may be NULL) is never called after callback or a cancel. A
 * newer call does not cancel an older one: callers cancel. */
void              maze_document_generate_async    (MazeDocument               *self,
                                                   MazeShape                   shape,
                                                   guint                       width,
                                                   guint                       height,
                                                   gboolean                    centre,
                                                   const MazeGenerateOptions  *options,
                                                   guint32                     braid,
                                                   MazeEndpointsPreset         preset,
                                                   GCancellable               *cancellable,
                                                   MazeDocumentProgressFunc    progress,
                                                   gpointer                    progress_data,
                                                   GAsyncReadyCallback         callback,
                                                   gpointer                    user_data);
/* The same made to order (maze_puzzle_generate_to_order_on(), the
 * document's outline kept): seeds from options->seed on until the
 * difficulty score is within min_score..max_score; the maze records
 * its seed and the band. progress is the share of the tries spent. A
 * band out of reach fails with the core's message, saying what to
 * change, and the document unchanged. Finished by
 * maze_document_generate_finish(). */
void              maze_document_generate_to_order_async (MazeDocument               *self,
                                                         MazeShape                   shape,
                                                         guint                       width,
                                                         guint                       height,
                                                         gboolean                    centre,
                                                         const MazeGenerateOptions  *options,
                                                         guint32                     braid,
                                                         MazeEndpointsPreset         preset,
                                                         guint32                     min_score,
                                                         guint32                     max_score,
                                                         GCancellable               *cancellable,
                                                         MazeDocumentProgressFunc    progress,
                                                         gpointer                    progress_data,
                                                         GAsyncReadyCallback         callback,
                                                         gpointer                    user_data);
gboolean          maze_document_generate_finish   (MazeDocument               *self,
                                                   GAsyncResult               *result,
                                                   GError                    **error);
gboolean          maze_document_replace_puzzle    (MazeDocument               *self,
                                                   MazePuzzle                 *puzzle);
gboolean          maze_document_set_start         (MazeDocument               *self,
                                                   guint32                     cell,
                                                   GError                    **error);
gboolean          maze_document_set_end           (MazeDocument               *self,
                                                   guint32                     cell,
                                                   GError                    **error);
gboolean          maze_document_regenerate_region (MazeDocument               *self,
                                                   const MazeRect             *rect,
                                                   GError                    **error);
/* mask holds the new state of every cell of rect (row-major, nonzero =
 * masked): cells the brush did not touch carry their current state. The
 * core's maze_mask_edit_region() decides what is regenerated: rect and a
 * small margin, so the maze can route around the painted cells. */
gboolean          maze_document_set_mask          (MazeDocument               *self,
                                                   const MazeRect             *rect,
                                                   const guint8               *mask,
                                                   GError                    **error);
/* Braids the maze anew to braid (fixed point), keeping start, end, mask,
 * mud and every edit: the dead ends are opened in the current maze, from
 * its unbraided maze as long as the document knows it (a maze made here,
 * edited only by braiding since), so a lower braid takes back what a
 * higher one opened; the same maze and seed give the same loops. One
 * undo step per gesture: a nonzero gesture (one drag of a slider) joins
 * the newest step when that is a braid of the same gesture. */
gboolean          maze_document_braid             (MazeDocument               *self,
                                                   guint32                     braid,
                                                   guint                       gesture,
                                                   GError                    **error);

/* The three edits above that may take long, on a thread (the window's
 * way above its size threshold): the core works on a copy, and the
 * document changes (one undo step) just before callback runs, or not
 * at all. Cancelling cancellable stops the thread (within
 * MAZE_STOP_INTERVAL steps of any stage, see maze-stop.h) and then
 * callback runs with G_IO_ERROR_CANCELLED and the document unchanged;
 * callback means the thread is done. When the maze changed meanwhile
 * the edit is dropped with G_IO_ERROR_FAILED. Finish each with
 * maze_document_edit_finish(). */
void              maze_document_regenerate_region_async (MazeDocument        *self,
                                                         const MazeRect      *rect,
                                                         GCancellable        *cancellable,
                                                         GAsyncReadyCallback  callback,
                                                         gpointer             user_data);
void              maze_document_set_mask_async    (MazeDocument               *self,
                                                   const MazeRect             *rect,
                                                   const guint8               *mask,
                                                   GCancellable               *cancellable,
                                                   GAsyncReadyCallback         callback,
                                                   gpointer                    user_data);
void              maze_document_braid_async       (MazeDocument               *self,
                                                   guint32                     braid,
                                                   guint                       gesture,
                                                   GCancellable               *cancellable,
                                                   GAsyncReadyCallback         callback,
                                                   gpointer                    user_data);
gboolean          maze_document_edit_finish       (MazeDocument               *self,
                                                   GAsyncResult               *result,
                                                   GError                    **error);
gboolean          maze_document_set_weight        (MazeDocument               *self,
                                                   guint32                     cell,
                                                   guint8                      weight,
                                                   GError                    **error);
void              maze_document_set_title         (MazeDocument               *self,
                                                   const char                 *title);

/* Every edit between begin and end is one undo step (a brush stroke).
 * Groups nest; undo or redo inside a group ends it. */
void              maze_document_begin_group       (MazeDocument         *self);
void              maze_document_end_group         (MazeDocument         *self);

gboolean          maze_document_can_undo          (MazeDocument         *self);
gboolean          maze_document_can_redo          (MazeDocument         *self);
gboolean          maze_document_undo              (MazeDocument         *self);
gboolean          maze_document_redo              (MazeDocument         *self);

GFile            *maze_document_get_file          (MazeDocument         *self);
gboolean          maze_document_get_modified      (MazeDocument         *self);
/* "Untitled Maze" or the file's display name. */
char             *maze_document_dup_display_name  (MazeDocument         *self);
/* The name Save As offers: the file's, or the text maze's it was opened
 * from, ending in .maze. */
char             *maze_document_dup_suggested_name (MazeDocument        *self);
gboolean          maze_document_save              (MazeDocument         *self,
                                                   GFile                *file,
                                                   GError              **error);
/* A document for a puzzle read from file; imported (a text maze): the
 * file is never written back, Save asks for a .maze file. */
MazeDocument     *maze_document_new_for_file      (MazePuzzle           *puzzle,
                                                   GFile                *file,
                                                   gboolean              imported);

/* The largest maze the app opens, in cells (maze-document-load.c has
 * the reasons). Bigger ones are refused before they are read, with a
 * message that says how the CLI handles them. */
#define MAZE_DOCUMENT_MAX_CELLS ((guint64) 16000000)

/* Reads a .maze file or a text maze (a text maze without doors gets
 * its start and end in the corners). Mazes of more than max_cells cells
 * (0: MAZE_DOCUMENT_MAX_CELLS) are refused with MAZE_ERROR_INVALID_SIZE. */
MazeDocument     *maze_document_load              (GFile                *file,
                                                   GError              **error);
MazeDocument     *maze_document_load_limited      (GFile                *file,
                                                   guint64               max_cells,
                                                   GError              **error);
/* maze_document_load_limited() on a thread. progress (may be NULL) is
 * told how far the load has come (0..1) on the calling thread's main
 * context, never after callback or a cancel. Cancelling makes the
 * reading stop within a few megabytes or a stage and callback run with
 * G_IO_ERROR_CANCELLED; callback runs only once the thread is done. */
void              maze_document_load_async        (GFile                *file,
                                                   guint64               max_cells,
                                                   GCancellable         *cancellable,
                                                   MazeProgressFunc      progress,
                                                   gpointer              progress_data,
                                                   GAsyncReadyCallback   callback,
                                                   gpointer              user_data);
MazeDocument     *maze_document_load_finish       (GAsyncResult         *result,
                                                   GError              **error);

G_END_DECLS
