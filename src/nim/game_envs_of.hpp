// GameEnvs (nim/game_envs.hpp) played by one game's own code: its moves, its judge of a move and
// the built-in agents' moves, as built_in_game_move() draws them in a match (the perfect move is
// analyse_game()'s with the default strategy, Nim's choose_move() for a sum of heap values).
// Included only by the engine's translation units (nim/engine/engine_of.hpp), one per game.
#pragma once

#include <algorithm>
#include <array>
#include <concepts>
#include <cstring>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "nim/game_envs.hpp"
#include "nim/game_solver.hpp"
#include "nim/game_strategy.hpp"
#include "nim/games/nim/nim.hpp"
#include "nim/position_view.hpp"
#include "nim/ruleset.hpp"
#include "nim/sampling.hpp"
#include "nim/strategy.hpp"

namespace nim {

// UniformIn<SmallHeap>'s draws (nim/sampling.hpp), the same numbers from the same generator, with
// the remainder by multiplications in place of a division, which a new start of an environment's
// game would otherwise wait on at every heap: Lemire, Kaser and Kurz's direct remainder ("Faster
// remainder by direct computation", 2019), exact for every 64-bit draw with a 128-bit reciprocal.
class FastUniformIn {
 public:
  explicit FastUniformIn(const Range<SmallHeap>& range)
      : least_(range.least), bound_(range.most - range.least + 1) {
    threshold_ = bound_ == 0 ? 0 : -bound_ % bound_;
    reciprocal_ = bound_ == 0 ? 0 : ~Wide{0} / bound_ + 1;  // a bound of 1: 2^128, that is 0
  }

  SmallHeap operator()(SplitMix64& rng) const {
    if (bound_ == 0) return rng();  // the whole 64-bit range
    for (;;) {
      const std::uint64_t r = rng();
      if (r >= threshold_) return least_ + remainder(r);
    }
  }

 private:
  __extension__ using Wide = unsigned __int128;

  // r % bound_: the fraction r / bound_ (r times the reciprocal, modulo 2^128) times bound_.
  std::uint64_t remainder(std::uint64_t r) const {
    const Wide fraction = reciprocal_ * r;
    const Wide low = (Wide{static_cast<std::uint64_t>(fraction)} * bound_) >> 64;
    const Wide high = Wide{static_cast<std::uint64_t>(fraction >> 64)} * bound_;
    return static_cast<std::uint64_t>((low + high) >> 64);
  }

  SmallHeap least_;
  std::uint64_t bound_;          // how many numbers the range holds; 0 for the whole 64-bit range
  std::uint64_t threshold_ = 0;  // draws below it are rejected, as UniformIn rejects them
  Wide reciprocal_ = 0;
};

template <PlayableGame Game>
class GameEnvsOf final : public GameEnvs {
 public:
  GameEnvsOf(Game rules, std::uint64_t search_limit, EnvSettings settings, std::uint64_t seed)
      : GameEnvs(std::move(settings), seed),
        solver_(std::move(rules), search_limit),
        heap_count_({settings_.heap_count.least, settings_.heap_count.most}),
        size_(settings_.size) {
    if constexpr (Ruleset<Game>) make_takes_table();
    if constexpr (std::same_as<Game, NimRules<SmallHeap>>)
      if (solver_.game().values_are_sizes() && !marks_.empty()) make_replies_table();
    if (actions_ <= most_decoded)
      for (std::size_t action = 0; action < actions_; ++action)
        decode_.push_back({static_cast<std::uint32_t>(action % settings_.max_heaps),
                           static_cast<std::uint32_t>(action / settings_.max_heaps + 1)});
  }

  std::unique_ptr<GameEnvs> clone() const override { return std::make_unique<GameEnvsOf>(*this); }

