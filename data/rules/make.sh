#!/bin/sh
# Regenerates the rules benchmark set (`cargo bench --bench rules` reads every
# *.ron here): 8 unique 9×9 puzzles for each of the first seven kinds and 2 for
# each later kind, each from its own seed, dressed and reduced by `graphdoku generate --rules KIND`.
#
# Usage, from the repository's root: sh data/rules/make.sh [GRAPHDOKU]
# (GRAPHDOKU defaults to target/release/graphdoku; build it first).
set -eu
bin=${1:-target/release/graphdoku}
dir=$(dirname "$0")
# make KIND SEED...: one puzzle per seed, with the command that made it.
make() {
    kind=$1
    shift
    for seed in "$@"; do
        out="$dir/$kind-0$seed.ron"
        command="graphdoku generate --rules $kind --seed $seed --timeout 600"
        echo "// Made by graphdoku (this project), proven unique: $command" >"$out"
        "$bin" generate --rules "$kind" --seed "$seed" --timeout 600 >>"$out"
    done
}
for kind in killer thermo arrow kropki xv whispers renban; do
    make "$kind" 1 2 3 4 5 6 7 8
done
# The later kinds, two each (seeds 3 and 4): their lines run out before the
# givens do, so these keep more givens (up to 15).
for kind in x-sum skyscraper between lockout double-arrow palindrome zipper entropic modular nabner; do
    make "$kind" 3 4
done
# A little killer of 8 givens (seed 1): without `--clues` the removal goes on to
# puzzles whose uniqueness the search does not settle in minutes. The shipped
# example `data/little-killer.ron` keeps 11 givens and is solved by logic;
# this one needs a guess.
out="$dir/little-killer-01.ron"
command="graphdoku generate --rules little-killer --seed 1 --clues 8 --timeout 600"
echo "// Made by graphdoku (this project), proven unique: $command" >"$out"
"$bin" generate --rules little-killer --seed 1 --clues 8 --timeout 600 >>"$out"
# Regular-expression lines (`Regex`): the three lines of variants/regex-lines.ron,
# a solution found and its givens reduced.
out="$dir/regex-01.ron"
echo "// Made by graphdoku (this project), proven unique: graphdoku generate -v data/rules/variants/regex-lines.ron --seed 3 --timeout 600" >"$out"
"$bin" generate -v "$dir/variants/regex-lines.ron" --seed 3 --timeout 600 |
    sed 's|variant: ".*regex-lines.ron"|variant: "variants/regex-lines.ron"|' >>"$out"
