/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Placeholder: being written (session 2). */
#include "config.h"
