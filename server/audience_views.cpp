#include "server/audience_views.hpp"

#include <algorithm>

#include "engine/core/view_patch.hpp"

namespace archipel::server {

using nlohmann::json;

void AudienceViews::reset(int num_seats) {
  public_ = json();
  public_current_ = false;
  private_.assign(static_cast<std::size_t>(num_seats) + 1, json());
  current_.assign(static_cast<std::size_t>(num_seats) + 1, false);
}

json AudienceViews::full_view(const engine::GameInstance& game, engine::Viewer viewer) {
  // The public part is current unless nobody was there at the last move, and then no audience is current
  // either: rebuilding it here leaves no audience's patches based on an older one.
  if (!public_current_) {
    public_ = game.public_client_view();
    public_current_ = true;
  }
  const std::size_t k = slot(viewer);
  private_[k] = game.private_client_view(viewer);
  current_[k] = true;
  return engine::view_from_parts(public_, private_[k]);
}

AudienceViews::Patches AudienceViews::patches(const engine::GameInstance& game, const std::vector<bool>& present) {
  Patches out;
  out.own.resize(current_.size());
  if (std::none_of(present.begin(), present.end(), [](bool p) { return p; })) {
    public_current_ = false;
    std::fill(current_.begin(), current_.end(), false);
    return out;
  }
  if (public_current_) {
    json now = game.public_client_view();
    out.shared = engine::view_patch(public_, now);
    public_ = std::move(now);
  }  // else nobody is current: each present audience gets full_view, which builds it
  for (std::size_t k = 0; k < current_.size(); ++k) {
    if (k >= present.size() || !present[k]) {
      current_[k] = false;
      continue;
    }
    if (!current_[k]) continue;
    json now = game.private_client_view(engine::Viewer{static_cast<int>(k) - 1});
    out.own[k] = engine::view_patch(private_[k], now);
    private_[k] = std::move(now);
  }
  return out;
}

}  // namespace archipel::server
