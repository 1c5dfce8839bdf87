// Batch mode (issue 4), tested by running the built nim-game: every input form, records equal to
// the single query's apart from `line`, error records for bad lines, exact big numbers, a broken
// pipe, a full disk, flat memory, and GNU parallel.
#include <doctest/doctest.h>

#include <gmpxx.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "support/exact_json.hpp"
#include "support/nim_game.hpp"
#include "support/oracle.hpp"
#include "support/process.hpp"
#include "support/temp_file.hpp"

namespace nim {
namespace {

using testing::Json;
using testing::keys_of;
using testing::parse_exact;
using testing::run_nim;
using testing::RunResult;
using testing::split_lines;
using Args = std::vector<std::string>;

// Every line of the output, parsed; each must be valid JSON.
std::vector<Json> parse_lines(const std::string& out) {
  CHECK((out.empty() || out.ends_with('\n')));
  std::vector<Json> records;
  for (const auto& line : split_lines(out)) {
    INFO("line: " << line);
    try {
      records.push_back(parse_exact(line));
    } catch (const std::exception& e) {
      FAIL_CHECK("not valid JSON: " << e.what());
      records.emplace_back();
    }
  }
  return records;
}

RunResult batch_run(Args args, std::string input) {
  args.insert(args.begin(), "--batch");
  return run_nim(std::move(args), std::move(input));
}

// The records of a batch run that must succeed quietly.
std::vector<Json> batch_records(const Args& args, const std::string& input) {
  const auto run = batch_run(args, input);
  INFO("stderr: " << run.err);
  CHECK(run.status == 0);
  CHECK(run.err.empty());
  return parse_lines(run.out);
}

// The records of a single query with these heaps and options.
std::vector<Json> single_records(const std::vector<std::string>& heaps, const Args& options) {
  Args args{"-H"};
  args.insert(args.end(), heaps.begin(), heaps.end());
  args.insert(args.end(), options.begin(), options.end());
  const auto run = run_nim(args);
  INFO("stderr: " << run.err);
  CHECK(run.status == 0);
  CHECK(run.err.empty());
  return parse_lines(run.out);
}

// The record without its `line`, after checking that `line` is there and equals `line`.
Json without_line(Json record, std::uint64_t line) {
  INFO(record.dump());
  CHECK(record["line"] == line);
  record.erase("line");
  return record;
}

std::vector<std::string> as_text(const std::vector<std::uint64_t>& heaps) {
  std::vector<std::string> text;
  for (auto h : heaps)
    text.push_back(std::to_string(h));
  return text;
}

// ---- Input forms ----

TEST_CASE("batch: every input form gives the single query's record, with its line") {
  const std::vector<std::string> forms{
      "1 3 5 7",
      "1,3,5,7",
      "1\t3\t5\t7",
      "[1,3,5,7]",
      R"({"heaps":[1,3,5,7],"x":1})",
      "  1  3 5\t\t 7  ",
      "1, 3 ,5,7",
      "[ 1 , 3 , 5 , 7 ]",
      R"({"x":[9,9],"heaps":[1,3,5,7],"y":{"heaps":[2]},"z":"heaps"})",
      "1 3 5 7\r",
      "01 3 5 7",
      "1;3;5;7",
      " 1 ; 3;5 ;7",
      R"({"heaps":[1,3,5,7],"rules":{"max_take":null,"misere":false}})",
  };
  std::string input;
  for (const auto& form : forms)
    input += form + "\n";
  auto records = batch_records({}, input);
  Json single = single_records({"1", "3", "5", "7"}, {}).at(0);
  REQUIRE(records.size() == forms.size());
  for (std::size_t i = 0; i < forms.size(); ++i) {
    INFO("input: " << forms[i]);
    CHECK(without_line(records[i], i + 1) == single);
  }
  CHECK(keys_of(records[0]).back() == "line");
}

TEST_CASE("batch: blank and comment lines give no record, lines count from 1") {
  const std::string input = "\n# a header\n1 2\n   \n\t\n#1 2 3\n[3]\r\n\n4 5";  // no final '\n'
  auto records = batch_records({}, input);
  REQUIRE(records.size() == 3);
  CHECK(records[0]["line"] == 3);
  CHECK(records[0]["position_before_move"] == Json::parse("[1,2]"));
  CHECK(records[1]["line"] == 7);
  CHECK(records[1]["position_before_move"] == Json::parse("[3]"));
  CHECK(records[2]["line"] == 9);
  CHECK(records[2]["position_before_move"] == Json::parse("[4,5]"));

  CHECK(batch_records({}, "").empty());
  CHECK(batch_records({}, "# nothing\n\n").empty());
}

// ---- Batch against single queries ----

struct Sample {
  std::vector<std::uint64_t> heaps;
  std::string line;  // the heaps in one of the input forms
};

// A fixed, seeded sample: 1 to 8 heaps, small, medium, full 64-bit and empty sizes, all the forms.
std::vector<Sample> seeded_sample(std::size_t count) {
  std::mt19937_64 rng(20240531);
  std::vector<Sample> sample;
  for (std::size_t k = 0; k < count; ++k) {
    Sample s;
    const std::size_t n = 1 + rng() % 8;
    const auto kind = rng() % 10;
    for (std::size_t i = 0; i < n; ++i) {
      std::uint64_t h;
      if (kind == 0)
        h = 0;  // game over
      else if (kind <= 4)
        h = rng() % 8;
      else if (kind <= 7)
        h = rng() % 1001;
      else
        h = rng() >> (rng() % 64);
      s.heaps.push_back(h);
    }
    if (k % 7 == 3) s.heaps = {5, 5, 2, 2};  // lost, with ties for the largest heap
    const auto text = as_text(s.heaps);
    const char* separators[] = {" ", ",", "\t", ", "};
    const auto form = k % 6;
    std::string body;
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (i > 0) body += form < 4 ? separators[form] : ",";
      body += text[i];
    }
    s.line = form == 4 ? "[" + body + "]" : form == 5 ? R"({"heaps":[)" + body + "]}" : body;
    sample.push_back(std::move(s));
  }
  return sample;
}

// Runs the sample through one batch, and each position as a single query: the records must be
// identical apart from `line`.
void check_batch_equals_single_queries(const Args& options) {
  const auto sample = seeded_sample(testing::scaled(200, 20));
  std::string input = "# seeded sample\n";
  for (const auto& s : sample)
    input += s.line + "\n";
  auto records = batch_records(options, input);
  REQUIRE(records.size() == sample.size());
  for (std::size_t k = 0; k < sample.size(); ++k) {
    INFO("input line: " << sample[k].line);
    auto single = single_records(as_text(sample[k].heaps), options);
    REQUIRE(single.size() == 1);
    CHECK(without_line(records[k], k + 2) == single[0]);
  }
}

TEST_CASE("batch: a seeded sample gives the single queries' records (default options)") {
  check_batch_equals_single_queries({});
}

TEST_CASE("batch: a seeded sample gives the single queries' records (misère, cap, all moves)") {
  check_batch_equals_single_queries({"--misere", "--max-take", "3", "--all-moves"});
}

TEST_CASE("batch: a seeded sample gives the single queries' records (random choice, seed 5)") {
  check_batch_equals_single_queries(
      {"--choose", "random", "--when-losing", "random", "--seed", "5"});
}

TEST_CASE("batch: without --seed, one drawn seed is reported on every record and replays the run") {
  const std::string input = "1 3 5 6\n1 3 5 7\n[9,4,7,12,3]\n";
  const Args options{"--choose", "random", "--when-losing", "random"};
  const auto drawn = batch_run(options, input);
  REQUIRE(drawn.status == 0);
  auto records = parse_lines(drawn.out);
  REQUIRE(records.size() == 3);
  REQUIRE(records[0]["seed"].is_number_unsigned());
  for (auto& r : records)
    CHECK(r["seed"] == records[0]["seed"]);
  Args replay = options;
  replay.insert(replay.end(), {"--seed", records[0]["seed"].dump()});
  CHECK(batch_run(replay, input).out == drawn.out);
}

TEST_CASE("batch: the answers agree with an exhaustive search under every rule set") {
  std::string input;
  std::vector<Position<SmallHeap>> positions;
  testing::for_each_position(3, 6, [&](const Position<SmallHeap>& p) {
    positions.push_back(p);
    for (std::size_t i = 0; i < p.size(); ++i) {
      if (i > 0) input += ' ';
      input += std::to_string(p[i]);
    }
    input += '\n';
  });
  for (const auto& rules : testing::all_tested_rules()) {
    Args options{"--all-moves"};
    if (rules.misere) options.push_back("--misere");
    if (rules.max_take)
      options.insert(options.end(), {"--max-take", std::to_string(*rules.max_take)});
    INFO("options: " << (rules.misere ? "--misere " : "")
                     << (rules.max_take ? "--max-take " + std::to_string(*rules.max_take) : ""));
    testing::Oracle oracle(rules);
    auto records = batch_records(options, input);
    REQUIRE(records.size() == positions.size());
    for (std::size_t k = 0; k < positions.size(); ++k) {
      Json& r = records[k];
      INFO(r.dump());
      const bool won = oracle.winning(positions[k]);
      REQUIRE(r["winning"] == won);
      Json expected_moves = Json::array();
      for (const auto& m : testing::as_takes(oracle.winning_moves(positions[k])))
        expected_moves.push_back(Json::array({m.heap, m.count}));
      REQUIRE(r["winning_moves"] == expected_moves);
      CHECK(r["rules"]["misere"] == rules.misere);
      if (won) CHECK(r["move"] == expected_moves[0]);  // --choose first
    }
  }
}

// ---- Playout in batch ----

TEST_CASE("batch: --playout writes the plies of each position, each carrying its line") {
  auto records = batch_records({"--playout"}, "1 3 5 7\n\n[2,2]\n0 0\n");
  auto first = single_records({"1", "3", "5", "7"}, {"--playout"});
  auto second = single_records({"2", "2"}, {"--playout"});
  auto third = single_records({"0", "0"}, {"--playout"});
  REQUIRE(first.size() == 14);
  REQUIRE(records.size() == first.size() + second.size() + third.size());
  std::size_t k = 0;
  for (const auto& ply : first)
    CHECK(without_line(records[k++], 1) == ply);
  for (const auto& ply : second)
    CHECK(without_line(records[k++], 3) == ply);
  for (const auto& ply : third)
    CHECK(without_line(records[k++], 4) == ply);

  SUBCASE("--trace moves and --max-plies too") {
    const Args options{"--playout", "--trace", "moves", "--max-plies", "3"};
    auto moves = batch_records(options, "1 3 5 7\n# skip\n9 12\n");
    auto a = single_records({"1", "3", "5", "7"}, options);
    auto b = single_records({"9", "12"}, options);
    REQUIRE(a.size() == 3);
    REQUIRE(moves.size() == a.size() + b.size());
    for (std::size_t i = 0; i < a.size(); ++i)
      CHECK(without_line(moves[i], 1) == a[i]);
    for (std::size_t i = 0; i < b.size(); ++i)
      CHECK(without_line(moves[a.size() + i], 3) == b[i]);
    CHECK(moves[2]["truncated"] == true);
  }
}

// ---- Bad lines ----

TEST_CASE("batch: every bad form gives an error record in its place, and processing goes on") {
  // Each bad line, and its error, exactly. (tests/cli/heap_text_test.cpp covers every message;
  // here, that each reaches its record.)
  const auto not_whole = [](const std::string& quoted) {
    return "heap size " + quoted + " is not a whole number";
  };
  const std::vector<std::pair<std::string, std::string>> bad{
      {"-3", "heap size -3 is negative"},
      {"1 -3", "heap size -3 is negative"},
      {"3.5", not_whole(R"("3.5")")},
      {"abc", not_whole(R"("abc")")},
      {"0x10", not_whole(R"("0x10")")},
      {"1,,3", not_whole(R"("")")},
      {"1,3,", not_whole(R"("")")},
      {"1 2 x", not_whole(R"("x")")},
      {"1e3", not_whole(R"("1e3")")},
      {"[1,-3]", "heap size -3 is negative"},
      {"[1,\"a\"]", not_whole(R"("a")")},
      {"[1,2", "not valid JSON: unexpected end of the text"},
      {"[1,[2]]", "heap size must be a whole number, not a list"},
      {"[1.5]", not_whole(R"("1.5")")},
      {"[1e3]", not_whole(R"("1e3")")},
      {"[true]", not_whole("true")},
      {"[null]", not_whole("null")},
      {"[1,2] 3", "not valid JSON: unexpected character '3' at byte 7"},
      {"[]", "no heap sizes given"},
      {"null", not_whole(R"("null")")},
      {"\"1 2\"", not_whole(R"("\"1")")},
      {R"({"x":1})", R"(no "heaps" key in the object)"},
      {R"({"heaps":5})", R"("heaps" must be a list of heap sizes)"},
      {R"({"heaps":[1,2],"heaps":[3]})", R"(more than one "heaps" key)"},
      {R"({"heaps":[]})", "no heap sizes given"},
      {R"({"heaps":{"a":1}})", R"("heaps" must be a list of heap sizes)"},
      {"{", "not valid JSON: unexpected end of the text"},
      {"5 ]", not_whole(R"("]")")},
      {std::string{'1', '\0', '2'}, not_whole(R"("1\u00002")")},
      {"a\"b\\c\x01\x1f", not_whole(R"("a\"b\\c\u0001\u001f")")},
  };
  std::string input;
  for (const auto& [line, error] : bad)
    input += line + "\n3 4\n";
  const auto run = batch_run({}, input);
  CHECK(run.status == 1);
  CHECK(run.err == "nim-game: 30 of 60 lines could not be read (the first is line 1)\n");

  auto records = parse_lines(run.out);
  REQUIRE(records.size() == 2 * bad.size());
  Json good = single_records({"3", "4"}, {}).at(0);
  for (std::size_t i = 0; i < bad.size(); ++i) {
    const auto& [line, error] = bad[i];
    Json& record = records[2 * i];
    INFO("bad line: " << Json(line).dump());
    CHECK(keys_of(record) == std::vector<std::string>{"line", "input", "error"});
    CHECK(record["line"] == 2 * i + 1);
    CHECK(record["input"] == line);
    CHECK(record["error"] == error);
    CHECK(without_line(records[2 * i + 1], 2 * i + 2) == good);
  }

  SUBCASE("without bad lines: exit 0 and nothing on stderr") {
    const auto clean = batch_run({}, "3 4\n");
    CHECK(clean.status == 0);
    CHECK(clean.err.empty());
  }
  SUBCASE("a bad last line without its newline") {
    const auto last = batch_run({}, "1 2\nxyz");
    CHECK(last.status == 1);
    auto lines = parse_lines(last.out);
    REQUIRE(lines.size() == 2);
    CHECK(lines[1]["line"] == 2);
    CHECK(lines[1]["input"] == "xyz");
  }
}

// ---- Rules carried by the lines (issue 17) ----

TEST_CASE("batch: a line whose rules are not the command's is an error record, never relabelled") {
  // positions --format json writes its rules on every line; --batch without the same rules used
  // to label them under its own rules without a word.
  const std::string misere_line = R"({"heaps":[3,4],"rules":{"misere":true,"max_take":3}})";
  const auto run = batch_run({}, misere_line + "\n1 2\n");
  CHECK(run.status == 1);
  CHECK(run.err == "nim-game: 1 of 2 lines could not be read (the first is line 1)\n");
  const auto lines = split_lines(run.out);
  REQUIRE(lines.size() == 2);
  CHECK(lines[0] ==
        R"({"line":1,"input":"{\"heaps\":[3,4],\"rules\":{\"misere\":true,\"max_take\":3}}",)"
        R"("error":"the line's rules {\"misere\":true,\"max_take\":3} are not this command's )"
        R"({\"misere\":false,\"max_take\":null}"})");
  CHECK(parse_exact(lines[1])["line"] == 2);

