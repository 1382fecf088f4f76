/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright-cli"

#include "config.h"

#include <glib.h>

int
main (int argc, char *argv[])
{
  return 0;
}
