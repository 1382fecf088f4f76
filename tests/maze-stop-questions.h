/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Counts the questions the core asks the app model's stop function
 * (maze_task_stop_if_cancelled()) and cancels cancellable at question
 * cancel_at (1: the first; 0: never). A search given the cancellable
 * stops at the question that sees it cancelled: asked == cancel_at. One
 * given anything else goes on asking, or never asks. */
typedef struct
{
  GCancellable *cancellable;
  guint         cancel_at;
  guint         asked;
} MazeStopQuestions;

/* Starts counting (asked = 0) into questions until _end(). */
void maze_stop_questions_begin (MazeStopQuestions *questions);
void maze_stop_questions_end   (void);

G_END_DECLS