  SUBCASE("the same rules, in any spacing and key order: analysed as any other line") {
    const auto same = batch_records(
        {"--misere", "--max-take", "3"},
        misere_line + "\n" + R"({ "rules" : { "max_take" : 3 , "misere" : true }, "heaps":[3,4]})" +
            "\n");
    REQUIRE(same.size() == 2);
    const Json single = single_records({"3", "4"}, {"--misere", "--max-take", "3"}).at(0);
    CHECK(without_line(same[0], 1) == single);
    CHECK(without_line(same[1], 2) == single);
  }
  SUBCASE("rules that are not an object are an error too") {
    const auto odd = batch_run({}, R"({"heaps":[3,4],"rules":"misere"})"
                                   "\n");
    CHECK(odd.status == 1);
    CHECK(odd.out ==
          R"({"line":1,"input":"{\"heaps\":[3,4],\"rules\":\"misere\"}","error":"the line's )"
          R"(rules \"misere\" are not this command's {\"misere\":false,\"max_take\":null}"})"
          "\n");
  }
}

// ---- Chosen fields and tables (issue 17) ----

TEST_CASE("batch --format csv and tsv: a header, one row a line, errors in their place") {
  const std::string input = "1 3 5 7\n3;4\n# c\n{\"heaps\":[5],\"id\":\"a\"}\n1 x\n[2,\"a,b\"]\n";
  // Without --max-heaps the input is read first, for its most heaps (4).
  const auto csv = batch_run({"--format", "csv"}, input);
  CHECK(csv.status == 1);
  CHECK(csv.err == "nim-game: 2 of 6 lines could not be read (the first is line 5)\n");
  CHECK(csv.out ==
        "line,h1,h2,h3,h4,winning,move_heap,move_take,error\n"
        "1,1,3,5,7,0,3,1,\n"
        "2,3,4,,,1,1,1,\n"
        "4,5,,,,1,0,5,\n"
        "5,,,,,,,,\"heap size \"\"x\"\" is not a whole number\"\n"
        "6,,,,,,,,\"heap size \"\"a,b\"\" is not a whole number\"\n");
  CHECK(batch_run({"--format", "csv", "--jobs", "2"}, input).out == csv.out);
  // With it, rows as the lines come; a line of more heaps is an error row.
  const auto tsv = batch_run(
      {"--format", "tsv", "--fields", "heaps,winning,state", "--max-heaps", "2", "--pad", "0"},
      input);
  CHECK(tsv.status == 1);
  CHECK(tsv.out ==
        "line\th1\th2\twinning\tstate\terror\n"
        "1\t\t\t\t\tthe line has 4 heaps, more than --max-heaps 2\n"
        "2\t3\t4\t1\t3;4\t\n"
        "4\t5\t0\t1\t5\t\n"
        "5\t\t\t\t\theap size \"x\" is not a whole number\n"
        "6\t\t\t\t\theap size \"a,b\" is not a whole number\n");
  // TSV has no quoting: a tab or a backslash in a cell (here the line's rules as written) is
  // written \t, \\.
  CHECK(batch_run({"--format", "tsv", "--max-heaps", "1"}, R"({"heaps":[1],"rules":{"x":)"
                                                           "\t"
                                                           R"("\\"}})"
                                                           "\n")
            .out ==
        "line\th1\twinning\tmove_heap\tmove_take\terror\n"
        "1\t\t\t\t\t"
        R"(the line's rules {"x":\t"\\\\"} are not this command's )"
        R"({"misere":false,"max_take":null})"
        "\n");
  // Nothing to read: the header alone.
  CHECK(batch_run({"--format", "csv"}, "").out == "line,winning,move_heap,move_take,error\n");
}

