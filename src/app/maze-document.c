/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "maze-document.h"

#include "maze-outline.h"
#include "maze-outline-image.h"
#include "maze-cell-rect.h"
#include "maze-document-private.h"
#include "maze-puzzle-file.h"

/* One undo step. Local edits keep the bytes of the cells they touched
 * (the edit's rectangle and the ring around it, where a stitch may open
 * walls); replacing the whole maze keeps both puzzles. A group (a brush
 * stroke) holds the steps made inside it, oldest first, and nothing else. */
typedef struct _UndoStep UndoStep;
struct _UndoStep
{
  MazeChangeFlags  flags;
  MazeRect         area;
  guint8          *before;
  guint8          *after;
  guint32          start[2];
  guint32          end[2];
  guint32          weight_cell;
  guint8           weight[2];
  MazePuzzle      *puzzle[2];
  MazeEdit        *edit;
  guint            history_len;
  GPtrArray       *children;     /* UndoStep: a group's steps */
  gboolean         is_braid;     /* a braid: whole-grid bytes and braid[] */
  guint32          braid[2];
  guint            gesture;      /* the braid's drag, 0: none */
};

struct _MazeDocument
{
  GObject     parent_instance;

  MazePuzzle *puzzle;
  GFile      *file;
  GFile      *imported_from; /* a text maze opened: never written back */
  GPtrArray  *steps;         /* UndoStep, oldest first */
  guint       position;      /* steps[0..position-1] are applied */
  gint        saved_position; /* -1: the saved state is gone from the stack */
  gboolean    title_changed; /* modified outside the undo stack */
  UndoStep   *open_group;    /* steps go here between begin/end_group */
  gboolean    group_pushed;  /* open_group is on the stack already */
  guint       group_depth;
  guint64     edit_counter;  /* makes each region regeneration's seed fresh */
  gsize       undo_budget;   /* bytes the steps may hold */
  guint       serial;        /* changes to the maze, see _get_serial() */
  /* The maze before braiding, while the current maze is it with walls
   * opened (checked when used: an edit or an undo may have moved away). */
  MazeGrid   *braid_base;
  guint32     braid_base_braid;
  MazeGrid   *braid_base_closed;  /* its loops closed, once a braid below
                                     braid_base_braid made it */
  /* The picture of the latest picture outline, to draw it again at
   * another size (used while the puzzle's outline names its digest). */
  MazeOutlineImage *outline_image;
};

