/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib.h>

/* TODO: placeholder until the tests for this unit land. */
static void
test_placeholder (void)
{
  g_test_incomplete ("no tests yet");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/placeholder/cli-export", test_placeholder);
  return g_test_run ();
}