TEST_CASE("batch --fields: JSON records of the fields chosen, OpenSpiel's action ids exact") {
  const auto run = batch_run({"--fields", "heaps,winning,action,winning_actions"},
                             "1 3 5 6\n{\"heaps\":[5],\"id\":\"a\"}\n100000000000000000000 0\n"
                             "18446744073709551615;0\n");
  CHECK(run.status == 0);
  CHECK(run.out ==
        "{\"heaps\":[1,3,5,6],\"winning\":true,\"action\":0,\"winning_actions\":[0,1,2],"
        "\"line\":1}\n"
        "{\"heaps\":[5],\"winning\":true,\"action\":4,\"winning_actions\":[4],\"line\":2,"
        "\"id\":\"a\"}\n"
        "{\"heaps\":[100000000000000000000,0],\"winning\":true,\"action\":199999999999999999998,"
        "\"winning_actions\":[199999999999999999998],\"line\":3}\n"
        "{\"heaps\":[18446744073709551615,0],\"winning\":true,\"action\":36893488147419103228,"
        "\"winning_actions\":[36893488147419103228],\"line\":4}\n");
  CHECK(
      run_nim({"-H", "1", "3", "5", "6", "--format", "csv", "--fields", "state,move,action"}).out ==
      "state,move_heap,move_take,action\n1;3;5;6,0,1,0\n");
  testing::check_usage_error({"-H", "1", "--format", "csv", "--playout"},
                             "--playout adds to the full record; --format csv writes the fields "
                             "chosen");
  testing::check_usage_error({"-H", "1", "--fields", "heaps", "--all-moves"},
                             "--all-moves adds to the full record; --fields writes the fields "
                             "chosen (name winning_moves among them)");
  testing::check_usage_error({"-H", "1", "--fields", "heaps", "--format", "text"},
                             "--fields chooses the keys of JSON records or the columns of csv and "
                             "tsv; it cannot be used with --format text");
  testing::check_usage_error({"-H", "1", "--pad", "0"},
                             "--pad lays out a table: it needs --format csv or tsv");
  testing::check_usage_error({"-H", "1", "--format", "csv", "--max-heaps", "3"},
                             "--max-heaps needs --batch (-H has its own count)");
  testing::check_usage_error({"-H", "1", "--format", "csv", "--pretty"},
                             "--pretty indents JSON; it cannot be used with --format csv");
}

