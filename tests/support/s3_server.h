#pragma once

// A local S3-compatible server for the suites (docs/testing.md): tests/s3rver/start.mjs, s3rver from npm behind a
// Signature V4 check, started on a free port in a temporary directory and stopped when the object goes.

#include "temp_dir.h"

#include <Poco/Pipe.h>
#include <Poco/PipeStream.h>
#include <Poco/Process.h>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace gequ::test {

class S3Server {
public:
    /// Starts the server with one bucket and one key pair; throws when it does not come up. sourceDir is the
    /// repository root (GEQU_SOURCE_DIR).
    S3Server(const std::string& sourceDir, std::string bucket, std::string accessKey, std::string secret)
        : _dir("s3"), _bucket(std::move(bucket)), _accessKey(std::move(accessKey)), _secret(std::move(secret)) {
        const std::vector<std::string> args = {sourceDir + "/tests/s3rver/start.mjs",
                                               "--dir",
                                               _dir / "objects",
                                               "--bucket",
                                               _bucket,
                                               "--access-key",
                                               _accessKey,
                                               "--secret",
                                               _secret,
                                               "--port",
                                               "0"};
        _handle = std::make_unique<Poco::ProcessHandle>(Poco::Process::launch("node", args, nullptr, &_out, nullptr));
        Poco::PipeInputStream out(_out);
        std::string line;
        const std::string prefix = "s3rver listening on ";
        while (std::getline(out, line)) {
            if (line.rfind(prefix, 0) == 0) {
                _endpoint = line.substr(prefix.size());
                return;
            }
        }
        stop();
        throw std::runtime_error("tests/s3rver/start.mjs did not start (is `npm ci` done in tests/s3rver?)");
    }
    ~S3Server() { stop(); }
    S3Server(const S3Server&) = delete;
    S3Server& operator=(const S3Server&) = delete;

    /// http://127.0.0.1:PORT
    const std::string& endpoint() const { return _endpoint; }
    const std::string& bucket() const { return _bucket; }
    const std::string& accessKey() const { return _accessKey; }
    const std::string& secret() const { return _secret; }

private:
    void stop() {
        if (_handle) {
            Poco::Process::requestTermination(_handle->id());
            _handle->wait();
            _handle.reset();
        }
    }

    TempDir _dir;
    std::string _bucket;
    std::string _accessKey;
    std::string _secret;
    Poco::Pipe _out;
    std::unique_ptr<Poco::ProcessHandle> _handle;
    std::string _endpoint;
};

} // namespace gequ::test
