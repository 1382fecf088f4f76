/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-narration-row.h"
#include "maze-compat.h"

#include <glib/gi18n.h>

/* Room for this many digits before the column widens, as the number
 * label's width-chars did. */
#define NUMBER_DIGITS 4
/* Between the number column and the text, in pixels. */
#define COLUMN_SPACING 8
/* libadwaita's .dim-label opacity. */
#define DIM_OPACITY 0.55
/* The narrowest the text may get, in digit widths. */
#define MIN_TEXT_DIGITS 12

struct _MazeNarrationRow
{
  GtkWidget    parent_instance;

  PangoLayout *number_layout;
  PangoLayout *text_layout;
  guint        number;
  /* The text width the layout was last wrapped at, in Pango units; -1
   * when it must be laid out again. */
  int          text_width;
  /* The widget's Pango context as the layouts last saw it. */
  guint        context_serial;
};

G_DEFINE_FINAL_TYPE (MazeNarrationRow, maze_narration_row, GTK_TYPE_WIDGET)

/* The width of one tabular digit and of the number column, in pixels. */
static int
digit_width (MazeNarrationRow *self)
{
  int width, n = MAX (pango_layout_get_character_count (self->number_layout), 1);

  pango_layout_get_pixel_size (self->number_layout, &width, NULL);
  return width / n;
}

static int
number_column (MazeNarrationRow *self)
{
  int width;

  pango_layout_get_pixel_size (self->number_layout, &width, NULL);
  return MAX (width, digit_width (self) * NUMBER_DIGITS);
}

/* Wraps the text for a row @width pixels wide, unless already done. */
static void
ensure_text_width (MazeNarrationRow *self,
                   int               width)
{
  int text_width = MAX (width - number_column (self) - COLUMN_SPACING, 1) * PANGO_SCALE;

  if (text_width == self->text_width)
    return;
  pango_layout_set_width (self->text_layout, text_width);
  self->text_width = text_width;
}

static GtkSizeRequestMode
maze_narration_row_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
maze_narration_row_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  MazeNarrationRow *self = MAZE_NARRATION_ROW (widget);
  int min_width = number_column (self) + COLUMN_SPACING + digit_width (self) * MIN_TEXT_DIGITS;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* The text wraps to whatever it gets: asking for its one-line
       * width would cost a second layout for nothing (the list is as
       * wide as the panel). */
      *minimum = *natural = min_width;
    }
  else
    {
      int number_height, text_height;

      ensure_text_width (self, for_size < 0 ? min_width : MAX (for_size, min_width));
      pango_layout_get_pixel_size (self->number_layout, NULL, &number_height);
      pango_layout_get_pixel_size (self->text_layout, NULL, &text_height);
      *minimum = *natural = MAX (number_height, text_height);
    }
}

static void
maze_narration_row_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  MazeNarrationRow *self = MAZE_NARRATION_ROW (widget);
  int width = gtk_widget_get_width (widget);
  int column = number_column (self);
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  int number_width;
  GdkRGBA color;

  maze_widget_get_color (widget, &color);
  ensure_text_width (self, width);
  pango_layout_get_pixel_size (self->number_layout, &number_width, NULL);

  /* The number, right-aligned in its column and dim. */
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (rtl ? width - column : column - number_width, 0));
  gtk_snapshot_push_opacity (snapshot, DIM_OPACITY);
  gtk_snapshot_append_layout (snapshot, self->number_layout, &color);
  gtk_snapshot_pop (snapshot);
  gtk_snapshot_restore (snapshot);

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (rtl ? 0 : column + COLUMN_SPACING, 0));
  gtk_snapshot_append_layout (snapshot, self->text_layout, &color);
  gtk_snapshot_restore (snapshot);
}

/* The font or direction changed: lay out again. Selecting a row also
 * changes its style, but not the layouts. */
static void
refresh_layouts (MazeNarrationRow *self)
{
  guint serial = pango_context_get_serial (gtk_widget_get_pango_context (GTK_WIDGET (self)));

  if (serial == self->context_serial)
    return;
  self->context_serial = serial;
  pango_layout_context_changed (self->number_layout);
  pango_layout_context_changed (self->text_layout);
  self->text_width = -1;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

static void
maze_narration_row_css_changed (GtkWidget         *widget,
                                GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (maze_narration_row_parent_class)->css_changed (widget, change);
  refresh_layouts (MAZE_NARRATION_ROW (widget));
}

static void
maze_narration_row_direction_changed (GtkWidget        *widget,
                                      GtkTextDirection  previous)
{
  GTK_WIDGET_CLASS (maze_narration_row_parent_class)->direction_changed (widget, previous);
  refresh_layouts (MAZE_NARRATION_ROW (widget));
}

static void
maze_narration_row_dispose (GObject *object)
{
  MazeNarrationRow *self = MAZE_NARRATION_ROW (object);

  g_clear_object (&self->number_layout);
  g_clear_object (&self->text_layout);
  G_OBJECT_CLASS (maze_narration_row_parent_class)->dispose (object);
}

static void
maze_narration_row_class_init (MazeNarrationRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = maze_narration_row_dispose;
  widget_class->get_request_mode = maze_narration_row_get_request_mode;
  widget_class->measure = maze_narration_row_measure;
  widget_class->snapshot = maze_narration_row_snapshot;
  widget_class->css_changed = maze_narration_row_css_changed;
  widget_class->direction_changed = maze_narration_row_direction_changed;
  gtk_widget_class_set_css_name (widget_class, "narrationrow");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_LABEL);
}

static void
maze_narration_row_init (MazeNarrationRow *self)
{
  PangoAttrList *attrs = pango_attr_list_new ();

  self->number_layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  /* Tabular digits, as the "numeric" style class gives. */
  pango_attr_list_insert (attrs, pango_attr_font_features_new ("tnum=1"));
  pango_layout_set_attributes (self->number_layout, attrs);
  pango_attr_list_unref (attrs);
  self->text_layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  pango_layout_set_wrap (self->text_layout, PANGO_WRAP_WORD_CHAR);
  self->text_width = -1;
  self->context_serial = pango_context_get_serial (gtk_widget_get_pango_context (GTK_WIDGET (self)));
}

GtkWidget *
maze_narration_row_new (void)
{
  return g_object_new (MAZE_TYPE_NARRATION_ROW, NULL);
}

void
maze_narration_row_set (MazeNarrationRow *self,
                        guint             number,
                        const char       *text)
{
  char digits[16];
  g_autofree char *spoken = NULL;

  g_return_if_fail (MAZE_IS_NARRATION_ROW (self));

  /* GTK 4.8 binds a row again when only its selection changed: keep
   * what is laid out. */
  if (number == self->number && g_strcmp0 (text, pango_layout_get_text (self->text_layout)) == 0)
    return;
  self->number = number;
  g_snprintf (digits, sizeof digits, "%u", number);
  pango_layout_set_text (self->number_layout, digits, -1);
  pango_layout_set_text (self->text_layout, text, -1);
  self->text_width = -1;
  /* Translators: a line of the playback's narration as a screen reader
   * reads it: the step number, then what the step did */
  spoken = g_strdup_printf (_("Step %u: %s"), number, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}