TEST_CASE("batch: a bad line of invalid UTF-8 still gives valid JSON") {
  const std::vector<std::string> bad{
      "\xff\xfe 1 2", "[1,\"\xc3\x28\"]", "abc\xe2\x82", "\xed\xa0\x80",
      "\xc0\xaf 3",   "\xf4\x90\x80\x80", "1 2 \x80",
  };
  std::string input;
  for (const auto& line : bad)
    input += line + "\n";
  input += "caf\xc3\xa9 \xe2\x82\xac\n";  // valid UTF-8, not a position: kept exactly
  const auto run = batch_run({}, input);
  CHECK(run.status == 1);
  const auto lines = split_lines(run.out);
  REQUIRE(lines.size() == bad.size() + 1);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    INFO("output: " << lines[i]);
    // nlohmann's own parser rejects invalid UTF-8 inside strings.
    Json record;
    REQUIRE_NOTHROW(record = Json::parse(lines[i]));
    CHECK(record["line"] == i + 1);
    CHECK(record.contains("error"));
    const std::string text = record["input"];
    if (i < bad.size())
      CHECK(text.find("\xef\xbf\xbd") != std::string::npos);  // U+FFFD stands for the bad bytes
    else
      CHECK(text == "caf\xc3\xa9 \xe2\x82\xac");
  }
}

