// --sprt elo0=A,elo1=B[,alpha=P,beta=P,model=M]: the sequential test a match of two agents runs.
#pragma once

#include <string_view>

#include "nim/pentanomial.hpp"

namespace nim {

// Reads the test; throws UsageError naming the bad part. elo0 < elo1 (any finite decimals, signs
// allowed, within +-1000 in the logistic model, +-200 in the normalized one); alpha and beta
// (default 0.05) above 0 and below 0.5; model logistic (the default) or normalized; each key once.
Sprt parse_sprt(std::string_view text);

}  // namespace nim