G_DEFINE_FINAL_TYPE (MazeDocument, maze_document, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_MODIFIED,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_FILE,
  PROP_DISPLAY_NAME,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Stream tags for seeds derived from the document seed. */
#define REGION_SEED_STREAM G_GUINT64_CONSTANT (0x5e00000000)

static void
undo_step_free (UndoStep *step)
{
  g_free (step->before);
  g_free (step->after);
  g_clear_pointer (&step->puzzle[0], maze_puzzle_free);
  g_clear_pointer (&step->puzzle[1], maze_puzzle_free);
  g_clear_pointer (&step->edit, maze_edit_free);
  g_clear_pointer (&step->children, g_ptr_array_unref);
  g_free (step);
}

static guint8 *
copy_area (const MazeGrid *grid,
           const MazeRect *area)
{
  guint8 *bytes = g_malloc ((gsize) area->width * area->height);

  for (guint y = 0; y < area->height; y++)
    memcpy (bytes + (gsize) y * area->width,
            grid->cells + maze_grid_index (grid, area->x, area->y + y), area->width);
  return bytes;
}

static void
paste_area (MazeGrid       *grid,
            const MazeRect *area,
            const guint8   *bytes)
{
  for (guint y = 0; y < area->height; y++)
    memcpy (grid->cells + maze_grid_index (grid, area->x, area->y + y),
            bytes + (gsize) y * area->width, area->width);
}

static void
emit_changed (MazeDocument    *self,
              MazeChangeFlags  flags,
              const MazeRect  *area)
{
  MazeRect all = maze_grid_full_rect (self->puzzle->grid);

  if (flags & ~MAZE_CHANGE_SETTINGS)
    self->serial++;
  g_signal_emit (self, signals[CHANGED], 0, (guint) flags, area ? area : &all);
}

static void
notify_state (MazeDocument *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
}

static MazeRect
union_rect (const MazeRect *a,
            const MazeRect *b)
{
  guint x2 = MAX (a->x + a->width, b->x + b->width);
  guint y2 = MAX (a->y + a->height, b->y + b->height);
  MazeRect r = { MIN (a->x, b->x), MIN (a->y, b->y), 0, 0 };

  r.width = x2 - r.x;
  r.height = y2 - r.y;
  return r;
}

static gsize
puzzle_bytes (const MazePuzzle *puzzle)
{
  const MazeGrid *grid;

  if (puzzle == NULL)
    return 0;
  grid = puzzle->grid;
  return sizeof *puzzle + sizeof *grid + (gsize) grid->n_cells * (grid->weights != NULL ? 2 : 1);
}

/* What a step holds: its cell bytes and maze copies, its group's steps. */
static gsize
undo_step_bytes (const UndoStep *step)
{
  gsize bytes = sizeof *step + puzzle_bytes (step->puzzle[0]) + puzzle_bytes (step->puzzle[1]);

  if (step->before != NULL)
    bytes += (gsize) step->area.width * step->area.height;
  if (step->after != NULL)
    bytes += (gsize) step->area.width * step->area.height;
  if (step->children != NULL)
    for (guint i = 0; i < step->children->len; i++)
      bytes += undo_step_bytes (g_ptr_array_index (step->children, i));
  return bytes;
}

gsize
maze_document_get_undo_bytes (MazeDocument *self)
{
  gsize bytes = 0;

  g_return_val_if_fail (MAZE_IS_DOCUMENT (self), 0);

  for (guint i = 0; i < self->steps->len; i++)
    bytes += undo_step_bytes (g_ptr_array_index (self->steps, i));
  return bytes;
}

/* Forgets the oldest steps while there are too many or they hold too
 * much memory; the newest applied step stays (and redo steps are never
 * forgotten here). */
static void
trim_stack (MazeDocument *self)
{
  gsize bytes = maze_document_get_undo_bytes (self);

  while (self->position > 1 &&
         (self->steps->len > MAZE_DOCUMENT_UNDO_LIMIT || bytes > self->undo_budget))
    {
      bytes -= undo_step_bytes (g_ptr_array_index (self->steps, 0));
      g_ptr_array_remove_index (self->steps, 0);
      self->position--;
      self->saved_position = self->saved_position > 0 ? self->saved_position - 1 : -1;
    }
}

/* Drops the redo branch and keeps the stack within its limits. */
static void
push_step_on_stack (MazeDocument *self,
                    UndoStep     *step)
{
  if (self->position < self->steps->len)
    {
      if (self->saved_position > (gint) self->position)
        self->saved_position = -1;
      g_ptr_array_set_size (self->steps, self->position);
    }
  g_ptr_array_add (self->steps, step);
  self->position++;
  trim_stack (self);
  notify_state (self);
}

void
maze_document_set_undo_budget (MazeDocument *self,
                               gsize         bytes)
{
  g_return_if_fail (MAZE_IS_DOCUMENT (self));

  self->undo_budget = bytes;
  trim_stack (self);
  notify_state (self);
}

/* Inside a group the step joins it; the group goes on the stack with its
 * first step, so an empty group leaves no trace. */
static void
push_step (MazeDocument *self,
           UndoStep     *step)
{
  UndoStep *group = self->open_group;

  if (group == NULL)
    {
      push_step_on_stack (self, step);
      return;
    }

  if (group->children->len == 0)
    group->area = step->area;
  else
    group->area = union_rect (&group->area, &step->area);
  group->flags |= step->flags;
  g_ptr_array_add (group->children, step);
  if (!self->group_pushed)
    {
      self->group_pushed = TRUE;
      push_step_on_stack (self, group);
    }
  else
    notify_state (self);
}

static void
maze_document_finalize (GObject *object)
{
  MazeDocument *self = MAZE_DOCUMENT (object);

  if (!self->group_pushed)
    g_clear_pointer (&self->open_group, undo_step_free);
  g_clear_pointer (&self->puzzle, maze_puzzle_free);
  g_clear_pointer (&self->steps, g_ptr_array_unref);
  g_clear_pointer (&self->braid_base, maze_grid_free);
  g_clear_pointer (&self->braid_base_closed, maze_grid_free);
  g_clear_pointer (&self->outline_image, maze_outline_image_free);
  g_clear_object (&self->file);
  g_clear_object (&self->imported_from);

  G_OBJECT_CLASS (maze_document_parent_class)->finalize (object);
}

static void
maze_document_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  MazeDocument *self = MAZE_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_MODIFIED:
      g_value_set_boolean (value, maze_document_get_modified (self));
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, maze_document_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, maze_document_can_redo (self));
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_DISPLAY_NAME:
      g_value_take_string (value, maze_document_dup_display_name (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
maze_document_class_init (MazeDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = maze_document_finalize;
  object_class->get_property = maze_document_get_property;

  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_DISPLAY_NAME] =
    g_param_spec_string ("display-name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MazeDocument::changed:
   * @flags: the MazeChangeFlags of what changed
   * @area: (type gpointer): the MazeRect of the cells touched
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                                   G_TYPE_UINT, G_TYPE_POINTER);
}

static void
maze_document_init (MazeDocument *self)
{
  self->steps = g_ptr_array_new_with_free_func ((GDestroyNotify) undo_step_free);
  self->undo_budget = MAZE_DOCUMENT_UNDO_BYTES;
}

MazeDocument *
maze_document_new_for_puzzle (MazePuzzle *puzzle)
{
  MazeDocument *self;

  g_return_val_if_fail (puzzle != NULL, NULL);

  self = g_object_new (MAZE_TYPE_DOCUMENT, NULL);
  self->puzzle = puzzle;
  self->edit_counter = puzzle->history->len;
  return self;
}

/* A new document: the Beginner maze (30×30, backtracker) with a random
 * seed. */
MazeDocument *
maze_document_new (void)
{
  MazeGenerateOptions options;
  MazePuzzle *puzzle;

  maze_generate_options_init (&options);
  options.seed = ((guint64) g_random_int () << 32) | g_random_int ();
  puzzle = maze_puzzle_generate (MAZE_SHAPE_RECT, 30, 30, &options, 0,
                                 MAZE_ENDPOINTS_CORNERS, NULL);
  g_assert (puzzle != NULL);
  return maze_document_new_for_puzzle (puzzle);
}

const MazePuzzle *
maze_document_get_puzzle (MazeDocument *self)
{
  g_return_val_if_fail (MAZE_IS_DOCUMENT (self), NULL);
  return self->puzzle;
}

const MazeGrid *
maze_document_get_grid (MazeDocument *self)
{
  g_return_val_if_fail (MAZE_IS_DOCUMENT (self), NULL);
  return self->puzzle->grid;
}

gboolean
maze_document_replace_puzzle (MazeDocument *self,
                              MazePuzzle   *puzzle)
{
  UndoStep *step;

  g_return_val_if_fail (MAZE_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (puzzle != NULL, FALSE);

  step = g_new0 (UndoStep, 1);
  step->flags = MAZE_CHANGE_SIZE | MAZE_CHANGE_PASSAGES | MAZE_CHANGE_MASK |
                MAZE_CHANGE_WEIGHTS | MAZE_CHANGE_ENDPOINTS | MAZE_CHANGE_SETTINGS;
  step->puzzle[0] = self->puzzle;
  step->puzzle[1] = maze_puzzle_copy (puzzle);
  self->puzzle = puzzle;
  self->edit_counter = puzzle->history->len;
  maze_document_set_braid_base (self, NULL, 0, NULL);
  push_step (self, step);
  emit_changed (self, step->flags, NULL);
  return TRUE;
}

/* The document's outline drawn again on a grid of another shape or
 * size, when it can be: a preset, a text, or a picture whose pixels
 * the document kept. NULL when it cannot, or does not fit. */
static MazeGrid *
redraw_outline (const MazeOutlineParams *outline,
                const MazeOutlineImage  *image,
                MazeShape                shape,
                guint                    width,
                guint                    height,
                gboolean                 centre)
{
  g_autoptr(MazeGrid) grid = NULL;
  MazeOutline preset;
  gboolean drawn = FALSE;

  if (outline == NULL)
    return NULL;
  if (outline->source == MAZE_OUTLINE_SOURCE_PICTURE &&
      (image == NULL || g_strcmp0 (outline->digest, maze_outline_image_get_digest (image)) != 0))
    return NULL;
  grid = maze_grid_new_rings (shape, width, height, centre, NULL);
  if (grid == NULL)
    return NULL;
  switch (outline->source)
    {
    case MAZE_OUTLINE_SOURCE_PRESET:
      drawn = maze_outline_from_string (outline->name, &preset) &&
              maze_outline_apply (grid, preset, NULL);
      break;
    case MAZE_OUTLINE_SOURCE_TEXT:
      drawn = maze_outline_apply_text (grid, outline->text, outline->font, NULL);
      break;
    case MAZE_OUTLINE_SOURCE_PICTURE:
    default:
      drawn = maze_outline_image_apply (image, grid, outline->threshold, NULL);
      break;
    }
  return drawn ? g_steal_pointer (&grid) : NULL;
}

MazeGrid *
maze_document_dup_generation_grid (MazeDocument *self,
                                   MazeShape     shape,
                                   guint         width,
                                   guint         height,
                                   gboolean      centre)
{
  const MazeGrid *grid;
  guint grid_width, grid_height;

  g_return_val_if_fail (MAZE_IS_DOCUMENT (self), NULL);

  grid = self->puzzle->grid;
  /* In the terms asked in: rings count as the first ring and rings. */
  maze_grid_get_size_args (grid, &grid_width, &grid_height);
  if (grid->shape != shape || grid_width != width || grid_height != height ||
      maze_grid_is_centre (grid, 0, 0) != centre)
    return redraw_outline (self->puzzle->outline, self->outline_image, shape, width, height,
                           centre);
  if (!maze_grid_has_mask (grid, NULL) && grid->weights == NULL)
    return NULL;
  return maze_grid_copy (grid);
}

void
maze_document_keep_outline_image (MazeDocument           *self,
                                  const MazeOutlineImage *image)
{
  g_return_if_fail (MAZE_IS_DOCUMENT (self));
  g_return_if_fail (image != NULL);

  g_clear_pointer (&self->outline_image, maze_outline_image_free);
  self->outline_image = maze_outline_image_copy (image);
}

/* Applies a local edit through the core, keeping the touched cells'
 * bytes before and after for undo. */
static gboolean
apply_local_edit (MazeDocument     *self,
                  MazeEdit         *edit,
                  MazeChangeFlags   flags,
                  GError          **error)
{
  MazeGrid *grid = self->puzzle->grid;
  UndoStep *step = g_new0 (UndoStep, 1);

  step->flags = flags;
  step->history_len = self->puzzle->history->len;
  step->start[0] = self->puzzle->start;
  step->end[0] = self->puzzle->end;
  if (edit->kind == MAZE_EDIT_REGENERATE || edit->kind == MAZE_EDIT_MASK)
    {
      step->area = maze_region_get_reach (grid, &edit->rect);
      step->before = copy_area (grid, &step->area);
    }
  else
    step->area = maze_cell_rect_index (grid, edit->cell);
  if (edit->kind == MAZE_EDIT_WEIGHT)
    {
      step->weight_cell = edit->cell;
      step->weight[0] = maze_grid_get_weight (grid, edit->cell);
      step->weight[1] = edit->weight;
    }

  if (!maze_puzzle_apply (self->puzzle, edit, error))
    {
      undo_step_free (step);
      return FALSE;
    }

  if (step->before != NULL)
    step->after = copy_area (grid, &step->area);
  step->start[1] = self->puzzle->start;
  step->end[1] = self->puzzle->end;
  if (step->start[0] != step->start[1] || step->end[0] != step->end[1])
    step->flags |= MAZE_CHANGE_ENDPOINTS;
  step->edit = maze_edit_copy (edit);
  push_step (self, step);
  emit_changed (self, step->flags, &step->area);
  return TRUE;
}

gboolean
maze_document_set_start (MazeDocument  *self,
                         guint32        cell,
                         GError       **error)
{
  MazeEdit edit = { .kind = MAZE_EDIT_START, .cell = cell };

  g_return_val_if_fail (MAZE_IS_DOCUMENT (self), FALSE);

  if (cell == self->puzzle->start)
    return TRUE;
  return apply_local_edit (self, &edit, MAZE_CHANGE_ENDPOINTS, error);
}

gboolean
maze_document_set_end (MazeDocument  *self,
                       guint32        cell,
                       GError       **error)
{
  MazeEdit edit = { .kind = MAZE_EDIT_END, .cell = cell };

  g_return_val_if_fail (MAZE_IS_DOCUMENT (self), FALSE);

  if (cell == self->puzzle->end)
    return TRUE;
  return apply_local_edit (self, &edit, MAZE_CHANGE_ENDPOINTS, error);
}

guint64
maze_document_next_edit_seed (MazeDocument *self)
{
  return maze_rng_derive (self->puzzle->seed, REGION_SEED_STREAM + self->edit_counter++);
}

guint
maze_document_get_serial (MazeDocument *self)
{
  return self->serial;
}

void
maze_document_commit_edit (MazeDocument     *self,
                           const MazeEdit   *edit,
                           const MazePuzzle *done)
{
  MazeGrid *grid = self->puzzle->grid;
  UndoStep *step = g_new0 (UndoStep, 1);

  step->flags = MAZE_CHANGE_PASSAGES | (edit->kind == MAZE_EDIT_MASK ? MAZE_CHANGE_MASK : 0);
  step->history_len = self->puzzle->history->len;
  step->start[0] = self->puzzle->start;
  step->end[0] = self->puzzle->end;
  step->area = maze_region_get_reach (grid, &edit->rect);
  step->before = copy_area (grid, &step->area);
  step->after = copy_area (done->grid, &step->area);
  paste_area (grid, &step->area, step->after);
  self->puzzle->start = step->start[1] = done->start;
  self->puzzle->end = step->end[1] = done->end;
  if (step->start[0] != step->start[1] || step->end[0] != step->end[1])
    step->flags |= MAZE_CHANGE_ENDPOINTS;
  step->edit = maze_edit_copy (edit);
  g_ptr_array_add (self->puzzle->history, maze_edit_copy (edit));
  push_step (self, step);
  emit_changed (self, step->flags, &step->area);
}

MazeGrid *
maze_document_dup_braid_base (MazeDocument  *self,
                              guint32       *base_braid,
                              MazeGrid     **closed)
{
  /* After a braid below the base's own, the maze is the closed base
   * with walls opened; else the base with walls opened. */
  const MazeGrid *under = self->braid_base_closed != NULL ? self->braid_base_closed
                                                          : self->braid_base;

  if (under != NULL && maze_braid_is_base_of (under, self->puzzle->grid))
    {
      *base_braid = self->braid_base_braid;
      *closed = self->braid_base_closed != NULL ? maze_grid_copy (self->braid_base_closed) : NULL;
      return maze_grid_copy (self->braid_base);
    }
  *base_braid = self->puzzle->braid;
  *closed = NULL;
  return maze_grid_copy (self->puzzle->grid);
}

void
maze_document_set_braid_base (MazeDocument *self,
                              MazeGrid     *base,
                              guint32       base_braid,
                              MazeGrid     *closed)
{
  g_clear_pointer (&self->braid_base, maze_grid_free);
  g_clear_pointer (&self->braid_base_closed, maze_grid_free);
  self->braid_base = base;
  self->braid_base_braid = base_braid;
  self->braid_base_closed = closed;
}

/* The newest step, when it is a braid of this drag and nothing came
 * after it: a drag is one undo step. */
static UndoStep *
joinable_braid_step (MazeDocument *self,
                     guint         gesture)
{
  UndoStep *top;

  if (gesture == 0 || self->open_group != NULL || self->position == 0 ||
      self->position != self->steps->len)
    return NULL;
  top = g_ptr_array_index (self->steps, self->position - 1);
  return top->is_braid && top->gesture == gesture ? top : NULL;
}

void
maze_document_commit_braid (MazeDocument     *self,
                            const MazePuzzle *braided,
                            MazeGrid         *base,
                            guint32           base_braid,
                            MazeGrid         *closed,
                            guint             gesture)
{
  MazeGrid *grid = self->puzzle->grid;
  UndoStep *step = joinable_braid_step (self, gesture);

  if (step != NULL)
    {
      g_free (step->after);
      step->after = copy_area (braided->grid, &step->area);
      step->braid[1] = braided->braid;
      /* Saved at the step's first value: no longer. */
      if (self->saved_position == (gint) self->position)
        self->saved_position = -1;
      notify_state (self);
    }
  else
    {
      step = g_new0 (UndoStep, 1);
      step->flags = MAZE_CHANGE_PASSAGES | MAZE_CHANGE_SETTINGS;
      step->is_braid = TRUE;
      step->gesture = gesture;
      step->history_len = self->puzzle->history->len;
      step->start[0] = step->start[1] = self->puzzle->start;
      step->end[0] = step->end[1] = self->puzzle->end;
      step->area = maze_grid_full_rect (grid);
      step->before = copy_area (grid, &step->area);
      step->after = copy_area (braided->grid, &step->area);
      step->braid[0] = self->puzzle->braid;
      step->braid[1] = braided->braid;
      push_step (self, step);
    }
  paste_area (grid, &step->area, step->after);
  self->puzzle->braid = braided->braid;
  maze_document_set_braid_base (self, base, base_braid, closed);
  emit_changed (self, step->flags, &step->area);
}

gboolean
maze_document_set_weight (MazeDocument  *self,
                          guint32        cell,
                          guint8         weight,
                          GError       **error)
{
  MazeEdit edit = { .kind = MAZE_EDIT_WEIGHT, .cell = cell, .weight = weight };

  g_return_val_if_fail (MAZE_IS_DOCUMENT (self), FALSE);

  if (cell < self->puzzle->grid->n_cells && maze_grid_get_weight (self->puzzle->grid, cell) == weight)
    return TRUE;
  return apply_local_edit (self, &edit, MAZE_CHANGE_WEIGHTS, error);
}

void
maze_document_set_title (MazeDocument *self,
                         const char   *title)
{
  g_return_if_fail (MAZE_IS_DOCUMENT (self));

  if (g_strcmp0 (title, self->puzzle->title) == 0)
    return;
  maze_puzzle_set_title (self->puzzle, title);
  self->title_changed = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
  emit_changed (self, MAZE_CHANGE_SETTINGS, NULL);
}

/* Ends the open group at once, however deep: undo and redo inside a
 * stroke act on whole steps. */
static void
close_group (MazeDocument *self)
{
  if (self->open_group == NULL)
    return;
  if (!self->group_pushed)
    undo_step_free (self->open_group);
  self->open_group = NULL;
  self->group_pushed = FALSE;
  self->group_depth = 0;
}

void
maze_document_begin_group (MazeDocument *self)
{
  g_return_if_fail (MAZE_IS_DOCUMENT (self));

  if (self->group_depth++ > 0)
    return;
  self->open_group = g_new0 (UndoStep, 1);
  self->open_group->children = g_ptr_array_new_with_free_func ((GDestroyNotify) undo_step_free);
  self->group_pushed = FALSE;
}

void
maze_document_end_group (MazeDocument *self)
{
  g_return_if_fail (MAZE_IS_DOCUMENT (self));

  if (self->group_depth == 0)
    return;
  if (--self->group_depth == 0)
    close_group (self);
}

gboolean
maze_document_can_undo (MazeDocument *self)
{
  g_return_val_if_fail (MAZE_IS_DOCUMENT (self), FALSE);
  return self->position > 0;
}

gboolean
maze_document_can_redo (MazeDocument *self)
{
  g_return_val_if_fail (MAZE_IS_DOCUMENT (self), FALSE);
  return self->position < self->steps->len;
}

/* Puts the state before (0) or after (1) step back. */
static void
restore_step (MazeDocument *self,
              UndoStep     *step,
              guint         side)
{
  if (step->children != NULL)
    {
      guint n = step->children->len;

      /* Undo the group's steps newest first, redo them oldest first. */
      for (guint i = 0; i < n; i++)
        restore_step (self, g_ptr_array_index (step->children, side == 0 ? n - 1 - i : i), side);
      return;
    }

  if (step->puzzle[side] != NULL)
    {
      /* The puzzle in use is the other side's: swap copies. */
      maze_puzzle_free (self->puzzle);
      self->puzzle = maze_puzzle_copy (step->puzzle[side]);
      self->edit_counter = self->puzzle->history->len;
      emit_changed (self, step->flags, NULL);
      return;
    }

  if (step->before != NULL)
    paste_area (self->puzzle->grid, &step->area, side == 0 ? step->before : step->after);
  if (step->is_braid)
    self->puzzle->braid = step->braid[side];
  if (step->flags & MAZE_CHANGE_WEIGHTS)
    maze_grid_set_weight (self->puzzle->grid, step->weight_cell, step->weight[side]);
  self->puzzle->start = step->start[side];
  self->puzzle->end = step->end[side];
  if (side == 0)
    g_ptr_array_set_size (self->puzzle->history, step->history_len);
  else if (step->edit != NULL)
    g_ptr_array_add (self->puzzle->history, maze_edit_copy (step->edit));
  emit_changed (self, step->flags, &step->area);
}

gboolean
maze_document_undo (MazeDocument *self)
{
  g_return_val_if_fail (MAZE_IS_DOCUMENT (self), FALSE);

  close_group (self);
  if (self->position == 0)
    return FALSE;
  self->position--;
  restore_step (self, g_ptr_array_index (self->steps, self->position), 0);
  notify_state (self);
  return TRUE;
}

gboolean
maze_document_redo (MazeDocument *self)
{
  g_return_val_if_fail (MAZE_IS_DOCUMENT (self), FALSE);

  close_group (self);
  if (self->position >= self->steps->len)
    return FALSE;
  restore_step (self, g_ptr_array_index (self->steps, self->position), 1);
  self->position++;
  notify_state (self);
  return TRUE;
}

GFile *
maze_document_get_file (MazeDocument *self)
{
  g_return_val_if_fail (MAZE_IS_DOCUMENT (self), NULL);
  return self->file;
}

gboolean
maze_document_get_modified (MazeDocument *self)
{
  g_return_val_if_fail (MAZE_IS_DOCUMENT (self), FALSE);
  return self->title_changed || self->saved_position != (gint) self->position;
}

char *
maze_document_dup_display_name (MazeDocument *self)
{
  g_return_val_if_fail (MAZE_IS_DOCUMENT (self), NULL);

  if (self->file != NULL || self->imported_from != NULL)
    {
      g_autofree char *basename = g_file_get_basename (self->file != NULL ? self->file
                                                                            : self->imported_from);

      return g_filename_display_name (basename);
    }
  return g_strdup (_("Untitled Maze"));
}

char *
maze_document_dup_suggested_name (MazeDocument *self)
{
  g_autofree char *name = NULL;
  char *dot;

  g_return_val_if_fail (MAZE_IS_DOCUMENT (self), NULL);

  if (self->file == NULL && self->imported_from == NULL)
    return g_strconcat (_("Untitled Maze"), MAZE_FILE_EXTENSION, NULL);
  name = maze_document_dup_display_name (self);
  dot = strrchr (name, '.');
  if (dot != NULL && dot != name)
    *dot = '\0';
  return g_strconcat (name, MAZE_FILE_EXTENSION, NULL);
}

gboolean
maze_document_save (MazeDocument  *self,
                    GFile         *file,
                    GError       **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (MAZE_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Mazes can only be saved to local files"));
      return FALSE;
    }
  if (!maze_puzzle_save (self->puzzle, path, error))
    return FALSE;

  self->saved_position = (gint) self->position;
  self->title_changed = FALSE;
  if (self->file == NULL || !g_file_equal (self->file, file))
    {
      g_set_object (&self->file, file);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DISPLAY_NAME]);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
  return TRUE;
}

MazeDocument *
maze_document_new_for_file (MazePuzzle *puzzle,
                            GFile      *file,
                            gboolean    imported)
{
  MazeDocument *self;

  g_return_val_if_fail (puzzle != NULL, NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  self = maze_document_new_for_puzzle (puzzle);
  if (imported)
    self->imported_from = g_object_ref (file);
  else
    self->file = g_object_ref (file);
  return self;
}
