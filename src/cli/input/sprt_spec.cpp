#include "cli/input/sprt_spec.hpp"

#include <charconv>
#include <cmath>
#include <optional>
#include <string>

#include "cli/input/options.hpp"
#include "text/decimal.hpp"
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

// The largest elo0 or elo1 each model answers: a logistic Elo of 1,000 is a score of 99.7%; the
// normalized model's maximum-likelihood distributions (found from the uniform one, as fishtest
// and fastchess do) exist up to about 230.
constexpr double most_logistic_elo = 1000;
constexpr double most_normalized_elo = 200;

}  // namespace

Sprt parse_sprt(std::string_view text) {
  const std::string named = "--sprt " + quoted(text);
  Sprt test;
  std::optional<double> elo0, elo1, alpha, beta;
  std::optional<std::string_view> model;
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
    if ((!slot && key != "model") || equals == std::string_view::npos)
      throw UsageError(named + ": " + quoted(part) +
                       " is not one of elo0=A, elo1=B, alpha=P, beta=P, model=logistic|normalized");
    if (slot ? slot->has_value() : model.has_value())
      throw UsageError(named + " gives " + std::string(key) + " twice");
    const std::string_view value = part.substr(equals + 1);
    if (!slot) {
      if (value != "logistic" && value != "normalized")
        throw UsageError(named + ": model " + quoted(value) + " is not logistic or normalized");
      model = value;
      continue;
    }
    *slot = signed_decimal(value);
    if (!*slot)
      throw UsageError(named + ": " + std::string(key) + " " + quoted(value) +
                       " is not a decimal number");
  }
  if (!elo0 || !elo1) throw UsageError(named + " needs elo0=A and elo1=B, as in elo0=0,elo1=10");
  if (!(*elo0 < *elo1)) throw UsageError(named + ": elo0 must be below elo1");
  if (model == "normalized") test.model = EloModel::normalized;
  const double most = test.model == EloModel::normalized ? most_normalized_elo : most_logistic_elo;
  for (auto [key, value] : {std::pair{"elo0", *elo0}, std::pair{"elo1", *elo1}})
    if (std::abs(value) > most)
      throw UsageError(named + ": " + key + " must be between " + shortest_decimal(-most) +
                       " and " + shortest_decimal(most) + " in the " + model_name(test.model) +
                       " model");
  for (auto [key, value] : {std::pair{"alpha", alpha}, std::pair{"beta", beta}})
    if (value && !(*value > 0 && *value < 0.5))
      throw UsageError(named + ": " + key + " must be above 0 and below 0.5");
  test.elo0 = *elo0;
  test.elo1 = *elo1;
  if (alpha) test.alpha = *alpha;
  if (beta) test.beta = *beta;
  return test;
}

RatingAnchor parse_anchor(std::string_view text, std::span<const std::string> names) {
  const std::string named = "--anchor " + quoted(text);
  const std::size_t equals = text.rfind('=');
  if (equals == std::string_view::npos)
    throw UsageError(named + " is not NAME=ELO, as in --anchor " + names.front() + "=0");
  const std::string_view name = text.substr(0, equals), value = text.substr(equals + 1);
  const auto elo = signed_decimal(value);
  if (!elo) throw UsageError(named + ": " + quoted(value) + " is not a decimal number");
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return {i, *elo};
  std::string known;
  for (std::size_t i = 0; i < names.size(); ++i)
    known += (i == 0 ? "" : ", ") + quoted(names[i]);
  throw UsageError(named + ": no agent is named " + quoted(name) + "; the agents are " + known);
}

}  // namespace nim
