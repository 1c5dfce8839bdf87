// The program of an external agent, run for real: /bin/sh scripts that answer, stay silent, exit,
// die of a signal, leave a child holding their output, flood, or stop reading.
#include "cli/system/agent_process.hpp"

#include <doctest/doctest.h>

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>

#include "cli/system/interrupt.hpp"

namespace nim {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// The reply, or "fault <termination>: <message>".
std::string ask(AgentProcess& process, const std::string& request, double timeout = 10) {
  auto reply = process.exchange(request, timeout);
  if (const auto* line = std::get_if<std::string>(&reply)) return *line;
  const auto& fault = std::get<AgentFault>(reply);
  return "fault " + std::to_string(static_cast<int>(fault.termination)) + ": " + fault.message;
}

const std::string exited = std::to_string(static_cast<int>(Termination::exited));
const std::string timeout = std::to_string(static_cast<int>(Termination::timeout));
const std::string bad_reply = std::to_string(static_cast<int>(Termination::bad_reply));

TEST_CASE("a program that answers each line, kept running across exchanges") {
  AgentProcess echo("while read -r line; do echo \"got $line\"; done");
  CHECK(echo.running());
  CHECK(ask(echo, "1\n") == "got 1");
  CHECK(ask(echo, "2\n") == "got 2");
  // A request far larger than a pipe's buffer is written while the reply is read.
  const std::string big(1 << 20, 'x');
  CHECK(ask(echo, big + "\n") == "got " + big);
  const auto start = Clock::now();
  echo.finish(std::chrono::milliseconds(5000));  // it exits at the end of its input
  CHECK(seconds_since(start) < 2);
  CHECK_FALSE(echo.running());
}

TEST_CASE("a reply in pieces is one line") {
  AgentProcess pieces(
      "read -r l; printf 'a'; sleep 0.1; printf 'b\\n'; read -r l; echo c; sleep 9");
  CHECK_FALSE(pieces.has_replied());
  CHECK(ask(pieces, "go\n") == "ab");
  CHECK(pieces.has_replied());
  CHECK(ask(pieces, "again\n") == "c");
}

TEST_CASE("a line no request waits for is a fault, never the reply to the next request") {
  // Two lines at once to one request: the second is seen with the first.
  AgentProcess twice("read -r l; printf 'a\\nb\\n'; read -r l; echo c; sleep 9");
  CHECK(ask(twice, "go\n") == "fault " + bad_reply + ": a line nobody asked for: \"b\"");
  // A line after the reply, there before the next request is written.
  AgentProcess after("read -r l; echo a; sleep 0.1; echo '{\"move\":[0,1]}'; read -r l; echo c");
  CHECK(ask(after, "go\n") == "a");
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  CHECK(ask(after, "again\n") ==
        "fault " + bad_reply + ": a line nobody asked for: \"{\\\"move\\\":[0,1]}\"");
  // A banner before any request; a long line is cut after 100 bytes, and an unfinished one counts.
  AgentProcess banner("echo Loading the model; read -r l; echo a; sleep 9");
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  CHECK(ask(banner, "go\n") ==
        "fault " + bad_reply + ": a line nobody asked for: \"Loading the model\"");
  AgentProcess chatty("printf '%0150d' 0; read -r l; echo a; sleep 9");
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  CHECK(ask(chatty, "go\n") ==
        "fault " + bad_reply + ": a line nobody asked for: \"" + std::string(100, '0') + "\"...");
}

TEST_CASE("silence: no reply within the timeout, and the program is killed") {
  AgentProcess silent("read -r l; sleep 60");
  const auto start = Clock::now();
  CHECK(ask(silent, "hello\n", 0.3) == "fault " + timeout + ": no reply within 0.3 s");
  CHECK(seconds_since(start) >= 0.3);
  CHECK(seconds_since(start) < 5);
  CHECK_FALSE(silent.running());
  CHECK_FALSE(silent.timed_out_unread());  // it read the request, and kept silent
  // A program that never read its request is still starting.
  AgentProcess starting("sleep 60");
  CHECK(ask(starting, "hello\n", 0.3) == "fault " + timeout + ": no reply within 0.3 s");
  CHECK(starting.timed_out_unread());
}

TEST_CASE("a signal stops the wait for a reply at once, the request unanswered") {
  const InterruptCatcher catcher;
  AgentProcess silent("read -r l; sleep 60");
  std::jthread signal([] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    ::kill(::getpid(), SIGTERM);  // to the process: any of its threads may take it
  });
  const auto start = Clock::now();
  CHECK_THROWS_AS(silent.exchange("hello\n", 30), Interrupted);
  CHECK(seconds_since(start) < 5);
  CHECK(InterruptCatcher::caught() == SIGTERM);
  CHECK(silent.running());  // left to be finished, as at the end of a match
  // Once caught, no request is written.
  AgentProcess echo("while read -r line; do echo \"$line\"; done");
  CHECK_THROWS_AS(echo.exchange("hello\n", 30), Interrupted);
}

TEST_CASE("a program that exits: its status, or the signal that killed it") {
  AgentProcess exits("read -r l; exit 3");
  CHECK(ask(exits, "x\n") == "fault " + exited + ": exited with status 3");
  CHECK_FALSE(exits.running());
  AgentProcess killed("read -r l; kill -9 $$");
  CHECK(ask(killed, "x\n") == "fault " + exited + ": killed by signal 9 (SIGKILL)");
  AgentProcess missing("exec no-such-program-for-nim-game 2>/dev/null");
  CHECK(ask(missing, "x\n") == "fault " + exited + ": exited with status 127");
}

TEST_CASE("a program that exits while a child keeps its output open is noticed at once") {
  AgentProcess parent("sleep 60 & read -r l; exit 1");
  const auto start = Clock::now();
  CHECK(ask(parent, "x\n") == "fault " + exited + ": exited with status 1");
  CHECK(seconds_since(start) < 5);  // not the 10 s timeout, nor the child's 60 s
}

TEST_CASE("a reply written just before exiting counts, the next exchange finds it gone") {
  AgentProcess once("read -r l; echo '{\"move\":[0,1]}'");
  CHECK(ask(once, "x\n") == "{\"move\":[0,1]}");
  CHECK(ask(once, "y\n") == "fault " + exited + ": exited with status 0");
}

TEST_CASE("a program that no longer reads: no SIGPIPE, its exit is the fault") {
  AgentProcess gone("exit 0");
  const std::string big(1 << 20, 'x');  // more than the pipe holds: the write meets EPIPE
  CHECK(ask(gone, big + "\n") == "fault " + exited + ": exited with status 0");
}

TEST_CASE("a reply longer than 1 MiB is a fault, and memory stays bounded") {
  AgentProcess flood("read -r l; exec yes x | tr -d '\\n'");
  CHECK(ask(flood, "x\n") == "fault " + bad_reply + ": reply longer than 1048576 bytes");
  CHECK_FALSE(flood.running());
}

TEST_CASE("finish: a program that ignores the end of its input is killed after the grace") {
  AgentProcess stubborn("trap '' TERM; while :; do sleep 1; done");
  const auto start = Clock::now();
  stubborn.finish(std::chrono::milliseconds(200));
  CHECK(seconds_since(start) >= 0.2);
  CHECK(seconds_since(start) < 5);
  CHECK_FALSE(stubborn.running());
}

}  // namespace
}  // namespace nim
