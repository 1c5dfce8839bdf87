#include "cli/input/time_control.hpp"

#include <string>

#include "cli/input/agent_spec.hpp"
#include "cli/input/options.hpp"
#include "text/escape.hpp"

namespace nim {

std::optional<std::uint64_t> read_fixed_point(std::string_view text, unsigned decimals) {
  const std::size_t point = text.find('.');
  const std::string_view whole = text.substr(0, point);
  const std::string_view fraction =
      point == std::string_view::npos ? std::string_view() : text.substr(point + 1);
  if (whole.size() + fraction.size() == 0 || fraction.size() > decimals) return std::nullopt;
  std::uint64_t units = 0;
  const auto add_digit = [&](char c) {
    if (c < '0' || c > '9' || units > (UINT64_MAX - (c - '0')) / 10) return false;
    units = units * 10 + static_cast<std::uint64_t>(c - '0');
    return true;
  };
  for (const char c : whole)
    if (!add_digit(c)) return std::nullopt;
  for (std::size_t i = 0; i < decimals; ++i)
    if (!add_digit(i < fraction.size() ? fraction[i] : '0')) return std::nullopt;
  return units;
}

TimeControl read_time_control(std::string_view what, std::string_view text) {
  constexpr unsigned micro = 6;  // decimals of a second
  constexpr std::uint64_t most = longest_timeout * 1'000'000;
  const std::string named = std::string(what) + " " + quoted(text);
  const std::size_t plus = text.find('+');
  if (plus == std::string_view::npos)
    throw UsageError(named +
                     " is not BASE+INC in seconds (60+0.5: 60 s for a game, 0.5 s more a move)");
  const std::string_view base = text.substr(0, plus), increment = text.substr(plus + 1);
  const std::string limits = " (to the microsecond)";
  const auto read_base = read_fixed_point(base, micro);
  if (!read_base || *read_base == 0 || *read_base > most)
    throw UsageError(named + ": its base " + quoted(base) +
                     " is not a number of seconds above 0 and at most " +
                     std::to_string(longest_timeout) + limits);
  const auto read_increment = read_fixed_point(increment, micro);
  if (!read_increment || *read_increment > most)
    throw UsageError(named + ": its increment " + quoted(increment) +
                     " is not a number of seconds from 0 to " + std::to_string(longest_timeout) +
                     limits);
  return {.base = *read_base, .increment = *read_increment};
}

}  // namespace nim
