#include "protocol/messages.hpp"

#include <algorithm>
#include <utility>

#include "engine/core/json_text.hpp"
#include "protocol/text.hpp"

namespace archipel::protocol {
namespace {

// Reads a room id from 0 to kMaxRoomId: a JSON integer, or a string of digits (bots written in
// loosely typed languages). Anything else, negative numbers and numbers past the range included, is
// nullopt.
std::optional<RoomId> room_number(const Json& j) {
  if (j.is_number_integer()) {  // signed or unsigned: compared in the type that holds it
    if (j.is_number_unsigned()) {
      const auto n = j.get<std::uint64_t>();
      return n <= static_cast<std::uint64_t>(kMaxRoomId)
                 ? std::optional<RoomId>(static_cast<RoomId>(n))
                 : std::nullopt;
    }
    const auto n = j.get<std::int64_t>();
    return n >= 0 && n <= kMaxRoomId ? std::optional<RoomId>(n) : std::nullopt;
  }
  if (j.is_string()) {
    const auto& s = j.get_ref<const std::string&>();
    if (s.empty() || s.size() > 10) return std::nullopt;
    RoomId id = 0;
    for (char c : s) {
      if (c < '0' || c > '9') return std::nullopt;
      id = id * 10 + (c - '0');
    }
    return id <= kMaxRoomId ? std::optional<RoomId>(id) : std::nullopt;
  }
  return std::nullopt;
}

const std::string& room_range_text() {
  static const std::string text = "a room number from 1 to " + std::to_string(kMaxRoomId);
  return text;
}

Result<RoomId> required_room(const Json& msg, const std::string& type) {
  if (!msg.contains("room"))
    return make_error(ErrorCode::missing_field, type + " needs a \"room\"");
  auto id = room_number(msg["room"]);
  if (!id || *id < 1)
    return make_error(ErrorCode::bad_message, "\"room\" must be " + room_range_text());
  return *id;
}

Result<std::optional<std::string>> optional_string(const Json& msg, const char* key) {
  if (!msg.contains(key) || msg[key].is_null()) return std::optional<std::string>{};
  if (!msg[key].is_string())
    return make_error(ErrorCode::bad_message, std::string("\"") + key + "\" must be a string");
  return std::optional<std::string>{msg[key].get<std::string>()};
}

std::optional<RoomStatus> room_status(std::string_view s) {
  for (auto status : {RoomStatus::waiting, RoomStatus::playing,
                      RoomStatus::over})  // abandoned rooms are not listed
    if (to_string(status) == s) return status;
  return std::nullopt;
}

Result<ListRooms> list_rooms(const Json& msg) {
  ListRooms list;
  auto game = optional_string(msg, "game");
  if (!game.ok()) return game.error();
  list.filter.game = std::move(game).value();
  auto status = optional_string(msg, "status");
  if (!status.ok()) return status.error();
  if (status.value()) {
    list.filter.status = room_status(*status.value());
    if (!list.filter.status)
      return make_error(ErrorCode::bad_message, "\"status\" is waiting, playing or over");
  }
  if (msg.contains("free") && !msg["free"].is_null()) {
    if (!msg["free"].is_boolean())
      return make_error(ErrorCode::bad_message, "\"free\" must be true or false");
    list.filter.free_seats = msg["free"].get<bool>();
  }
  if (msg.contains("after") && !msg["after"].is_null()) {
    list.after = room_number(msg["after"]);
    if (!list.after)
      return make_error(ErrorCode::bad_message, "\"after\" must be 0 or " + room_range_text());
  }
  if (msg.contains("limit") && !msg["limit"].is_null()) {
    const auto& limit = msg["limit"];
    if (!limit.is_number_integer() || limit.get<std::int64_t>() < 1 ||
        limit.get<std::int64_t>() > static_cast<std::int64_t>(kMaxRoomsPage))
      return make_error(ErrorCode::bad_message, "\"limit\" must be a whole number from 1 to " +
                                                    std::to_string(kMaxRoomsPage));
    list.limit = limit.get<std::size_t>();
  }
  return list;
}

// hello's and login's "lang": the language to write to this person in.
Result<std::optional<engine::Lang>> optional_lang(const Json& msg) {
  auto code = optional_string(msg, "lang");
  if (!code.ok()) return code.error();
  if (!code.value()) return std::optional<engine::Lang>{};
  auto lang = engine::parse_lang(*code.value());
  if (!lang) return make_error(ErrorCode::bad_message, "\"lang\" is \"en\" or \"fr\"");
  return std::optional<engine::Lang>{lang};
}

Result<std::string> required_password(const Json& msg, const std::string& type) {
  if (!msg.contains("password"))
    return make_error(ErrorCode::missing_field, type + " needs a \"password\"");
  if (!msg["password"].is_string())
    return make_error(ErrorCode::bad_message, "\"password\" must be a string");
  const auto& password = msg["password"].get_ref<const std::string&>();
  if (password.size() < kMinPasswordLength || password.size() > kMaxPasswordLength)
    return make_error(ErrorCode::bad_password,
                      "a password is " + std::to_string(kMinPasswordLength) + " to " +
                          std::to_string(kMaxPasswordLength) + " bytes long",
                      "un mot de passe a de " + std::to_string(kMinPasswordLength) + " à " +
                          std::to_string(kMaxPasswordLength) + " octets");
  return password;
}

}  // namespace

Result<ClientMessage> parse_client_message(std::string_view frame) {
  if (json_nesting_depth(frame, kMaxNesting) > kMaxNesting)
    return make_error(ErrorCode::bad_json, "the message nests arrays and objects more than " +
                                               std::to_string(kMaxNesting) + " deep");
  Json msg = Json::parse(frame.begin(), frame.end(), nullptr, /*allow_exceptions=*/false);
  if (msg.is_discarded()) return make_error(ErrorCode::bad_json, "the message is not valid JSON");
  if (!msg.is_object()) return make_error(ErrorCode::bad_message, "a message is a JSON object");
  if (!msg.contains("type"))
    return make_error(ErrorCode::missing_field, "a message needs a \"type\"");
  if (!msg["type"].is_string())
    return make_error(ErrorCode::bad_message, "\"type\" must be a string");
  const std::string type = msg["type"].get<std::string>();

  if (type == "hello") {
    auto name = optional_string(msg, "name");
    if (!name.ok()) return name.error();
    auto token = optional_string(msg, "token");
    if (!token.ok()) return token.error();
    if (!name.value() && !token.value())
      return make_error(ErrorCode::missing_field, "hello needs a \"name\" or a \"token\"");
    auto lang = optional_lang(msg);
    if (!lang.ok()) return lang.error();
    return ClientMessage{Hello{std::move(name).value(), std::move(token).value(), lang.value()}};
  }
  if (type == "chat") {
    if (!msg.contains("text")) return make_error(ErrorCode::missing_field, "chat needs a \"text\"");
    if (!msg["text"].is_string())
      return make_error(ErrorCode::bad_message, "\"text\" must be a string");
    // Bidirectional controls could make a line read differently from what was sent (a name or a
    // move reversed): they are taken out of every chat line before anything reads it.
    return ClientMessage{Chat{without_bidi_controls(msg["text"].get_ref<const std::string&>())}};
  }
  if (type == "action") {
    auto room = required_room(msg, type);
    if (!room.ok()) return room.error();
    if (!msg.contains("action"))
      return make_error(ErrorCode::missing_field, "action needs an \"action\"");
    if (!msg["action"].is_object())
      return make_error(ErrorCode::bad_message,
                        "\"action\" must be an object, one of your view's legal[].action");
    return ClientMessage{Action{room.value(), std::move(msg["action"])}};
  }
  if (type == "sync") {
    auto room = required_room(msg, type);
    if (!room.ok()) return room.error();
    return ClientMessage{Sync{room.value()}};
  }
  if (type == "replay") {
    auto room = required_room(msg, type);
    if (!room.ok()) return room.error();
    ReplayRequest request{room.value(), 0, false};
    if (msg.contains("step") && !msg["step"].is_null()) {
      const auto& step = msg["step"];
      if (!step.is_number_integer() || step.get<std::int64_t>() < 0 ||
          step.get<std::int64_t>() > 1000000)
        return make_error(ErrorCode::bad_message, "\"step\" must be a whole number from 0");
      request.step = step.get<int>();
    }
    if (msg.contains("static") && !msg["static"].is_null()) {
      if (!msg["static"].is_boolean())
        return make_error(ErrorCode::bad_message, "\"static\" must be true or false");
      request.static_data = msg["static"].get<bool>();
    }
    return ClientMessage{request};
  }
  if (type == "register" || type == "login") {
    // The password's sentence never quotes it.
    auto password = required_password(msg, type);
    if (!password.ok()) return password.error();
    if (type == "register") return ClientMessage{Register{std::move(password).value()}};
    if (!msg.contains("name"))
      return make_error(ErrorCode::missing_field, "login needs a \"name\"");
    if (!msg["name"].is_string())
      return make_error(ErrorCode::bad_message, "\"name\" must be a string");
    auto lang = optional_lang(msg);
    if (!lang.ok()) return lang.error();
    return ClientMessage{
        Login{msg["name"].get<std::string>(), std::move(password).value(), lang.value()}};
  }
  if (type == "logout") {
    bool everywhere = false;
    if (msg.contains("everywhere") && !msg["everywhere"].is_null()) {
      if (!msg["everywhere"].is_boolean())
        return make_error(ErrorCode::bad_message, "\"everywhere\" must be true or false");
      everywhere = msg["everywhere"].get<bool>();
    }
    return ClientMessage{Logout{everywhere}};
  }
  if (type == "games") return ClientMessage{ListGames{}};
  if (type == "rooms") {
    auto list = list_rooms(msg);
    if (!list.ok()) return list.error();
    return ClientMessage{std::move(list).value()};
  }
  return make_error(ErrorCode::unknown_type,
                    "unknown message type '" + excerpt(type, 40) +
                        "' (hello, chat, action, sync, games, rooms, replay, register, login, "
                        "logout)");
}

std::string_view to_string(RoomStatus status) {
  switch (status) {
    case RoomStatus::waiting:
      return "waiting";
    case RoomStatus::playing:
      return "playing";
    case RoomStatus::over:
      return "over";
    case RoomStatus::abandoned:
      return "abandoned";
  }
  return "waiting";
}

std::string_view status_label(RoomStatus status, engine::Lang lang) {
  if (lang == engine::Lang::en) return to_string(status);
  switch (status) {
    case RoomStatus::waiting:
      return "en attente";
    case RoomStatus::playing:
      return "en cours";
    case RoomStatus::over:
      return "terminée";
    case RoomStatus::abandoned:
      return "abandonnée";
  }
  return "";
}

Json welcome_message(const std::string& name, const std::string& token, engine::Lang lang,
                     bool registered) {
  Json j{{"type", "welcome"},
         {"name", name},
         {"token", token},
         {"version", kProtocolVersion},
         {"lang", engine::lang_code(lang)}};
  if (registered) j["registered"] = true;
  return j;
}

Json account_message(const std::string& name, bool registered, std::string_view why) {
  return Json{{"type", "account"}, {"name", name}, {"registered", registered}, {"why", why}};
}

Json chat_message(std::optional<RoomId> room, const std::string& from, const std::string& text) {
  return Json{
      {"type", "chat"}, {"room", room ? Json(*room) : Json()}, {"from", from}, {"text", text}};
}

std::string chat_frame(std::optional<RoomId> room, const std::string& from,
                       const std::string& text) {
  // Keys in serialize()'s order (sorted): from, room, text, type.
  std::string out;
  out.reserve(48 + from.size() + text.size());
  engine::JsonTextWriter w(out);
  w.raw(R"({"from":)");
  w.string(from);
  w.raw(R"(,"room":)");
  if (room)
    w.number(*room);
  else
    w.raw("null");
  w.raw(R"(,"text":)");
  w.string(text);
  w.raw(R"(,"type":"chat"})");
  return out;
}

Json info_message(const std::string& text, std::optional<RoomId> room) {
  Json j{{"type", "info"}, {"text", text}};
  if (room) j["room"] = *room;
  return j;
}

Json error_message(const Error& error, engine::Lang lang) {
  return Json{{"type", "error"}, {"code", error.rule}, {"message", error.message_in(lang)}};
}

Json room_json(const RoomInfo& room) {
  Json seats = Json::array();
  for (const auto& seat : room.seats) {
    Json s{{"name", seat.name.empty() ? Json() : Json(seat.name)}, {"connected", seat.connected}};
    if (seat.bot) s["bot"] = true;
    if (!seat.stand_in.empty()) s["stand_in"] = seat.stand_in;
    if (seat.may_hand_over) s["may_hand_over"] = true;
    if (seat.hand_over_at_ms) s["hand_over_at"] = seat.hand_over_at_ms;
    if (!seat.handover_votes.empty()) s["handover_votes"] = seat.handover_votes;
    seats.push_back(std::move(s));
  }
  Json j{{"id", room.id},
         {"game", room.game},
         {"title", room.title},
         {"seats", seats},
         {"spectators", room.spectators},
         {"host", room.host},
         {"status", to_string(room.status)},
         {"options", room.options},
         {"min_players", room.min_players},
         {"max_players", room.max_players}};
  if (room.rematch) j["rematch"] = *room.rematch;
  return j;
}

std::optional<RoomInfo> room_from_json(const Json& j) {
  // Written by room_json on another node of the same version; read defensively all the same (a
  // node of another version, a hand-edited key): a summary that is not one is dropped, never half
  // read.
  if (!j.is_object()) return std::nullopt;
  auto string_at = [&](const char* key, std::string* out) {
    auto it = j.find(key);
    if (it == j.end() || !it->is_string()) return false;
    *out = it->get<std::string>();
    return true;
  };
  auto int_at = [&](const char* key, int* out) {
    auto it = j.find(key);
    if (it == j.end() || !it->is_number_integer()) return false;
    *out = it->get<int>();
    return true;
  };
  RoomInfo room;
  std::string status;
  const auto id = j.contains("id") ? room_number(j["id"]) : std::nullopt;
  if (!id || !string_at("game", &room.game) || !string_at("title", &room.title) ||
      !string_at("host", &room.host) || !string_at("status", &status) ||
      !int_at("min_players", &room.min_players) || !int_at("max_players", &room.max_players))
    return std::nullopt;
  room.id = *id;
  // Every status room_json writes, abandoned included (a room is listed so for a moment).
  const auto statuses = {RoomStatus::waiting, RoomStatus::playing, RoomStatus::over,
                         RoomStatus::abandoned};
  const auto known = std::find_if(statuses.begin(), statuses.end(),
                                  [&](RoomStatus s) { return to_string(s) == status; });
  if (known == statuses.end()) return std::nullopt;
  room.status = *known;
  try {
    for (const auto& s : j.at("seats")) {
      SeatInfo seat;
      if (s.at("name").is_string()) seat.name = s["name"].get<std::string>();
      seat.connected = s.at("connected").get<bool>();
      seat.bot = s.value("bot", false);
      seat.stand_in = s.value("stand_in", std::string());
      seat.may_hand_over = s.value("may_hand_over", false);
      seat.hand_over_at_ms = s.value("hand_over_at", std::int64_t{0});
      seat.handover_votes = s.value("handover_votes", std::vector<std::string>{});
      room.seats.push_back(std::move(seat));
    }
    room.spectators = j.at("spectators").get<std::vector<std::string>>();
    room.options = j.at("options").get<engine::Options>();
    if (j.contains("rematch")) room.rematch = room_number(j["rematch"]);
  } catch (const Json::exception&) {
    return std::nullopt;
  }
  return room;
}

Json room_message(const RoomInfo& room) {
  Json j = room_json(room);
  j["type"] = "room";
  return j;
}

namespace {

void write_strings(engine::JsonTextWriter& w, const std::vector<std::string>& list) {
  w.raw("[");
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (i) w.raw(",");
    w.string(list[i]);
  }
  w.raw("]");
}

// room_json (with `"type":"room"` when `as_message`), as serialize() writes it: nlohmann's objects
// are std::maps, so the keys come sorted, and the optional ones only when room_json puts them.
void write_room(engine::JsonTextWriter& w, const RoomInfo& room, bool as_message) {
  w.raw(R"({"game":)");
  w.string(room.game);
  w.raw(R"(,"host":)");
  w.string(room.host);
  w.raw(R"(,"id":)");
  w.number(room.id);
  w.raw(R"(,"max_players":)");
  w.number(room.max_players);
  w.raw(R"(,"min_players":)");
  w.number(room.min_players);
  w.raw(R"(,"options":{)");
  bool first = true;
  for (const auto& [key, value] : room.options) {
    if (!first) w.raw(",");
    first = false;
    w.string(key);
    w.raw(":");
    w.string(value);
  }
  w.raw("}");
  if (room.rematch) {
    w.raw(R"(,"rematch":)");
    w.number(*room.rematch);
  }
  w.raw(R"(,"seats":[)");
  for (std::size_t i = 0; i < room.seats.size(); ++i) {
    const SeatInfo& seat = room.seats[i];
    w.raw(i ? ",{" : "{");
    if (seat.bot) w.raw(R"("bot":true,)");
    w.raw(seat.connected ? R"("connected":true)" : R"("connected":false)");
    if (seat.hand_over_at_ms) {  // keys in nlohmann's order: "hand_over_at" < "handover_votes"
      w.raw(R"(,"hand_over_at":)");
      w.number(seat.hand_over_at_ms);
    }
    if (!seat.handover_votes.empty()) {
      w.raw(R"(,"handover_votes":)");
      write_strings(w, seat.handover_votes);
    }
    if (seat.may_hand_over) w.raw(R"(,"may_hand_over":true)");
    w.raw(R"(,"name":)");
    if (seat.name.empty())
      w.raw("null");
    else
      w.string(seat.name);
    if (!seat.stand_in.empty()) {
      w.raw(R"(,"stand_in":)");
      w.string(seat.stand_in);
    }
    w.raw("}");
  }
  w.raw(R"(],"spectators":)");
  write_strings(w, room.spectators);
  w.raw(R"(,"status":")");
  w.raw(to_string(room.status));  // a plain word: nothing to escape
  w.raw("\"");
  w.raw(R"(,"title":)");
  w.string(room.title);
  if (as_message) w.raw(R"(,"type":"room")");
  w.raw("}");
}

void write_rooms(engine::JsonTextWriter& w, const std::vector<RoomInfo>& rooms) {
  w.raw("[");
  for (std::size_t i = 0; i < rooms.size(); ++i) {
    if (i) w.raw(",");
    write_room(w, rooms[i], false);
  }
  w.raw("]");
}

}  // namespace

