// The games Archipel ships, in display order: the only file that names every game. Adding a game is
// one line here, besides its own folder (docs/adding-a-game.md).
#include "engine/capa_doro/capa_doro.hpp"
#include "engine/core/registry.hpp"
#include "engine/costa_ruana/costa_ruana.hpp"
#include "engine/santa_cruz/santa_cruz.hpp"
#include "engine/santa_maria/santa_maria.hpp"

namespace archipel::engine {

const Registry& default_registry() {
  static const Registry registry = [] {
    Registry r;
    r.add(entry_for<santa_cruz::Rules>());
    r.add(entry_for<costa_ruana::Rules>());
    r.add(entry_for<capa_doro::Rules>());
    r.add(entry_for<santa_maria::Rules>());
    return r;
  }();
  return registry;
}

}  // namespace archipel::engine
