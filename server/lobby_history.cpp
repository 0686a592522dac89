// Lobby (server/lobby.hpp): /history, a player's finished games a page at a time (docs/protocol.md,
// "A player's games"). Read on the store's writer thread, queued after every write before it (a
// game's end is queued before its `over` message: whoever read that message and asks sees the
// game), and answered from there: Client::send is thread-safe.
//
// Players are found as /profile finds them, by their name's skeleton, but anyone's name may be
// asked, an account's or a guest's: the store lists each finished game under the names its people
// played it under. So a guest's games are those played under that name (or a look-alike), and an
// account's include those its name had as a guest's before it was registered.
#include "protocol/command_parser.hpp"
#include "protocol/game_history.hpp"
#include "protocol/text.hpp"
#include "server/game_history.hpp"
#include "server/lobby.hpp"

namespace archipel::server {

void Lobby::history(Player& player, const protocol::cmd::History& request) {
  const std::string wanted = request.name.empty() ? player.name : request.name;
  const std::string skeleton = protocol::name_skeleton(wanted);
  const auto account = registered_.find(skeleton);
  const std::string shown =
      account != registered_.end() ? account->second : protocol::excerpt(wanted, 32);
  if (!player.client) return;
  context_.writer->run_task(
      [client = player.client, skeleton, shown, after = request.after,
       registry = context_.registry](Store& store) {
        // One game more than a page: whether another page follows, without a second query.
        auto games = store.finished_games(skeleton, after, protocol::kHistoryPage + 1);
        std::optional<protocol::HistoryCursor> next;
        if (games.size() > static_cast<std::size_t>(protocol::kHistoryPage)) {
          games.resize(protocol::kHistoryPage);
          next = protocol::HistoryCursor{games.back().ended_ms, games.back().room};
        }
        std::vector<protocol::HistoryGame> page;
        for (const auto& g : games) {
          const engine::GameEntry* entry = registry->find(g.game);
          page.push_back(history_game(g, entry ? entry->spec->title : g.game));
        }
        client->send(
            make_frame(protocol::game_history_message(shown, page, after, next, client->lang())));
      },
      executor_);
}

}  // namespace archipel::server
