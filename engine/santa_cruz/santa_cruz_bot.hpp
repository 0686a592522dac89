#pragma once
// Santa Cruz bot support (engine/core/game.hpp, GameBotSupport): Rules::determinize and
// Rules::evaluate are declared in santa_cruz.hpp and defined in santa_cruz_bot.cpp.
//
// determinize(view, seat, rng) rebuilds a full State from one seat's client view. Public parts are
// copied; the track order fixes the arrival order; hidden parts are sampled uniformly from the
// unseen pool:
//   - face-down land and volcano sites: tiles of that kind not revealed anywhere (the rest become
//   unused tiles);
//   - other seats' hands (their counts are public) and the set-aside pile: score cards not in the
//   seat's hand,
//     the seat's discards, any played card or any pile on the table; cards left over after that are
//     the other seats' secret discards, which no rule reads again;
//   - other seats' bird chips (counts public) and the bird pile: chips not in the seat's own birds.
// evaluate(state, seat) is the seat's score plus what its hand would score now, minus the best
// other seat's.

#include "engine/santa_cruz/santa_cruz.hpp"