std::string room_frame(const RoomInfo& room) {
  std::string out;
  out.reserve(256 + 64 * room.seats.size());
  engine::JsonTextWriter w(out);
  write_room(w, room, true);
  return out;
}

std::string rooms_frame(const std::vector<RoomInfo>& rooms, std::optional<RoomId> next,
                        std::optional<RoomId> after) {
  std::string out;
  out.reserve(64 + 320 * rooms.size());
  engine::JsonTextWriter w(out);
  w.raw("{");  // keys in serialize()'s order: after, more, next, rooms, type
  if (after) {
    w.raw(R"("after":)");
    w.number(*after);
    w.raw(",");
  }
  w.raw(next ? R"("more":true,"next":)" : R"("more":false)");
  if (next) w.number(*next);
  w.raw(R"(,"rooms":)");
  write_rooms(w, rooms);
  w.raw(R"(,"type":"rooms"})");
  return out;
}

std::string rooms_delta_frame(const RoomsDelta& delta) {
  std::string out;
  out.reserve(64 + 320 * (delta.added.size() + delta.changed.size()) + 12 * delta.removed.size());
  engine::JsonTextWriter w(out);
  w.raw(R"({"added":)");
  write_rooms(w, delta.added);
  w.raw(R"(,"changed":)");
  write_rooms(w, delta.changed);
  w.raw(R"(,"removed":[)");
  for (std::size_t i = 0; i < delta.removed.size(); ++i) {
    if (i) w.raw(",");
    w.number(delta.removed[i]);
  }
  w.raw(R"(],"type":"rooms_delta"})");
  return out;
}

