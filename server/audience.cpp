#include "server/audience.hpp"

#include <algorithm>
#include <array>
#include <optional>

#include "protocol/messages.hpp"
#include "server/wall_clock.hpp"

namespace archipel::server {

using nlohmann::json;

void Audience::begin_game(const engine::GameInstance& game, std::int64_t version) {
  version_ = version;
  views_.reset(game.num_seats());  // built when someone is there to receive them
  static_data_ = game.static_data();
  static_text_ = protocol::serialize(static_data_);
}

// ---- words --------------------------------------------------------------------------------------

void Audience::broadcast(const Table& table, const Frame& frame) {
  each_connected(table, [&](Client& c) { c.send(frame); });
}

void Audience::broadcast(const Table& table, const json& message) {
  broadcast(table, make_frame(message));
}

void Audience::to_everyone(const Table& table, LocalFrames& frames) {
  each_connected(table, [&](Client& c) { frames.send_to(c); });
}

void Audience::announce(Table& table, const engine::LocalText& text) {
  table.remember({unix_ms_now(), RoomLine::Kind::info, {}, text});
  LocalFrames frames(
      [&](engine::Lang lang) { return protocol::info_message(text.in(lang), table.id); });
  to_everyone(table, frames);
}

void Audience::history_to(const Table& table, const std::string& token) {
  const Member* m = table.member(token);
  if (!m || !m->client || m->bot) return;
  const engine::Lang lang = m->client->lang();
  json lines = json::array();
  for (const RoomLine& line : table.history) {
    json j{{"at", line.at}, {"text", line.text.in(lang)}};
    if (line.kind == RoomLine::Kind::chat) {
      j["kind"] = "chat";
      j["from"] = line.from;
    } else {
      j["kind"] = "info";
    }
    lines.push_back(std::move(j));
  }
  m->client->send(make_frame(protocol::history_message(table.id, std::move(lines))));
}

void Audience::to(const Table& table, const std::string& token, const json& message) {
  if (const Member* m = table.member(token); m && m->client) m->client->send(make_frame(message));
}

engine::Lang Audience::lang_of(const Table& table, const std::string& token) {
  const Member* m = table.member(token);
  return m && m->client ? m->client->lang() : engine::Lang::en;
}

std::string Audience::log_text(const Table& table, engine::Lang lang, std::size_t first_line) {
  json lines = json::array();
  for (std::size_t i = first_line; i < table.log.size(); ++i)
    lines.push_back(table.log[i].in(lang));
  return protocol::serialize(lines);
}

std::string Audience::log_at_text(const Table& table) {
  return protocol::serialize(json(table.log_at));
}

// ---- views --------------------------------------------------------------------------------------

void Audience::state_to(const Table& table, const std::string& token) {
  const Member* m = table.member(token);
  if (!m || !m->client || !table.game) return;
  const int seat = table.seat_of(token);
  const auto viewer = seat >= 0 ? engine::Viewer::of(seat) : engine::Viewer::spectator();
  const auto seat_shown = seat >= 0 ? std::optional<int>(seat) : std::nullopt;
  m->client->send(text_frame(
      protocol::state_frame(table.id, version_, views_.full_view(*table.game, viewer), seat_shown,
                            static_text_, log_text(table, m->client->lang()), log_at_text(table))));
}

void Audience::state_to_stand_in(const Table& table, Client& bot, int seat) {
  if (!table.game) return;
  bot.send(text_frame(protocol::state_frame(table.id, version_,
                                            views_.full_view(*table.game, engine::Viewer::of(seat)),
                                            seat, static_text_, {})));
}

void Audience::state_to_spectators(const Table& table) {
  const auto watching = [](const Member& s) { return s.client != nullptr; };
  if (!table.game || std::none_of(table.spectators.begin(), table.spectators.end(), watching))
    return;
  const json view = views_.full_view(*table.game, engine::Viewer::spectator());
  const std::string log_at = log_at_text(table);
  auto frames = LocalFrames::of_text([&](engine::Lang lang) {  // once per language
    return protocol::state_frame(table.id, version_, view, std::nullopt, static_text_,
                                 log_text(table, lang), log_at);
  });
  each_connected(
      table, [&](Client& c) { frames.send_to(c); }, false);
}

void Audience::after_move(const Table& table, const std::vector<ClientPtr>& stand_ins, int seat,
                          std::size_t first_line) {
  const std::int64_t from = version_++;
  const auto watching = [](const Member& s) { return s.client != nullptr; };
  const auto stand_in = [&](std::size_t i) {
    return i < stand_ins.size() ? stand_ins[i] : nullptr;
  };
  std::vector<bool> present{
      std::any_of(table.spectators.begin(), table.spectators.end(), watching)};
  for (std::size_t i = 0; i < table.seats.size(); ++i)
    present.push_back(table.seats[i] && (table.seats[i]->client || stand_in(i)));
  const auto patches = views_.patches(*table.game, present);
  const std::string& shared = patches.shared;  // the public part's ops, written once for everyone
  // The move's log lines ride in its patch, in each reader's language: serialized once per
  // language.
  std::array<std::optional<std::string>, 2> log_lines;
  auto lines = [&](engine::Lang lang) -> const std::string& {
    auto& text = log_lines[static_cast<std::size_t>(lang)];
    if (!text) text = log_text(table, lang, first_line);
    return *text;
  };
  auto frame = [&](const std::string& own, std::string_view log) {
    return text_frame(protocol::patch_frame(table.id, from, version_, shared, own, seat, log));
  };
  for (std::size_t i = 0; i < table.seats.size(); ++i) {
    if (!present[i + 1]) continue;
    const ClientPtr bot = stand_in(i);
    const ClientPtr& client = table.seats[i]->client;
    if (const auto& own = patches.own[i + 1]) {
      if (client) client->send(frame(*own, lines(client->lang())));
      if (bot) bot->send(frame(*own, {}));
    } else {  // back since its view went stale: the whole view, not a patch
      if (client) state_to(table, table.seats[i]->token);
      if (bot) state_to_stand_in(table, *bot, static_cast<int>(i));
    }
  }
  if (!present[0]) return;
  if (!patches.own[0]) return state_to_spectators(table);
  auto frames = LocalFrames::of_text([&](engine::Lang lang) {  // once per language
    return protocol::patch_frame(table.id, from, version_, shared, *patches.own[0], seat,
                                 lines(lang));
  });
  each_connected(
      table, [&](Client& c) { frames.send_to(c); }, false);
}

}  // namespace archipel::server
