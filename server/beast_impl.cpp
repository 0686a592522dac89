// Beast compiled once for the whole program (BOOST_BEAST_SEPARATE_COMPILATION).
#include <boost/beast/src.hpp>