  void reset(std::size_t i) override {
    // A random agent moving first may end a short game, and a drawn start may have no move: drawn
    // again, within a bound that a start which always ends so reaches at once.
    constexpr int most_draws = 10'000;
    EnvStatus& s = status_[i];
    SmallHeap* const row = row_of(i);
    const std::size_t width = settings_.max_heaps;
    for (int draw = 0; draw < most_draws; ++draw) {
      // The row whole, its padding 0, a heap at a time: stores that the reads of has_move_in()
      // find at once, where a call to memset's wider stores would make them wait.
      std::size_t count = 0;
      if (settings_.heaps) {
        const Position<SmallHeap>& start = *settings_.heaps;
        count = start.size();
        for (std::size_t h = 0; h < width; ++h)
          row[h] = h < count ? start[h] : 0;
      } else {
        // PositionSampler::draw()'s draws, into the row.
        count = heap_count_(rng_);
        for (std::size_t h = 0; h < width; ++h)
          row[h] = h < count ? size_(rng_) : 0;
      }
      s = EnvStatus{};
      s.count = static_cast<std::uint32_t>(count);
      s.over = !has_move_in(row, count);
      agents_move(s, row);
      if (!s.over) return;
      if (settings_.heaps && !settings_.agents[0]) break;  // the same start, the same end
    }
    throw std::invalid_argument(
        "no start leaves the caller a move: every start drawn was over before the caller's first "
        "move");
  }

  bool play(std::size_t i, std::int64_t action, bool illegal_loses) override {
    EnvStatus& s = status_[i];
    SmallHeap* const row = row_of(i);
    if (refused(s, row, action, illegal_loses)) throw std::invalid_argument(refusal(i, action));
    s.agent_action = -1;
    const auto [heap, take] = decoded(static_cast<std::uint64_t>(action));
    if (!legal(s, row, heap, take)) {
      forfeit(s);
      return false;
    }
    apply(s, row, heap, take);
    agents_move(s, row);
    return true;
  }

  void mask(std::size_t i, std::span<std::uint8_t> out) const override {
    const EnvStatus& s = status_[i];
    if (!marks_.empty() && !s.over) return mask_from_marks(row_of(i), out.data(), actions_);
    std::fill(out.begin(), out.end(), std::uint8_t{0});
    if (s.over) return;
    const Game& game = solver_.game();
    const std::span<const SmallHeap> heaps = this->heaps(i);
    // Held in locals: the marks' stores could otherwise be the settings' for all the compiler
    // knows, and the settings would be read again at each mark.
    const std::size_t stride = settings_.max_heaps;
    const SmallHeap most_take = settings_.most_take;
    const auto mark = [&](std::size_t heap, SmallHeap take) {
      // most_take bounds every take of the game's heaps up to most_heap (its settings say so).
      if (take > most_take) throw std::logic_error("a move takes beyond most_take");
      out[(take - 1) * stride + heap] = 1;
    };
    for (std::size_t h = 0; h < heaps.size(); ++h) {
      if constexpr (Ruleset<Game>) {
        // A ruleset's moves in a heap are the counts up to most_taken() that it allows. The
        // rules are copied (a cap and misère play), to be read from registers.
        const Game rules = game;
        const SmallHeap heap = heaps[h], most = rules.most_taken(heap);
        if (most > 0) mark(h, most);  // checks the largest once
        std::uint8_t* marks = out.data() + h;
        for (SmallHeap take = 1; take <= most; ++take, marks += stride)
          *marks = rules.allows(heap, take);
      } else {
        game.for_each_move_from(heaps, h, [&](const GameMove<SmallHeap>& move) {
          mark(h, move.takes.front().count);
          return true;
        });
      }
    }
  }

