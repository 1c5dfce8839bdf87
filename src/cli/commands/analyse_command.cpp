// nim-game analyse (the default command): one position from -H, or every line of standard input
// (--batch); for each, its analysis, the verdict on a proposed move (--move), or its playout, as
// JSON or as text, with Bouton's explanation if asked (--explain).
#include <string_view>
#include <vector>

#include "cli/commands/analyse_games.hpp"
#include "cli/commands/command.hpp"
#include "cli/commands/field_options.hpp"
#include "cli/commands/playout_options.hpp"
#include "cli/input/game_choice.hpp"
#include "cli/input/game_options.hpp"

namespace nim {

namespace {

// The names of this command's own options, declared once, beside the shared ones.
namespace option {
using namespace ::nim::option;
constexpr std::string_view heaps = "heaps";
constexpr std::string_view batch = "batch";
constexpr std::string_view all_moves = "all-moves";
constexpr std::string_view explain = "explain";
constexpr std::string_view move = "move";
constexpr std::string_view sum = "sum";
}  // namespace option

std::vector<OptionGroup> analyse_options() {
  return {
      {"",
       {
           {.name = option::heaps,
            .letter = 'H',
            .value = "SIZE",
            .help = "heap sizes of the position, separated by spaces or commas",
            .list = true},
           {.name = option::sum,
            .value = "GAME",
            .help = "one game of a sum of games: its options and heap sizes, as in --sum "
                    "'--octal 0.77 5' (give one --sum for each game)"},
           {.name = option::batch,
            .help = "read positions from stdin, one per line, and write a record for each"},
           jobs_option("with --batch: answer on N threads, 0 for one per core (default 1)"),
           {.name = option::all_moves, .help = "add winning_moves, every winning move"},
           {.name = option::explain,
            .help = "add Bouton's reasoning: the heaps in binary, column by column, and why"},
           {.name = option::move,
            .value = "I,N",
            .help = "judge the move that takes N objects from heap I (0-based); the JSON forms "
                    "[I,N], [I,N,[L,R]] (a split) and [[I,N],[J,M]] (several heaps) too"},
       }},
      rule_options(),
      game_choice_options(),
      choice_options(),
      playout_options(),
      [] {
        OptionGroup output = output_options(Format::json, Tables::yes);
        add_field_options(output);
        return output;
      }(),
  };
}

int run(const ParsedOptions& given, Output& out) {
  if (given.has(option::sum)) return run_sum_analysis(given, analyse_options(), out);
  return run_game_analysis(given, out);
}

constexpr const char* epilogue = R"(Examples:
  nim-game -H 1 3 5 7                 analyse a position (also -H 1,3,5,7)
  nim-game -H 1 3 5 7 --pretty        the same record, indented
  nim-game -H 1 3 5 7 --playout       the whole game, one JSON record per ply
  nim-game -H 9 12 --playout --max-plies 3 --trace moves
  nim-game -H 3 1 1 --misere          whoever takes the last object loses
  nim-game -H 4 5 --max-take 3        a move takes 1 to 3 objects
  nim-game -H 1 3 5 6 --choose largest
                                      play in the largest heap that wins
  nim-game -H 1 3 5 6 --choose random --seed 7
  nim-game -H 1 3 5 7 --when-losing random --seed 7
  nim-game -H 1 3 5 6 --all-moves     list every winning move
  nim-game -H 1 3 5 7 --move 3,1      judge a move: heap 3, take 1
  nim-game -H 1 3 5 7 --format text   the board, the verdict and the move
  nim-game -H 3 4 5 6 --explain --format text
                                      why the move wins: Bouton's table
  printf '1 3 5 7\n[1,2,3]\n' | nim-game --batch
  nim-game --batch --jobs 0 < in.txt  answer on every core
  nim-game --batch --format csv --fields heaps,winning,action < in.txt
                                      a table: a header, then a row a line
  nim-game -H 3 4 5 --octal 0.77      Kayles, one of the games after Nim
  nim-game -H 4 6 --game wythoff --explain --format text
  nim-game -H 3 5 6 --game moore --playout --trace moves
                                      a move of Moore's Nim takes from two heaps
  nim-game --sum '--octal 0.77 5' --sum '--game wythoff 3 4' --sum 7
                                      a sum of games: Kayles, Wythoff, Nim

Exit status: 0 success; 1 some --batch lines could not be read, or carry other
rules (each has an error record); 2 bad command line or heap size; 3 input or
output failed, or memory ran out.
)";

}  // namespace

Command analyse_command() {
  return {.name = "analyse",
          .summary = "analyse positions: a JSON record or text for each (default)",
          .guide = "reference.md",
          .usage =
              "[analyse] -H SIZE... [OPTION...]\n  nim-game [analyse] --batch [OPTION...]\n"
              "  nim-game [analyse] --sum GAME --sum GAME... [OPTION...]",
          .options = analyse_options,
          .run = run,
          .epilogue = epilogue};
}

}  // namespace nim
