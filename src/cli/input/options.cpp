#include "cli/input/options.hpp"

#include <cxxopts.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <thread>

#include "cli/input/heap_text.hpp"
#include "text/edit_distance.hpp"
#include "text/wrap.hpp"

namespace nim {

namespace {

// The option a long name names, as getopt_long finds it: the option of that name, else the one
// option whose name it begins (--mis for --misere); nullptr if there is none. A beginning that
// several options share is a usage error naming them.
const OptionSpec* find_long(std::span<const OptionGroup> groups, std::string_view name) {
  std::vector<const OptionSpec*> begun;
  for (const auto& group : groups)
    for (const auto& option : group.options) {
      if (option.name == name) return &option;
      if (!name.empty() && option.name.starts_with(name)) begun.push_back(&option);
    }
  if (begun.size() > 1) {
    std::string message = "option '--" + std::string(name) + "' is ambiguous; possibilities:";
    for (const OptionSpec* option : begun)
      message += " '--" + std::string(option->name) + "'";
    throw UsageError(message);
  }
  return begun.empty() ? nullptr : begun.front();
}

const OptionSpec* find_short(std::span<const OptionGroup> groups, char letter) {
  for (const auto& group : groups)
    for (const auto& option : group.options)
      if (option.letter != 0 && option.letter == letter) return &option;
  return nullptr;
}

// An unknown option; a long one misspelt from a known name gets that name suggested.
[[noreturn]] void unrecognized(std::string_view arg, std::span<const OptionGroup> groups) {
  std::string message = "unrecognized option " + single_quoted(arg);
  if (arg.starts_with("--")) {
    std::vector<std::string_view> names;
    for (const auto& group : groups)
      for (const auto& option : group.options)
        names.push_back(option.name);
    const std::string_view typed = arg.substr(2, arg.find('=') - 2);
    if (const auto nearest = closest_spelling(typed, names))
      message += "; did you mean '" + dashed(*nearest) + "'?";
  }
  throw UsageError(message);
}

}  // namespace

const std::string* ParsedOptions::value(std::string_view name) const {
  const auto found = given_.find(name);
  return found == given_.end() || found->second.empty() ? nullptr : &found->second.back();
}

std::span<const std::string> ParsedOptions::values(std::string_view name) const {
  const auto found = given_.find(name);
  if (found == given_.end()) return {};
  return found->second;
}

bool is_option(std::string_view arg) {
  return arg.size() >= 2 && arg[0] == '-' && !(arg[1] >= '0' && arg[1] <= '9');
}

ParsedOptions parse_options(std::span<const OptionGroup> groups,
                            std::span<const char* const> args) {
  ParsedOptions parsed;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    if (arg == "--") {
      parsed.operands_.insert(parsed.operands_.end(), args.begin() + i + 1, args.end());
      break;
    }
    if (!is_option(arg)) {
      parsed.operands_.emplace_back(arg);
      continue;
    }
    // The option, and its value when it is attached (--name=value, -Hvalue).
    const OptionSpec* option;
    std::optional<std::string_view> attached;
    std::string shown;  // the option as the messages name it
    if (arg.starts_with("--")) {
      const std::string_view body = arg.substr(2);
      const auto equals = body.find('=');
      option = find_long(groups, body.substr(0, equals));
      if (!option) unrecognized(arg, groups);
      if (equals != std::string_view::npos) attached = body.substr(equals + 1);
      shown = "--" + std::string(option->name);
    } else {
      option = find_short(groups, arg[1]);
      if (!option || (!option->takes_value() && arg.size() > 2)) unrecognized(arg, groups);
      if (arg.size() > 2) attached = arg.substr(2);
      shown = std::string("-") + option->letter;
    }

    auto& values = parsed.given_[std::string(option->name)];
    if (!option->takes_value()) {
      if (attached) throw UsageError("option '" + shown + "' doesn't allow an argument");
      values.emplace_back();
    } else if (attached) {
      values.emplace_back(*attached);
    } else if (option->optional) {
      const bool chosen =
          i + 1 < args.size() && std::find(option->choices.begin(), option->choices.end(),
                                           std::string_view(args[i + 1])) != option->choices.end();
      values.emplace_back(chosen ? std::string_view(args[++i]) : std::string_view());
    } else if (option->list) {
      // Every argument up to the next option; at least one.
      const std::size_t before = values.size();
      while (i + 1 < args.size() && !is_option(args[i + 1]) &&
             std::string_view(args[i + 1]) != "--")
        values.emplace_back(args[++i]);
      if (values.size() == before) throw UsageError("option '" + shown + "' requires an argument");
    } else {
      if (i + 1 == args.size()) throw UsageError("option '" + shown + "' requires an argument");
      values.emplace_back(args[++i]);
    }
  }
  return parsed;
}

