#include "cli/input/game_move_text.hpp"

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "cli/input/heap_text.hpp"
#include "cli/input/json_reader.hpp"
#include "cli/input/options.hpp"
#include "nim/games/capabilities.hpp"

namespace nim {

namespace {

// A number that is an integer, of either sign: the judge refuses a negative one.
std::optional<BigHeap> integer(JsonReader& json) {
  if (!json.next_item() || json.peek() != JsonReader::Kind::number) return std::nullopt;
  return parse_integer(json.number());
}

// [I,N] or [I,N,[L,R]], the reader at the opening bracket.
std::optional<GivenGameMove> take(JsonReader& json, bool may_split) {
  json.begin_array();
  auto heap = integer(json);
  if (!heap) return std::nullopt;
  auto count = integer(json);
  if (!count) return std::nullopt;
  GivenGameMove move{{{std::move(*heap), std::move(*count)}}, std::nullopt};
  if (!json.next_item()) return move;
  if (!may_split || json.peek() != JsonReader::Kind::array) return std::nullopt;
  json.begin_array();
  auto left = integer(json);
  auto right = left ? integer(json) : std::nullopt;
  if (!right || json.next_item() || json.next_item()) return std::nullopt;
  if (*right < *left) std::swap(*left, *right);
  move.split = {std::move(*left), std::move(*right)};
  return move;
}

// The move of the JSON forms; throws JsonError for text that is not JSON.
std::optional<GivenGameMove> json_move(std::string_view text) {
  JsonReader json(text);
  if (json.peek() != JsonReader::Kind::array) return std::nullopt;
  {
    // [I,N] or [I,N,[L,R]]: a number first.
    JsonReader probe(text);
    probe.begin_array();
    if (probe.next_item() && probe.peek() == JsonReader::Kind::number) {
      auto move = take(json, true);
      if (move) json.end();
      return move;
    }
  }
  json.begin_array();
  GivenGameMove move;
  while (json.next_item()) {
    if (json.peek() != JsonReader::Kind::array) return std::nullopt;
    auto part = take(json, false);
    if (!part) return std::nullopt;
    move.takes.push_back(std::move(part->takes.front()));
  }
  json.end();
  if (move.takes.empty()) return std::nullopt;
  return move;
}

std::optional<GivenGameMove> given_json_move(std::string_view text) {
  try {
    return json_move(text);
  } catch (const JsonError&) {
    return std::nullopt;
  }
}

}  // namespace

std::optional<GameMove<BigHeap>> read_json_game_move(std::string_view text) {
  const auto given = given_json_move(text);
  return given ? given->move() : std::nullopt;
}

TypedMoveForm typed_move_form(const GameSpec& spec) {
  if (moves_only_split(spec)) return TypedMoveForm::only_split;
  return moves_may_split(spec) ? TypedMoveForm::with_split : TypedMoveForm::takes;
}

std::optional<GivenGameMove> read_typed_move(std::string_view text, TypedMoveForm form) {
  text = trim_blanks(text);
  std::vector<BigHeap> numbers;
  for (std::size_t at = 0;;) {
    const std::size_t end = std::min(text.find_first_of(" \t,", at), text.size());
    auto number = parse_integer(text.substr(at, end - at));
    if (!number) return std::nullopt;
    numbers.push_back(std::move(*number));
    if (end == text.size()) break;
    // Blanks, or one comma with blanks around it or not, then the next number.
    at = text.find_first_not_of(" \t", end);
    if (text[at] == ',') at = text.find_first_not_of(" \t", at + 1);
    if (at == std::string_view::npos) return std::nullopt;
  }
  // The short form of a split that takes nothing is the long one with its count of 0, judged
  // alike.
  if (form == TypedMoveForm::only_split && numbers.size() == 3)
    numbers.insert(numbers.begin() + 1, BigHeap(0));
  const bool splits = form != TypedMoveForm::takes;
  if (numbers.size() % 2 != 0 || (splits && numbers.size() > 4)) return std::nullopt;
  const auto take = [&](std::size_t k) {
    return GivenGameMove::Take{BigHeap(numbers[k] - 1), numbers[k + 1]};  // heaps from 1
  };
  GivenGameMove move{{take(0)}, std::nullopt};
  if (splits && numbers.size() == 4) {
    if (numbers[3] < numbers[2]) std::swap(numbers[2], numbers[3]);
    move.split = {numbers[2], numbers[3]};
    return move;
  }
  for (std::size_t k = 2; k < numbers.size(); k += 2)
    move.takes.push_back(take(k));
  return move;
}

std::optional<TypedSumMove> read_typed_sum_move(std::string_view text,
                                                std::span<const TypedMoveForm> forms) {
  text = trim_blanks(text);
  const std::size_t end = std::min(text.find_first_of(" \t,", 0), text.size());
  auto component = parse_integer(text.substr(0, end));
  if (!component || end == text.size()) return std::nullopt;
  std::string_view rest = text.substr(end);
  rest.remove_prefix(std::min(rest.find_first_not_of(" \t"), rest.size()));
  if (rest.starts_with(',')) rest.remove_prefix(1);  // one comma, blanks around it or not
  const bool known = *component >= 1 && *component <= BigHeap(forms.size());
  auto move =
      read_typed_move(rest, known ? forms[static_cast<std::size_t>(to_small(*component)) - 1]
                                  : TypedMoveForm::only_split);
  if (!move) return std::nullopt;
  return TypedSumMove{std::move(*component), std::move(*move)};
}

GivenGameMove read_move_option(std::string_view text) {
  auto move = read_game_move(text);
  if (!move)
    throw UsageError("--move " + quoted(text) +
                     " is not a move: I,N, or as JSON [I,N], [I,N,[L,R]] or [[I,N],[J,M]]");
  return std::move(*move);
}

std::optional<GivenGameMove> read_game_move(std::string_view text) {
  if (const auto comma = text.find(','); comma != std::string_view::npos && text.front() != '[') {
    auto heap = parse_integer(text.substr(0, comma));
    auto count = parse_integer(text.substr(comma + 1));
    if (!heap || !count) return std::nullopt;
    return GivenGameMove{{{std::move(*heap), std::move(*count)}}, std::nullopt};
  }
  return given_json_move(text);
}

}  // namespace nim
