#pragma once
// spdlog set-up. Lines are `time level event=name key=value ...`: structured enough to grep and
// parse, quiet by default (info: start, stop, games starting and ending; connections and messages
// at debug).

#include <string>

namespace archipel::server {

void setup_logging(const std::string& level);

}  // namespace archipel::server