bool has_free_seat(const RoomInfo& room) {
  return room.status == RoomStatus::waiting &&
         std::any_of(room.seats.begin(), room.seats.end(),
                     [](const SeatInfo& s) { return s.name.empty(); });
}

bool matches(const RoomFilter& filter, const RoomInfo& room) {
  return (!filter.game || *filter.game == room.game) &&
         (!filter.status || *filter.status == room.status) &&
         (!filter.free_seats || has_free_seat(room));
}

Json rooms_message(const std::vector<RoomInfo>& rooms, std::optional<RoomId> next,
                   std::optional<RoomId> after) {
  Json list = Json::array();
  for (const auto& room : rooms) list.push_back(room_json(room));
  Json j{{"type", "rooms"}, {"rooms", list}, {"more", next.has_value()}};
  if (next) j["next"] = *next;
  if (after) j["after"] = *after;
  return j;
}

Json rooms_delta_message(const RoomsDelta& delta) {
  Json added = Json::array(), changed = Json::array();
  for (const auto& room : delta.added) added.push_back(room_json(room));
  for (const auto& room : delta.changed) changed.push_back(room_json(room));
  return Json{
      {"type", "rooms_delta"}, {"added", added}, {"changed", changed}, {"removed", delta.removed}};
}

Json state_message(RoomId room, std::int64_t version, Json view, std::optional<engine::Seat> seat,
                   const Json& static_data, const std::vector<std::string>& log,
                   const std::vector<std::int64_t>& log_at) {
  Json j{{"type", "state"},         {"room", room},
         {"version", version},      {"seat", seat ? Json(*seat) : Json()},
         {"view", std::move(view)}, {"log", log}};
  if (!log_at.empty()) j["log_at"] = log_at;
  if (!static_data.empty()) j["static"] = static_data;
  return j;
}