  void step(std::span<const std::int64_t> actions, int seat, bool illegal_loses,
            std::span<std::int64_t> observations, std::span<double> rewards,
            std::span<std::uint8_t> terminated, std::span<std::uint8_t> masks) override {
    const std::size_t width = settings_.max_heaps, games = status_.size();
    for (std::size_t i = 0; i < games; ++i)
      if (refused(status_[i], row_of(i), actions[i], illegal_loses))
        throw std::invalid_argument("game " + std::to_string(i) + ": " + refusal(i, actions[i]));
    if constexpr (std::same_as<Game, NimRules<SmallHeap>>) {
      const auto& agent = settings_.agents[static_cast<std::size_t>(1 - seat)];
      if (!marks_.empty() && solver_.game().values_are_sizes() && agent &&
          agent->kind == BuiltInAgent::Kind::perfect && !masks.empty()) {
        // Rows of 1 to most_nim_width heaps, each with its own passes.
        const bool stepped = [&]<std::size_t... less>(std::index_sequence<less...>) {
          return ((width == less + 1 &&
                   (step_nim<less + 1>(actions, seat, observations, rewards, terminated, masks),
                    true)) ||
                  ...);
        }
        (std::make_index_sequence<most_nim_width>{});
        if (stepped) return;
      }
    }
    // The sizes and the games' storage held in locals: a mark's store (a byte) could otherwise be
    // any of them for all the compiler knows, and they would be read again after each.
    EnvStatus* const status = status_.data();
    SmallHeap* const all_heaps = heaps_.data();
    const bool whole_marks = !marks_.empty();
    for (std::size_t i = 0; i < games; ++i) {
      EnvStatus& s = status[i];
      SmallHeap* const row = all_heaps + i * width;
      const auto [heap, take] = decoded(static_cast<std::uint64_t>(actions[i]));
      s.agent_action = -1;
      if (legal(s, row, heap, take)) {
        apply(s, row, heap, take);
        agents_move(s, row);
      } else {
        forfeit(s);
      }
      terminated[i] = s.over;
      rewards[i] = !s.over ? 0 : s.winner == seat ? 1 : -1;
      if (s.over) reset(i);
      // The row whole, its padding 0 already.
      std::copy_n(row, width, observations.data() + i * width);
      if (masks.empty()) continue;
      // A whole word of marks where the masks have room for it: what lies past this game's is
      // the next games', written after it.
      if (whole_marks && (i + 1) * actions_ + sizeof(Marks) <= masks.size())
        mask_from_marks(row, masks.data() + i * actions_, sizeof(Marks));
      else
        mask(i, masks.subspan(i * actions_, actions_));
    }
  }

 protected:
  bool has_move(std::span<const SmallHeap> heaps) const override {
    if constexpr (Ruleset<Game>) {
      if (!takes_.empty())
        return std::ranges::any_of(heaps, [&](SmallHeap h) { return movable_[h] != 0; });
      const Game& game = solver_.game();
      return std::ranges::any_of(heaps, [&](SmallHeap h) {
        for (SmallHeap take = 1, most = game.most_taken(h); take <= most; ++take)
          if (game.allows(h, take)) return true;
        return false;
      });
    } else {
      return nim::has_move(solver_.game(), heaps);
    }
  }

