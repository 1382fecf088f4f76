#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Fails when a source file with translatable strings is missing from
# po/POTFILES.in, when POTFILES.in lists a file that does not exist or has
# no such strings, or when the list is not sorted.
set -euo pipefail
cd "${1:-$(dirname "$0")/..}"

listed=$(grep -v '^#' po/POTFILES.in | sed '/^$/d')
found=$(grep -rlE '(^|[^A-Za-z0-9_])(N_|C_|NC_|_)\(|translatable="yes"' \
          --include='*.c' --include='*.ui' --include='*.in' --include='*.xml' src data 2>/dev/null \
        | grep -v '^po/' | LC_ALL=C sort || true)
status=0

if [ "$listed" != "$(printf '%s\n' "$listed" | LC_ALL=C sort)" ]; then
  echo "po/POTFILES.in is not sorted" >&2
  status=1
fi
missing=$(LC_ALL=C comm -13 <(printf '%s\n' "$listed" | LC_ALL=C sort) <(printf '%s\n' "$found"))
extra=$(LC_ALL=C comm -23 <(printf '%s\n' "$listed" | LC_ALL=C sort) <(printf '%s\n' "$found"))
if [ -n "$missing" ]; then
  echo "Files with translatable strings missing from po/POTFILES.in:" >&2
  printf '  %s\n' $missing >&2
  status=1
fi
if [ -n "$extra" ]; then
  echo "Files in po/POTFILES.in without translatable strings (or missing):" >&2
  printf '  %s\n' $extra >&2
  status=1
fi
exit $status
