// format/sequence_sink: the record and the text of a sequence whose values the game's theory gives
// (Nim, capped Nim, Lasker's Nim); the take-and-break games' bytes are the end-to-end tests'
// (tests/e2e/sequence_test.cpp) and the README's.
#include "format/sequence_sink.hpp"

#include <doctest/doctest.h>

#include <optional>
#include <string>

#include "nim/games/game_row.hpp"

namespace nim {
namespace {

// A game's values from its row, as the sequence command has them.
auto sequence_of(const GameSpec& spec, std::uint64_t up_to) {
  return *game_row(spec.kind).theory_sequence(spec, up_to);
}

const GameSpec lasker = spec_of_kind(GameSpec::Kind::lasker);

// Nim with at most `max_take` taken a move (none: no cap).
GameSpec nim_of(std::optional<std::uint64_t> max_take = std::nullopt) {
  GameSpec spec = spec_of_kind(GameSpec::Kind::nim);
  if (max_take) spec.max_take = BigHeap(*max_take);
  return spec;
}

// The sequence of heaps `from` to `up_to` through `sink`.
template <SequenceSink Sink>
std::string written(const Sink& sink, const GameSpec& spec, std::uint64_t up_to,
                    std::uint64_t from = 0) {
  Buffer out;
  const auto sequence = sequence_of(spec, up_to);
  sink.sequence(out, shown(sequence), {.from = from, .up_to = up_to});
  return out.str();
}

std::string json_of(const GameSpec& spec, std::uint64_t up_to) {
  return written(JsonSequenceSink{}, spec, up_to);
}

std::string text_of(const GameSpec& spec, std::uint64_t up_to, std::size_t width = 80) {
  return written(TextSequenceSink{TextStyle{.width = width}}, spec, up_to);
}

TEST_CASE("sequence sink: Nim, capped Nim and Lasker's Nim as JSON records, proved by theory") {
  CHECK(json_of(nim_of(), 5) ==
        R"({"rules":{"misere":false,"max_take":null},"from":0,"up_to":5,"values":[0,1,2,3,4,5],)"
        R"("computed_to":5,"period":1,"pre_period":0,"saltus":1,"proved":true,"proof":"theory"})"
        "\n");
  CHECK(json_of(nim_of(3), 6) ==
        R"({"rules":{"misere":false,"max_take":3},"from":0,"up_to":6,"values":[0,1,2,3,0,1,2],)"
        R"("computed_to":6,"period":4,"pre_period":0,"saltus":0,"proved":true,"proof":"theory"})"
        "\n");
  CHECK(
      json_of(lasker, 8) ==
      R"({"rules":{"game":"lasker","misere":false},"from":0,"up_to":8,"values":[0,1,2,4,3,5,6,8,7],)"
      R"("computed_to":8,"period":4,"pre_period":1,"saltus":4,"proved":true,"proof":"theory"})"
      "\n");
}

TEST_CASE("sequence sink: the text names the game's theory and its formula") {
  CHECK(text_of(nim_of(), 12) ==
        "Nim: Grundy values of heaps 0 to 12\n"
        " 0:  0  1  2  3  4  5  6  7  8  9 10 11 12\n"
        "Pre-period 0, period 1, saltus 1, proved by the game's theory: G(n) = n.\n");
  CHECK(text_of(nim_of(1), 5) ==
        "Nim, at most 1 object a move: Grundy values of heaps 0 to 5\n"
        "0: 0 1 0 1 0 1\n"
        "Pre-period 0, period 2, proved by the game's theory: G(n) = n mod 2.\n");
  CHECK(text_of(lasker, 21, 60) ==
        "Lasker's Nim: Grundy values of heaps 0 to 21\n"
        " 0:  0  1  2  4  3  5  6  8  7  9\n"
        "10: 10 12 11 13 14 16 15 17 18 20\n"
        "20: 19 21\n"
        "Pre-period 1, period 4, saltus 4, proved by the game's\n"
        "theory: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4,\n"
        "G(4k+4) = 4k+3.\n");
}

TEST_CASE("sequence sink: --from, a period a row with the exceptions marked, a table") {
  CHECK(written(JsonSequenceSink{}, lasker, 8, 6) ==
        R"({"rules":{"game":"lasker","misere":false},"from":6,"up_to":8,"values":[6,8,7],)"
        R"("computed_to":8,"period":4,"pre_period":1,"saltus":4,"proved":true,"proof":"theory"})"
        "\n");
  // Lasker's Nim is periodic from heap 1 with saltus 4: G(0) = 0, where G(4) - 4 = -1.
  CHECK(written(TextSequenceSink{TextStyle{.width = 80}, true}, lasker, 13) ==
        "Lasker's Nim: Grundy values of heaps 0 to 13, a period a row\n"
        " 0:  0*  1   2   4\n"
        " 4:  3   5   6   8\n"
        " 8:  7   9  10  12\n"
        "12: 11  13\n"
        "Pre-period 1, period 4, saltus 4, proved by the game's theory: G(4k+1) = 4k+1,\n"
        "G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3.\n"
        "* marks a value before the pre-period that the period would not give.\n");
  // From heap 6: the row of heap 4 starts blank; nothing before the pre-period, nothing marked.
  CHECK(written(TextSequenceSink{TextStyle{.width = 80}, true}, nim_of(3), 9, 6) ==
        "Nim, at most 3 objects a move: Grundy values of heaps 6 to 9, a period a row\n"
        "4:     2 3\n"
        "8: 0 1\n"
        "Pre-period 0, period 4, proved by the game's theory: G(n) = n mod 4.\n");
  CHECK(written(TableSequenceSink{','}, lasker, 4, 2) == "heap,grundy_value\n2,2\n3,4\n4,3\n");
  CHECK(written(TableSequenceSink{'\t'}, nim_of(), 1) == "heap\tgrundy_value\n0\t0\n1\t1\n");
}

}  // namespace
}  // namespace nim
