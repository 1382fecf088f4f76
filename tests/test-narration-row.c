/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <gtk/gtk.h>

#include "maze-narration-row.h"

/* The narration row: its text wraps onto as many lines as the width
 * needs, a new text is measured anew, and screen readers get the line. */

static const char *long_text =
  "At (18,12) the unvisited neighbours are E, S and W; chose W and carved the wall between them, "
  "then went on through the corridor towards the far corner of the maze";
static const char *short_text = "Settle (5,5) at distance 12";

static GtkWidget *
new_row_in_window (GtkWindow **window)
{
  GtkWidget *row = maze_narration_row_new ();

  *window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_child (*window, row);
  return row;
}

static int
height_for_width (GtkWidget *row,
                  int        width)
{
  int minimum, natural;

  gtk_widget_measure (row, GTK_ORIENTATION_VERTICAL, width, &minimum, &natural, NULL, NULL);
  g_assert_cmpint (minimum, ==, natural);
  return minimum;
}

static void
test_wraps (void)
{
  GtkWindow *window;
  GtkWidget *row = new_row_in_window (&window);
  int one_line, narrow, minimum, natural;

  g_assert_cmpint (gtk_widget_get_request_mode (row), ==, GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH);
  maze_narration_row_set (MAZE_NARRATION_ROW (row), 564, long_text);
  one_line = height_for_width (row, 4000);
  g_assert_cmpint (one_line, >, 0);
  /* About 20 characters a line at 200 pixels: many lines, none cut off. */
  narrow = height_for_width (row, 200);
  g_assert_cmpint (narrow, >=, 4 * one_line);
  /* The width it was laid out at last is not taken for another. */
  g_assert_cmpint (height_for_width (row, 4000), ==, one_line);
  g_assert_cmpint (height_for_width (row, 200), ==, narrow);

  /* It asks for a sensible minimum and never gets narrower. */
  gtk_widget_measure (row, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  g_assert_cmpint (minimum, >, 50);
  g_assert_cmpint (minimum, <=, natural);
  g_assert_cmpint (height_for_width (row, -1), ==, height_for_width (row, minimum));
  g_assert_cmpint (height_for_width (row, 1), ==, height_for_width (row, minimum));
  gtk_window_destroy (window);
}

static void
test_rebind (void)
{
  GtkWindow *window;
  GtkWidget *row = new_row_in_window (&window);
  int short_height, long_height;

  maze_narration_row_set (MAZE_NARRATION_ROW (row), 1, short_text);
  short_height = height_for_width (row, 200);
  /* A row bound to another line at the same width measures anew. */
  maze_narration_row_set (MAZE_NARRATION_ROW (row), 2, long_text);
  long_height = height_for_width (row, 200);
  g_assert_cmpint (long_height, >, short_height);
  maze_narration_row_set (MAZE_NARRATION_ROW (row), 3, short_text);
  g_assert_cmpint (height_for_width (row, 200), ==, short_height);
  gtk_window_destroy (window);
}

static void
test_accessible (void)
{
  GtkWindow *window;
  GtkWidget *row = new_row_in_window (&window);

  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (row)), ==, GTK_ACCESSIBLE_ROLE_LABEL);
  maze_narration_row_set (MAZE_NARRATION_ROW (row), 7, short_text);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Step 7: Settle (5,5) at distance 12");
  maze_narration_row_set (MAZE_NARRATION_ROW (row), 8, long_text);
  {
    g_autofree char *expected = g_strconcat ("Step 8: ", long_text, NULL);

    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, expected);
  }
  gtk_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  /* The test accessibility backend keeps what screen readers would get. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/narration-row/wraps", test_wraps);
  g_test_add_func ("/narration-row/rebind", test_rebind);
  g_test_add_func ("/narration-row/accessible", test_accessible);
  return g_test_run ();
}