Json history_message(RoomId room, Json lines) {
  return Json{{"type", "history"}, {"room", room}, {"lines", std::move(lines)}};
}

Json patch_message(RoomId room, std::int64_t from, std::int64_t to, Json ops, engine::Seat by,
                   const std::vector<std::string>& log) {
  Json j{{"type", "patch"}, {"room", room}, {"from", from},
         {"to", to},        {"by", by},     {"ops", std::move(ops)}};
  if (!log.empty()) j["log"] = log;
  return j;
}

std::string state_frame(RoomId room, std::int64_t version, const Json& view,
                        std::optional<engine::Seat> seat, std::string_view static_text,
                        std::string_view log_text, std::string_view log_at_text) {
  // Keys in serialize()'s order (sorted): log, log_at, room, seat, static, type, version, view.
  const std::string view_text = serialize(view);
  const bool has_static =
      !static_text.empty() && static_text != "{}" && static_text != "[]" && static_text != "null";
  std::string out;
  out.reserve(104 + view_text.size() + static_text.size() + log_text.size() + log_at_text.size());
  out += R"({"log":)";
  out += log_text.empty() ? std::string_view("[]") : log_text;
  if (!log_at_text.empty() && log_at_text != "[]") {
    out += R"(,"log_at":)";
    out += log_at_text;
  }
  out += R"(,"room":)";
  out += std::to_string(room);
  out += R"(,"seat":)";
  out += seat ? std::to_string(*seat) : std::string("null");
  if (has_static) {
    out += R"(,"static":)";
    out += static_text;
  }
  out += R"(,"type":"state","version":)";
  out += std::to_string(version);
  out += R"(,"view":)";
  out += view_text;
  out += '}';
  return out;
}

