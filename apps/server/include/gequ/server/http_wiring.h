#pragma once

// The HTTP server of gequ-server, wired from a Runtime. gequ-server and the HTTP tests (tests/http/test_server.h)
// both build their server with these two functions, so a wiring mistake here fails the tests.

#include "gequ/http/server.h"
#include "gequ/wiring/config.h"
#include "gequ/wiring/runtime.h"

namespace gequ::server {

/// The HTTP adapter's settings from the http.*, web.root and media.dir keys.
http::HttpConfig makeHttpConfig(const wiring::Config& config);

/// What the HTTP server's handlers call: the runtime's services, its sessions as the authenticator, the payment side,
/// the signed media URLs keyed by the server secret, and the upstream callback when upstream.ace.callback_url has a
/// key. Builds the runtime's auth(), song side and payment side.
http::Services makeHttpServices(wiring::Runtime& runtime);

} // namespace gequ::server