 private:
  // step() in Nim against the perfect agent, whose moves draw nothing, for rows of `width` heaps
  // (a constant: a row is held in registers, its loops unrolled), in passes with few branches to
  // mispredict: in every game the caller's move and the agent's reply (computed in every game,
  // applied where the game goes on, with masks for selects); then the new starts of the games
  // that ended, in their order (the only draws, as step() makes them); then the observations (the
  // rows, copied whole) and the masks.
  template <std::size_t width>
  void step_nim(std::span<const std::int64_t> actions, int seat,
                std::span<std::int64_t> observations, std::span<double> rewards,
                std::span<std::uint8_t> terminated, std::span<std::uint8_t> masks) {
    const std::size_t games = status_.size(), most_take = settings_.most_take;
    const bool misere = solver_.game().misere;
    const auto caller = static_cast<std::int8_t>(seat), agent = static_cast<std::int8_t>(1 - seat);
    // By how a step ends: 0 the game goes on, 1 on the agent's move, 2 on the caller's: the
    // winner and the caller's reward.
    const std::int8_t on_caller = misere ? agent : caller, on_agent = misere ? caller : agent;
    const std::array<std::int8_t, 3> winner_by{-1, on_agent, on_caller};
    const std::array<double, 3> reward_by{0, on_agent == caller ? 1.0 : -1.0,
                                          on_caller == caller ? 1.0 : -1.0};
    EnvStatus* const status = status_.data();
    SmallHeap* const all_heaps = heaps_.data();
    const Decoded* const decode = decode_.data();
    const std::uint8_t* const takes = takes_.data();
    ended_.resize(games);
    std::size_t* const ended = ended_.data();
    std::size_t ends = 0;
    for (std::size_t i = 0; i < games; ++i) {
      EnvStatus& s = status[i];
      SmallHeap* const row = all_heaps + i * width;
      const Decoded move = decode[actions[i]];
      if (move.heap >= s.count || !takes[row[move.heap] * most_take + (move.take - 1)])
          [[unlikely]] {
        s.agent_action = -1;
        forfeit(s);
        terminated[i] = 1;
        rewards[i] = s.winner == seat ? 1.0 : -1.0;
        ended[ends++] = i;
        continue;
      }
      std::array<SmallHeap, width> heaps;
      SmallHeap left = 0, packed = 0;
      for (std::size_t h = 0; h < width; ++h) {
        heaps[h] = row[h] - (move.take & select_if(h == move.heap));
        left |= heaps[h];
        packed |= heaps[h] << (h * reply_bits_);
      }
      // On an empty row (the caller took the last object) the reply is applied as none.
      Move<SmallHeap> reply;
      if (!replies_.empty())
        reply = {replies_[packed].heap, replies_[packed].take};
      else
        reply = nim_reply<width>(heaps, misere);
      const SmallHeap goes_on = select_if(left != 0);
      SmallHeap after = 0;
      for (std::size_t h = 0; h < width; ++h) {
        heaps[h] -= reply.count & goes_on & select_if(h == reply.heap);
        after |= heaps[h];
        row[h] = heaps[h];
      }
      const std::size_t end = std::size_t{left == 0} + std::size_t{after == 0};
      // The reply's action id, or -1 (all bits) where there was none.
      s.agent_action =
          static_cast<std::int64_t>(((reply.count - 1) * width + reply.heap) | ~goes_on);
      s.over = end != 0;
      s.to_move = left != 0 ? caller : agent;
      s.winner = winner_by[end];
      terminated[i] = end != 0;
      rewards[i] = reward_by[end];
      ended[ends] = i;
      ends += end != 0;
    }
    for (std::size_t e = 0; e < ends; ++e)
      reset(ended[e]);
    std::copy_n(all_heaps, games * width, observations.data());
    if (actions_ <= 32)
      write_masks<width, 4>(masks);
    else
      write_masks<width, 8>(masks);
  }

  // Every game's mask from marks_, for rows of `width` heaps and masks of at most `words` words
  // of marks (the rest of a heap's marks are 0).
  template <std::size_t width, std::size_t words>
  void write_masks(std::span<std::uint8_t> masks) const {
    const std::size_t games = status_.size(), sizes = settings_.most_heap + 1, count = actions_;
    const SmallHeap* const all_heaps = heaps_.data();
    const Marks* const marks = marks_.data();
    for (std::size_t i = 0; i < games; ++i) {
      const SmallHeap* const row = all_heaps + i * width;
      std::array<std::uint64_t, words> mask{};
      for (std::size_t h = 0; h < width; ++h) {
        const Marks& add = marks[h * sizes + row[h]];
        for (std::size_t w = 0; w < words; ++w)
          mask[w] |= add[w];
      }
      // The whole words where the masks have room for them: what lies past this game's is the
      // next games', written after it.
      std::uint8_t* const out = masks.data() + i * count;
      if (out + sizeof(mask) <= masks.data() + masks.size())
        std::memcpy(out, mask.data(), sizeof(mask));
      else
        std::memcpy(out, mask.data(), count);
    }
  }

  // All 1 bits where `condition` holds, else 0: a select by AND, where a branch would be
  // mispredicted.
  static SmallHeap select_if(bool condition) { return SmallHeap{0} - SmallHeap{condition}; }

