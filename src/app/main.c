/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include <glib/gi18n.h>

#include "maze-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(MazeApplication) app = NULL;
  const char *localedir = g_getenv ("MAZEWRIGHT_LOCALEDIR");

  /* Uninstalled runs (build-aux/dev) find the build tree's catalogs. */
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = maze_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
