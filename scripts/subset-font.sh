#!/usr/bin/env bash
# Writes src/renderer/shared/fonts/inter-fr-wght.woff2, the one font file of the interface
# (docs/decisions.md, performance rule 8): Inter's variable Latin file from
# @fontsource-variable/inter, its weight axis cut to the weights the interface uses (400 to 700),
# its characters to French text and the signs the interface writes, kerning as its only layout
# feature. 15 KiB instead of 48. Needs fonttools with brotli (Debian: apt-get install fonttools
# python3-brotli). The file is committed: neither the build nor CI runs this.
# UNICODES below and the unicode-range of src/renderer/shared/fonts.css list the same characters.
set -euo pipefail
cd "$(dirname "$0")/.."
UNICODES='U+0020-007E,U+00A0,U+00A9,U+00AB,U+00B0,U+00B7,U+00BB,U+00C0,U+00C2,U+00C6-00CB,U+00CE-00CF,U+00D4,U+00D7,U+00D9,U+00DB-00DC,U+00E0,U+00E2,U+00E6-00EB,U+00EE-00EF,U+00F4,U+00F9,U+00FB-00FC,U+00FF,U+0152-0153,U+0178,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026,U+202F,U+20AC'
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fonttools varLib.instancer node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2 \
  wght=400:700 -o "$work/inter.ttf"
pyftsubset "$work/inter.ttf" --unicodes="$UNICODES" --layout-features=kern --no-hinting \
  --name-IDs=1,2,3,4,6 --drop-tables+=STAT,HVAR,DSIG,meta --flavor=woff2 \
  --output-file=src/renderer/shared/fonts/inter-fr-wght.woff2
cp node_modules/@fontsource-variable/inter/LICENSE src/renderer/shared/fonts/LICENSE-inter.txt
ls -l src/renderer/shared/fonts/inter-fr-wght.woff2
