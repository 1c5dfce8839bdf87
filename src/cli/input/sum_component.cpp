#include "cli/input/sum_component.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "cli/input/game_choice.hpp"
#include "cli/input/game_options.hpp"
#include "cli/input/heap_text.hpp"
#include "cli/input/json_reader.hpp"
#include "nim/engine/game_engine.hpp"
#include "text/escape.hpp"

namespace nim {

void refuse_options_beside_sums(const ParsedOptions& given, std::span<const OptionGroup> groups,
                                std::span<const std::string_view> taken) {
  for (const OptionGroup& group : groups)
    for (const OptionSpec& option : group.options) {
      if (!given.has(option.name) || std::ranges::find(taken, option.name) != taken.end()) continue;
      if (option.name == "heaps" || group.title.starts_with("Game") || option.name == "max-take")
        throw UsageError(dashed(option.name) +
                         " names one game's heaps or rules: in a sum, each --sum gives its game's, "
                         "as in --sum '--octal 0.77 5'");
      throw UsageError(dashed(option.name) + " is not offered for a sum of games (--sum)");
    }
}

SumGames read_sum_games(const ParsedOptions& given, SumHeaps heaps) {
  SumGames games;
  if (const auto* text = given.value(option::search_limit))
    games.search_limit = parse_whole_number("--limit-search", *text, 1, 100'000'000);
  for (const std::string& text : given.values("sum")) {
    SumComponent component = read_sum_component(text, heaps);
    component.spec.search_limit = games.search_limit;
    games.specs.push_back(std::move(component.spec));
    games.heaps.push_back(std::move(component.heaps));
    games.texts.push_back(text);
  }
  return games;
}

std::vector<PreparedGame> prepare_sum_games(const std::vector<GameSpec>& specs,
                                            const std::vector<std::string>& texts,
                                            const BigHeap& most_size) {
  std::vector<PreparedGame> games;
  for (std::size_t c = 0; c < specs.size(); ++c) {
    try {
      games.emplace_back(specs[c], most_size);
      make_engine<BigHeap>(games.back())->require_values_to(most_size);
    } catch (const Unanswerable& e) {
      throw UsageError("--sum " + single_quoted(texts[c]) + ": " + e.what());
    }
  }
  return games;
}

SumComponent read_sum_component(std::string_view text, SumHeaps heaps) {
  const std::string named = "--sum " + single_quoted(text);
  std::vector<std::string> words;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find_first_of(" \t", at), text.size());
    if (end > at) words.emplace_back(text.substr(at, end - at));
    at = end + 1;
  }
  std::vector<const char*> argv;
  for (const std::string& word : words)
    argv.push_back(word.c_str());
  SumComponent component;
  try {
    const std::array groups{rule_options(), game_choice_options()};
    const ParsedOptions given = parse_options(groups, argv);
    if (given.has(option::misere))
      throw UsageError("--misere is the whole sum's play: give it once, outside --sum");
    component.spec = game_of(read_game_spec(given), read_rules(given));
    for (const std::string& operand : given.operands())
      if (std::string error = append_heaps(operand, component.heaps); !error.empty())
        throw UsageError(error);
  } catch (const UsageError& e) {
    throw UsageError(named + ": " + e.what());
  }
  if (heaps == SumHeaps::given && component.heaps.size() == 0)
    throw UsageError(named +
                     ": no heap sizes: give them after the game's options, as in --sum "
                     "'--game wythoff 3 4'");
  if (heaps == SumHeaps::from_lines && component.heaps.size() != 0)
    throw UsageError(named + ": with --batch, each line gives the heap sizes");
  if (heaps == SumHeaps::drawn && component.heaps.size() != 0)
    throw UsageError(named +
                     ": the heap sizes are drawn: give the game's options alone, as in --sum "
                     "'--octal 0.77'");
  return component;
}

namespace {

std::string count_error(std::size_t found, std::size_t games) {
  return "the line has " + std::to_string(found) + (found == 1 ? " component" : " components") +
         ", the sum " + std::to_string(games);
}

std::string read_json_sum_line(std::string_view line, std::size_t games,
                               std::vector<AnyPosition>& heaps, SumLineKeys& keys) {
  JsonReader reader(line);
  reader.begin_object();
  std::string key;
  bool sum = false;
  std::string error;
  const auto once = [&](bool given, std::string_view name) {
    if (given) throw JsonError("the key \"" + std::string(name) + "\" is given twice");
  };
  while (reader.next_key(key)) {
    if (key == "id") {
      once(keys.id.has_value(), key);
      keys.id = reader.skip();
    } else if (key == "rules") {
      once(keys.rules.has_value(), key);
      keys.rules = reader.skip();
    } else if (key == "sum") {
      once(sum, key);
      sum = true;
      if (reader.peek() != JsonReader::Kind::array)
        throw JsonError("\"sum\" is a list of components, each {\"heaps\": [...]}");
      reader.begin_array();
      std::size_t game = 0;
      while (reader.next_item()) {
        if (reader.peek() != JsonReader::Kind::object)
          throw JsonError("each component of \"sum\" is an object, {\"heaps\": [...]}");
        reader.begin_object();
        bool has_heaps = false;
        std::optional<std::string_view> rules;
        while (reader.next_key(key)) {
          if (key == "heaps") {
            once(has_heaps, key);
            has_heaps = true;
            const std::string_view sizes = reader.skip();
            if (game < games && error.empty()) {
              error = read_heaps(sizes, heaps[game]);
              if (!error.empty()) error = "component " + std::to_string(game + 1) + ": " + error;
            }
          } else if (key == "rules") {
            once(rules.has_value(), key);
            rules = reader.skip();
          } else {
            throw JsonError("a component of \"sum\" has \"heaps\" and \"rules\" only, not " +
                            quoted(key));
          }
        }
        if (!has_heaps) throw JsonError("a component of \"sum\" has no \"heaps\"");
        if (game < games) keys.game_rules[game] = rules;
        ++game;
      }
      if (game != games && error.empty()) error = count_error(game, games);
    } else {
      reader.skip();  // other keys are the caller's (a record read back, say)
    }
  }
  reader.end();
  if (!sum)
    return "the line has no \"sum\": a sum's position is {\"sum\":[{\"heaps\":[...]}, ...]}";
  return error;
}

}  // namespace

std::string read_sum_line(std::string_view line, std::size_t games, std::vector<AnyPosition>& heaps,
                          SumLineKeys& keys) {
  keys = SumLineKeys{};
  keys.game_rules.assign(games, std::nullopt);
  heaps.resize(games);
  for (AnyPosition& each : heaps)
    each.clear();
  const std::string_view text = trim_blanks(line);
  if (text.starts_with('{')) {
    try {
      return read_json_sum_line(text, games, heaps, keys);
    } catch (const JsonError& e) {
      keys = SumLineKeys{};  // the line is not JSON: nothing in it can be trusted to be an id
      return std::string("not valid JSON: ") + e.what();
    }
  }
  std::size_t game = 0;
  for (std::size_t at = 0;; ++game) {
    const std::size_t bar = std::min(text.find('|', at), text.size());
    if (game < games) {
      if (std::string error = read_heaps(text.substr(at, bar - at), heaps[game]); !error.empty())
        return "component " + std::to_string(game + 1) + ": " + error;
    }
    if (bar == text.size()) break;
    at = bar + 1;
  }
  if (game + 1 != games) return count_error(game + 1, games);
  return {};
}

}  // namespace nim
