#pragma once
// The container health check: `archipel-server --health-check` asks the server configured by the
// same flags and environment (ARCHIPEL_PORT, ARCHIPEL_BIND) for GET /healthz, so the image needs no
// curl and the probe follows the configured port.

#include "server/config.hpp"

namespace archipel::server {

/// GETs http://<address>:<port>/healthz, where the address is the configured bind address, or the
/// loopback of the same family when it is unspecified (0.0.0.0, ::). With port 0 the port is read
/// from --port-file. Returns 0 on a 200 answer, printing nothing; otherwise prints one line to
/// stderr and returns 1. Gives up after `timeout_seconds`.
int run_health_probe(const Config& config, int timeout_seconds = 2);

}  // namespace archipel::server
