// Asio compiled once for the whole program (BOOST_ASIO_SEPARATE_COMPILATION): on a 2-core machine
// this keeps every other translation unit from instantiating it again.
#include <boost/asio/impl/src.hpp>
