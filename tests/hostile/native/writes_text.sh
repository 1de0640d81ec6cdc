#!/bin/sh
# A "C compiler" that exits 0 and writes a text file where the library should be.
for a; do [ "$o" = -o ] && seq 100 > "$a"; o=$a; done
