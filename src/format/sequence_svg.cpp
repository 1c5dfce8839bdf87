// The sequence as a picture (SvgSequenceSink): G(n) against n on a plot of fixed size, so that a
// hundred heaps and a hundred thousand read alike. Each heap is a small square where its value
// falls; heaps that fall on the same spot are drawn once, so the file stays small whatever the
// count (the plot has about 250,000 spots). The period is a shaded band over its first repetition.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <set>
#include <string>
#include <utility>

#include "format/sequence_sink.hpp"

namespace nim {

namespace {

// The plot's frame, in the picture's units (pixels at its natural size).
constexpr double picture_width = 800, picture_height = 420;
constexpr double left = 64, right = 24, top = 48, bottom = 56;
constexpr double plot_width = picture_width - left - right;
constexpr double plot_height = picture_height - top - bottom;

// A coordinate with one decimal: enough at this size, and the same bytes on every machine.
std::string number(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", x);
  return text;
}

// Text content with XML's special characters escaped.
std::string escaped(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '&')
      out += "&amp;";
    else if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else
      out += c;
  }
  return out;
}

// A step between axis numbers, 1, 2 or 5 times a power of ten, that gives at most 8 of them up to
// `span`.
std::uint64_t tick_step(std::uint64_t span) {
  std::uint64_t step = 1;
  for (;;) {
    for (std::uint64_t factor : {1, 2, 5})
      if (span / (step * factor) <= 8) return step * factor;
    step *= 10;
  }
}

}  // namespace

void SvgSequenceSink::sequence(Buffer& out, const ShownSequence& sequence,
                               SequenceRange range) const {
  const auto values = sequence.values;
  const std::uint64_t span = std::max<std::uint64_t>(range.up_to - range.from, 1);
  GrundyValue most = 1;
  for (std::uint64_t n = range.from; n <= range.up_to; ++n)
    most = std::max(most, values[n]);
  const auto x_of = [&](std::uint64_t n) {
    return left + plot_width * static_cast<double>(n - range.from) / static_cast<double>(span);
  };
  const auto y_of = [&](double value) { return top + plot_height * (1 - value / most); };

  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + number(picture_width) +
         "\" height=\"" + number(picture_height) + "\" viewBox=\"0 0 " + number(picture_width) +
         " " + number(picture_height) + "\" font-family=\"sans-serif\" font-size=\"12\">\n";
  out += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  out += "<text x=\"" + number(picture_width / 2) +
         "\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">" +
         escaped(sequence.title + ": Grundy values G(n) of heaps " + std::to_string(range.from) +
                 " to " + std::to_string(range.up_to)) +
         "</text>\n";

  // The period's first repetition, where it falls within the heaps drawn.
  if (sequence.period && sequence.period->period > 0) {
    const Period& period = *sequence.period;
    const std::uint64_t start = std::max(period.pre_period, range.from);
    const std::uint64_t end = std::min(period.pre_period + period.period, range.up_to);
    if (start < end) {
      out += "<rect x=\"" + number(x_of(start)) + "\" y=\"" + number(top) + "\" width=\"" +
             number(x_of(end) - x_of(start)) + "\" height=\"" + number(plot_height) +
             "\" fill=\"#4a90d9\" fill-opacity=\"0.18\"/>\n";
      out += "<text x=\"" + number(x_of(start) + 4) + "\" y=\"" + number(top + 14) + "\">" +
             escaped("period " + std::to_string(period.period) + " from heap " +
                     std::to_string(period.pre_period) + (period.proved() ? "" : ", not proved")) +
             "</text>\n";
    }
  }

  // The axes, their numbers and their names.
  out += "<g stroke=\"black\" fill=\"none\">\n<path d=\"M" + number(left) + " " + number(top) +
         "V" + number(top + plot_height) + "H" + number(left + plot_width) + "\"/>\n";
  std::string ticks, labels;
  const std::uint64_t x_step = tick_step(span);
  for (std::uint64_t n = (range.from + x_step - 1) / x_step * x_step; n <= range.up_to;
       n += x_step) {
    ticks += "M" + number(x_of(n)) + " " + number(top + plot_height) + "v5";
    labels += "<text x=\"" + number(x_of(n)) + "\" y=\"" + number(top + plot_height + 18) +
              "\" text-anchor=\"middle\">" + std::to_string(n) + "</text>\n";
  }
  const std::uint64_t y_step = tick_step(most);
  for (std::uint64_t v = 0; v <= most; v += y_step) {
    ticks += "M" + number(left) + " " + number(y_of(static_cast<double>(v))) + "h-5";
    labels += "<text x=\"" + number(left - 8) + "\" y=\"" +
              number(y_of(static_cast<double>(v)) + 4) + "\" text-anchor=\"end\">" +
              std::to_string(v) + "</text>\n";
  }
  out += "<path d=\"" + ticks + "\"/>\n</g>\n" + labels;
  out += "<text x=\"" + number(left + plot_width / 2) + "\" y=\"" + number(picture_height - 12) +
         "\" text-anchor=\"middle\">heap n</text>\n";
  out += "<text transform=\"translate(16 " + number(top + plot_height / 2) +
         ") rotate(-90)\" text-anchor=\"middle\">G(n)</text>\n";

  // The values: a square a spot, each spot once; larger when there are few of them.
  const std::uint64_t count = range.up_to - range.from + 1;
  const int side = count <= 200 ? 5 : count <= 2000 ? 3 : 2;
  const std::string edge = std::to_string(side);  // whole units: no decimals to repeat
  const std::string square = "h" + edge + "v" + edge + "h-" + edge + "z";
  std::set<std::pair<long, long>> spots;
  std::string dots;
  for (std::uint64_t n = range.from; n <= range.up_to; ++n) {
    const long x = std::lround(x_of(n) * 2), y = std::lround(y_of(values[n]) * 2);
    if (!spots.insert({x, y}).second) continue;
    dots += "M" + number((x - side) / 2.0) + " " + number((y - side) / 2.0) + square;
  }
  out += "<path fill=\"#c0392b\" d=\"" + dots + "\"/>\n";
  out += "</svg>\n";
}

}  // namespace nim
