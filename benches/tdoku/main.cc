// tdoku_bench: times tdoku's DPLL triad SIMD solver on a file of 9x9 puzzles, for
// graphdoku's `cargo bench --bench compare -- --tdoku PATH`.
//
//   tdoku_bench one|unique|load FILE [ROUNDS]
//
// FILE: one puzzle per line, its first 81 characters the cells ('1'-'9' a clue, anything
// else, '.' or '0', an empty cell); empty lines and lines starting with '#' are skipped.
// `one` finds a solution (limit 1), `unique` counts solutions up to 2 (limit 2); both
// solve the whole file ROUNDS times (default 3) and report the fastest round. `load`
// only reads the file: the baseline to subtract under valgrind --tool=callgrind.
//
// Prints one line of key=value pairs:
//   mode=unique puzzles=1465 per_second=123456 none=0 one=1465 two=0 guesses_per_puzzle=12.34
// none/one/two: how many puzzles have no solution, exactly one, two or more (in `one`
// mode a puzzle with several solutions counts as one).

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

extern "C" size_t TdokuSolverDpllTriadSimd(const char *puzzle, size_t limit,
                                           uint32_t configuration, char *solution,
                                           size_t *num_guesses);

namespace {

// tdoku reads 16 bytes at a time and looks at puzzle[81] (below '.' means a plain
// 81-cell puzzle), so each puzzle gets a zero-padded slot of this size.
constexpr size_t kStride = 96;

struct Counts {
    size_t none = 0, one = 0, two = 0, guesses = 0;
};

std::vector<char> Load(const char *path, size_t *count) {
    std::ifstream in(path);
    if (!in) {
        std::fprintf(stderr, "cannot read %s\n", path);
        std::exit(2);
    }
    std::vector<char> puzzles;
    std::string line;
    *count = 0;
    while (std::getline(in, line)) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        if (line.size() < 81) {
            std::fprintf(stderr, "%s: not a puzzle: %s\n", path, line.c_str());
            std::exit(2);
        }
        puzzles.resize(puzzles.size() + kStride, '\0');
        char *slot = &puzzles[*count * kStride];
        for (int i = 0; i < 81; i++) {
            char c = line[i];
            slot[i] = (c >= '1' && c <= '9') ? c : '.';
        }
        ++*count;
    }
    return puzzles;
}

Counts SolveAll(const std::vector<char> &puzzles, size_t count, size_t limit) {
    Counts counts;
    char solution[81];
    for (size_t i = 0; i < count; i++) {
        size_t guesses = 0;
        size_t found = TdokuSolverDpllTriadSimd(&puzzles[i * kStride], limit, 0, solution,
                                                &guesses);
        counts.guesses += guesses;
        if (found == 0) {
            counts.none++;
        } else if (found == 1) {
            counts.one++;
        } else {
            counts.two++;
        }
    }
    return counts;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s one|unique|load FILE [ROUNDS]\n", argv[0]);
        return 2;
    }
    std::string mode = argv[1];
    size_t limit;
    if (mode == "one") {
        limit = 1;
    } else if (mode == "unique") {
        limit = 2;
    } else if (mode == "load") {
        limit = 0;
    } else {
        std::fprintf(stderr, "mode is one, unique or load, not %s\n", mode.c_str());
        return 2;
    }
    int rounds = argc > 3 ? std::atoi(argv[3]) : 3;
    if (rounds < 1) rounds = 1;

    size_t count = 0;
    std::vector<char> puzzles = Load(argv[2], &count);
    if (limit == 0) {
        std::printf("mode=load puzzles=%zu\n", count);
        return 0;
    }

    Counts counts;
    double best = 1e300;
    for (int r = 0; r < rounds; r++) {
        auto start = std::chrono::steady_clock::now();
        counts = SolveAll(puzzles, count, limit);
        std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
        if (elapsed.count() < best) best = elapsed.count();
    }
    std::printf("mode=%s puzzles=%zu per_second=%.0f none=%zu one=%zu two=%zu "
                "guesses_per_puzzle=%.2f\n",
                mode.c_str(), count, count / best, counts.none, counts.one, counts.two,
                count ? (double)counts.guesses / count : 0.0);
    return 0;
}
