#!/bin/sh
# Builds tdoku_bench (main.cc beside this script) against tdoku's DPLL triad SIMD solver.
#
#   build.sh [TDOKU_DIR]
#
# TDOKU_DIR holds tdoku's sources (t-dillon/tdoku on GitHub, BSD-2-Clause): at least
# src/solver_dpll_triad_simd.cc, src/simd_vectors.h, src/bitutil.h, src/util.h and
# src/util.cc. It defaults to this script's folder. The binaries are written there:
#   tdoku_bench         -O3 -march=native: for timing
#   tdoku_bench_avx2    the same without AVX-512, which valgrind cannot run: for callgrind
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tdoku=$(cd "${1:-$here}" && pwd)
for f in solver_dpll_triad_simd.cc simd_vectors.h bitutil.h util.h util.cc; do
    [ -f "$tdoku/src/$f" ] || { echo "missing $tdoku/src/$f (a checkout of t-dillon/tdoku?)" >&2; exit 1; }
done
CXX=${CXX:-g++}
build() {
    out=$1
    shift
    "$CXX" -O3 "$@" -std=c++17 -I"$tdoku/src" -o "$tdoku/$out" \
        "$here/main.cc" "$tdoku/src/solver_dpll_triad_simd.cc" "$tdoku/src/util.cc"
    echo "built $tdoku/$out"
}
build tdoku_bench -march=native
build tdoku_bench_avx2 -march=native -mno-avx512f