std::string patch_frame(RoomId room, std::int64_t from, std::int64_t to,
                        std::string_view shared_ops, std::string_view own_ops, engine::Seat by,
                        std::string_view log_lines) {
  // Written as serialize() writes patch_message: nlohmann's objects are std::maps, so the keys come
  // sorted (by, from, log, ops, room, to, type), and its integers print as std::to_string's.
  // Reserved once: the frame grew by doubling, several allocations for every frame of every move.
  std::string out;
  out.reserve(96 + shared_ops.size() + own_ops.size() + log_lines.size());
  out += R"({"by":)";
  out += std::to_string(by);
  out += R"(,"from":)";
  out += std::to_string(from);
  if (log_lines.size() > 2) {  // not "[]"
    out += R"(,"log":)";
    out += log_lines;
  }
  out += R"(,"ops":)";
  if (own_ops.size() <= 2) {  // "[]"
    out += shared_ops;
  } else if (shared_ops.size() <= 2) {
    out += own_ops;
  } else {  // one array: the shared ops, then the own ones
    out += shared_ops.substr(0, shared_ops.size() - 1);
    out += ',';
    out += own_ops.substr(1);
  }
  out += R"(,"room":)";
  out += std::to_string(room);
  out += R"(,"to":)";
  out += std::to_string(to);
  out += R"(,"type":"patch"})";
  return out;
}

