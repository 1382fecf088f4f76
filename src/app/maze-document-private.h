/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "maze-document.h"

G_BEGIN_DECLS

/* For the document's own files (maze-document-edit.c,
 * maze-document-generate.c): the edits worked out on a copy, maybe on a
 * thread, go into the document here as one undo step each. */

/* Counts the changes to the maze (not to its title): an edit worked out
 * on a copy is put in only while the count is what it was. */
guint     maze_document_get_serial        (MazeDocument     *self);
/* The seed for the next regenerate or mask edit (each takes one). */
guint64   maze_document_next_edit_seed    (MazeDocument     *self);
/* Puts a regenerate or mask edit worked out on done (a copy of the
 * document's puzzle with edit applied) into the document: the cells
 * edit may have changed, start and end, and edit in the history. */
void      maze_document_commit_edit       (MazeDocument     *self,
                                           const MazeEdit   *edit,
                                           const MazePuzzle *done);
/* The maze before braiding (a copy), the braid it has already (0 for a
 * perfect maze) and, once a braid below that made it, it with its loops
 * closed (a copy, else NULL; maze_puzzle_braid_full()), for the current
 * maze: the ones kept when the maze is one of them with walls opened,
 * else the maze itself at its own braid. */
MazeGrid *maze_document_dup_braid_base    (MazeDocument     *self,
                                           guint32          *base_braid,
                                           MazeGrid        **closed);
/* Keeps base and closed (taken; NULL forgets) as the current maze's
 * unbraided maze and that with its loops closed. */
void      maze_document_set_braid_base    (MazeDocument     *self,
                                           MazeGrid         *base,
                                           guint32           base_braid,
                                           MazeGrid         *closed);
/* Puts braided (a copy of the document's puzzle braided anew from base,
 * maze_puzzle_braid_full()) into the document as one undo step, or into
 * the newest step when that is a braid step of the same gesture
 * (nonzero: one drag of a slider). Keeps base and closed (taken). */
void      maze_document_commit_braid      (MazeDocument     *self,
                                           const MazePuzzle *braided,
                                           MazeGrid         *base,
                                           guint32           base_braid,
                                           MazeGrid         *closed,
                                           guint             gesture);

G_END_DECLS
