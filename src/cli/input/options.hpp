// Command-line options: a table that declares them, a parser that reads argv as GNU getopt_long
// does, and the help text. The table is the one description of each option, from which the
// parser, --help and the shell completion all work.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "nim/heap.hpp"

namespace nim {

// Bad usage: an unknown option, a missing or malformed value. main prints it and exits 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct OptionSpec {
  std::string_view name{};   // long name, without "--"
  char letter = 0;           // short name, or 0
  std::string_view value{};  // the value's name in the help (K, POLICY); "" for a flag
  std::string_view help{};   // one line
  std::vector<std::string_view> choices{};  // the values it takes, when they are a fixed set
  bool list = false;  // takes every following argument up to the next option (-H 1 3 5 7)
  // The value may be left out (its value is then ""): the next argument is its value only when it
  // is one of `choices` (--unique, --unique ordered).
  bool optional = false;
  // What the value is, as the Python module's keyword of the option's name takes it: a str, a
  // whole number, or a list of whole numbers ("1,3,4" or [1, 3, 4]).
  enum class Kind { text, number, list } kind = Kind::text;

  bool takes_value() const { return !value.empty(); }
};

struct OptionGroup {
  std::string_view title;  // "" for the command's own options
  std::vector<OptionSpec> options;
};

// What the command line gave: each option's values in order, and the operands.
class ParsedOptions {
 public:
  bool has(std::string_view name) const { return given_.find(name) != given_.end(); }
  // The value of the option's last occurrence; nullptr when it was not given.
  const std::string* value(std::string_view name) const;
  // Every value given, in order: a list option's values, or one per occurrence.
  std::span<const std::string> values(std::string_view name) const;
  // The arguments that are not options or their values.
  const std::vector<std::string>& operands() const { return operands_; }

 private:
  friend ParsedOptions parse_options(std::span<const OptionGroup>, std::span<const char* const>);
  std::map<std::string, std::vector<std::string>, std::less<>> given_;
  std::vector<std::string> operands_;
};

// Reads the arguments (without the program and command names) as GNU getopt_long does:
// `--name value`, `--name=value`, `-H value` and `-Hvalue`; a long name may be shortened to any
// beginning that no other option shares (`--mis` for `--misere`); options and operands in any
// order; `--` ends the options. A flag given a value, an unknown or ambiguous option or a missing
// value throws UsageError. "-3" and "-" are operands, not options.
ParsedOptions parse_options(std::span<const OptionGroup> groups, std::span<const char* const> args);

// Whether an argument is an option rather than a value: "-3" and "-" are values.
bool is_option(std::string_view arg);

// The help text of a command: the summary, the usage lines, then every group's options in
// aligned columns (laid out by cxxopts), in lines of `width` columns at most (a line cxxopts
// leaves wider, such as a usage line, is broken at its blanks under itself).
std::string options_help(std::string_view program, std::string_view summary, std::string_view usage,
                         std::span<const OptionGroup> groups, std::size_t width = 80);

// `text` in single quotes with control characters, quotes and invalid UTF-8 escaped, as a
// message names what the user typed.
std::string single_quoted(std::string_view text);

// Reading values. Each throws UsageError naming the option (`--name`) and the value.

// A value of an enumerated option, and its name on the command line.
template <class Enum>
struct Named {
  std::string_view name;
  Enum value;
};

template <class Enum>
std::vector<std::string_view> names_of(std::span<const Named<Enum>> table) {
  std::vector<std::string_view> names;
  for (const auto& entry : table)
    names.push_back(entry.name);
  return names;
}

// `text` must be one of the choices; the message lists them.
namespace option {
inline constexpr std::string_view jobs = "jobs";
}  // namespace option

// An option's name as typed: "--" and the name.
inline std::string dashed(std::string_view name) {
  return "--" + std::string(name);
}

[[noreturn]] void not_one_of(std::string_view option, std::string_view text,
                             std::span<const std::string_view> choices);

template <class Enum>
Enum parse_named(std::string_view option, std::string_view text,
                 std::span<const Named<Enum>> table) {
  for (const auto& entry : table)
    if (entry.name == text) return entry.value;
  not_one_of(option, text, names_of(table));
}

// A whole number from `least` to `most`; the message states that range.
std::uint64_t parse_whole_number(std::string_view option, std::string_view text,
                                 std::uint64_t least = 0, std::uint64_t most = UINT64_MAX);

// A whole number of any size, at least 1 (--max-take, match --max-size); `why`, if given, says
// why in the message: "--max-size must be at least 1 (a start needs ...), not 0".
BigHeap parse_positive_integer(std::string_view option, std::string_view text,
                               std::string_view why = "");

// A range of whole numbers written A..B (A <= B, both from `least` to 2^64-1), or a single N for
// N..N: --heap-count 3..5.
std::pair<std::uint64_t, std::uint64_t> parse_range(std::string_view option, std::string_view text,
                                                    std::uint64_t least = 0);

// A plain decimal number as typed: its nearest double, and its order against a whole number
// decided on the digits themselves, so that 0.99999999999999999999 is below 1 although its double
// is 1.
struct Decimal {
  double value = 0;
  std::string_view whole;     // the digits before the point, without leading zeros
  bool has_fraction = false;  // a digit other than 0 after the point

  // -1, 0 or 1 as the decimal is below, equal to or above n.
  int compare(std::uint64_t n) const;
};

// Digits with at most one point, and at least one digit (5, 0.5, .5, 5.); nullopt for anything
// else (signs, exponents, "inf", "nan", a lone point). `text` must outlive the result.
std::optional<Decimal> parse_decimal(std::string_view text);

// A chance from 0 to 1 (0, 0.25, .5, 1, 1.0), without sign or exponent; nullopt for anything else.
// Exactly 1 and exactly 0 only when typed so: a decimal strictly between them stays strictly
// between them when rounded to a double.
std::optional<double> read_probability(std::string_view text);

// read_probability(text), or a usage error naming the option.
double parse_probability(std::string_view option, std::string_view text);

// --jobs N: how many threads, up to 1024; 0 means one per core.
OptionSpec jobs_option(std::string_view help);
unsigned parse_jobs(std::string_view text);

}  // namespace nim
