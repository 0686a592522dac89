# Precompiled headers. Most files include nlohmann/json, the suites GoogleTest, the server Asio and Beast: parsed
# in every file, they are about half of a build's time on two cores. They are parsed once per kind of target
# (CMake's target_precompile_headers, then REUSE_FROM): the first target of a kind builds the precompiled header,
# every later target of the same kind reuses it. What a file includes does not change. ARCHIPEL_PCH=OFF builds
# without them (to check that every file includes what it uses).
option(ARCHIPEL_PCH "Precompile the third-party headers most files include" ON)

# archipel_precompile(<target> [gtest] [asio] [threads]): nlohmann/json and the standard headers, plus GoogleTest
# and/or Asio, Beast and spdlog.
#
# The words also name the kind of target whose header is shared, so they must say everything that changes how the
# header compiles: "threads" for a target compiled with -pthread that has neither gtest nor asio (GoogleTest and
# archipel_asio bring -pthread with them). GCC ignores a precompiled header built with other macros (-pthread
# defines _REENTRANT) and parses the headers again, silently but for -Winvalid-pch (cmake/warnings.cmake turns it
# on, so the build says so); clang refuses it with an error.
function(archipel_precompile target)
  if(NOT ARCHIPEL_PCH)
    return()
  endif()
  set(kind "plain")
  foreach(word IN ITEMS gtest asio threads)
    if(word IN_LIST ARGN)
      string(APPEND kind "_${word}")
    endif()
  endforeach()
  get_property(donor GLOBAL PROPERTY ARCHIPEL_PCH_DONOR_${kind})
  if(donor)
    target_precompile_headers(${target} REUSE_FROM ${donor})
    return()
  endif()
  set_property(GLOBAL PROPERTY ARCHIPEL_PCH_DONOR_${kind} ${target})
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
