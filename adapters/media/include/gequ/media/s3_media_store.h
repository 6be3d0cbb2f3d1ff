#pragma once

// The MediaStore port over an S3-compatible bucket (media.provider = s3; docs/deploy.md): AWS, Tencent COS, Aliyun
// OSS and MinIO all speak the S3 protocol with Signature V4 (sigv4.h). Requests go out through gequ_net's client.

#include "gequ/domain/ports/media_store.h"

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace gequ::media {

struct S3Config {
    std::string endpoint;             ///< http(s)://host[:port] of the service, without the bucket
    std::string region = "us-east-1"; ///< signed into every request
    std::string bucket;
    bool pathStyle = true; ///< endpoint/bucket/key; false: virtual-hosted, bucket.endpoint-host/key
    std::string accessKeyId;
    std::string secretAccessKey;
    std::chrono::seconds presignLifetime{300}; ///< how long a presigned GET URL stays valid
    std::chrono::seconds timeout{30};          ///< each request to the service
    std::string caFile;                        ///< extra trusted CA (PEM) for an https endpoint; tests only
    std::string urlPrefix = "/media/";
};

/// Media as objects of one bucket, one object per key. Keys are flat names: 1 to 200 bytes of valid UTF-8 (Chinese
/// included), without '/', '\', control characters or a leading '.'; any other key is refused with
/// std::invalid_argument before a request is made. put never replaces a stored key (it asks first), so a retried put
/// is harmless. A refusal by the service (a wrong key or secret, a missing bucket) or a transport failure throws
/// MediaError naming the status and the service's error code.
class S3MediaStore : public domain::MediaStore {
public:
    using Now = std::function<std::chrono::system_clock::time_point()>;

    /// std::invalid_argument when the endpoint is not an http(s) URL, or the bucket or keys are empty.
    explicit S3MediaStore(S3Config config, Now now = std::chrono::system_clock::now);
    ~S3MediaStore() override;

    std::string put(const std::string& key, const std::string& bytes, const std::string& contentType) override;
    /// Reads the file and uploads it as put; the file is left where it is (the caller removes it).
    std::string putFile(const std::string& key, const std::string& path, const std::string& contentType) override;
    bool exists(const std::string& key) const override;
    std::string urlFor(const std::string& key) const override;
    /// GETs the object (at most 512 MiB).
    std::optional<std::string> read(const std::string& key) const override;
    void remove(const std::string& key) override;

    /// A URL anyone may GET key with (Range included) until the presign lifetime passes.
    std::string presignedGet(const std::string& key) const;
    /// The same, with the answer's Content-Disposition set to disposition (a download's file name).
    std::string presignedDownload(const std::string& key, const std::string& disposition) const;

    /// Whether key is a flat, safe object name as described above.
    static bool isSafeKey(std::string_view key);

private:
    struct Impl;
    std::unique_ptr<Impl> _impl;
};

} // namespace gequ::media
