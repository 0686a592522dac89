#pragma once
// Namespace aliases only (as in Beast's chat-multi example). Asio and Beast are compiled once, in
// asio_impl.cpp and beast_impl.cpp, with the *_SEPARATE_COMPILATION definitions set by
// server/CMakeLists.txt.

#include <boost/asio.hpp>
#include <boost/beast.hpp>

namespace archipel::server {
namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = boost::beast::http;
namespace websocket = boost::beast::websocket;
using tcp = boost::asio::ip::tcp;
using error_code = boost::system::error_code;
}  // namespace archipel::server