Json over_message(RoomId room, const engine::Outcome& outcome,
                  const std::vector<std::string>& names, engine::Lang lang) {
  Json ranking = Json::array();
  for (std::size_t i = 0; i < outcome.ranking.size(); ++i) {
    const auto seat = outcome.ranking[i];
    // A game that gives no places (an older engine) ranks every seat apart.
    const int place = outcome.places.empty() ? static_cast<int>(i) + 1 : outcome.places.at(seat);
    ranking.push_back(Json{{"place", place},
                           {"seat", seat},
                           {"name", names.at(seat)},
                           {"score", outcome.scores.at(seat)}});
  }
  Json j{{"type", "over"}, {"room", room}, {"scores", outcome.scores}, {"ranking", ranking}};
  if (!outcome.places.empty()) j["places"] = outcome.places;
  if (outcome.solo_won) j["solo"] = *outcome.solo_won ? "won" : "lost";
  if (!outcome.breakdown.empty()) {
    Json breakdown = Json::array();
    for (const auto& parts : outcome.breakdown) {
      Json seat_parts = Json::array();
      for (const auto& part : parts) {
        Json p{{"source", part.source}, {"label", part.label.in(lang)}, {"points", part.points}};
        if (!part.detail.empty()) p["detail"] = part.detail;
        seat_parts.push_back(std::move(p));
      }
      breakdown.push_back(std::move(seat_parts));
    }
    j["breakdown"] = std::move(breakdown);
  }
  return j;
}

