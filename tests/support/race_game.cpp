#include "tests/support/race_game.hpp"

#include <algorithm>

#include "engine/core/registry.hpp"

namespace archipel::testing {
namespace {

bool betting(const RaceRules::State& s) {
  return std::any_of(s.bets.begin(), s.bets.end(), [](const std::string& b) { return b.empty(); });
}

std::string card_id(int value) {
  return "K" + std::to_string(value);
}

}  // namespace

const engine::GameSpec& RaceRules::spec() {
  static const engine::GameSpec spec{
      "race",
      "Race to ten (test game)",
      2,
      4,
      {{"target",
        {"10", "6"},
        "10",
        {"Target", "Cible"},
        {"the counter value that ends the game", "la valeur du compteur qui termine la partie"}}}};
  return spec;
}

engine::Result<RaceRules::State> RaceRules::setup(int num_seats, const engine::Options& options,
                                                  std::uint64_t seed) {
  State s;
  s.num_seats = num_seats;
  s.target = std::stoi(options.at("target"));
  s.rng = engine::Rng(seed);
  std::vector<int> deck{1, 2, 3, 4, 5, 6, 7, 8, 9};
  s.rng.shuffle(deck);
  s.cards.assign(deck.begin(), deck.begin() + num_seats);
  s.bets.assign(num_seats, "");
  return s;
}

std::vector<Seat> RaceRules::to_act(const State& s) {
  std::vector<Seat> seats;
  if (s.finisher >= 0) return seats;
  if (betting(s)) {
    for (Seat i = 0; i < s.num_seats; ++i)
      if (s.bets[i].empty()) seats.push_back(i);
    return seats;
  }
  return {s.turn};
}

std::vector<Json> RaceRules::legal_actions(const State& s, Seat seat) {
  auto acting = to_act(s);
  if (std::find(acting.begin(), acting.end(), seat) == acting.end()) return {};
  if (betting(s))
    return {Json{{"type", "bet"}, {"side", "high"}}, Json{{"type", "bet"}, {"side", "low"}}};
  return {Json{{"type", "add"}, {"n", 1}}, Json{{"type", "add"}, {"n", 2}}};
}

engine::Result<std::vector<Json>> RaceRules::apply(State& s, Seat seat, const Json& action) {
  auto acting = to_act(s);
  if (std::find(acting.begin(), acting.end(), seat) == acting.end())
    return engine::fail("not_your_turn", "not your turn", "ce n'est pas votre tour");
  const std::string type = action.value("type", "");
  if (betting(s)) {
    if (type != "bet")
      return engine::fail("race.bet_first", "every seat bets before the race starts",
                          "chacun parie avant le départ de la course");
    const std::string side = action.value("side", "");
    if (side != "high" && side != "low")
      return engine::fail("race.bad_side", "bet high or low", "pariez high (haut) ou low (bas)");
    s.bets[seat] = side;
    std::vector<Json> events{Json{{"type", "bet"}, {"seat", seat}}};
    if (!betting(s)) events.push_back(Json{{"type", "bets_revealed"}, {"bets", s.bets}});
    return events;
  }
  if (type != "add") return engine::fail("race.add", "add 1 or 2", "ajoutez 1 ou 2");
  const Json n = action.value("n", Json());
  if (!n.is_number_integer() || (n.get<int>() != 1 && n.get<int>() != 2))
    return engine::fail("race.add", "add 1 or 2", "ajoutez 1 ou 2");
  s.last_step = n.get<int>();
  s.counter += s.last_step;
  std::vector<Json> events{
      Json{{"type", "add"}, {"seat", seat}, {"n", s.last_step}, {"counter", s.counter}}};
  if (s.counter >= s.target) {
    s.finisher = seat;
    events.push_back(Json{{"type", "finished"}, {"seat", seat}});
  } else {
    s.turn = (s.turn + 1) % s.num_seats;
  }
  return events;
}

Json RaceRules::view(const State& s, engine::Viewer viewer) {
  const bool over = s.finisher >= 0;
  Json v{{"counter", s.counter},
         {"target", s.target},
         {"turn", s.turn},
         {"phase", betting(s) ? "bet"
                   : over     ? "over"
                              : "race"}};
  Json seats = Json::array();
  for (Seat i = 0; i < s.num_seats; ++i) {
    Json seat{{"has_bet", !s.bets[i].empty()}};
    if (!betting(s) || viewer.seat == i) seat["bet"] = s.bets[i];
    if (over || viewer.seat == i) seat["card"] = card_id(s.cards[i]);
    seats.push_back(seat);
  }
  v["seats"] = seats;
  return v;
}

RaceRules::State RaceRules::scramble_hidden(const State& s, engine::Viewer viewer,
                                            engine::Rng& rng) {
  State out = s;
  if (s.finisher >= 0) return out;  // everything is shown at the end
  // The values a scrambled seat may take: any not held by the viewer (cards stay distinct).
  std::vector<int> pool;
  for (int v = 1; v <= 9; ++v)
    if (viewer.seat < 0 || s.cards[viewer.seat] != v) pool.push_back(v);
  rng.shuffle(pool);
  std::size_t next = 0;
  for (Seat i = 0; i < s.num_seats; ++i) {
    if (i == viewer.seat) continue;
    out.cards[i] = pool[next++];
    if (betting(s) && !s.bets[i].empty()) out.bets[i] = rng.below(2) ? "high" : "low";
  }
  return out;
}

std::optional<engine::Outcome> RaceRules::outcome(const State& s) {
  if (s.finisher < 0) return std::nullopt;
  std::vector<int> scores;
  std::vector<std::vector<engine::ScorePart>> breakdown;
  const std::string right = s.last_step == 2 ? "high" : "low";
  for (Seat i = 0; i < s.num_seats; ++i) {
    breakdown.push_back({{"cards", {"Cards", "Cartes"}, s.cards[i], ""},
                         {"finish", {"Finish", "Arrivée"}, i == s.finisher ? 5 : 0, ""},
                         {"bet", {"Bet", "Pari"}, s.bets[i] == right ? 3 : 0, ""}});
    int score = 0;
    for (const auto& part : breakdown.back()) score += part.points;
    scores.push_back(score);
  }
  engine::Outcome out = engine::outcome_by_score(std::move(scores));
  out.breakdown = std::move(breakdown);
  if (s.num_seats == 1) out.solo_won = out.scores[0] >= 8;
  return out;
}

Json RaceRules::to_json(const State& s) {
  return Json{{"num_seats", s.num_seats}, {"target", s.target},     {"cards", s.cards},
              {"bets", s.bets},           {"counter", s.counter},   {"last_step", s.last_step},
              {"turn", s.turn},           {"finisher", s.finisher}, {"rng", s.rng.to_json()}};
}

engine::Result<RaceRules::State> RaceRules::from_json(const Json& j) {
  try {
    State s;
    s.num_seats = j.at("num_seats").get<int>();
    s.target = j.at("target").get<int>();
    s.cards = j.at("cards").get<std::vector<int>>();
    s.bets = j.at("bets").get<std::vector<std::string>>();
    s.counter = j.at("counter").get<int>();
    s.last_step = j.at("last_step").get<int>();
    s.turn = j.at("turn").get<int>();
    s.finisher = j.at("finisher").get<int>();
    if (!s.rng.from_json(j.at("rng"))) return engine::fail("bad_state", "bad rng");
    if (s.num_seats < 2 || s.num_seats > 4 || static_cast<int>(s.cards.size()) != s.num_seats ||
        static_cast<int>(s.bets.size()) != s.num_seats)
      return engine::fail("bad_state", "inconsistent seat count");
    return s;
  } catch (const Json::exception& e) {
    return engine::fail("bad_state", e.what());
  }
}

std::string RaceRules::action_text(const State&, Seat, const Json& action) {
  if (action.value("type", "") == "bet") return "bet " + action.value("side", "");
  return "add " + std::to_string(action.value("n", 0));
}

engine::LocalText RaceRules::describe(const Json& event, const std::vector<std::string>& names) {
  auto name = [&](const Json& e) {
    int seat = e.value("seat", -1);
    return seat >= 0 && seat < static_cast<int>(names.size()) ? names[seat] : "?";
  };
  auto line = [&]() -> engine::LocalText {
    const std::string type = event.value("type", "");
    if (type == "bet")
      return {name(event) + " places a secret bet", name(event) + " parie en secret"};
    if (type == "bets_revealed")
      return {"Bets revealed: " + event["bets"].dump(), "Paris révélés : " + event["bets"].dump()};
    if (type == "add") {
      const std::string n = std::to_string(event.value("n", 0));
      const std::string counter = std::to_string(event.value("counter", 0));
      return {name(event) + " adds " + n + " (counter " + counter + ")",
              name(event) + " ajoute " + n + " (compteur " + counter + ")"};
    }
    if (type == "finished")
      return {name(event) + " reaches the target", name(event) + " atteint la cible"};
    return {type, type};
  };
  return line();
}

std::vector<engine::Secret> RaceRules::secrets(const State& s) {
  std::vector<engine::Secret> out;
  if (s.finisher >= 0) return out;
  for (Seat i = 0; i < s.num_seats; ++i) out.push_back({card_id(s.cards[i]), i});
  return out;
}

const engine::Registry& registry_with_race() {
  static const engine::Registry registry = [] {
    engine::Registry r = engine::default_registry();
    r.add(engine::entry_for<RaceRules>());
    return r;
  }();
  return registry;
}

}  // namespace archipel::testing
