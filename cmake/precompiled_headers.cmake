# Precompiled headers. Most files include nlohmann/json, the suites GoogleTest, the server Asio and Beast: parsed
# in every file, they are about half of a build's time on two cores. Each target listed below parses them once
# (CMake's target_precompile_headers); what a file includes does not change. ARCHIPEL_PCH=OFF builds without them
# (to check that every file includes what it uses).
option(ARCHIPEL_PCH "Precompile the third-party headers most files include" ON)

# archipel_precompile(<target> [gtest] [asio]): nlohmann/json and the standard headers, plus GoogleTest and/or
# Asio, Beast and spdlog.
function(archipel_precompile target)
  if(NOT ARCHIPEL_PCH)
    return()
  endif()
  set(headers <algorithm> <map> <memory> <optional> <string> <string_view> <vector> <nlohmann/json.hpp>)
  if("gtest" IN_LIST ARGN)
    list(APPEND headers <gtest/gtest.h>)
  endif()
  if("asio" IN_LIST ARGN)
    list(APPEND headers <boost/asio.hpp> <boost/beast/core.hpp> <boost/beast/http.hpp>
         <boost/beast/websocket.hpp> <spdlog/spdlog.h>)
  endif()
  target_precompile_headers(${target} PRIVATE ${headers})
endfunction()
