# Helpers that make a game a plug-in (docs/adding-a-game.md). A game folder engine/<name>/ holds a
# CMakeLists.txt with one call:
#
#   archipel_add_game(costa_ruana SOURCES costa_ruana.cpp ... DATA components.json)
#
# It builds the static library archipel_game_<name> (linking the engine core only) and embeds DATA as the
# function archipel::engine::<name>::components_json_text(), so the engine never reads a file at run time.
# Editing the JSON re-runs the configure step. engine/CMakeLists.txt picks up every folder that has a
# CMakeLists.txt and links each game into archipel_engine; engine/games.cpp is the one file naming the games.
#
# Tests: every folder tests/engine/<name>/ becomes the executable engine_<name>_tests from its *_test.cpp
# (archipel_add_game_tests, called by tests/CMakeLists.txt for each folder it finds).

function(archipel_add_game name)
  cmake_parse_arguments(GAME "" "DATA" "SOURCES" ${ARGN})
  set(target archipel_game_${name})
  set(sources ${GAME_SOURCES})
  if(GAME_DATA)
    set(data_file ${CMAKE_CURRENT_SOURCE_DIR}/${GAME_DATA})
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${data_file})
    file(READ ${data_file} ARCHIPEL_GAME_DATA)
    string(FIND "${ARCHIPEL_GAME_DATA}" ")archipel_data\"" clash)
    if(NOT clash EQUAL -1)
      message(FATAL_ERROR "${data_file} contains the raw-string delimiter )archipel_data\"")
    endif()
    set(ARCHIPEL_GAME_NAME ${name})
    set(ARCHIPEL_GAME_DATA_SOURCE "engine/${name}/${GAME_DATA}")
    set(generated ${CMAKE_CURRENT_BINARY_DIR}/${name}_components_data.cpp)
    configure_file(${PROJECT_SOURCE_DIR}/cmake/game_data.cpp.in ${generated} @ONLY)
    list(APPEND sources ${generated})
    # One raw string literal: loading the precompiled headers would cost more than the file itself.
    set_source_files_properties(${generated} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
  endif()
  add_library(${target} STATIC ${sources})
  target_link_libraries(${target} PUBLIC archipel_engine_core PRIVATE archipel_warnings)
  archipel_precompile(${target})
  set_property(GLOBAL APPEND PROPERTY ARCHIPEL_GAME_TARGETS ${target})
endfunction()

function(archipel_add_game_tests name)
  file(GLOB test_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/engine/${name}/*_test.cpp)
  if(NOT test_sources)
    return()
  endif()
  set(target engine_${name}_tests)
  add_executable(${target} ${test_sources})
  target_link_libraries(${target} PRIVATE archipel_test_support GTest::gtest_main archipel_warnings)
  archipel_precompile(${target} gtest)
  gtest_discover_tests(${target} DISCOVERY_TIMEOUT 60)
endfunction()
