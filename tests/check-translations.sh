#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks every translation listed in po/LINGUAS: it must exist and pass
# `msgfmt --check` (header, plural forms, printf-style format strings
# matching the msgid's) and keep the mnemonic of each "_"-marked message.
# Untranslated and fuzzy messages are not errors, since new strings arrive
# all the time: the statistics are printed so the log shows completeness.
set -eu

cd "${1:-$(dirname "$0")/..}"

if ! command -v msgfmt >/dev/null 2>&1; then
  echo "msgfmt not found: skipping"
  exit 77
fi

status=0
# LINGUAS: languages separated by blanks or newlines, '#' starts a comment.
languages=$(sed -e 's/#.*//' po/LINGUAS | tr -s '[:blank:]' '\n' | sed '/^$/d')

if [ "$languages" != "$(printf '%s\n' "$languages" | LC_ALL=C sort -u)" ]; then
  echo "FAIL: po/LINGUAS is not sorted or lists a language twice"
  status=1
fi

for lang in $languages; do
  po="po/$lang.po"
  if [ ! -f "$po" ]; then
    echo "FAIL: $lang is in po/LINGUAS but $po does not exist"
    status=1
    continue
  fi
  # msgfmt prints its statistics and errors on standard error.
  if stats=$(LC_ALL=C msgfmt --check --check-accelerators=_ --statistics \
               -o /dev/null "$po" 2>&1); then
    echo "ok: $po: $stats"
  else
    echo "FAIL: $po:"
    printf '%s\n' "$stats" | sed 's/^/  /'
    status=1
  fi
done

# A translation missing from LINGUAS is never built or installed.
for po in po/*.po; do
  [ -e "$po" ] || continue
  lang=$(basename "$po" .po)
  if ! printf '%s\n' "$languages" | grep -qx -- "$lang"; then
    echo "FAIL: $po exists but $lang is not in po/LINGUAS"
    status=1
  fi
done

exit $status
