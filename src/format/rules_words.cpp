#include "format/rules_words.hpp"

#include <algorithm>
#include <variant>

#include "format/text.hpp"
#include "nim/games/game_row.hpp"

namespace nim {

namespace {

void write_value(JsonWriter& w, std::monostate) {
  w.null();
}
void write_value(JsonWriter& w, bool value) {
  w.boolean(value);
}
void write_value(JsonWriter& w, const BigHeap& number) {
  w.number(number);
}
void write_value(JsonWriter& w, const std::string& text) {
  w.string(text);
}
void write_value(JsonWriter& w, std::uint64_t number) {
  w.number(number);
}
void write_value(JsonWriter& w, const std::vector<std::uint64_t>& numbers) {
  w.begin_array();
  for (std::uint64_t number : numbers)
    w.number(number);
  w.end_array();
}

void write_keys(JsonWriter& w, const std::vector<RulesKey>& keys) {
  for (const RulesKey& each : keys) {
    w.key(each.key);
    std::visit([&](const auto& value) { write_value(w, value); }, each.value);
  }
}

}  // namespace

std::string no_such_heap_words(std::string_view heap, std::size_t heaps, std::size_t first) {
  const std::string head = "there is no heap " + std::string(heap);
  if (first == 1 && heaps == 1) return head + ": there is only heap 1";
  return head + ": the heaps are numbered " + std::to_string(first) + " to " +
         std::to_string(heaps + first - 1);
}

std::string fewer_than_words(std::string_view heap, const std::string& size, std::string_view count,
                             std::size_t first) {
  const std::string head = "heap " + std::string(heap);
  if (first == 0) return head + " has only " + size + " objects, fewer than " + std::string(count);
  if (size == "0") return head + " is empty";
  return head + " has only " + objects(size, size == "1");
}

std::optional<std::string> own_refusal_words(const GameSpec& spec, const GameMove<BigHeap>& move,
                                             std::size_t first) {
  const auto refusal = game_row(spec.kind).refusal;
  return refusal ? refusal(spec, move, first) : std::nullopt;
}

std::string refusal_words(const GameSpec& spec, const GameMove<BigHeap>& move, std::size_t first) {
  return own_refusal_words(spec, move, first)
      .value_or("the rules of " + game_name(spec) + " do not allow it");
}

std::string match_words(const GameSpec& spec) {
  const auto words = game_row(spec.kind).match_words;
  return words ? words(spec) : game_title(spec);
}

std::string space_words(const GameSpec& spec) {
  if (const auto words = game_row(spec.kind).space_words) return words(spec);
  return " in " + game_name(spec) + (spec.misere ? ", misère play" : "");
}

void write_rules(JsonWriter& w, const HeapGame& game) {
  w.begin_object();
  write_keys(w, rules_keys(game));
  w.end_object();
}

namespace {

bool has_key(const std::vector<RulesKey>& keys, std::string_view key) {
  return std::ranges::any_of(keys, [&](const RulesKey& each) { return each.key == key; });
}

// The rules object; for the agent protocol, "game" first in every game, Nim's too.
void write_rules(JsonWriter& w, const GameSpec& spec, bool protocol) {
  w.begin_object();
  const GameRow& row = game_row(spec.kind);
  const std::vector<RulesKey> keys = row.rules_keys(spec);
  if (protocol && !has_key(keys, "game")) {
    w.key("game");
    w.string(row.name);
  }
  write_keys(w, keys);
  // After the game's keys, unless the game places it (Nim: before "max_take").
  if (!has_key(keys, "misere")) {
    w.key("misere");
    w.boolean(spec.misere);
  }
  w.end_object();
}

std::string rules_json(const GameSpec& spec, bool protocol) {
  Buffer out;
  JsonWriter w(out, false);
  write_rules(w, spec, protocol);
  return std::string(out.view());
}

}  // namespace

void write_rules(JsonWriter& w, const GameSpec& spec) {
  write_rules(w, spec, false);
}

std::string rules_json(const GameSpec& spec) {
  return rules_json(spec, false);
}

std::string protocol_rules_json(const GameSpec& spec) {
  return rules_json(spec, true);
}

std::string game_title(const GameSpec& spec) {
  const GameRow& row = game_row(spec.kind);
  const std::string title = row.title(spec);
  if (!spec.misere || row.title_says_misere) return title;
  return title + ", misère play (whoever moves last loses)";
}

std::string game_name(const GameSpec& spec) {
  return game_row(spec.kind).name_in_sentence(spec, game_title(spec));
}

std::string rules_text(const GameSpec& spec) {
  return game_row(spec.kind).rules_text(spec) +
         (spec.misere ? "; misère play: whoever makes the last move loses" : "");
}

std::string game_title(const HeapGame& game) {
  return title(game);
}

std::string grundy_formula(const GameSpec& spec) {
  const auto formula = game_row(spec.kind).grundy_formula;
  return formula ? formula(spec) : std::string();
}

}  // namespace nim
