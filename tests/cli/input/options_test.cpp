#include "cli/input/options.hpp"

#include <doctest/doctest.h>

#include <limits>
#include <string>
#include <vector>

#include "cli/commands/command.hpp"
#include "cli/input/game_options.hpp"
#include "cli/input/heap_text.hpp"

namespace nim {
namespace {

using Args = std::vector<const char*>;

// The analyse command's real option table.
std::vector<OptionGroup> analyse_table() {
  return commands().front().options();
}

ParsedOptions parse_args(const Args& args) {
  return parse_options(analyse_table(), args);
}

// The message of the UsageError that parsing `args` throws ("" if it throws none).
std::string usage_error(const Args& args) {
  try {
    parse_args(args);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

std::vector<std::string> strings(std::span<const std::string> values) {
  return {values.begin(), values.end()};
}

using Strings = std::vector<std::string>;

TEST_CASE("parse_options: flags, values, and both spellings of a value") {
  const ParsedOptions given =
      parse_args({"--misere", "--max-take", "3", "--choose=largest", "--seed=", "-H", "1"});
  CHECK(given.has("misere"));
  CHECK_FALSE(given.has("pretty"));
  CHECK(*given.value("max-take") == "3");
  CHECK(*given.value("choose") == "largest");
  CHECK(*given.value("seed") == "");  // an empty value is a value, for its reader to reject
  CHECK(given.value("when-losing") == nullptr);
  CHECK(given.operands().empty());

  SUBCASE("the last occurrence of a value wins; each is kept in order") {
    const ParsedOptions twice = parse_args({"--seed", "1", "--seed", "2"});
    CHECK(*twice.value("seed") == "2");
    CHECK(strings(twice.values("seed")) == Strings{"1", "2"});
  }
  SUBCASE("a value is the next argument, whatever it looks like, as getopt takes it") {
    CHECK(*parse_args({"--max-take", "-3"}).value("max-take") == "-3");
    CHECK(*parse_args({"--max-take", "--pretty"}).value("max-take") == "--pretty");
    CHECK(*parse_args({"--move", "-1,2"}).value("move") == "-1,2");
  }
}

TEST_CASE("parse_options: a flag given a value is a usage error, never taken as set") {
  for (const char* flag : {"misere", "pretty", "all-moves", "playout", "batch"}) {
    const std::string option = std::string("--") + flag;
    for (const char* value : {"false", "true", "0", ""}) {
      const std::string arg = option + "=" + value;
      INFO(arg);
      CHECK(usage_error({"-H", "1", arg.c_str()}) ==
            "option '" + option + "' doesn't allow an argument");
    }
  }
}

TEST_CASE("parse_options: -H takes every argument up to the next option") {
  CHECK(strings(parse_args({"-H", "1", "3", "5", "7", "--pretty"}).values("heaps")) ==
        Strings{"1", "3", "5", "7"});
  CHECK(strings(parse_args({"-H", "1", "-3", "5"}).values("heaps")) == Strings{"1", "-3", "5"});
  CHECK(strings(parse_args({"-H1,3", "--heaps=5", "-H", "7"}).values("heaps")) ==
        Strings{"1,3", "5", "7"});
  CHECK(strings(parse_args({"-H", "1 3 5 7"}).values("heaps")) == Strings{"1 3 5 7"});
  CHECK(strings(parse_args({"-H", "-"}).values("heaps")) == Strings{"-"});
  CHECK(usage_error({"-H"}) == "option '-H' requires an argument");
  CHECK(usage_error({"--heaps"}) == "option '--heaps' requires an argument");
  CHECK(usage_error({"-H", "--pretty"}) == "option '-H' requires an argument");
  CHECK(usage_error({"-H", "--"}) == "option '-H' requires an argument");
}

TEST_CASE("parse_options: an optional value is taken only when it is one of its choices") {
  const std::vector<OptionGroup> table{
      {"",
       {{.name = "unique", .value = "[ordered]", .choices = {"ordered"}, .optional = true},
        {.name = "count", .value = "N"}}}};
  const auto parse = [&](const Args& args) { return parse_options(table, args); };
  CHECK(*parse({"--unique"}).value("unique") == "");
  CHECK(*parse({"--unique", "ordered"}).value("unique") == "ordered");
  CHECK(*parse({"--unique=ordered"}).value("unique") == "ordered");
  const auto followed = parse({"--unique", "--count", "3"});
  CHECK(*followed.value("unique") == "");
  CHECK(*followed.value("count") == "3");
  const auto operand = parse({"--unique", "sorted"});
  CHECK(*operand.value("unique") == "");
  CHECK(operand.operands() == Strings{"sorted"});
}

TEST_CASE("parse_options: -- ends the options, what follows is an operand") {
  const ParsedOptions given = parse_args({"-H", "1", "--", "3", "--pretty", "-H"});
  CHECK(strings(given.values("heaps")) == Strings{"1"});
  CHECK_FALSE(given.has("pretty"));
  CHECK(given.operands() == Strings{"3", "--pretty", "-H"});
  CHECK(parse_args({"5", "-", "-7"}).operands() == Strings{"5", "-", "-7"});
}

TEST_CASE("parse_options: every usage error is one line naming the option, in our words") {
  CHECK(usage_error({"--bogus"}) == "unrecognized option '--bogus'");
  CHECK(usage_error({"--bogus=3"}) == "unrecognized option '--bogus=3'");
  CHECK(usage_error({"-x"}) == "unrecognized option '-x'");
  CHECK(usage_error({"-hx"}) == "unrecognized option '-hx'");
  CHECK(usage_error({"-pretty"}) == "unrecognized option '-pretty'");
  CHECK(usage_error({"---x"}) == "unrecognized option '---x'");
  CHECK(usage_error({"--=3"}) == "unrecognized option '--=3'");
  CHECK(usage_error({"--seed"}) == "option '--seed' requires an argument");
  CHECK(usage_error({"-H", "1", "--max-take"}) == "option '--max-take' requires an argument");

  SUBCASE("control characters and invalid UTF-8 in what the user typed are escaped") {
    CHECK(usage_error({"--a\nb"}) == "unrecognized option '--a\\u000ab'");
    CHECK(usage_error({"--\x1b[31mred"}) == "unrecognized option '--\\u001b[31mred'");
    CHECK(usage_error({"--it's"}) == "unrecognized option '--it\\'s'");
    CHECK(usage_error({"--\xff"}) == "unrecognized option '--\\ufffd'");
  }
}

TEST_CASE("parse_options: a misspelt long option gets the nearest name suggested") {
  CHECK(usage_error({"--misre"}) == "unrecognized option '--misre'; did you mean '--misere'?");
  CHECK(usage_error({"--mizere"}) == "unrecognized option '--mizere'; did you mean '--misere'?");
  CHECK(usage_error({"--fromat=text"}) ==
        "unrecognized option '--fromat=text'; did you mean '--format'?");
  CHECK(usage_error({"-H", "1", "--explian"}) ==
        "unrecognized option '--explian'; did you mean '--explain'?");
  // Too far from every name, or a short option: no suggestion.
  CHECK(usage_error({"--frobnicate"}) == "unrecognized option '--frobnicate'");
  CHECK(usage_error({"-m"}) == "unrecognized option '-m'");
}

TEST_CASE("parse_options: a long name may be shortened to a beginning no other option shares") {
  const ParsedOptions given =
      parse_args({"--mis", "--max-t", "3", "--ch=largest", "--pre", "--pla", "-H", "1", "2"});
  CHECK(given.has("misere"));
  CHECK(*given.value("max-take") == "3");
  CHECK(*given.value("choose") == "largest");
  CHECK(given.has("pretty"));
  CHECK(given.has("playout"));
  CHECK(strings(given.values("heaps")) == Strings{"1", "2"});
  CHECK(usage_error({"--mis=no"}) == "option '--misere' doesn't allow an argument");
  CHECK(usage_error({"--se"}) == "option '--seed' requires an argument");

  SUBCASE("a beginning several options share is ambiguous, and the message names them") {
    CHECK(usage_error({"--m"}) ==
          "option '--m' is ambiguous; possibilities: '--move' '--misere' '--max-take' "
          "'--max-plies' '--max-heaps'");
    CHECK(usage_error({"--max=3"}) ==
          "option '--max' is ambiguous; possibilities: '--max-take' '--max-plies' '--max-heaps'");
    CHECK(usage_error({"--p"}) ==
          "option '--p' is ambiguous; possibilities: '--playout' '--pretty' '--pad'");
    CHECK(parse_args({"--pl"}).has("playout"));
  }
  SUBCASE("a whole name wins over the longer names it begins") {
    const std::vector<OptionGroup> table{{"",
                                          {
                                              {.name = "games-out", .value = "FILE"},
                                              {.name = "games", .value = "N"},
                                          }}};
    const Args args{"--games", "4", "--games-o", "out.jsonl"};
    const ParsedOptions match = parse_options(table, args);
    CHECK(*match.value("games") == "4");
    CHECK(*match.value("games-out") == "out.jsonl");
  }
  SUBCASE("an empty name is no beginning: --=3 names nothing") {
    CHECK(usage_error({"--=3"}) == "unrecognized option '--=3'");
  }
}

TEST_CASE("is_option: a leading dash makes an option, except for a number or a lone dash") {
  CHECK(is_option("--pretty"));
  CHECK(is_option("-H"));
  CHECK(is_option("--"));
  CHECK(is_option("-x3"));
  CHECK_FALSE(is_option("-3"));
  CHECK_FALSE(is_option("-"));
  CHECK_FALSE(is_option("3"));
  CHECK_FALSE(is_option(""));
}

// The message of the UsageError that reading the game options of `args` throws.
std::string game_option_error(const Args& args) {
  try {
    read_game_options(parse_args(args));
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

TEST_CASE("read_game_options: rules, move choice, seed and output, each value checked") {
  const GameOptions options = read_game_options(parse_args(
      {"--misere", "--max-take", "18446744073709551616", "--choose", "random", "--when-losing",
       "first-one", "--seed", "18446744073709551615", "--format", "json", "--pretty"}));
  CHECK(options.rules.kind == GameSpec::Kind::nim);
  CHECK(options.rules.misere);
  CHECK(options.rules.max_take == BigHeap("18446744073709551616"));
  CHECK(options.strategy.choice == Choice::random);
  CHECK(options.strategy.when_losing == WhenLosing::first_one);
  CHECK(options.seed == 18446744073709551615ULL);
  CHECK(options.format == Format::json);
  CHECK(options.pretty);

  SUBCASE("the defaults") {
    const GameOptions defaults = read_game_options(parse_args({}));
    CHECK(defaults.rules.kind == GameSpec::Kind::nim);
    CHECK_FALSE(defaults.rules.misere);
    CHECK(defaults.rules.max_take == std::nullopt);
    CHECK(defaults.strategy.choice == Choice::first);
    CHECK(defaults.strategy.when_losing == WhenLosing::largest_one);
    CHECK(defaults.seed == std::nullopt);
    CHECK_FALSE(defaults.pretty);
  }
  SUBCASE("bad values, named exactly") {
    CHECK(game_option_error({"--max-take", "x"}) == "--max-take \"x\" is not a whole number");
    CHECK(game_option_error({"--max-take", "3.5"}) == "--max-take \"3.5\" is not a whole number");
    CHECK(game_option_error({"--max-take", "0"}) == "--max-take must be at least 1, not 0");
    CHECK(game_option_error({"--max-take", "-4"}) == "--max-take must be at least 1, not -4");
    CHECK(game_option_error({"--choose", "sideways"}) ==
          "--choose \"sideways\" is not one of first, largest, random");
    CHECK(game_option_error({"--when-losing", "x"}) ==
          "--when-losing \"x\" is not one of largest-one, first-one, random");
    CHECK(game_option_error({"--seed", "-1"}) ==
          "--seed \"-1\" is not a whole number from 0 to 18446744073709551615");
    CHECK(game_option_error({"--seed", "18446744073709551616"}) ==
          "--seed \"18446744073709551616\" is not a whole number from 0 to "
          "18446744073709551615");
    CHECK(game_option_error({"--seed", "seven"}) ==
          "--seed \"seven\" is not a whole number from 0 to 18446744073709551615");
    CHECK(game_option_error({"--format", "xml"}) == "--format \"xml\" is not one of json, text");
    CHECK(game_option_error({"--choose", "a\tb"}) ==
          "--choose \"a\\u0009b\" is not one of first, largest, random");
  }
}

TEST_CASE("options_help lists every option of the table, one per line, no trailing blanks") {
  const auto table = analyse_table();
  const std::string help = options_help("nim-game", "summary", "-H SIZE...", table);
  for (const auto& group : table) {
    for (const auto& option : group.options) {
      INFO(option.name);
      CHECK(help.find("--" + std::string(option.name)) != std::string::npos);
    }
  }
  CHECK(help.find("  -H, --heaps SIZE...") != std::string::npos);
  CHECK(help.find(" \n") == std::string::npos);
}

TEST_CASE("parse_range reads A..B, or N for N..N") {
  using Pair = std::pair<std::uint64_t, std::uint64_t>;
  CHECK(parse_range("--heap-count", "3..5") == Pair{3, 5});
  CHECK(parse_range("--heap-count", "4") == Pair{4, 4});
  CHECK(parse_range("--heap-count", "0..18446744073709551615") == Pair{0, 18446744073709551615ULL});
  const auto error = [](std::string_view text, std::uint64_t least = 0) {
    try {
      parse_range("--heap-count", text, least);
    } catch (const UsageError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK(error("5..3") ==
        "--heap-count \"5..3\" is not a range A..B of whole numbers from 0 to "
        "18446744073709551615 with A <= B");
  for (std::string_view bad :
       {"", "..", "3..", "..5", "3...5", "a..b", "-1..2", "3 ..5", "1..2..3"})
    CHECK(error(bad) == "--heap-count " + quoted(bad) +
                            " is not a range A..B of whole numbers from 0 to "
                            "18446744073709551615 with A <= B");
  CHECK(error("0..3", 1) ==
        "--heap-count \"0..3\" is not a range A..B of whole numbers from 1 to "
        "18446744073709551615 with A <= B");
}

TEST_CASE("parse_jobs: a number of threads, 0 for one per core") {
  CHECK(parse_jobs("1") == 1);
  CHECK(parse_jobs("7") == 7);
  CHECK(parse_jobs("0") >= 1);
  CHECK(parse_jobs("1024") == 1024);
  // One range, stated once, whatever is wrong with the value.
  for (const char* bad :
       {"x", "-1", "1025", "100000", "18446744073709551615", "99999999999999999999"}) {
    INFO(bad);
    CHECK_THROWS_WITH_AS(
        parse_jobs(bad),
        ("--jobs \"" + std::string(bad) + "\" is not a whole number from 0 to 1024").c_str(),
        UsageError);
  }
}

TEST_CASE("parse_decimal: plain decimals only") {
  const auto value = [](std::string_view text) { return parse_decimal(text).value().value; };
  CHECK(value("5") == 5.0);
  CHECK(value("0.5") == 0.5);
  CHECK(value("2.25") == 2.25);
  CHECK(value("007.50") == 7.5);
  CHECK(value(".5") == 0.5);
  CHECK(value("5.") == 5.0);
  CHECK(value("1" + std::string(400, '0')) == std::numeric_limits<double>::infinity());
  CHECK(value("0." + std::string(400, '0') + "1") == 0.0);
  for (const char* bad :
       {"", ".", "-1", "+1", "1e3", "0x10", "inf", "nan", " 1", "1 ", "1.2.3", "1..", "..1"})
    CHECK_FALSE(parse_decimal(bad).has_value());
}

TEST_CASE("Decimal::compare: the digits as typed, not their double (fault 5)") {
  const auto compare = [](std::string_view text, std::uint64_t n) {
    return parse_decimal(text).value().compare(n);
  };
  CHECK(compare("0.99999999999999999999", 1) == -1);  // its double is 1
  CHECK(compare("1.0000000000000000000000001", 1) == 1);
  CHECK(compare("1.000", 1) == 0);
  CHECK(compare("001", 1) == 0);
  CHECK(compare("0", 0) == 0);
  CHECK(compare(".000", 0) == 0);
  CHECK(compare("0." + std::string(400, '0') + "1", 0) == 1);
  CHECK(compare("1000000.0000000000000000001", 1'000'000) == 1);
  CHECK(compare("999999.99999999999999999999", 1'000'000) == -1);
  CHECK(compare("18446744073709551615", 18446744073709551615u) == 0);
  CHECK(compare("18446744073709551616", 18446744073709551615u) == 1);
  CHECK(compare("2", 10) == -1);
  CHECK(compare("10", 2) == 1);
}

}  // namespace
}  // namespace nim
