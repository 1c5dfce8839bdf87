#include "cli/input/sprt_spec.hpp"

#include <charconv>
#include <cmath>
#include <optional>
#include <string>

#include "cli/input/options.hpp"
#include "text/escape.hpp"

namespace nim {

namespace {

// A decimal with an optional sign, as typed: -5, 2.5, +10; no exponent, no "inf".
std::optional<double> signed_decimal(std::string_view text) {
  const bool negative = text.starts_with('-');
  if (negative || text.starts_with('+')) text.remove_prefix(1);
  const auto decimal = parse_decimal(text);
  if (!decimal || !std::isfinite(decimal->value)) return std::nullopt;
  return negative ? -decimal->value : decimal->value;
}

}  // namespace

Sprt parse_sprt(std::string_view text) {
  const std::string named = "--sprt " + quoted(text);
  Sprt test;
  std::optional<double> elo0, elo1, alpha, beta;
  for (std::size_t begin = 0; begin <= text.size();) {
    const std::size_t end = std::min(text.find(',', begin), text.size());
    const std::string_view part = text.substr(begin, end - begin);
    begin = end + 1;
    const auto equals = part.find('=');
    const std::string_view key = part.substr(0, equals);
    std::optional<double>* slot = key == "elo0"    ? &elo0
                                  : key == "elo1"  ? &elo1
                                  : key == "alpha" ? &alpha
                                  : key == "beta"  ? &beta
                                                   : nullptr;
    if (!slot || equals == std::string_view::npos)
      throw UsageError(named + ": " + quoted(part) +
                       " is not one of elo0=A, elo1=B, alpha=P, beta=P");
    if (*slot) throw UsageError(named + " gives " + std::string(key) + " twice");
    const std::string_view value = part.substr(equals + 1);
    *slot = signed_decimal(value);
    if (!*slot)
      throw UsageError(named + ": " + std::string(key) + " " + quoted(value) +
                       " is not a decimal number");
  }
  if (!elo0 || !elo1) throw UsageError(named + " needs elo0=A and elo1=B, as in elo0=0,elo1=10");
  if (!(*elo0 < *elo1)) throw UsageError(named + ": elo0 must be below elo1");
  for (auto [key, value] : {std::pair{"alpha", alpha}, std::pair{"beta", beta}})
    if (value && !(*value > 0 && *value < 0.5))
      throw UsageError(named + ": " + key + " must be above 0 and below 0.5");
  test.elo0 = *elo0;
  test.elo1 = *elo1;
  if (alpha) test.alpha = *alpha;
  if (beta) test.beta = *beta;
  return test;
}

}  // namespace nim
