// The game keyword arguments of nim_game's functions, read as the options they stand for: each
// becomes its option (octal="0.77" is --octal=0.77, subtract=[1, 3, 4] is --subtract=1,3,4), the
// command line's parser reads them, and its readers of a game (read_game_spec(), then Nim's rules)
// decide, so that the module takes and refuses exactly what `nim-game` does, in the same words.
#include <pybind11/pybind11.h>

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "cli/input/game_choice.hpp"
#include "cli/input/game_options.hpp"
#include "cli/input/rules_table.hpp"
#include "python/arguments.hpp"

namespace nim::python {

namespace {

enum class ValueKind {
  flag,    // True gives the option, False leaves it out
  number,  // a whole number (anything with __index__), written in decimal
  list,    // a str as the command line takes it ("1,3,4"), or whole numbers ([1, 3, 4])
  text,    // a str
};

struct Keyword {
  std::string_view option;  // the keyword is its name with '-' as '_'
  ValueKind kind;
};

constexpr std::array<Keyword, 9> keywords_read{{
    {option::game, ValueKind::text},
    {option::misere, ValueKind::flag},
    {option::max_take, ValueKind::number},
    {option::octal, ValueKind::text},
    {option::subtract, ValueKind::list},
    {option::subtract_all_but, ValueKind::list},
    {option::heaps_per_move, ValueKind::number},
    {option::grundy_limit, ValueKind::number},
    {option::search_limit, ValueKind::number},
}};

std::string keyword_of(std::string_view option) {
  std::string name(option);
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

std::string type_name(const py::handle& value) {
  return py::str(py::type::handle_of(value).attr("__name__")).cast<std::string>();
}

// The option's value as the command line would be given it.
std::string option_value(const Keyword& keyword, const std::string& name, const py::handle& value) {
  if (py::isinstance<py::str>(value)) {
    if (keyword.kind == ValueKind::list || keyword.kind == ValueKind::text)
      return value.cast<std::string>();
  } else if (keyword.kind == ValueKind::text) {
    throw py::value_error(name + " must be a str, not " + type_name(value));
  }
  if (keyword.kind == ValueKind::number) return to_number(value, name).get_str();
  // A list of whole numbers.
  if (!py::isinstance<py::iterable>(value))
    throw py::value_error(name +
                          " must be a str such as \"1,3,4\" or a list of whole numbers, not " +
                          type_name(value));
  std::string text;
  for (const py::handle& each : py::reinterpret_borrow<py::iterable>(value)) {
    if (!text.empty()) text += ',';
    text += to_number(each, name).get_str();
  }
  return text;
}

}  // namespace

GameChoice read_game(const py::dict& keywords) {
  std::vector<std::string> arguments;
  for (const Keyword& keyword : keywords_read) {
    const std::string name = keyword_of(keyword.option);
    if (!keywords.contains(name)) continue;
    const py::object value = keywords[py::str(name)];
    if (value.is_none()) continue;
    if (keyword.kind == ValueKind::flag) {
      if (value.cast<bool>()) arguments.push_back(dashed(keyword.option));
      continue;
    }
    std::string text = option_value(keyword, name, value);
    if (text.find('\0') != std::string::npos)
      throw py::value_error(name + " " + py::repr(value).cast<std::string>() +
                            " holds a NUL character, which no option's value can");
    // The default game, Nim, is no --game: octal="0.77" beside it names Kayles.
    if (keyword.option == option::game && text == "nim") continue;
    arguments.push_back(dashed(keyword.option) + "=" + text);
  }
  std::vector<const char*> argv;
  for (const std::string& argument : arguments)
    argv.push_back(argument.c_str());
  const std::array<OptionGroup, 2> groups{rule_options(), game_choice_options()};
  const ParsedOptions given = parse_options(groups, argv);
  if (auto spec = read_game_spec(given)) return {AnyRules(), std::move(spec)};
  return {rules_table().front().read(given), std::nullopt};
}

}  // namespace nim::python
