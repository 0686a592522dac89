#include "bots/strategy_impl.hpp"

namespace archipel::bots {

std::size_t RandomStrategy::choose(const std::string&, const nlohmann::json& view, engine::Seat,
                                   engine::Rng& rng) {
  const std::size_t n = legal_count(view);
  return static_cast<std::size_t>(rng.below(n));
}

}  // namespace archipel::bots
