// Costa Ruana: set-up, who acts, legal actions, apply, resolution, treasures and scoring, side by
// side (see costa_ruana.hpp for the rules summary, the action forms and the hidden information).

#include "engine/costa_ruana/costa_ruana.hpp"

#include <algorithm>
#include <numeric>

#include "engine/core/json_object.hpp"
#include "engine/core/json_read.hpp"

namespace archipel::engine::costa_ruana {
namespace {

// An action decoded from its JSON: indices into the components and the state. Encoding and legality
// work on these, so the hot paths compare small structs, not JSON.
enum class MoveType : std::uint8_t {
  place,
  card,
  native,
  pass,
  flip,
  resolve,
  remove,
  treasure,
  take,
  to,
  keep,
  shaman
};
inline constexpr EnumNames<MoveType, 12> kMoveNames{{{{MoveType::place, "place"},
                                                      {MoveType::card, "card"},
                                                      {MoveType::native, "native"},
                                                      {MoveType::pass, "pass"},
                                                      {MoveType::flip, "flip"},
                                                      {MoveType::resolve, "resolve"},
                                                      {MoveType::remove, "remove"},
                                                      {MoveType::treasure, "treasure"},
                                                      {MoveType::take, "take"},
                                                      {MoveType::to, "to"},
                                                      {MoveType::keep, "keep"},
                                                      {MoveType::shaman, "shaman"}}}};

struct Move {
  MoveType type = MoveType::pass;
  int a = -1;      // island, card, played index, seat, flip (0 tide, 1 time), treasure source
  int b = -1;      // card target seat, treasure destination, take island
  bool up = true;  // card: the face (checked against the step)
  friend bool operator==(const Move&, const Move&) = default;
};

int num_islands(const State& s) {
  return static_cast<int>(s.islands.size());
}

bool has_room(const Island& island) {
  return island_total(island) < components().island_capacity;
}

Json ev(std::string type, Seat seat) {
  return object_of("type", std::move(type), "seat", seat);
}

const std::string& island_id(int island) {
  return components().islands[island];
}

Kind kind_of(int card) {
  return components().effect_of(card).kind;
}

/// The seat that must choose now, or -1 (over, or between automatic steps).
Seat current_seat(const State& s) {
  switch (s.phase) {
    case Phase::setup:
      return seat_in_order(s, s.turn % s.num_seats);
    case Phase::card_up:
    case Phase::card_down:
    case Phase::native:
      return s.turn < s.num_seats ? seat_in_order(s, s.turn) : -1;
    case Phase::flip:
    case Phase::shaman:
      return s.shaman;
    case Phase::resolve:
      if (s.resolving.played < 0) return seat_in_order(s, s.turn);
      return s.resolving.appliers[s.resolving.applier];
    case Phase::over:
      return -1;
  }
  return -1;
}

// ---- Resolution ---------------------------------------------------------------------------------

/// Cards before `seat` of the first kind still to resolve there (the book's order), in slot order.
std::vector<int> next_candidates(const State& s, Seat seat) {
  std::vector<int> out;
  int best = 99;
  for (int i = 0; i < static_cast<int>(s.played.size()); ++i) {
    if (s.played[i].to != seat) continue;
    const int k = static_cast<int>(kind_of(s.played[i].card));
    if (k < best) {
      best = k;
      out.clear();
    }
    if (k == best) out.push_back(i);
  }
  return out;
}

Seat applier(const State& s) {
  return s.resolving.appliers[s.resolving.applier];
}

bool native_can_move_from(const State& s, int from) {
  for (int i = 0; i < num_islands(s); ++i)
    if (i != from && has_room(s.islands[i])) return true;
  return false;
}

/// Whether the current application of the card being resolved has a choice left (else it ends).
bool application_has_choice(const State& s) {
  const Resolving& r = s.resolving;
  if (r.units_left <= 0) return false;
  const Seat who = applier(s);
  switch (kind_of(s.played[r.played].card)) {
    case Kind::place:
      if (s.players[who].reserve == 0) return false;
      return std::any_of(s.islands.begin(), s.islands.end(), has_room);
    case Kind::remove:
      return natives_on_islands(s, who) > 0;
    case Kind::move_treasure:
      return std::any_of(s.islands.begin(), s.islands.end(),
                         [](const Island& i) { return i.treasures > 0; });
    case Kind::move_native:
      if (r.taken_owner >= 0) return true;
      for (int i = 0; i < num_islands(s); ++i)
        if (island_total(s.islands[i]) > 0 && native_can_move_from(s, i)) return true;
      return false;
  }
  return false;
}

void begin_application(State& s) {
  Resolving& r = s.resolving;
  r.units_left = components().effect_of(s.played[r.played].card).amount;
  r.taken_owner = -1;
  r.taken_island = -1;
}

void start_card(State& s, int index, std::vector<Json>& events) {
  Resolving& r = s.resolving;
  const Played& p = s.played[index];
  r.played = index;
  r.appliers = {p.to};
  for (int k = 0; k < s.num_seats; ++k) {
    const Seat seat = (p.to + k) % s.num_seats;
    if (p.natives[seat]) r.appliers.push_back(seat);
  }
  r.applier = 0;
  begin_application(s);
  Json e = ev("resolve", p.to);
  e["slot"] = slot_name(p);
  e["card"] = components().cards[p.card].id;
  events.push_back(std::move(e));
}

/// Discards played card `index`; its natives go home.
void discard_played(State& s, int index, const char* why, std::vector<Json>& events) {
  const Played& p = s.played[index];
  for (Seat seat = 0; seat < s.num_seats; ++seat)
    if (p.natives[seat]) ++s.players[seat].reserve;
  s.discards.push_back(p.card);
  Json e{{"type", "discard"},
         {"slot", slot_name(p)},
         {"card", components().cards[p.card].id},
         {"why", why}};
  events.push_back(std::move(e));
  s.played.erase(s.played.begin() + index);
}

/// Walks the resolution until a seat must choose; false once every card is resolved.
bool resolution_waits(State& s, std::vector<Json>& events) {
  Resolving& r = s.resolving;
  for (;;) {
    if (r.played < 0) {
      if (s.turn >= s.num_seats) return false;
      const auto candidates = next_candidates(s, seat_in_order(s, s.turn));
      if (candidates.empty()) {
        ++s.turn;
        continue;
      }
      if (candidates.size() > 1) return true;
      start_card(s, candidates.front(), events);
    }
    if (r.applier >= static_cast<int>(r.appliers.size())) {
      discard_played(s, r.played, "resolved", events);
      r = Resolving{};
      continue;
    }
    if (application_has_choice(s)) return true;
    ++r.applier;
    if (r.applier < static_cast<int>(r.appliers.size())) begin_application(s);
  }
}

// ---- Rounds -------------------------------------------------------------------------------------

void award_treasures(State& s, std::vector<Json>& events) {
  for (int i = 0; i < num_islands(s); ++i) {
    Island& island = s.islands[i];
    if (island.treasures == 0) continue;
    const Seat winner = treasure_winner(island, s.num_seats);
    if (winner < 0) continue;
    --island.treasures;
    ++s.players[winner].awards;
    --island.natives[winner];
    ++s.players[winner].reserve;
    Json e = ev("award", winner);
    e["island"] = island_id(i);
    events.push_back(std::move(e));
  }
}

void start_round(State& s, std::vector<Json>& events) {
  for (auto& p : s.players) {
    p.hut += p.awards;
    p.awards = 0;
  }
  s.phase = Phase::card_up;
  s.turn = 0;
  events.push_back(Json{{"type", "round"}, {"round", s.round}, {"shaman", s.shaman}});
}

void end_round(State& s, std::vector<Json>& events) {
  s.resolving = Resolving{};
  s.turn = 0;
  if (s.round >= components().rounds) {
    s.phase = Phase::over;
    Json scores = Json::array();
    for (Seat seat = 0; seat < s.num_seats; ++seat) scores.push_back(score_of(s, seat));
    events.push_back(Json{{"type", "over"}, {"scores", std::move(scores)}});
    return;
  }
  s.shaman = next_shaman(s);
  events.push_back(ev("new_shaman", s.shaman));
  const int draw = components().draws[s.round - 1];
  for (int k = 0; k < s.num_seats; ++k) {
    const Seat seat = seat_in_order(s, k);
    auto& hand = s.players[seat].hand;
    int drawn = 0;
    for (; drawn < draw && !s.pile.empty(); ++drawn) {
      hand.push_back(s.pile.back());
      s.pile.pop_back();
    }
    std::sort(hand.begin(), hand.end());
    Json e = ev("draw", seat);
    e["count"] = drawn;
    events.push_back(std::move(e));
  }
  ++s.round;
  s.phase = Phase::shaman;
}

void reveal(State& s, std::vector<Json>& events) {
  for (auto& p : s.played)
    if (!p.up) {
      p.up = true;
      Json e = ev("reveal", p.by);
      e["slot"] = slot_name(p);
      e["card"] = components().cards[p.card].id;
      events.push_back(std::move(e));
    }
  // In slot order, so the log reads like the table.
  for (std::size_t i = 0; i < s.played.size();) {
    if (active(s, components().cards[s.played[i].card].background))
      ++i;
    else
      discard_played(s, static_cast<int>(i), "inactive", events);
  }
  s.phase = Phase::resolve;
  s.turn = 0;
  s.resolving = Resolving{};
}

// ---- Legal moves --------------------------------------------------------------------------------

std::vector<Move> moves(const State& s, Seat seat) {
  std::vector<Move> out;
  if (seat < 0 || seat != current_seat(s)) return out;
  const int n = s.num_seats;
  switch (s.phase) {
    case Phase::setup:
      for (int i = 0; i < num_islands(s); ++i)
        if (has_room(s.islands[i])) out.push_back(Move{MoveType::place, i});
      break;
    case Phase::card_up:
    case Phase::card_down: {
      const auto& hand = s.players[seat].hand;
      for (std::size_t h = 0; h < hand.size(); ++h) {
        bool repeat = false;
        for (std::size_t g = 0; g < h; ++g)
          if (components().cards[hand[g]].name == components().cards[hand[h]].name) repeat = true;
        if (repeat) continue;
        for (Seat to = 0; to < n; ++to)
          out.push_back(Move{MoveType::card, hand[h], to, s.phase == Phase::card_up});
      }
      break;
    }
    case Phase::native:
      for (int i = 0; i < static_cast<int>(s.played.size()); ++i)
        out.push_back(Move{MoveType::native, i});
      out.push_back(Move{MoveType::pass});
      break;
    case Phase::flip:
      out.push_back(Move{MoveType::flip, 0});
      out.push_back(Move{MoveType::flip, 1});
      break;
    case Phase::resolve: {
      const Resolving& r = s.resolving;
      if (r.played < 0) {
        for (int i : next_candidates(s, seat)) out.push_back(Move{MoveType::resolve, i});
        break;
      }
      switch (kind_of(s.played[r.played].card)) {
        case Kind::place:
          for (int i = 0; i < num_islands(s); ++i)
            if (has_room(s.islands[i])) out.push_back(Move{MoveType::place, i});
          break;
        case Kind::remove:
          for (int i = 0; i < num_islands(s); ++i)
            if (s.islands[i].natives[seat] > 0) out.push_back(Move{MoveType::remove, i});
          break;
        case Kind::move_treasure:
          for (int from = 0; from < num_islands(s); ++from)
            if (s.islands[from].treasures > 0)
              for (int to = 0; to < num_islands(s); ++to)
                if (to != from) out.push_back(Move{MoveType::treasure, from, to});
          break;
        case Kind::move_native:
          if (r.taken_owner < 0) {
            for (int i = 0; i < num_islands(s); ++i)
              if (native_can_move_from(s, i))
                for (Seat owner = 0; owner < n; ++owner)
                  if (s.islands[i].natives[owner] > 0)
                    out.push_back(Move{MoveType::take, owner, i});
          } else {
            for (int i = 0; i < num_islands(s); ++i)
              if (i != r.taken_island && has_room(s.islands[i]))
                out.push_back(Move{MoveType::to, i});
          }
          break;
      }
      break;
    }
    case Phase::shaman:
      out.push_back(Move{MoveType::keep});
      for (Seat other = 0; other < n; ++other)
        if (other != seat) out.push_back(Move{MoveType::shaman, other});
      break;
    case Phase::over:
      break;
  }
  return out;
}

Json encode(const State& s, const Move& m) {
  Json j{{"type", std::string(kMoveNames.name(m.type))}};
  switch (m.type) {
    case MoveType::place:
    case MoveType::remove:
    case MoveType::to:
      j["island"] = island_id(m.a);
      break;
    case MoveType::card:
      j["face"] = m.up ? "up" : "down";
      j["card"] = components().cards[m.a].id;
      j["to"] = m.b;
      break;
    case MoveType::native:
    case MoveType::resolve:
      j["slot"] = slot_name(s.played[m.a]);
      break;
    case MoveType::flip:
      j["card"] = m.a == 0 ? "tide" : "time";
      break;
    case MoveType::treasure:
      j["from"] = island_id(m.a);
      j["to"] = island_id(m.b);
      break;
    case MoveType::take:
      j["seat"] = m.a;
      j["island"] = island_id(m.b);
      break;
    case MoveType::shaman:
      j["seat"] = m.a;
      break;
    case MoveType::pass:
    case MoveType::keep:
      break;
  }
  return j;
}

// Reads an action's fields. Unknown ids decode to -1 (refused with a reason by check()); a missing
// or mistyped field is BadInput, turned into costa_ruana.bad_action by guard_input.
Move decode(const State& s, const Json& j) {
  Move m;
  m.type = kMoveNames.read(j, "type");
  auto island = [&](std::string_view key) {
    const int i = components().island_index(read_string(j, key));
    return i < num_islands(s) ? i : -1;
  };
  switch (m.type) {
    case MoveType::place:
    case MoveType::remove:
    case MoveType::to:
      m.a = island("island");
      break;
    case MoveType::card: {
      const std::string& face = read_string(j, "face");
      require(face == "up" || face == "down", "\"face\" is up or down");
      m.up = face == "up";
      m.a = components().card_index(read_string(j, "card"));
      m.b = read_int(j, "to", 0, s.num_seats - 1);
      break;
    }
    case MoveType::native:
    case MoveType::resolve:
      m.a = played_index(s, read_string(j, "slot"));
      break;
    case MoveType::flip: {
      const std::string& card = read_string(j, "card");
      require(card == "tide" || card == "time", "\"card\" is tide or time");
      m.a = card == "tide" ? 0 : 1;
      break;
    }
    case MoveType::treasure:
      m.a = island("from");
      m.b = island("to");
      break;
    case MoveType::take:
      m.a = read_int(j, "seat", 0, s.num_seats - 1);
      m.b = island("island");
      break;
    case MoveType::shaman:
      m.a = read_int(j, "seat", 0, s.num_seats - 1);
      break;
    case MoveType::pass:
    case MoveType::keep:
      break;
  }
  return m;
}

// What the acting seat must do now, in both languages (the rule book's words: habitant, shaman,
// carte Condition), with the text form to type.
LocalText expected_here(const State& s) {
  switch (s.phase) {
    case Phase::setup:
      return {"set-up: place a native on an island (place I3)",
              "mise en place : placez un habitant sur une île (place I3)"};
    case Phase::card_up:
      return {"play a card face up before a player (up p2-night 3)",
              "jouez une carte face visible devant un joueur (up p2-night 3)"};
    case Phase::card_down:
      return {"play a card face down before a player (down mt-day 1)",
              "jouez une carte face cachée devant un joueur (down mt-day 1)"};
    case Phase::native:
      return {"put a native on a played card (native 3b) or pass",
              "posez un habitant sur une carte jouée (native 3b) ou passez"};
    case Phase::flip:
      return {"flip a Condition card (flip tide or flip time)",
              "retournez une carte Condition (flip tide ou flip time)"};
    case Phase::resolve:
      if (s.resolving.played < 0)
        return {"choose the next card to resolve (resolve 2a)",
                "choisissez la prochaine carte à résoudre (resolve 2a)"};
      switch (kind_of(s.played[s.resolving.played].card)) {
        case Kind::place:
          return {"place a native on an island (place I3)",
                  "placez un habitant sur une île (place I3)"};
        case Kind::remove:
          return {"take one of your natives home (remove I3)",
                  "retirez un de vos habitants d'une île (remove I3)"};
        case Kind::move_treasure:
          return {"move a treasure (treasure I2 I5)", "déplacez un trésor (treasure I2 I5)"};
        case Kind::move_native:
          return s.resolving.taken_owner < 0 ? LocalText{"take a native to move (take 2 I3)",
                                                         "prenez l'habitant à déplacer (take 2 I3)"}
                                             : LocalText{"say where the native goes (to I5)",
                                                         "dites où va l'habitant (to I5)"};
      }
      return {"resolve", "résolvez"};
    case Phase::shaman:
      return {"keep the shaman or name another player (keep, shaman 2)",
              "gardez le shaman ou désignez un autre joueur (keep, shaman 2)"};
    case Phase::over:
      return {"nothing: the game is over", "rien : la partie est finie"};
  }
  return {"?", "?"};
}

RuleError must_now(const std::string& rule, const State& s) {
  const LocalText what = expected_here(s);
  return fail(rule, "now you must " + what.en, "maintenant : " + what.fr);
}

// Why a decoded move is refused (it is not among the legal moves).
RuleError refusal(const State& s, Seat seat, const Move& m) {
  const auto legal_types = moves(s, seat);
  const bool type_ok = std::any_of(legal_types.begin(), legal_types.end(),
                                   [&](const Move& x) { return x.type == m.type; });
  if (!type_ok) return must_now("costa_ruana.wrong_step", s);
  switch (m.type) {
    case MoveType::place:
    case MoveType::remove:
    case MoveType::to:
      if (m.a < 0)
        return fail("costa_ruana.unknown_island", "there is no such island in play",
                    "cette île n'est pas en jeu");
      if (m.type == MoveType::remove)
        return fail("costa_ruana.no_native_there", "you have no native on " + island_id(m.a),
                    "vous n'avez pas d'habitant sur " + island_id(m.a));
      if (m.type == MoveType::to && m.a == s.resolving.taken_island)
        return fail("costa_ruana.same_island", "a native moves to another island",
                    "un habitant se déplace vers une autre île");
      return fail("costa_ruana.island_full",
                  island_id(m.a) + " already holds " +
                      std::to_string(components().island_capacity) + " natives",
                  island_id(m.a) + " a déjà " + std::to_string(components().island_capacity) +
                      " habitants");
    case MoveType::card: {
      if (m.a < 0)
        return fail("costa_ruana.unknown_card", "there is no such card",
                    "cette carte n'existe pas");
      if (m.up != (s.phase == Phase::card_up)) return must_now("costa_ruana.wrong_face", s);
      const auto& hand = s.players[seat].hand;
      if (std::find(hand.begin(), hand.end(), m.a) == hand.end())
        return fail("costa_ruana.not_in_hand", "that card is not in your hand",
                    "cette carte n'est pas dans votre main");
      return fail("costa_ruana.lowest_id", "of identical cards in a hand, play the lowest id",
                  "parmi des cartes identiques de votre main, jouez celle du plus petit numéro");
    }
    case MoveType::native:
    case MoveType::resolve:
      if (m.a < 0)
        return fail("costa_ruana.unknown_slot", "no played card lies in that slot",
                    "aucune carte jouée n'est à cette place");
      if (m.type == MoveType::resolve && s.played[m.a].to != seat)
        return fail("costa_ruana.not_before_you", "that card lies before another player",
                    "cette carte est devant un autre joueur");
      return fail("costa_ruana.kind_order",
                  "cards are resolved by kind: move treasure, remove, place, move native",
                  "les cartes se résolvent par type : Déplacer un trésor, Retirer, Placer, "
                  "Déplacer un habitant");
    case MoveType::treasure:
      if (m.a < 0 || m.b < 0)
        return fail("costa_ruana.unknown_island", "there is no such island in play",
                    "cette île n'est pas en jeu");
      if (m.a == m.b)
        return fail("costa_ruana.same_island", "a treasure moves to another island",
                    "un trésor se déplace vers une autre île");
      return fail("costa_ruana.no_treasure", island_id(m.a) + " has no treasure",
                  island_id(m.a) + " n'a pas de trésor");
    case MoveType::take:
      if (m.b < 0)
        return fail("costa_ruana.unknown_island", "there is no such island in play",
                    "cette île n'est pas en jeu");
      if (s.islands[m.b].natives[m.a] == 0)
        return fail(
            "costa_ruana.no_native_there",
            "player " + std::to_string(m.a + 1) + " has no native on " + island_id(m.b),
            "le joueur " + std::to_string(m.a + 1) + " n'a pas d'habitant sur " + island_id(m.b));
      return fail("costa_ruana.island_full", "every other island is full",
                  "toutes les autres îles sont pleines");
    case MoveType::shaman:
      return fail("costa_ruana.name_another", "name another player, or keep",
                  "désignez un autre joueur, ou gardez le shaman (keep)");
    default:
      return fail("costa_ruana.illegal", "that move is not legal now",
                  "ce coup n'est pas permis maintenant");
  }
}

void execute(State& s, Seat seat, const Move& m, std::vector<Json>& events) {
  Resolving& r = s.resolving;
  switch (m.type) {
    case MoveType::place: {
      ++s.islands[m.a].natives[seat];
      --s.players[seat].reserve;
      Json e = ev("place", seat);
      e["island"] = island_id(m.a);
      events.push_back(std::move(e));
      if (s.phase == Phase::setup)
        ++s.turn;
      else
        --r.units_left;
      break;
    }
    case MoveType::card: {
      PlayerState& p = s.players[seat];
      p.hand.erase(std::find(p.hand.begin(), p.hand.end(), m.a));
      Played card;
      card.card = m.a;
      card.by = seat;
      card.to = m.b;
      card.up = m.up;
      card.letter = static_cast<int>(std::count_if(s.played.begin(), s.played.end(),
                                                   [&](const Played& x) { return x.to == m.b; }));
      // Kept in slot order (target seat, then letter).
      auto at = std::find_if(s.played.begin(), s.played.end(),
                             [&](const Played& x) { return x.to > m.b; });
      at = s.played.insert(at, card);
      Json e = ev("card", seat);
      e["to"] = m.b;
      e["face"] = m.up ? "up" : "down";
      e["slot"] = slot_name(*at);
      if (m.up) e["card"] = components().cards[m.a].id;
      events.push_back(std::move(e));
      ++s.turn;
      break;
    }
    case MoveType::native: {
      s.played[m.a].natives[seat] = true;
      --s.players[seat].reserve;
      Json e = ev("native", seat);
      e["slot"] = slot_name(s.played[m.a]);
      events.push_back(std::move(e));
      ++s.turn;
      break;
    }
    case MoveType::pass:
      events.push_back(ev("pass", seat));
      ++s.turn;
      break;
    case MoveType::flip: {
      if (m.a == 0)
        s.tide_high = !s.tide_high;
      else
        s.time_day = !s.time_day;
      Json e = ev("flip", seat);
      e["card"] = m.a == 0 ? "tide" : "time";
      e["tide"] = std::string(kBackgroundNames.name(tide_face(s)));
      e["time"] = std::string(kBackgroundNames.name(time_face(s)));
      events.push_back(std::move(e));
      reveal(s, events);
      break;
    }
    case MoveType::resolve:
      start_card(s, m.a, events);
      break;
    case MoveType::remove: {
      --s.islands[m.a].natives[seat];
      ++s.players[seat].reserve;
      --r.units_left;
      Json e = ev("remove", seat);
      e["island"] = island_id(m.a);
      events.push_back(std::move(e));
      break;
    }
    case MoveType::treasure: {
      --s.islands[m.a].treasures;
      ++s.islands[m.b].treasures;
      --r.units_left;
      Json e = ev("treasure", seat);
      e["from"] = island_id(m.a);
      e["to"] = island_id(m.b);
      events.push_back(std::move(e));
      break;
    }
    case MoveType::take: {
      r.taken_owner = m.a;
      r.taken_island = m.b;
      Json e = ev("take", seat);
      e["owner"] = m.a;
      e["island"] = island_id(m.b);
      events.push_back(std::move(e));
      break;
    }
    case MoveType::to: {
      --s.islands[r.taken_island].natives[r.taken_owner];
      ++s.islands[m.a].natives[r.taken_owner];
      Json e = ev("move", seat);
      e["owner"] = r.taken_owner;
      e["from"] = island_id(r.taken_island);
      e["to"] = island_id(m.a);
      events.push_back(std::move(e));
      r.taken_owner = -1;
      r.taken_island = -1;
      --r.units_left;
      break;
    }
    case MoveType::keep:
      events.push_back(ev("keep", seat));
      start_round(s, events);
      break;
    case MoveType::shaman: {
      Json e = ev("name_shaman", seat);
      e["shaman"] = m.a;
      events.push_back(std::move(e));
      s.shaman = m.a;
      start_round(s, events);
      break;
    }
  }
}

}  // namespace

// ---- Helpers ------------------------------------------------------------------------------------

Seat seat_in_order(const State& s, int position) {
  return (s.shaman + position) % s.num_seats;
}

int island_total(const Island& island) {
  return std::accumulate(island.natives.begin(), island.natives.end(), 0);
}

int natives_on_islands(const State& s, Seat seat) {
  int total = 0;
  for (const auto& island : s.islands) total += island.natives[seat];
  return total;
}

int natives_on_cards(const State& s, Seat seat) {
  return static_cast<int>(std::count_if(s.played.begin(), s.played.end(),
                                        [&](const Played& p) { return p.natives[seat]; }));
}

Background tide_face(const State& s) {
  return s.tide_high ? Background::high_tide : Background::low_tide;
}

Background time_face(const State& s) {
  return s.time_day ? Background::day : Background::night;
}

bool active(const State& s, Background b) {
  return b == tide_face(s) || b == time_face(s);
}

Seat treasure_winner(const Island& island, int num_seats) {
  Seat best = -1;
  for (Seat seat = 0; seat < num_seats; ++seat) {
    const int count = island.natives[seat];
    if (count == 0) continue;
    bool tied = false;
    for (Seat other = 0; other < num_seats; ++other)
      if (other != seat && island.natives[other] == count) tied = true;
    if (!tied && (best < 0 || count > island.natives[best])) best = seat;
  }
  return best;
}

Seat next_shaman(const State& s) {
  int fewest = 1 << 20;
  for (const auto& p : s.players) fewest = std::min(fewest, p.awards);
  // Nearest clockwise after the last shaman; the last shaman himself comes last.
  for (int k = 1; k <= s.num_seats; ++k) {
    const Seat seat = (s.shaman + k) % s.num_seats;
    if (s.players[seat].awards == fewest) return seat;
  }
  return s.shaman;
}

std::string slot_name(const Played& p) {
  return std::to_string(p.to + 1) + static_cast<char>('a' + p.letter);
}

int played_index(const State& s, std::string_view slot) {
  for (int i = 0; i < static_cast<int>(s.played.size()); ++i)
    if (slot_name(s.played[i]) == slot) return i;
  return -1;
}

int treasures_of(const State& s, Seat seat) {
  return s.players[seat].hut + s.players[seat].awards;
}

int score_of(const State& s, Seat seat) {
  return 2 * treasures_of(s, seat) + s.players[seat].reserve;
}

std::vector<ScorePart> score_parts(const State& s, Seat seat) {
  return {{"treasures",
           {"Treasures (2 points each)", "Trésors (2 points chacun)"},
           2 * treasures_of(s, seat),
           ""},
          {"natives",
           {"Natives in reserve (1 point each)", "Habitants dans la réserve (1 point chacun)"},
           s.players[seat].reserve,
           ""}};
}

void advance(State& s, std::vector<Json>& events) {
  for (;;) {
    switch (s.phase) {
      case Phase::setup:
        if (s.turn < components().setup_natives * s.num_seats) return;
        start_round(s, events);
        continue;
      case Phase::card_up:
      case Phase::card_down:
        if (s.turn >= s.num_seats) {
          s.phase = s.phase == Phase::card_up ? Phase::card_down : Phase::native;
          s.turn = 0;
          continue;
        }
        if (s.players[seat_in_order(s, s.turn)].hand.empty()) {  // only with a short pile
          ++s.turn;
          continue;
        }
        return;
      case Phase::native:
        if (s.turn >= s.num_seats) {
          s.phase = Phase::flip;
          s.turn = 0;
          continue;
        }
        if (s.players[seat_in_order(s, s.turn)].reserve == 0) {
          ++s.turn;
          continue;
        }
        return;
      case Phase::resolve:
        if (resolution_waits(s, events)) return;
        award_treasures(s, events);
        end_round(s, events);
        continue;
      case Phase::flip:
      case Phase::shaman:
      case Phase::over:
        return;
    }
  }
}

// ---- The contract -------------------------------------------------------------------------------

const GameSpec& Rules::spec() {
  static const GameSpec spec{"costa-ruana", "Costa Ruana", 2, 6, {}, {}};
  return spec;
}

Result<State> Rules::setup(int num_seats, const Options& options, std::uint64_t seed) {
  if (num_seats < 2 || num_seats > kMaxSeats)
    return fail("bad_seats", "Costa Ruana is for 2 to 6 players",
                "Costa Ruana se joue de 2 à 6 joueurs");
  if (!options.empty())
    return fail("bad_option", "Costa Ruana has no options", "Costa Ruana n'a pas d'option");
  const Components& c = components();
  State s;
  s.num_seats = num_seats;
  s.rng = Rng(seed);
  for (int card = 0; card < static_cast<int>(c.cards.size()); ++card)
    if (c.cards[card].notches <= num_seats) s.pile.push_back(card);
  s.rng.shuffle(s.pile);
  s.players.assign(num_seats, PlayerState{});
  for (auto& p : s.players) {
    p.reserve = c.natives_per_player;
    for (int k = 0; k < c.hand_size && !s.pile.empty(); ++k) {
      p.hand.push_back(s.pile.back());
      s.pile.pop_back();
    }
    std::sort(p.hand.begin(), p.hand.end());
  }
  s.tide_high = s.rng.below(2) == 0;
  s.time_day = s.rng.below(2) == 0;
  const int islands = c.islands_by_players[num_seats];
  s.islands.assign(islands, Island{});
  std::vector<int> order(islands);
  std::iota(order.begin(), order.end(), 0);
  s.rng.shuffle(order);
  for (int k = 0; k < islands; ++k)
    s.islands[order[k]].treasures = k < c.small_islands ? c.small_treasures : c.large_treasures;
  s.shaman = static_cast<Seat>(s.rng.below(num_seats));
  s.phase = Phase::setup;
  s.turn = 0;
  std::vector<Json> ignored;
  advance(s, ignored);
  return s;
}

std::vector<Seat> Rules::to_act(const State& s) {
  const Seat seat = current_seat(s);
  if (seat < 0) return {};
  return {seat};
}

std::vector<Json> Rules::legal_actions(const State& s, Seat seat) {
  std::vector<Json> out;
  for (const Move& m : moves(s, seat)) out.push_back(encode(s, m));
  return out;
}

Result<std::vector<Json>> Rules::apply(State& s, Seat seat, const Json& action) {
  const Seat acting = current_seat(s);
  if (acting < 0) return fail("not_your_turn", "the game is over", "la partie est finie");
  if (seat != acting)
    return fail("not_your_turn", "it is not your turn to act", "ce n'est pas votre tour");
  auto decoded = guard_input("costa_ruana.bad_action", "action", [&] { return decode(s, action); });
  if (!decoded.ok()) {
    // The reader's reason names a JSON field; a malformed action comes from a program, not from a
    // person's /play (parse_text builds well-formed ones), so the French keeps the field's
    // technical wording.
    RuleError error = decoded.error();
    error.message_fr = "action mal formée (" + error.message + ")";
    return error;
  }
  const Move m = decoded.value();
  const auto legal = moves(s, seat);
  if (std::find(legal.begin(), legal.end(), m) == legal.end()) return refusal(s, seat, m);
  std::vector<Json> events;
  execute(s, seat, m, events);
  advance(s, events);
  return events;
}

std::optional<Outcome> Rules::outcome(const State& s) {
  if (s.phase != Phase::over) return std::nullopt;
  std::vector<int> scores, fewer_treasures;
  for (Seat seat = 0; seat < s.num_seats; ++seat) {
    scores.push_back(score_of(s, seat));
    fewer_treasures.push_back(-treasures_of(s, seat));  // tie_order: lower ranks first
  }
  Outcome o = outcome_by_score(std::move(scores), fewer_treasures);
  for (Seat seat = 0; seat < s.num_seats; ++seat) o.breakdown.push_back(score_parts(s, seat));
  return o;
}

std::vector<std::string> Rules::check_invariants(const State& s) {
  const Components& c = components();
  std::vector<std::string> problems;
  for (Seat seat = 0; seat < s.num_seats; ++seat) {
    const int total =
        s.players[seat].reserve + natives_on_islands(s, seat) + natives_on_cards(s, seat);
    if (total != c.natives_per_player)
      problems.push_back("seat " + std::to_string(seat) + " has " + std::to_string(total) +
                         " natives, not " + std::to_string(c.natives_per_player));
    if (s.players[seat].reserve < 0) problems.push_back("negative reserve");
  }
  int treasures = 0;
  for (const auto& island : s.islands) {
    treasures += island.treasures;
    if (island_total(island) > c.island_capacity) problems.push_back("an island holds over 7");
    for (int n : island.natives)
      if (n < 0) problems.push_back("a negative native count");
  }
  for (Seat seat = 0; seat < s.num_seats; ++seat) treasures += treasures_of(s, seat);
  const int islands = static_cast<int>(s.islands.size());
  const int expected =
      c.small_islands * c.small_treasures + (islands - c.small_islands) * c.large_treasures;
  if (treasures != expected)
    problems.push_back(std::to_string(treasures) + " treasures, not " + std::to_string(expected));
  std::vector<int> seen(c.cards.size(), 0);
  for (const auto& p : s.players)
    for (int card : p.hand) ++seen[card];
  for (int card : s.pile) ++seen[card];
  for (int card : s.discards) ++seen[card];
  for (const auto& p : s.played) ++seen[p.card];
  for (std::size_t card = 0; card < c.cards.size(); ++card) {
    const int want = c.cards[card].notches <= s.num_seats ? 1 : 0;
    if (seen[card] != want)
      problems.push_back(c.cards[card].id + " is held " + std::to_string(seen[card]) + " times");
  }
  return problems;
}

}  // namespace archipel::engine::costa_ruana
