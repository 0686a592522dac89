#pragma once
// free_tree(view): frees a JSON tree leaves first, for the views a move replaces. nlohmann's
// destructor frees a tree without recursion, so that a deeply nested document cannot overflow the
// call stack: it first moves every node of the tree into a vector on the heap, grown as it goes,
// then frees them one by one. For the views, a few levels deep and replaced after every move, that
// walk was about a seventh of the instructions a Santa Cruz move spends in the engine and the views
// (valgrind on a fixed run). Freed here, each container is emptied after its children, and
// nlohmann's destructor then finds nothing to move.
//
// Only for trees the server built (views, legal actions): the recursion is as deep as the tree.

#include "engine/core/game.hpp"  // Json

namespace archipel::engine {

/// Frees what `value` holds, leaves first; `value` is left an empty array or object (or as it was,
/// if neither).
inline void free_tree(Json& value) {
  if (value.is_array()) {
    auto& elements = value.get_ref<Json::array_t&>();
    for (auto& element : elements) free_tree(element);
    elements.clear();
  } else if (value.is_object()) {
    auto& members = value.get_ref<Json::object_t&>();
    for (auto& member : members) free_tree(member.second);
    members.clear();
  }
}

}  // namespace archipel::engine