Json left_message(RoomId room) {
  return Json{{"type", "left"}, {"room", room}};
}

Json clock_message(RoomId room, Json clock) {
  clock["type"] = "clock";
  clock["room"] = room;
  return clock;
}

Json replay_message(RoomId room, int step, int steps, std::optional<engine::Seat> by, Json view,
                    const std::vector<std::string>& log, const Json& static_data) {
  Json m{{"type", "replay"},
         {"room", room},
         {"step", step},
         {"steps", steps},
         {"by", by ? Json(*by) : Json(nullptr)},
         {"view", std::move(view)},
         {"log", log}};
  if (!static_data.is_null()) m["static"] = static_data;
  return m;
}

Json games_message(const std::vector<const engine::GameSpec*>& specs,
                   const std::vector<std::string>& bots, engine::Lang lang,
                   const std::vector<engine::OptionSpec>& room_options) {
  Json games = Json::array();
  for (const auto* spec : specs) {
    Json options = Json::array();
    std::vector<const engine::OptionSpec*> all;
    for (const auto& o : spec->options) all.push_back(&o);
    for (const auto& o : room_options) all.push_back(&o);
    for (const auto* op : all) {
      const auto& o = *op;
      Json option{{"key", o.key},
                  {"choices", o.choices},
                  {"default", o.default_value},
                  {"label", o.label.in(lang)},
                  {"help", o.help.in(lang)}};
      if (!o.choice_labels.empty()) {
        Json labels = Json::array();
        for (const auto& label : o.choice_labels) labels.push_back(label.in(lang));
        option["choice_labels"] = std::move(labels);
      }
      if (o.min_players) option["min_players"] = o.min_players;
      if (o.max_players) option["max_players"] = o.max_players;
      options.push_back(std::move(option));
    }
    games.push_back(Json{{"id", spec->id},
                         {"title", spec->title},
                         {"min_players", spec->min_players},
                         {"max_players", spec->max_players},
                         {"options", options}});
  }
  return Json{{"type", "games"}, {"games", games}, {"bots", bots}};
}

}  // namespace archipel::protocol
