#include "server/audience_views.hpp"

#include <algorithm>

#include "engine/core/json_free.hpp"

namespace archipel::server {

using nlohmann::json;

void AudienceViews::reset(int num_seats) {
  public_ = json();
  public_current_ = false;
  age_ = {};
  private_.assign(static_cast<std::size_t>(num_seats) + 1, json());
  legal_.assign(static_cast<std::size_t>(num_seats) + 1, std::string());
  current_.assign(static_cast<std::size_t>(num_seats) + 1, false);
}

json AudienceViews::full_view(const engine::GameInstance& game, engine::Viewer viewer) {
  const engine::ClientViews& views = game.client_views();
  // The public part is current unless nobody was there at the last move, and then no audience is
  // current either: rebuilding it here leaves no audience's patches based on an older one.
  if (!public_current_) {
    public_ = views.public_part();
    public_current_ = true;
    age_ = views.age();
  }
  const std::size_t k = slot(viewer);
  private_[k] = views.private_part(viewer);
  legal_[k] = views.legal_text(viewer);
  current_[k] = true;
  json view = engine::view_from_parts(public_, private_[k]);
  view[engine::kLegalKey] = json::parse(legal_[k]);  // the list as remembered, to the byte
  return view;
}

AudienceViews::Patches AudienceViews::patches(const engine::GameInstance& game,
                                              const std::vector<bool>& present) {
  Patches out;
  out.own.resize(current_.size());
  if (std::none_of(present.begin(), present.end(), [](bool p) { return p; })) {
    public_current_ = false;
    std::fill(current_.begin(), current_.end(), false);
    return out;
  }
  const engine::ClientViews& views = game.client_views();
  // What changed: the last action's changes when the views are exactly one action old, else
  // everything.
  const auto now_age = views.age();
  const bool one_action = now_age.instance != 0 && now_age.instance == age_.instance &&
                          now_age.actions == age_.actions + 1;
  const engine::ViewChanges changes = one_action ? views.last_changes() : engine::ViewChanges{};
  age_ = now_age;
  if (public_current_) out.shared = patch_public(views, changes);
  // else nobody is current: each present audience gets full_view, which builds it
  for (std::size_t k = 0; k < current_.size(); ++k) {
    if (k >= present.size() || !present[k]) {
      current_[k] = false;
      continue;
    }
    if (!current_[k]) continue;
    const engine::Viewer viewer{static_cast<int>(k) - 1};
    const bool part = viewer.is_spectator() ? changes.spectators : changes.seat(viewer.seat);
    const bool legal_moves = !viewer.is_spectator() && changes.legal_moves(viewer.seat);
    engine::PatchText ops;
    if (part) {
      json now = views.private_part(viewer);
      engine::append_view_patch(ops, std::string(), private_[k], now);
      engine::free_tree(private_[k]);
      private_[k] = std::move(now);
    }
    // The legal moves, kept as text, are sent whole when they change (view_patch.hpp).
    if (legal_moves) {
      std::string legal = views.legal_text(viewer);
      if (legal != legal_[k]) {
        engine::append_op_text(ops, "replace", engine::pointer_to(std::string(), engine::kLegalKey),
                               legal);
        legal_[k] = std::move(legal);
      }
    }
    out.own[k] = std::move(ops).array();  // "[]" when neither changed
  }
  return out;
}

std::string AudienceViews::patch_public(const engine::ClientViews& views,
                                        const engine::ViewChanges& changes) {
  auto update = views.public_update(changes);
  // The kept sections leave the old part before the comparison and join the new one after it:
  // untouched, or with the entries built alone put in place.
  auto& old_keys = public_.get_ref<json::object_t&>();
  json::object_t kept_nodes;
  for (const auto key : update.kept)
    if (auto node = old_keys.extract(std::string(key))) kept_nodes.insert(std::move(node));
  engine::PatchText ops;
  engine::append_view_patch(ops, std::string(), public_, update.built);
  for (auto& entry : update.entries) patch_entry(kept_nodes, std::move(entry), ops);
  update.built.get_ref<json::object_t&>().merge(kept_nodes);
  engine::free_tree(public_);
  public_ = std::move(update.built);
  return std::move(ops).array();
}

void AudienceViews::patch_entry(json::object_t& sections, engine::SectionEntry entry,
                                engine::PatchText& ops) {
  // A section of entries is always in the public part (view_sections.hpp), so it is among the kept
  // ones.
  json& section = sections.at(std::string(entry.section));
  std::string path = engine::pointer_to(std::string(), entry.section);
  if (entry.name.empty()) {  // an array's element: always there
    json& element = section.at(entry.index);
    engine::append_view_patch(ops, engine::pointer_to(std::move(path), std::to_string(entry.index)),
                              element, *entry.value);
    engine::free_tree(element);
    element = std::move(*entry.value);
    return;
  }
  // An object's member: there or not, before and after.
  auto& members = section.get_ref<json::object_t&>();
  const auto old = members.find(entry.name);
  const bool was = old != members.end();
  engine::append_member_patch(ops, engine::pointer_to(std::move(path), entry.name),
                              was ? &old->second : nullptr, entry.value ? &*entry.value : nullptr);
  if (was) engine::free_tree(old->second);
  if (entry.value && was)
    old->second = std::move(*entry.value);
  else if (entry.value)
    members.emplace(std::string(entry.name), std::move(*entry.value));
  else if (was)
    members.erase(old);
}

}  // namespace archipel::server