// ---- Scale ----

TEST_CASE("batch: a line of 1,000,000 heaps") {
  const std::size_t n = testing::scaled(1'000'000, 100'000);
  std::vector<std::uint64_t> heaps(n);
  std::mt19937_64 rng(7);
  std::uint64_t x = 0;
  std::string line;
  line.reserve(5 * n);
  for (auto& h : heaps) {
    h = rng() % 1000;
    x ^= h;
    char digits[24];
    line.append(digits, std::to_chars(digits, digits + sizeof digits, h).ptr);
    line += ' ';
  }
  const auto run = batch_run({}, "1 2\n" + line + "\n3 4\n");
  CHECK(run.status == 0);
  CHECK(run.err.empty());
  const auto lines = split_lines(run.out);
  REQUIRE(lines.size() == 3);
  Json r = parse_exact(lines[1]);
  CHECK(r["line"] == 2);
  REQUIRE(r["position_before_move"].size() == n);
  CHECK(r["nim_sum"] == x);
  CHECK(r["winning"] == (x != 0));
  // The first heap holding the nim-sum's highest bit, or 1 from the largest heap when lost.
  std::size_t i = 0;
  std::uint64_t count = 1;
  if (x != 0) {
    while ((heaps[i] ^ x) >= heaps[i])
      ++i;
    count = heaps[i] - (heaps[i] ^ x);
  } else {
    i = static_cast<std::size_t>(std::max_element(heaps.begin(), heaps.end()) - heaps.begin());
  }
  CHECK(r["move"] == Json::array({i, count}));
  bool same = true;
  for (std::size_t k = 0; k < n; ++k) {
    same &= r["position_before_move"][k] == heaps[k];
    same &= r["next_position"][k] == heaps[k] - (k == i ? count : 0);
  }
  CHECK(same);
  CHECK(parse_exact(lines[2])["line"] == 3);
}

// Independent computations over GMP integers, for heaps of any size.
using Big = mpz_class;

Big xor_of(const std::vector<Big>& heaps) {
  Big x = 0;
  for (const auto& h : heaps)
    x ^= h;
  return x;
}

std::vector<std::string> as_text(const std::vector<Big>& heaps) {
  std::vector<std::string> text;
  for (const auto& h : heaps)
    text.push_back(h.get_str());
  return text;
}

Json exact(const Big& n) {
  return n.fits_ulong_p() ? Json(static_cast<std::uint64_t>(n.get_ui())) : Json(n.get_str());
}

Json exact(const std::vector<Big>& heaps) {
  Json list = Json::array();
  for (const auto& h : heaps)
    list.push_back(exact(h));
  return list;
}

Big random_digits(std::mt19937_64& rng, std::size_t digits) {
  std::string text(1, static_cast<char>('1' + rng() % 9));
  while (text.size() < digits)
    text += static_cast<char>('0' + rng() % 10);
  return Big(text);
}

// Normal play without a cap, by Bouton: every winning move, the chosen one, and the record.
void check_big_record(Json r, const std::vector<Big>& heaps) {
  INFO(r.dump());
  const Big x = xor_of(heaps);
  CHECK(r["position_before_move"] == exact(heaps));
  CHECK(r["nim_sum"] == exact(x));
  CHECK(r["winning"] == (x != 0));
  Json winning = Json::array();
  for (std::size_t i = 0; i < heaps.size(); ++i)
    if (Big(heaps[i] ^ x) < heaps[i])
      winning.push_back(Json::array({i, exact(heaps[i] - (heaps[i] ^ x))}));
  if (r.contains("winning_moves")) CHECK(r["winning_moves"] == winning);
  std::size_t i = 0;
  Big count = 1;
  if (x != 0) {
    i = winning[0][0];
    count = heaps[i] - (heaps[i] ^ x);
  } else {
    i = static_cast<std::size_t>(std::max_element(heaps.begin(), heaps.end()) - heaps.begin());
  }
  CHECK(r["move"] == Json::array({i, exact(count)}));
  auto next = heaps;
  next[i] -= count;
  CHECK(r["next_position"] == exact(next));
  CHECK(r["description"] ==
        "From heap " + std::to_string(i) + " take this number of beans : " + count.get_str());
}

TEST_CASE("batch: JSON integers of any length are read exactly (issue 7, fault 3)") {
  std::string huge(310, '0');  // 10^309: beyond every double
  huge[0] = '1';
  const std::string plain = single_records({huge, "3"}, {}).at(0).dump();
  for (const std::string& line :
       {"[" + huge + ", 3]", R"({"heaps":[)" + huge + R"(,3]})", huge + " 3", huge + ",3"}) {
    INFO(line);
    const auto run = batch_run({}, line + "\n");
    CHECK(run.status == 0);
    CHECK(run.err.empty());
    CHECK(without_line(parse_exact(run.out), 1).dump() == plain);
  }
}

TEST_CASE("batch: nim-game reads back its own output: a record's next_position is a line") {
  std::string huge(401, '3');
  huge[0] = '7';
  for (const Args& heaps : {Args{"1", "3", "5", "7"}, Args{huge, "12", huge + "1"}}) {
    const auto run = testing::run_nim([&] {
      Args args{"-H"};
      args.insert(args.end(), heaps.begin(), heaps.end());
      return args;
    }());
    REQUIRE(run.status == 0);
    // The array after `key` in a record, as nim-game wrote it, byte for byte.
    const auto array_after = [](const std::string& record, const std::string& key) {
      const auto from = record.find("\"" + key + "\":") + key.size() + 3;
      return record.substr(from, record.find(']', from) + 1 - from);
    };
    const std::string next = array_after(run.out, "next_position");
    const auto again = batch_run({}, next + "\n" + R"({"heaps":)" + next + "}\n");
    INFO(next);
    CHECK(again.status == 0);
    CHECK(again.err.empty());
    const auto lines = split_lines(again.out);
    REQUIRE(lines.size() == 2);
    CHECK(array_after(lines[0], "position_before_move") == next);
    CHECK(array_after(lines[1], "position_before_move") == next);
  }
}

TEST_CASE("batch: 300-digit heaps come out exactly, in every form") {
  std::mt19937_64 rng(300);
  std::vector<std::vector<Big>> positions;
  for (int k = 0; k < 12; ++k) {
    std::vector<Big> heaps;
    const std::size_t n = 1 + rng() % 5;
    for (std::size_t i = 0; i < n; ++i)
      heaps.push_back(rng() % 2 ? random_digits(rng, 1 + rng() % 300)
                                : Big(static_cast<unsigned long>(rng() % 100)));
    heaps.push_back(random_digits(rng, 300));
    std::shuffle(heaps.begin(), heaps.end(), rng);
    positions.push_back(heaps);
  }
  const Big b = random_digits(rng, 300);
  positions.push_back({b, b});                        // lost: take 1 from the first largest
  positions.push_back({b, Big(1) << 996, b + 1, 1});  // the nim-sum's top bit is far above b's
  positions.push_back({Big(1) << 64, 1, 0});          // just past 64 bits

  std::string input;
  for (std::size_t k = 0; k < positions.size(); ++k) {
    const auto text = as_text(positions[k]);
    std::string body;
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (i > 0) body += k % 4 >= 2 || k % 2 ? ',' : ' ';  // JSON needs its commas
      body += text[i];
    }
    input += k % 4 == 2   ? "[" + body + "]\n"
             : k % 4 == 3 ? R"({"heaps":[)" + body + "]}\n"
                          : body + "\n";
  }
  const auto run = batch_run({"--all-moves"}, input);
  CHECK(run.status == 0);
  CHECK(run.err.empty());
  auto records = parse_lines(run.out);
  REQUIRE(records.size() == positions.size());
  for (std::size_t k = 0; k < positions.size(); ++k) {
    CHECK(records[k]["line"] == k + 1);
    check_big_record(records[k], positions[k]);
  }
  // The big path answers exactly what the single query answers.
  for (std::size_t k : {0u, 12u, 13u}) {
    auto single = single_records(as_text(positions[k]), {"--all-moves"});
    REQUIRE(single.size() == 1);
    CHECK(without_line(records[k], k + 1) == single[0]);
  }
}

