#include "cli/input/agent_spec.hpp"

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <utility>

#include "cli/input/options.hpp"
#include "support/usage_error.hpp"

namespace nim {
namespace {

// The message of the UsageError that reading `text` throws ("" if it throws none).
std::string spec_error(const std::string& text) {
  return testing::usage_error_of([&] { parse_agent_spec(text); });
}

TEST_CASE("agent specs: the four forms") {
  using Kind = BuiltInAgent::Kind;
  CHECK(parse_agent_spec("perfect") == AgentSpec(BuiltInAgent{Kind::perfect, 1}));
  CHECK(parse_agent_spec("random") == AgentSpec(BuiltInAgent{Kind::random, 1}));
  CHECK(parse_agent_spec("difficulty:0.5") == AgentSpec(BuiltInAgent{Kind::difficulty, 0.5}));
  CHECK(parse_agent_spec("difficulty:0") == AgentSpec(BuiltInAgent{Kind::difficulty, 0}));
  CHECK(parse_agent_spec("difficulty:1.000") == AgentSpec(BuiltInAgent{Kind::difficulty, 1}));
  CHECK(parse_agent_spec("difficulty:.25") == AgentSpec(BuiltInAgent{Kind::difficulty, 0.25}));
  CHECK(parse_agent_spec("difficulty:1.") == AgentSpec(BuiltInAgent{Kind::difficulty, 1}));
  CHECK(parse_agent_spec("cmd:python3 agent.py --seed 3") ==
        AgentSpec(ExternalAgent{"python3 agent.py --seed 3"}));
  CHECK(parse_agent_spec("cmd:cmd:x") == AgentSpec(ExternalAgent{"cmd:x"}));
}

TEST_CASE("agent specs: a program's own move and start timeouts, before its command") {
  CHECK(parse_agent_spec("cmd[move-timeout=2,start-timeout=30]:./agent --x=1,2") ==
        AgentSpec(ExternalAgent{"./agent --x=1,2", 2, 30}));
  CHECK(parse_agent_spec("cmd[start-timeout=0.5]:a]:b") ==
        AgentSpec(ExternalAgent{"a]:b", std::nullopt, 0.5}));
  const ExternalAgent fast{"a", 0.25, std::nullopt};
  CHECK(move_timeout_of(fast, 5) == 0.25);
  CHECK(start_timeout_of(fast, 60) == 60);     // the match's start-up time
  CHECK(start_timeout_of(fast, 0.1) == 0.25);  // at least its own move's
  CHECK(start_timeout_of(ExternalAgent{"a", 90, std::nullopt}, 60) == 90);
  CHECK(start_timeout_of(ExternalAgent{"a", 1, 2}, 60) == 2);  // its own, as it says
  CHECK(start_timeout_of(ExternalAgent{"a"}, 0.2) == 0.2);     // none of its own: the match's
  CHECK(spec_error("cmd[x=1]:a") ==
        "agent \"cmd[x=1]:a\": \"x=1\" is not move-timeout=SECONDS, start-timeout=SECONDS or "
        "time-control=BASE+INC");
  CHECK(spec_error("cmd[]:a") ==
        "agent \"cmd[]:a\": \"\" is not move-timeout=SECONDS, start-timeout=SECONDS or "
        "time-control=BASE+INC");
  CHECK(spec_error("cmd[move-timeout]:a") ==
        "agent \"cmd[move-timeout]:a\": \"move-timeout\" "
        "is not move-timeout=SECONDS, start-timeout=SECONDS or "
        "time-control=BASE+INC");
  CHECK(spec_error("cmd[move-timeout=0]:a") ==
        "agent \"cmd[move-timeout=0]:a\": move-timeout \"0\" is not a number of seconds above 0 "
        "and at most 1000000");
  CHECK(spec_error("cmd[move-timeout=1,move-timeout=2]:a") ==
        "agent \"cmd[move-timeout=1,move-timeout=2]:a\": move-timeout is given twice");
  CHECK(spec_error("cmd[move-timeout=1") ==
        "agent \"cmd[move-timeout=1\": cmd[ has no ]: before its command");
  CHECK(spec_error("cmd[move-timeout=1]: ") ==
        "agent \"cmd[move-timeout=1]: \" has no command after cmd:");
}

TEST_CASE("agent names: NAME=SPEC, where a name has no ':' or space") {
  const auto split = [](std::string_view operand) {
    const NamedSpec named = split_agent_name(operand);
    return std::pair(named.name.value_or("<none>"), std::string(named.spec));
  };
  using Split = std::pair<std::string, std::string>;
  CHECK(split("mine=cmd:python3 agent.py") == Split{"mine", "cmd:python3 agent.py"});
  CHECK(split("v1.2_b-3=perfect") == Split{"v1.2_b-3", "perfect"});
  CHECK(split("a=b=random") == Split{"a", "b=random"});
  CHECK(split("perfect") == Split{"<none>", "perfect"});
  CHECK(split("cmd:env A=1 ./agent") == Split{"<none>", "cmd:env A=1 ./agent"});
  CHECK(split("my agent=perfect") == Split{"<none>", "my agent=perfect"});
  CHECK(split("=perfect") == Split{"<none>", "=perfect"});
  CHECK(split("x=") == Split{"x", ""});
}

TEST_CASE("agent specs: a bad one is named, with what was expected") {
  CHECK(spec_error("perfekt") ==
        "agent \"perfekt\" is not one of perfect, random, difficulty:P, cmd:COMMAND");
  CHECK(spec_error("") == "agent \"\" is not one of perfect, random, difficulty:P, cmd:COMMAND");
  CHECK(spec_error("Perfect") ==
        "agent \"Perfect\" is not one of perfect, random, difficulty:P, cmd:COMMAND");
  CHECK(spec_error("difficulty:1.5") ==
        "agent \"difficulty:1.5\": \"1.5\" is not a number from 0 to 1 (the chance of the "
        "perfect move)");
  for (const char* p : {"", ".", "-0.5", "1e-1", "0,5", "nan", "inf", "0.5x", "1.01",
                        "1.0000000000000000000000001"})
    CHECK(spec_error(std::string("difficulty:") + p) ==
          "agent \"difficulty:" + std::string(p) + "\": \"" + p +
              "\" is not a number from 0 to 1 (the chance of the perfect move)");
  CHECK(spec_error("cmd:") == "agent \"cmd:\" has no command after cmd:");
  CHECK(spec_error("cmd:  ") == "agent \"cmd:  \" has no command after cmd:");
  CHECK(spec_error("cmd\n:x") ==
        "agent \"cmd\\u000a:x\" is not one of perfect, random, difficulty:P, cmd:COMMAND");
}

TEST_CASE("agent specs: a program's own clock, time-control=BASE+INC") {
  CHECK(parse_agent_spec("cmd[time-control=10+0.1]:./agent") ==
        AgentSpec(ExternalAgent{"./agent", std::nullopt, std::nullopt,
                                TimeControl{.base = 10'000'000, .increment = 100'000}}));
  CHECK(parse_agent_spec("cmd[move-timeout=2,time-control=0.5+0]:a") ==
        AgentSpec(ExternalAgent{"a", 2, std::nullopt, TimeControl{.base = 500'000}}));
  CHECK(spec_error("cmd[time-control=10]:a") ==
        "agent \"cmd[time-control=10]:a\": time-control \"10\" is not BASE+INC in seconds "
        "(60+0.5: 60 s for a game, 0.5 s more a move)");
  CHECK(spec_error("cmd[time-control=0+1]:a") ==
        "agent \"cmd[time-control=0+1]:a\": time-control \"0+1\": its base \"0\" is not a number "
        "of seconds above 0 and at most 1000000 (to the microsecond)");
  CHECK(spec_error("cmd[time-control=1+1,time-control=1+1]:a") ==
        "agent \"cmd[time-control=1+1,time-control=1+1]:a\": time-control is given twice");
}

}  // namespace
}  // namespace nim
