#pragma once
// How many sockets the server holds, in all and per client address. Every accepted socket takes a
// ticket for its whole life (HTTP, then WebSocket after the upgrade); past the total cap a
// connection gets HTTP 503 and is closed, before the process runs out of file descriptors, so
// /healthz and the other clients keep working. Thread-safe: tickets are taken on the listener's
// strand and returned from any session's.

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace archipel::server {

class ConnectionLimits : public std::enable_shared_from_this<ConnectionLimits> {
 public:
  static constexpr std::size_t kHttpReserve = 16;

  /// `max_sockets`: open sockets in all; `max_per_address`: WebSockets from one address.
  ConnectionLimits(std::size_t max_sockets, std::size_t max_per_address)
      : max_sockets_(max_sockets), max_per_address_(max_per_address) {}

  /// Held while a socket is open; returns its place when destroyed.
  class Ticket {
   public:
    Ticket() = default;
    Ticket(Ticket&&) noexcept = default;
    Ticket& operator=(Ticket&&) noexcept = default;
    ~Ticket() { release(); }
    explicit operator bool() const { return limits_ != nullptr; }
    void release();

   private:
    friend class ConnectionLimits;
    std::shared_ptr<ConnectionLimits> limits_;
    std::string address_;  // set once the socket became a WebSocket
  };

  /// A ticket for a new socket, or an empty one past the total cap.
  Ticket admit_socket();
  /// Counts `ticket`'s socket against `address` as a WebSocket; false (ticket unchanged) past the
  /// per-address cap, or when WebSockets already fill all but kHttpReserve of the sockets (kept so
  /// /healthz, /metrics and the page itself still answer on a full server).
  /// `per_address_cap` false: counted, but not held to the per-address cap (another node's links).
  bool admit_websocket(Ticket& ticket, const std::string& address, bool per_address_cap = true);

  std::size_t sockets() const;
  std::size_t max_sockets() const { return max_sockets_; }

 private:
  void release(const std::string& address);

  mutable std::mutex mutex_;
  std::size_t max_sockets_;
  std::size_t max_per_address_;
  std::size_t sockets_ = 0;
  std::size_t websockets_ = 0;
  std::unordered_map<std::string, std::size_t> per_address_;
};

/// The process's open-file limit (RLIMIT_NOFILE, soft), and the socket cap derived from it: the
/// limit less a reserve for the database, logs and the listener.
std::size_t open_file_limit();
std::size_t default_max_sockets();
/// Raises the soft open-file limit to the hard one (a container's or a shell's soft limit is often
/// 1024 while the hard limit allows far more sockets); called once at start, before the socket cap
/// is derived.
void raise_open_file_limit();

}  // namespace archipel::server
