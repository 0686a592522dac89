// The list of games Archipel ships. Adding a game is one line here (and its folder under engine/).
#include "engine/core/registry.hpp"
#include "engine/santa_cruz/santa_cruz.hpp"

namespace archipel::engine {

const Registry& default_registry() {
  static const Registry registry = [] {
    Registry r;
    // Games are added here as they land: r.add(entry_for<santa_cruz::Rules>());
    r.add(entry_for<santa_cruz::Rules>());
    return r;
  }();
  return registry;
}

}  // namespace archipel::engine