  // first_nim_move()'s move over a row of `width` heaps held in registers (its padding heaps of
  // 0), with selects in place of branches. On an empty row: a take of 1 from heap 0.
  template <std::size_t width>
  static Move<SmallHeap> nim_reply(const std::array<SmallHeap, width>& heaps, bool misere) {
    SmallHeap nim_sum = 0, most = heaps[0], largest = 0, big = 0;
    for (std::size_t h = 0; h < width; ++h) {
      nim_sum ^= heaps[h];
      big += heaps[h] >= 2;
      const SmallHeap larger = select_if(heaps[h] > most);  // the first of the largest
      largest = (h & larger) | (largest & ~larger);
      most = (heaps[h] & larger) | (most & ~larger);
    }
    // The first heap with the nim-sum's top bit.
    const unsigned top = bit_length(nim_sum | 1) - 1;
    SmallHeap first = 0, first_heap = heaps[0];
    for (std::size_t h = width; h-- > 0;) {
      const SmallHeap bit = select_if((heaps[h] >> top) & 1);
      first = (h & bit) | (first & ~bit);
      first_heap = (heaps[h] & bit) | (first_heap & ~bit);
    }
    // Normal play: to a nim-sum of 0, or 1 from the first of the largest when it is 0 already.
    const SmallHeap winning = select_if(nim_sum != 0);
    SmallHeap heap = (first & winning) | (largest & ~winning);
    SmallHeap take = ((first_heap - (first_heap ^ nim_sum)) & winning) | (1 & ~winning);
    // Misère play with at most one heap above 1: 1 from the first heap of 1 (the first of the
    // largest) when all are 0 or 1; else from the big heap, to leave an odd number of 1s.
    const SmallHeap few_big = select_if(misere && big <= 1), none = select_if(big == 0);
    const SmallHeap misere_take = (1 & none) | ((most - ((nim_sum ^ most) ^ 1)) & ~none);
    heap = (largest & few_big) | (heap & ~few_big);
    take = (misere_take & few_big) | (take & ~few_big);
    return {heap, take};
  }

  static constexpr std::size_t most_nim_width = 8;  // step_nim()'s widest rows

  // Nim's perfect replies (first_nim_move()'s) to every position of up to max_heaps heaps of up
  // to most_heap, where they are few: replies_[p] for the position whose heap h is bits
  // h * reply_bits_ on of p; on the empty position a take of 0.
  void make_replies_table() {
    const unsigned bits = bit_length(settings_.most_heap);
    const std::size_t width = settings_.max_heaps;
    if (width > most_nim_width || bits * width > 16) return;
    reply_bits_ = bits;
    replies_.assign(std::size_t{1} << (bits * width), Reply{});
    Position<SmallHeap> heaps(width);
    for (std::size_t packed = 1; packed < replies_.size(); ++packed) {
      for (std::size_t h = 0; h < width; ++h)
        heaps[h] = (packed >> (h * bits)) & ((SmallHeap{1} << bits) - 1);
      const Move<SmallHeap> move = first_nim_move(heaps, solver_.game().misere);
      replies_[packed] = {static_cast<std::uint16_t>(move.count),
                          static_cast<std::uint8_t>(move.heap)};
    }
  }

  SmallHeap* row_of(std::size_t i) { return heaps_.data() + i * settings_.max_heaps; }
  const SmallHeap* row_of(std::size_t i) const { return heaps_.data() + i * settings_.max_heaps; }

  // An action id as its heap and its take: from a table where the actions are few, else by one
  // division.
  struct Take {
    std::size_t heap;
    SmallHeap take;
  };
  Take decoded(std::uint64_t action) const {
    if (!decode_.empty()) return {decode_[action].heap, decode_[action].take};
    const std::size_t width = settings_.max_heaps;
    return {action % width, action / width + 1};
  }

  // Whether the caller cannot play `action` in a game (an illegal move too, unless it loses).
  bool refused(const EnvStatus& s, const SmallHeap* row, std::int64_t action,
               bool illegal_loses) const {
    if (s.over || settings_.agents[static_cast<std::size_t>(s.to_move)] || action < 0 ||
        static_cast<std::uint64_t>(action) >= actions_)
      return true;
    if (illegal_loses) return false;
    const auto [heap, take] = decoded(static_cast<std::uint64_t>(action));
    return !legal(s, row, heap, take);
  }

  // Why game i refused().
  std::string refusal(std::size_t i, std::int64_t action) const {
    const EnvStatus& s = status_[i];
    if (s.over) return "the game is over: call reset()";
    if (settings_.agents[static_cast<std::size_t>(s.to_move)])
      return "a built-in agent is to move, not the caller";
    if (action < 0) return "action " + std::to_string(action) + " is negative";
    const auto n = static_cast<std::uint64_t>(action);
    if (n >= actions_)
      return "action " + std::to_string(action) + " is not below " + std::to_string(actions_) +
             ", the number of actions";
    const auto [heap, take] = decoded(n);
    return "action " + std::to_string(action) + " (take " + std::to_string(take) + " from heap " +
           std::to_string(heap) + ") is not legal here";
  }

