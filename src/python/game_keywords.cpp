// The game keyword arguments of nim_game's functions, made from the command line's own options
// (Nim's rules and the game's choice: game_option_groups()) and read as the options they stand
// for: each becomes its option (octal="0.77" is --octal=0.77, subtract=[1, 3, 4] is
// --subtract=1,3,4), the command line's parser reads them, and its readers of a game
// (read_game_spec(), then Nim's rules) decide, so that the module takes and refuses exactly what
// `nim-game` does, in the same words.
#include <pybind11/pybind11.h>

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "cli/input/game_choice.hpp"
#include "cli/input/game_options.hpp"
#include "python/arguments.hpp"

namespace nim::python {

namespace {

// The options the game keywords stand for, in the order the command line's help lists them:
// Nim's rules, then the game's choice and parameters.
std::array<OptionGroup, 2> game_option_groups() {
  return {rule_options(), game_choice_options()};
}

std::string keyword_of(std::string_view option) {
  std::string name(option);
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

std::string type_name(const py::handle& value) {
  return py::str(py::type::handle_of(value).attr("__name__")).cast<std::string>();
}

// The option's value as the command line would be given it.
std::string option_value(const OptionSpec& option, const std::string& name,
                         const py::handle& value) {
  using Kind = OptionSpec::Kind;
  if (py::isinstance<py::str>(value)) {
    if (option.kind == Kind::list || option.kind == Kind::text) return value.cast<std::string>();
  } else if (option.kind == Kind::text) {
    throw py::value_error(name + " must be a str, not " + type_name(value));
  }
  if (option.kind == Kind::number) return to_number(value, name).get_str();
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

std::vector<std::string> game_arguments(const py::dict& keywords) {
  const std::array<OptionGroup, 2> groups = game_option_groups();
  std::vector<std::string> arguments;
  for (const OptionGroup& group : groups)
    for (const OptionSpec& option : group.options) {
      const std::string name = keyword_of(option.name);
      if (!keywords.contains(name)) continue;
      const py::object value = keywords[py::str(name)];
      if (value.is_none()) continue;
      if (!option.takes_value()) {
        if (value.cast<bool>()) arguments.push_back(dashed(option.name));
        continue;
      }
      std::string text = option_value(option, name, value);
      if (text.find('\0') != std::string::npos)
        throw py::value_error(name + " " + py::repr(value).cast<std::string>() +
                              " holds a NUL character, which no option's value can");
      // The default game, Nim, is no --game: octal="0.77" beside it names Kayles.
      if (option.name == option::game && text == "nim") continue;
      arguments.push_back(dashed(option.name) + "=" + text);
    }
  return arguments;
}

GameChoice read_game(const py::dict& keywords) {
  const std::array<OptionGroup, 2> groups = game_option_groups();
  const std::vector<std::string> arguments = game_arguments(keywords);
  std::vector<const char*> argv;
  for (const std::string& argument : arguments)
    argv.push_back(argument.c_str());
  const ParsedOptions given = parse_options(groups, argv);
  if (auto spec = read_game_spec(given)) return {std::move(*spec)};
  return {read_rules(given)};
}

std::vector<std::string> game_keyword_names() {
  std::vector<std::string> names;
  for (const OptionGroup& group : game_option_groups())
    for (const OptionSpec& option : group.options)
      names.push_back(keyword_of(option.name));
  return names;
}

}  // namespace nim::python