std::string options_help(std::string_view program, std::string_view summary, std::string_view usage,
                         std::span<const OptionGroup> groups, std::size_t width) {
  cxxopts::Options layout{std::string(program), std::string(summary)};
  layout.custom_help(std::string(usage));
  layout.set_width(width);
  std::vector<std::string> titles;
  for (const auto& group : groups) {
    titles.emplace_back(group.title);
    auto add = layout.add_options(titles.back());
    for (const auto& option : group.options) {
      std::string names(option.name);
      if (option.letter) names = std::string(1, option.letter) + "," + names;
      if (option.takes_value())
        add(names, std::string(option.help), cxxopts::value<std::string>(),
            std::string(option.value) + (option.list ? "..." : ""));
      else
        add(names, std::string(option.help));
    }
  }
  // cxxopts leaves blanks at the ends of some lines.
  std::string text = layout.help(titles), tidy;
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string_view line(text.data() + start, end - start);
    while (!line.empty() && line.back() == ' ')
      line.remove_suffix(1);
    if (display_width(line) > width) {
      const std::size_t blanks = std::min(line.find_first_not_of(' '), line.size());
      tidy += wrap(line, width, blanks + 2);
    } else {
      tidy.append(line);
    }
    tidy += '\n';
    start = end + 1;
  }
  return tidy;
}

std::string single_quoted(std::string_view text) {
  std::string inner = quoted(text);  // JSON-escaped, in double quotes
  inner = inner.substr(1, inner.size() - 2);
  std::string out = "'";
  for (char c : inner) {
    if (c == '\'') out += '\\';
    out += c;
  }
  return out + "'";
}

void not_one_of(std::string_view option, std::string_view text,
                std::span<const std::string_view> choices) {
  std::string known;
  for (std::size_t k = 0; k < choices.size(); ++k) {
    if (k > 0) known += ", ";
    known += choices[k];
  }
  throw UsageError(std::string(option) + " " + quoted(text) + " is not one of " + known);
}

std::uint64_t parse_whole_number(std::string_view option, std::string_view text,
                                 std::uint64_t least, std::uint64_t most) {
  const auto value = parse_integer(text);
  if (!value || *value < least || !fits_small(*value) || to_small(*value) > most)
    throw UsageError(std::string(option) + " " + quoted(text) + " is not a whole number from " +
                     std::to_string(least) + " to " + std::to_string(most));
  return to_small(*value);
}

BigHeap parse_positive_integer(std::string_view option, std::string_view text,
                               std::string_view why) {
  const auto value = parse_integer(text);
  if (!value) throw UsageError(std::string(option) + " " + quoted(text) + " is not a whole number");
  if (*value < 1)
    throw UsageError(std::string(option) + " must be at least 1" +
                     (why.empty() ? "" : " (" + std::string(why) + ")") + ", not " +
                     std::string(text));
  return *value;
}

std::pair<std::uint64_t, std::uint64_t> parse_range(std::string_view option, std::string_view text,
                                                    std::uint64_t least) {
  const auto dots = text.find("..");
  const auto low = parse_integer(text.substr(0, dots));
  const auto high = dots == std::string_view::npos ? low : parse_integer(text.substr(dots + 2));
  if (!low || !high || *low < least || *high < *low || !fits_small(*high))
    throw UsageError(std::string(option) + " " + quoted(text) + " is not a range A..B of whole " +
                     "numbers from " + std::to_string(least) + " to 18446744073709551615 with " +
                     "A <= B");
  return {to_small(*low), to_small(*high)};
}

int Decimal::compare(std::uint64_t n) const {
  const std::string digits = n == 0 ? "" : std::to_string(n);  // as `whole`: no leading zeros
  if (whole.size() != digits.size()) return whole.size() < digits.size() ? -1 : 1;
  if (const int order = whole.compare(digits); order != 0) return order < 0 ? -1 : 1;
  return has_fraction ? 1 : 0;
}

std::optional<Decimal> parse_decimal(std::string_view text) {
  const auto point = text.find('.');
  std::string_view whole = text.substr(0, point);
  const std::string_view fraction =
      point == std::string_view::npos ? std::string_view() : text.substr(point + 1);
  const auto digits = [](std::string_view part) {
    return std::all_of(part.begin(), part.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (whole.size() + fraction.size() == 0 || !digits(whole) || !digits(fraction))
    return std::nullopt;
  Decimal decimal;
  decimal.whole = whole.substr(std::min(whole.find_first_not_of('0'), whole.size()));
  decimal.has_fraction = fraction.find_first_not_of('0') != std::string_view::npos;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), decimal.value);
  if (end != text.data() + text.size()) return std::nullopt;
  // Beyond a double's range: too large, or too close to 0 to be told from it.
  if (error == std::errc::result_out_of_range)
    decimal.value = decimal.whole.empty() ? 0.0 : std::numeric_limits<double>::infinity();
  return decimal;
}

std::optional<double> read_probability(std::string_view text) {
  const auto p = parse_decimal(text);
  if (!p || p->compare(1) > 0) return std::nullopt;
  if (p->compare(1) == 0) return 1.0;
  if (p->compare(0) == 0) return 0.0;
  return std::clamp(p->value, std::numeric_limits<double>::denorm_min(), std::nextafter(1.0, 0.0));
}

double parse_probability(std::string_view option, std::string_view text) {
  const auto p = read_probability(text);
  if (!p)
    throw UsageError(std::string(option) + " " + quoted(text) + " is not a number from 0 to 1");
  return *p;
}

OptionSpec jobs_option(std::string_view help) {
  return {.name = option::jobs, .value = "N", .help = help};
}

unsigned parse_jobs(std::string_view text) {
  constexpr std::uint64_t most_jobs = 1024;
  const std::uint64_t jobs = parse_whole_number("--jobs", text, 0, most_jobs);
  if (jobs > 0) return static_cast<unsigned>(jobs);
  return std::max(1u, std::thread::hardware_concurrency());
}

}  // namespace nim
