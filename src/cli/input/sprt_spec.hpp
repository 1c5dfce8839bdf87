// --sprt elo0=A,elo1=B[,alpha=P,beta=P,model=M]: the sequential test a match of two agents runs;
// --anchor NAME=ELO: the agent its rating list is anchored at.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "nim/pentanomial.hpp"
#include "nim/ratings.hpp"

namespace nim {

// Reads the test; throws UsageError naming the bad part. elo0 < elo1 (any finite decimals, signs
// allowed, within +-1000 in the logistic model, +-200 in the normalized one); alpha and beta
// (default 0.05) above 0 and below 0.5; model logistic (the default) or normalized; each key once.
Sprt parse_sprt(std::string_view text);

// Reads NAME=ELO, NAME one of `names` (split at the last '=': a name given by its spec may hold
// one), ELO a finite decimal with an optional sign; throws UsageError naming the bad part.
RatingAnchor parse_anchor(std::string_view text, std::span<const std::string> names);

}  // namespace nim