  // The caller's illegal move: it loses.
  static void forfeit(EnvStatus& s) {
    s.over = true;
    s.winner = static_cast<std::int8_t>(1 - s.to_move);
  }

  // Whether taking `take` (at most most_take) from heap `heap` is legal in a game.
  bool legal(const EnvStatus& s, const SmallHeap* row, std::size_t heap, SmallHeap take) const {
    if (heap >= s.count) return false;
    if constexpr (Ruleset<Game>) {
      if (!takes_.empty()) return takes_[row[heap] * settings_.most_take + (take - 1)] != 0;
      return take <= solver_.game().most_taken(row[heap]) && solver_.game().allows(row[heap], take);
    } else {
      return solver_.game().is_legal({row, s.count}, GameMove<SmallHeap>::single(heap, take));
    }
  }

  // Whether a row of `count` heaps has a move: from the table, over the whole row (its padding,
  // heaps of 0, has none), with no branch.
  bool has_move_in(const SmallHeap* row, std::size_t count) const {
    if constexpr (Ruleset<Game>) {
      if (!takes_.empty()) {
        const std::uint8_t* const movable = movable_.data();
        std::uint8_t any = 0;
        for (std::size_t h = 0, width = settings_.max_heaps; h < width; ++h)
          any |= movable[row[h]];
        return any != 0;
      }
    }
    return has_move({row, count});
  }

  void apply(EnvStatus& s, SmallHeap* row, std::size_t heap, SmallHeap take) {
    if constexpr (Ruleset<Game>) {
      row[heap] -= take;  // a ruleset's move only takes
    } else {
      // The game's own move, on a position of the row's heaps (a move from one heap keeps their
      // number).
      scratch_.assign(row, row + s.count);
      solver_.game().apply(scratch_, GameMove<SmallHeap>::single(heap, take));
      if (scratch_.size() != s.count) throw std::logic_error("a move changed the number of heaps");
      std::copy(scratch_.begin(), scratch_.end(), row);
    }
    s.to_move = static_cast<std::int8_t>(1 - s.to_move);
    s.over = !has_move_in(row, s.count);
    // The player to move at the end lost in normal play (the other made the last move).
    if (s.over)
      s.winner = static_cast<std::int8_t>(solver_.game().misere ? s.to_move : 1 - s.to_move);
  }

  // The built-in agents' moves until the caller is to move or the game is over.
  void agents_move(EnvStatus& s, SmallHeap* row) {
    while (!s.over) {
      const auto& agent = settings_.agents[static_cast<std::size_t>(s.to_move)];
      if (!agent) return;
      const Move<SmallHeap> move = agent_move(*agent, row, s.count);
      s.agent_action =
          static_cast<std::int64_t>((move.count - 1) * settings_.max_heaps + move.heap);
      apply(s, row, move.heap, move.count);
    }
  }

  // A ruleset's legal takes of every heap size up to most_heap, when they are few enough to keep:
  // the judge of a move and the end of a game then read them instead of the rules; and where a
  // game's mask is at most 64 marks, each heap's marks as words to OR together.
  void make_takes_table() {
    constexpr std::size_t most_bytes = std::size_t{1} << 16;
    const std::size_t takes = settings_.most_take, width = settings_.max_heaps;
    if (settings_.most_heap >= most_bytes / takes) return;
    const Game& rules = solver_.game();
    const std::size_t sizes = settings_.most_heap + 1;
    takes_.assign(sizes * takes, 0);
    movable_.assign(sizes, 0);
    for (SmallHeap size = 0; size < sizes; ++size) {
      const SmallHeap most = rules.most_taken(size);
      // most_take bounds every take of the game's heaps up to most_heap (its settings say so).
      if (most > settings_.most_take) throw std::logic_error("a move takes beyond most_take");
      for (SmallHeap take = 1; take <= most; ++take) {
        const bool allowed = rules.allows(size, take);
        takes_[size * takes + (take - 1)] = allowed;
        movable_[size] |= allowed;
      }
    }
    if (actions_ > sizeof(Marks) || width * sizes * sizeof(Marks) > most_bytes) return;
    marks_.assign(width * sizes, Marks{});
    for (std::size_t h = 0; h < width; ++h)
      for (std::size_t size = 0; size < sizes; ++size) {
        auto* bytes = reinterpret_cast<std::uint8_t*>(marks_[h * sizes + size].data());
        for (std::size_t take = 1; take <= takes; ++take)
          bytes[(take - 1) * width + h] = takes_[size * takes + (take - 1)];
      }
  }