TEST_CASE("batch: big numbers under misère, a cap, --move and --playout") {
  std::mt19937_64 rng(4);
  const Big b = random_digits(rng, 300), c = random_digits(rng, 250);

  SUBCASE("misère with one big heap leaves an odd number of single objects") {
    auto records = batch_records({"--misere"}, b.get_str() + " 1 1\n" + b.get_str() + " 1\n");
    REQUIRE(records.size() == 2);
    CHECK(records[0]["winning"] == true);
    CHECK(records[0]["next_position"] == Json::array({1, 1, 1}));
    CHECK(records[1]["next_position"] == Json::array({0, 1}));
  }
  SUBCASE("a cap beyond 64 bits: Grundy values h mod (K+1), exact") {
    const Big k = Big("100000000000000000000000000000000000000000000000000");  // 10^50
    const std::vector<Big> heaps{b, c, Big(7)};
    Big g = 0;
    for (const auto& h : heaps)
      g ^= Big(h % (k + 1));
    auto records =
        batch_records({"--max-take", k.get_str()}, b.get_str() + " " + c.get_str() + " 7\n");
    REQUIRE(records.size() == 1);
    Json& r = records[0];
    INFO(r.dump());
    CHECK(r["rules"]["max_take"] == k.get_str());
    CHECK(r["grundy_sum"] == exact(g));
    CHECK(r["nim_sum"] == exact(xor_of(heaps)));
    CHECK(r["winning"] == (g != 0));
    // The move is legal and leaves a Grundy sum of 0.
    const std::size_t i = r["move"][0];
    const Big count(r["move"][1].is_string() ? r["move"][1].get<std::string>()
                                             : std::to_string(r["move"][1].get<std::uint64_t>()));
    REQUIRE(i < heaps.size());
    CHECK(count >= 1);
    CHECK(count <= k);
    CHECK(count <= heaps[i]);
    auto next = heaps;
    next[i] -= count;
    CHECK(r["next_position"] == exact(next));
    Big after = 0;
    for (const auto& h : next)
      after ^= Big(h % (k + 1));
    if (g != 0) CHECK(after == 0);
  }
  SUBCASE("--move with big numbers") {
    const Big half = b / 2;
    auto records = batch_records({"--move", "0," + half.get_str()},
                                 b.get_str() + " 5\n3 " + b.get_str() + "\n");
    REQUIRE(records.size() == 2);
    CHECK(records[0]["legal"] == true);
    CHECK(records[0]["next_position"] == Json::array({exact(b - half), 5}));
    CHECK(records[0]["move"] == Json::array({0, exact(half)}));
    CHECK(records[1]["legal"] == false);  // heap 0 holds 3
    CHECK(records[1]["reason"].get<std::string>().find(half.get_str()) != std::string::npos);
  }
  SUBCASE("a playout with big heaps stays exact") {
    const std::vector<Big> heaps{b, c, b};
    auto plies = batch_records({"--playout", "--max-plies", "6"},
                               b.get_str() + " " + c.get_str() + " " + b.get_str() + "\n");
    REQUIRE(plies.size() == 6);
    auto position = heaps;
    for (auto ply : plies) {
      check_big_record(ply, position);
      position[ply["move"][0].get<std::size_t>()] -=
          Big(ply["move"][1].is_string() ? ply["move"][1].get<std::string>()
                                         : std::to_string(ply["move"][1].get<std::uint64_t>()));
    }
  }
  SUBCASE("where both paths apply they agree: a cap of 2^64 against 2^64-1") {
    std::string input;
    for (const auto& s : seeded_sample(100))
      input += s.line + "\n";
    const Args common{"--all-moves", "--when-losing", "first-one"};
    Args big_cap = common, small_cap = common;
    big_cap.insert(big_cap.end(), {"--max-take", "18446744073709551616"});
    small_cap.insert(small_cap.end(), {"--max-take", "18446744073709551615"});
    auto big = batch_records(big_cap, input), small = batch_records(small_cap, input);
    REQUIRE(big.size() == small.size());
    for (std::size_t k = 0; k < big.size(); ++k) {
      CHECK(big[k]["rules"]["max_take"] == "18446744073709551616");
      big[k]["rules"]["max_take"] = small[k]["rules"]["max_take"];
      CHECK(big[k] == small[k]);
    }
  }
}

