// nim-game completion SHELL: a completion script for bash or fish, written from the command table
// and each command's option table, so that it never falls out of step with the options.
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "cli/commands/command.hpp"
#include "cli/input/game_options.hpp"
#include "cli/input/heap_text.hpp"
#include "cli/system/exit_status.hpp"

namespace nim {

namespace {

std::vector<OptionGroup> completion_options() {
  return {{"", {}}};
}

// Every option of a command, in table order.
std::vector<OptionSpec> options_in(const Command& command) {
  std::vector<OptionSpec> options;
  for (const auto& group : all_options(command))
    options.insert(options.end(), group.options.begin(), group.options.end());
  return options;
}

// The words with `separator` between them.
std::string joined(const std::vector<std::string_view>& words, char separator = ' ') {
  std::string text;
  for (std::string_view word : words) {
    if (!text.empty()) text += separator;
    text += word;
  }
  return text;
}

// Appends each piece in turn (a chain of + on strings sets off GCC 12's false -Wrestrict).
void append(std::string& out, std::initializer_list<std::string_view> pieces) {
  for (std::string_view piece : pieces)
    out += piece;
}

// A value naming a file (FILE), which the shell completes as a path.
bool takes_file(const OptionSpec& option) {
  return option.value == "FILE" || option.value == "PREFIX";  // a path, or its beginning
}

std::string bash_script() {
  std::vector<std::string_view> names;
  for (const Command& command : commands())
    names.push_back(command.name);
  std::string script =
      "# bash completion for nim-game, written by `nim-game completion bash` from its option "
      "tables.\n"
      "_nim_game() {\n"
      "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} command=";
  script += commands().front().name;
  script +=
      "\n"
      "  # --name=value arrives as three words: --name, = and the value.\n"
      "  if [[ $cur == = ]]; then\n"
      "    cur=\n"
      "  elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then\n"
      "    prev=${COMP_WORDS[COMP_CWORD-2]}\n"
      "  fi\n"
      "  if ((COMP_CWORD == 1)) && [[ $cur != -* ]]; then\n"
      "    COMPREPLY=($(compgen -W \"";
  script += joined(names);
  script +=
      "\" -- \"$cur\"))\n"
      "    return\n"
      "  fi\n"
      "  case ${COMP_WORDS[1]} in\n"
      "    ";
  script += joined(names, '|');  // a case pattern
  script += ") command=${COMP_WORDS[1]} ;;\n  esac\n";
  script += "  case $command:$prev in\n";
  for (const Command& command : commands()) {
    for (const OptionSpec& option : options_in(command)) {
      // An optional value is completed as a flag: the next word may as well be an option.
      if (!option.takes_value() || option.optional) continue;
      append(script, {"    ", command.name, ":--", option.name});
      if (option.letter) append(script, {"|", command.name, ":-", {&option.letter, 1}});
      script += ") ";
      if (!option.choices.empty())
        append(script, {"COMPREPLY=($(compgen -W \"", joined(option.choices), "\" -- \"$cur\"))"});
      else if (takes_file(option))
        script += "COMPREPLY=($(compgen -f -- \"$cur\"))";
      else
        script += ":";  // a value to type
      script += "; return ;;\n";
    }
  }
  script += "  esac\n  if [[ $cur == -* ]]; then\n    case $command in\n";
  for (const Command& command : commands()) {
    std::string words;
    for (const OptionSpec& option : options_in(command)) {
      if (option.letter) append(words, {" -", {&option.letter, 1}});
      append(words, {" --", option.name});
    }
    append(script, {"      ", command.name, ") COMPREPLY=($(compgen -W \"", words.substr(1),
                    "\" -- \"$cur\")) ;;\n"});
  }
  script += "    esac\n    return\n  fi\n  case $command in\n";
  for (const Command& command : commands()) {
    if (command.operand_words.empty()) continue;
    append(script, {"    ", command.name, ") COMPREPLY=($(compgen -W \"",
                    joined(command.operand_words), "\" -- \"$cur\")) ;;\n"});
  }
  script += R"(  esac
  # An agent spec such as cmd: or difficulty: goes on after its colon.
  if ((${#COMPREPLY[@]} == 1)) && [[ ${COMPREPLY[0]} == *: ]]; then compopt -o nospace 2>/dev/null || true; fi
}
complete -F _nim_game nim-game
)";
  return script;
}

// fish's single-quoted string: only \ and ' are special.
std::string fish_quoted(std::string_view text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\\' || c == '\'') out += '\\';
    out += c;
  }
  return out + "'";
}

std::string fish_script() {
  std::vector<std::string_view> others;  // the commands that must be named
  for (const Command& command : commands())
    if (command.name != commands().front().name) others.push_back(command.name);
  const std::string named = joined(others);
  std::string script =
      "# fish completion for nim-game, written by `nim-game completion fish` from its option "
      "tables.\ncomplete -c nim-game -f\n";
  for (const Command& command : commands())
    script += "complete -c nim-game -n __fish_use_subcommand -a " + std::string(command.name) +
              " -d " + fish_quoted(command.summary) + "\n";
  for (const Command& command : commands()) {
    // The default command is in force until another one is named.
    const std::string condition =
        command.name == commands().front().name
            ? "'not __fish_seen_subcommand_from " + named + "'"
            : "'__fish_seen_subcommand_from " + std::string(command.name) + "'";
    for (const OptionSpec& option : options_in(command)) {
      script += "complete -c nim-game -n " + condition + " -l " + std::string(option.name);
      if (option.letter) script += std::string(" -s ") + option.letter;
      if (option.takes_value() && !option.optional) {
        script += takes_file(option) ? " -r -F" : " -x";
        if (!option.choices.empty()) script += " -a " + fish_quoted(joined(option.choices));
      }
      script += " -d " + fish_quoted(option.help) + "\n";
    }
    if (!command.operand_words.empty())
      script += "complete -c nim-game -n " + condition + " -a " +
                fish_quoted(joined(command.operand_words)) + "\n";
  }
  return script;
}

int run(const ParsedOptions& given, Output& out) {
  const auto& operands = given.operands();
  if (operands.empty()) throw UsageError("completion needs a shell: bash or fish");
  reject_operands(given, 1);
  if (operands.front() == "bash")
    out.buffer() += bash_script();
  else if (operands.front() == "fish")
    out.buffer() += fish_script();
  else
    throw UsageError("completion " + quoted(operands.front()) +
                     " is not a shell nim-game completes: bash or fish");
  return exit_ok;
}

constexpr const char* epilogue = R"(Installing:
  nim-game completion bash \
      > ~/.local/share/bash-completion/completions/nim-game
  nim-game completion fish > ~/.config/fish/completions/nim-game.fish
The package and `cmake --install` put both in place.
)";

}  // namespace

Command completion_command() {
  return {.name = "completion",
          .summary = "a completion script for bash or fish, from the option tables",
          .guide = "reference.md",
          .usage = "completion bash|fish",
          .options = completion_options,
          .run = run,
          .epilogue = epilogue,
          .operand_words = {"bash", "fish"}};
}

}  // namespace nim
