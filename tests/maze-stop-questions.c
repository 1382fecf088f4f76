/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "maze-stop-questions.h"

#include "maze-task-progress-private.h"

static void
question_cb (gpointer cancellable,
             gpointer user_data)
{
  MazeStopQuestions *questions = user_data;

  /* The app model runs these searches on the caller's thread. */
  if (++questions->asked == questions->cancel_at)
    g_cancellable_cancel (questions->cancellable);
}

void
maze_stop_questions_begin (MazeStopQuestions *questions)
{
  questions->asked = 0;
  maze_task_set_stop_hook (question_cb, questions);
}

void
maze_stop_questions_end (void)
{
  maze_task_set_stop_hook (NULL, NULL);
}