// ---- Unix filter behaviour ----

// About `lines` lines of assorted positions, for the tests that need volume.
std::string many_lines(std::size_t lines) {
  std::mt19937_64 rng(99);
  std::string text;
  text.reserve(lines * 24);
  char digits[24];
  for (std::size_t k = 0; k < lines; ++k) {
    const std::size_t n = 1 + rng() % 8;
    for (std::size_t i = 0; i < n; ++i) {
      if (i) text += ' ';
      text.append(digits, std::to_chars(digits, digits + sizeof digits, rng() % 1001).ptr);
    }
    text += '\n';
  }
  return text;
}

TEST_CASE("batch: a broken pipe ends the run at once and quietly") {
  const testing::TempFile input(many_lines(300'000));
  const testing::TempFile status, errors;
  const std::string run_it = testing::shell_quote(testing::nim_game_path()) + " --batch < " +
                             testing::shell_quote(input.path()) + " 2> " +
                             testing::shell_quote(errors.path()) + "; echo $? > " +
                             testing::shell_quote(status.path());
  for (const char* setup : {"", "trap '' PIPE; "}) {  // SIGPIPE at its default, and ignored
    INFO("setup: " << std::string(setup));
    const auto run = testing::run_shell(std::string(setup) + "{ " + run_it + "; } | head -1");
    CHECK(run.status == 0);
    CHECK(run.err == "");
    CHECK(run.seconds < 10);
    const auto lines = split_lines(run.out);
    REQUIRE(lines.size() == 1);
    CHECK(parse_exact(lines[0])["line"] == 1);
    CHECK(errors.read() == "");
    // 141 = 128 + SIGPIPE: it stopped because of the pipe, not after writing everything.
    CHECK(status.read() == "141\n");
  }
}

TEST_CASE("batch: a write failure other than a closed pipe is reported") {
  for (const std::string& input : {std::string("1 3 5 7\n"), many_lines(50'000)}) {
    testing::RunSpec spec;
    spec.argv = {testing::nim_game_path(), "--batch"};
    spec.input = input;
    spec.stdout_path = "/dev/full";
    const auto run = testing::run_process(spec);
    INFO("stderr: " << run.err);
    CHECK(run.status == 3);  // the README's status for output that cannot be written
    CHECK(run.signal == 0);
    CHECK(run.err.ends_with('\n'));
    CHECK(std::count(run.err.begin(), run.err.end(), '\n') == 1);
  }
  testing::RunSpec single;
  single.argv = {testing::nim_game_path(), "-H", "1", "3", "5", "7"};
  single.stdout_path = "/dev/full";
  const auto run = testing::run_process(single);
  CHECK(run.status == 3);
  CHECK(run.err.ends_with('\n'));
  CHECK(std::count(run.err.begin(), run.err.end(), '\n') == 1);
}

TEST_CASE("batch: a program feeding one line at a time gets each answer before the next line") {
  // bash's coproc keeps nim-game's stdin open while it waits for the answer: without a flush
  // before each read of the input, the answer would sit in the buffer and `read` time out.
  // With --jobs, the lines read must be answered and written before a read that would wait.
  const std::string script = R"(
    coproc NIM { "$0" --batch --jobs "$1"; }
    for position in "1 2 3" "3 4" '{"heaps":[5],"id":"c"}'; do
      printf '%s\n' "$position" >&"${NIM[1]}"
      read -t 5 -r answer <&"${NIM[0]}" || { echo "no answer to $position" >&2; exit 1; }
      printf '%s\n' "$answer"
    done
    exec {NIM[1]}>&-
    wait)";
  for (const char* jobs : {"1", "2"}) {
    INFO("--jobs " << std::string(jobs));
    testing::RunSpec spec;
    spec.argv = {"/bin/bash", "-c", script, testing::nim_game_path(), jobs};
    spec.timeout_seconds = 30;
    const auto run = testing::run_process(spec);
    INFO("stderr: " << run.err);
    REQUIRE(run.status == 0);
    const auto lines = testing::split_lines(run.out);
    REQUIRE(lines.size() == 3);
    CHECK(testing::parse_exact(lines[0])["move"] == testing::parse_exact("[2,1]"));
    CHECK(testing::parse_exact(lines[1])["line"] == 2);
    CHECK(lines[2].ends_with(R"("line":3,"id":"c"})"));
  }
}

TEST_CASE("batch: memory stays flat whatever the input size") {
  const std::string time = "/usr/bin/time";
  INFO(time << " is needed: scripts/bootstrap.sh installs it (Debian package time)");
  REQUIRE(::access(time.c_str(), X_OK) == 0);
  // The peak resident set of nim-game alone, as GNU time measures it (getrusage of its child).
  const auto peak_kb = [&](std::size_t lines) {
    const testing::TempFile input(many_lines(lines)), report;
    testing::RunSpec spec;
    spec.argv = {time, "-f", "%M", "-o", report.path(), testing::nim_game_path(), "--batch"};
    spec.stdin_path = input.path();
    spec.stdout_path = "/dev/null";
    const auto run = testing::run_process(spec);
    INFO("stderr: " << run.err);
    CHECK(run.status == 0);
    const long kb = std::stol(report.read());
    CHECK(kb > 0);
    return kb;
  };
  const std::size_t small_lines = testing::scaled(200'000, 20'000);
  const long small = peak_kb(small_lines);
  const long large = peak_kb(10 * small_lines);  // 2,000,000 lines: 40 MB in, 500 MB out
  MESSAGE("peak RSS: " << small << " kB for " << small_lines << " lines, " << large << " kB for "
                       << 10 * small_lines);
  CHECK(large < small * 3 / 2 + 4096);
}

// GNU parallel splits the input (`split` says how) among several nim-game processes.
void check_parallel(const std::string& split) {
  INFO("GNU parallel is needed: scripts/bootstrap.sh installs it (Debian package parallel)");
  REQUIRE(testing::have_program("parallel"));
  std::string text = "# positions\n" + many_lines(testing::scaled(5'000, 1'000));
  for (const auto& s : seeded_sample(300))
    text += s.line + "\n";
  const testing::TempFile input(text);
  const auto strip = [](std::vector<Json> records) {
    for (Json& r : records) {
      CHECK(r.contains("line"));
      r.erase("line");
    }
    return records;
  };
  const auto one = strip(batch_records({"--all-moves"}, text));
  REQUIRE(one.size() == testing::scaled(5'300, 1'300));
  const auto run =
      testing::run_shell("parallel --pipe --keep-order " + split + " " +
                         testing::shell_quote(testing::nim_game_path()) +
                         " --batch --all-moves < " + testing::shell_quote(input.path()));
  INFO("stderr: " << run.err);
  CHECK(run.status == 0);
  CHECK(strip(parse_lines(run.out)) == one);
}

// Both split the input into several chunks.
TEST_CASE("batch: GNU parallel -N 1000 gives the single process's records apart from line") {
  check_parallel("-N 1000");
}

TEST_CASE("batch: GNU parallel --block gives the single process's records apart from line") {
  check_parallel("--block 20k");
}

}  // namespace
}  // namespace nim