  // mask() of a game not over, from marks_: its row's marks ORed (its padding, heaps of 0, has
  // none), a word at a time (all 8 words, which the compiler makes a few vector ORs), `bytes` of
  // them written (actions_ or more).
  void mask_from_marks(const SmallHeap* row, std::uint8_t* out, std::size_t bytes) const {
    const std::size_t sizes = settings_.most_heap + 1;
    Marks marks{};
    const Marks* heap_marks = marks_.data();
    for (std::size_t h = 0, width = settings_.max_heaps; h < width; ++h) {
      const Marks& add = heap_marks[row[h]];
      for (std::size_t w = 0; w < marks.size(); ++w)
        marks[w] |= add[w];
      heap_marks += sizes;
    }
    if (bytes == sizeof(Marks))
      std::memcpy(out, marks.data(), sizeof(Marks));  // a few stores, not a call
    else
      std::memcpy(out, marks.data(), bytes);
  }

  // built_in_game_move()'s draws, on a row of `count` heaps as they are.
  Move<SmallHeap> agent_move(const BuiltInAgent& agent, const SmallHeap* row, std::size_t count) {
    const bool perfect =
        agent.kind == BuiltInAgent::Kind::perfect ||
        (agent.kind == BuiltInAgent::Kind::difficulty && chance(rng_, agent.perfect));
    const std::span<const SmallHeap> heaps(row, count);
    if constexpr (HeapSumRuleset<Game>) {
      // Over the whole row: its padding, heaps of 0, changes neither the nim-sum nor the heap the
      // move is from, and the scan has no count to mispredict.
      if (perfect && solver_.game().values_are_sizes())
        return first_nim_move({row, settings_.max_heaps}, solver_.game().misere);
      const ScannedPosition view(heaps, solver_.game());
      return *(perfect ? choose_move(view, Strategy{}, rng_) : random_move(view, rng_));
    } else {
      if (!perfect) return as_take(*random_game_move(solver_.game(), heaps, rng_));
      analyse_game(solver_, heaps, Strategy{}, rng_, WinningMoves::omit, analysis_);
      return as_take(*analysis_.move);
    }
  }

  GameSolver<Game> solver_;
  FastUniformIn heap_count_, size_;  // PositionSampler's draws of a start
  std::size_t actions_ = settings_.action_count();
  GameAnalysis<SmallHeap> analysis_;  // the perfect agent's, kept for its storage
  Position<SmallHeap> scratch_;       // a game's heaps, for a move of a game that is no ruleset
  std::vector<std::size_t> ended_;    // step_nim()'s games that ended in a step
  struct Reply {
    std::uint16_t take = 0;
    std::uint8_t heap = 0;
  };
  std::vector<Reply> replies_;  // make_replies_table()'s, or empty
  unsigned reply_bits_ = 0;
  // decode_[action]: its heap and take, where the actions are at most most_decoded; else empty.
  struct Decoded {
    std::uint32_t heap, take;
  };
  static constexpr std::size_t most_decoded = std::size_t{1} << 16;
  std::vector<Decoded> decode_;
  // A ruleset's takes_[size * most_take + take - 1]: 1 where the take is legal; empty where the
  // table would be large (make_takes_table()). movable_[size]: 1 where some take is.
  std::vector<std::uint8_t> takes_, movable_;
  // A game's mask is the OR of its heaps' marks: marks_[heap * (most_heap + 1) + size], where a
  // mask is at most 64 marks (and the table small); else empty.
  using Marks = std::array<std::uint64_t, 8>;
  std::vector<Marks> marks_;
};

}  // namespace nim
