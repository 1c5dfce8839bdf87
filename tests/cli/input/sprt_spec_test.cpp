#include "cli/input/sprt_spec.hpp"

#include <doctest/doctest.h>

#include <string>

#include "cli/input/options.hpp"
#include "support/usage_error.hpp"

namespace nim {
namespace {

std::string sprt_error(const std::string& text) {
  return testing::usage_error_of([&] { parse_sprt(text); });
}

TEST_CASE("--sprt: elo0 and elo1, alpha and beta 0.05 unless given, in any order") {
  const Sprt plain = parse_sprt("elo0=0,elo1=10");
  CHECK(plain.elo0 == 0);
  CHECK(plain.elo1 == 10);
  CHECK(plain.alpha == 0.05);
  CHECK(plain.beta == 0.05);
  const Sprt full = parse_sprt("beta=0.1,elo1=+2.5,alpha=0.01,elo0=-5");
  CHECK(full.elo0 == -5);
  CHECK(full.elo1 == 2.5);
  CHECK(full.alpha == 0.01);
  CHECK(full.beta == 0.1);
  CHECK(plain.model == EloModel::logistic);
  CHECK(parse_sprt("model=logistic,elo0=0,elo1=10").model == EloModel::logistic);
  const Sprt normalized = parse_sprt("elo0=-1.75,elo1=0.25,model=normalized");
  CHECK(normalized.model == EloModel::normalized);
  CHECK(normalized.elo0 == -1.75);
  // The largest Elo each model answers.
  CHECK(parse_sprt("elo0=-1000,elo1=1000").elo1 == 1000);
  CHECK(parse_sprt("elo0=-200,elo1=200,model=normalized").elo1 == 200);
}

TEST_CASE("--sprt: the model, and the Elo each model answers") {
  CHECK(
      sprt_error("elo0=0,elo1=5,model=bayesian") ==
      "--sprt \"elo0=0,elo1=5,model=bayesian\": model \"bayesian\" is not logistic or normalized");
  CHECK(sprt_error("elo0=0,elo1=5,model=") ==
        "--sprt \"elo0=0,elo1=5,model=\": model \"\" is not logistic or normalized");
  CHECK(sprt_error("model=normalized,elo0=0,elo1=5,model=logistic") ==
        "--sprt \"model=normalized,elo0=0,elo1=5,model=logistic\" gives model twice");
  CHECK(sprt_error("elo0=0,elo1=1000.5") ==
        "--sprt \"elo0=0,elo1=1000.5\": elo1 must be between -1000 and 1000 in the logistic model");
  CHECK(sprt_error("elo0=-2000,elo1=0") ==
        "--sprt \"elo0=-2000,elo1=0\": elo0 must be between -1000 and 1000 in the logistic model");
  CHECK(sprt_error("elo0=0,elo1=250,model=normalized") ==
        "--sprt \"elo0=0,elo1=250,model=normalized\": elo1 must be between -200 and 200 in the "
        "normalized model");
}

TEST_CASE("--sprt: a bad test is named, with what was expected") {
  CHECK(sprt_error("elo0=0") == "--sprt \"elo0=0\" needs elo0=A and elo1=B, as in elo0=0,elo1=10");
  CHECK(sprt_error("elo0=10,elo1=0") == "--sprt \"elo0=10,elo1=0\": elo0 must be below elo1");
  CHECK(sprt_error("elo0=0,elo1=0") == "--sprt \"elo0=0,elo1=0\": elo0 must be below elo1");
  CHECK(sprt_error("elo0=0,elo1=5,alpha=0.5") ==
        "--sprt \"elo0=0,elo1=5,alpha=0.5\": alpha must be above 0 and below 0.5");
  CHECK(sprt_error("elo0=0,elo1=5,beta=0") ==
        "--sprt \"elo0=0,elo1=5,beta=0\": beta must be above 0 and below 0.5");
  CHECK(sprt_error("elo0=0,elo0=1,elo1=5") == "--sprt \"elo0=0,elo0=1,elo1=5\" gives elo0 twice");
  CHECK(sprt_error("elo0=0,elo1=1e3") ==
        "--sprt \"elo0=0,elo1=1e3\": elo1 \"1e3\" is not a decimal number");
  const std::string keys =
      " is not one of elo0=A, elo1=B, alpha=P, beta=P, model=logistic|normalized";
  CHECK(sprt_error("elo0=0,elo1=5,gamma=1") ==
        "--sprt \"elo0=0,elo1=5,gamma=1\": \"gamma=1\"" + keys);
  CHECK(sprt_error("") == "--sprt \"\": \"\"" + keys);
  CHECK(sprt_error("elo0=0,elo1=5,") == "--sprt \"elo0=0,elo1=5,\": \"\"" + keys);
  CHECK(sprt_error("elo0=0,elo1=5,model") == "--sprt \"elo0=0,elo1=5,model\": \"model\"" + keys);
  CHECK(sprt_error("elo0=-,elo1=5") ==
        "--sprt \"elo0=-,elo1=5\": elo0 \"-\" is not a decimal number");
}

}  // namespace
}  // namespace nim
