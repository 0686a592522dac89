#include "engine/capa_doro/capa_doro.hpp"
#include <gtest/gtest.h>
TEST(CapaDoroSmoke, Parses) { EXPECT_EQ(archipel::engine::capa_doro::components().cigars.size(), 36u); }
