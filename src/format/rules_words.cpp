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
