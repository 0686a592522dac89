#include "bots/strategy.hpp"

#include "bots/strategy_impl.hpp"

namespace archipel::bots {

std::vector<std::string> strategy_names() {
  return {"random", "greedy", "search", "expert"};
}

std::unique_ptr<Strategy> make_strategy(std::string_view name, const StrategyOptions& options) {
  if (name == "random") return std::make_unique<RandomStrategy>();
  if (name == "greedy") return std::make_unique<GreedyStrategy>(options);
  if (name == "search") return std::make_unique<SearchStrategy>(options);
  if (name == "expert") return std::make_unique<ExpertStrategy>(options);
  return nullptr;
}

}  // namespace archipel::bots
