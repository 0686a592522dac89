// Lobby (server/lobby.hpp): the ratings' commands, /top and /profile (docs/ratings.md). Both read
// the store on its writer's thread, queued after every write before them (a game's rating is
// queued at its end, before its `over` message: whoever read that message and asks sees the new
// rating), and answer from there: Client::send is thread-safe.
#include <spdlog/spdlog.h>

#include "protocol/command_parser.hpp"
#include "protocol/ratings.hpp"
#include "protocol/text.hpp"
#include "server/lobby.hpp"

namespace archipel::server {

namespace {

constexpr int kTopRows = 20;        // /top: one page
constexpr int kProfileChanges = 5;  // /profile: the last rated games shown

std::string title_of(const engine::Registry& registry, const std::string& game) {
  const engine::GameEntry* entry = registry.find(game);
  return entry ? entry->spec->title : game;
}

}  // namespace

void Lobby::top(Player& player, const std::string& game) {
  const engine::GameEntry* entry = context_.registry->find(game);
  if (!entry)
    return send_error(player.client,
                      protocol::make_error(
                          protocol::ErrorCode::unknown_game,
                          "no game called '" + protocol::excerpt(game, 32) + "'; /games lists them",
                          "pas de jeu « " + protocol::excerpt(game, 32) + " » ; /games les liste"));
  if (!player.client) return;
  context_.writer->run_task(
      [client = player.client, game, title = entry->spec->title](Store& store) {
        std::vector<protocol::LeaderboardRow> rows;
        for (const auto& r : store.top_ratings(game, kTopRows))
          rows.push_back(protocol::LeaderboardRow{r.name, ordinal(r.rating), r.rating.mu,
                                                  r.rating.sigma, r.played, r.won});
        client->send(make_frame(protocol::leaderboard_message(game, title, rows, client->lang())));
      },
      executor_);
}

void Lobby::profile(Player& player, const std::string& name) {
  const std::string wanted = name.empty() ? player.name : name;
  const auto account = registered_.find(protocol::name_skeleton(wanted));
  if (account == registered_.end()) {
    const std::string shown = protocol::excerpt(wanted, 32);
    return send_error(
        player.client,
        name.empty()
            ? protocol::make_error(protocol::ErrorCode::not_registered,
                                   "only registered players have a profile: /register keeps "
                                   "your name, /profile <name> shows someone's",
                                   "seuls les joueurs inscrits ont un profil : /register garde "
                                   "votre pseudo, /profile <nom> montre celui de quelqu'un")
            : protocol::make_error(protocol::ErrorCode::not_registered,
                                   shown + " is not a registered player: no profile",
                                   shown + " n'est pas un joueur inscrit : pas de profil"));
  }
  if (!player.client) return;
  context_.writer->run_task(
      [client = player.client, skeleton = account->first, shown = account->second,
       registry = context_.registry](Store& store) {
        std::vector<protocol::ProfileGame> games;
        for (const auto& r : store.account_ratings(skeleton))
          games.push_back(protocol::ProfileGame{r.game, title_of(*registry, r.game),
                                                ordinal(r.rating), r.rating.mu, r.rating.sigma,
                                                r.played, r.won});
        std::vector<protocol::ProfileChange> changes;
        for (const auto& c : store.rating_history(skeleton, kProfileChanges))
          changes.push_back(protocol::ProfileChange{c.game, title_of(*registry, c.game), c.room,
                                                    c.place, ordinal(c.before), ordinal(c.after),
                                                    c.at_ms});
        client->send(make_frame(protocol::profile_message(shown, games, changes, client->lang())));
      },
      executor_);
}

}  // namespace archipel::server
