#include "format/rules_words.hpp"

#include "format/text.hpp"

namespace nim {

template <HeapInteger Heap>
std::string game_title(const NimRules<Heap>& rules) {
  std::string title = rules.misere ? "Misère Nim (whoever takes the last object loses)" : "Nim";
  if (rules.max_take)
    title +=
        ", at most " + objects(to_decimal(*rules.max_take), *rules.max_take == Heap(1)) + " a move";
  return title;
}

template <HeapInteger Heap>
std::string play_words(const NimRules<Heap>& rules) {
  std::string text = rules.misere ? "misère play" : "normal play";
  if (rules.max_take) text += ", at most " + to_decimal(*rules.max_take) + " objects a move";
  return text;
}

template <HeapInteger Heap>
std::string under_rules(const NimRules<Heap>& rules) {
  std::string text = rules.misere ? " under misère play" : " under normal play";
  if (rules.max_take) text += ", taking at most " + to_decimal(*rules.max_take) + " a move";
  return text;
}

template <HeapInteger Heap>
std::string allowed_takes(const NimRules<Heap>& rules, bool grammatical) {
  const std::string cap = to_decimal(*rules.max_take);
  return "a move takes at most " +
         (grammatical ? objects(cap, *rules.max_take == Heap(1)) : cap + " objects");
}

namespace {

const char* heap_game_name(HeapGameKind kind) {
  switch (kind) {
    case HeapGameKind::subtraction:
      return "subtraction";
    case HeapGameKind::all_but_subtraction:
      return "all-but-subtraction";
    case HeapGameKind::octal:
      return "octal";
    case HeapGameKind::grundy:
      return "grundy";
  }
  return "";
}

std::string set_words(const std::vector<std::uint64_t>& set) {
  std::string text = "{";
  for (std::uint64_t take : set)
    text += (text.size() > 1 ? ", " : "") + std::to_string(take);
  return text + "}";
}

}  // namespace

void write_rules(JsonWriter& w, const HeapGame& game) {
  w.begin_object();
  write_game_keys(w, game);
  w.end_object();
}

void write_game_keys(JsonWriter& w, const HeapGame& game) {
  w.key("game");
  w.string(heap_game_name(game.kind));
  if (game.kind == HeapGameKind::octal) {
    w.key("code");
    w.string(octal_code(game));
  }
  if (game.kind == HeapGameKind::subtraction || game.kind == HeapGameKind::all_but_subtraction) {
    w.key(game.kind == HeapGameKind::subtraction ? "subtract" : "subtract_all_but");
    w.begin_array();
    for (std::uint64_t take : game.set)
      w.number(take);
    w.end_array();
  }
}

void write_rules(JsonWriter& w, const GameSpec& spec) {
  w.begin_object();
  switch (spec.kind) {
    case GameSpec::Kind::take_and_break:
      write_game_keys(w, spec.heap_game);
      break;
    case GameSpec::Kind::moore:
      w.key("game");
      w.string("moore");
      w.key("heaps_per_move");
      w.number(spec.heaps_per_move);
      break;
    case GameSpec::Kind::wythoff:
      w.key("game");
      w.string("wythoff");
      break;
    case GameSpec::Kind::staircase:
      w.key("game");
      w.string("staircase");
      break;
    case GameSpec::Kind::lasker:
      w.key("game");
      w.string("lasker");
      break;
  }
  w.key("misere");
  w.boolean(spec.misere);
  w.end_object();
}

std::string rules_json(const GameSpec& spec) {
  Buffer out;
  JsonWriter w(out, false);
  write_rules(w, spec);
  return std::string(out.view());
}

std::string game_title(const GameSpec& spec) {
  std::string title;
  switch (spec.kind) {
    case GameSpec::Kind::take_and_break:
      title = game_title(spec.heap_game);
      break;
    case GameSpec::Kind::moore:
      title = "Moore's Nim, from up to " + counted(spec.heaps_per_move, "heap") + " a move";
      break;
    case GameSpec::Kind::wythoff:
      title = "Wythoff's game";
      break;
    case GameSpec::Kind::staircase:
      title = "Staircase Nim (heap 1 is the lowest step)";
      break;
    case GameSpec::Kind::lasker:
      title = "Lasker's Nim";
      break;
  }
  return spec.misere ? title + ", misère play (whoever moves last loses)" : title;
}

std::string game_name(const GameSpec& spec) {
  if (spec.kind == GameSpec::Kind::staircase) return "staircase Nim";
  std::string name = game_title(spec);
  // Proper names keep their capital: Grundy's, Moore's, Wythoff's, Lasker's.
  if (spec.kind == GameSpec::Kind::take_and_break && spec.heap_game.kind != HeapGameKind::grundy)
    name = "the " + std::string(1, static_cast<char>(name[0] - 'A' + 'a')) + name.substr(1);
  return name;
}

std::string game_title(const HeapGame& game) {
  switch (game.kind) {
    case HeapGameKind::subtraction:
      return "Subtraction game " + set_words(game.set);
    case HeapGameKind::all_but_subtraction:
      return "All-but subtraction game: any take but " + set_words(game.set);
    case HeapGameKind::octal:
      return "Octal game " + octal_code(game);
    case HeapGameKind::grundy:
      return "Grundy's game";
  }
  return "";
}

#define NIM_RULES_WORDS_INSTANTIATE(Rules)        \
  template std::string game_title(const Rules&);  \
  template std::string play_words(const Rules&);  \
  template std::string under_rules(const Rules&); \
  template std::string allowed_takes(const Rules&, bool);

NIM_FOR_EACH_RULESET(NIM_RULES_WORDS_INSTANTIATE)

#undef NIM_RULES_WORDS_INSTANTIATE

std::string rules_json(const AnyGame<BigHeap>& game) {
  Buffer text;
  JsonWriter w(text, false);
  write_rules(w, game);
  return text.str();
}

}  // namespace nim
