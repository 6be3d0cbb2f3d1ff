// Upstream media URLs often carry signed query tokens that grant access to the file: the fetcher's log lines show
// them without the query (docs/security.md, "Logs").

#include "gequ/acedata/media_fetcher.h"
#include "gequ/media/local_media_store.h"
#include "log_capture.h"
#include "log_url.h"

#include <Poco/Logger.h>
#include <Poco/Message.h>
#include <filesystem>
#include <gtest/gtest.h>
#include <mutex>

namespace {

TEST(LoggedUrl, DropsTheQueryAndFragment) {
    using gequ::acedata::detail::loggedUrl;
    EXPECT_EQ(loggedUrl("https://cdn.example/a.mp3?X-Amz-Signature=abc&X-Amz-Credential=k"),
              "https://cdn.example/a.mp3?…");
    EXPECT_EQ(loggedUrl("https://cdn.example/a.mp3#token=abc"), "https://cdn.example/a.mp3?…");
    EXPECT_EQ(loggedUrl("https://cdn.example/a.mp3"), "https://cdn.example/a.mp3");
}

TEST(LoggedUrl, AFailedReHostingLogsTheUrlWithoutItsSignedQuery) {
    gequ::test::LogCapture log("gequ.upstream.fetch");
    const auto dir = std::filesystem::temp_directory_path() / "gequ-log-url-test";
    {
        gequ::media::LocalMediaStore store(dir);
        auto fetcher = gequ::acedata::makeMediaFetcher(store);
        // Not an http(s) URL: refused before any connection, and logged.
        auto refused = fetcher->fetchAudio("clip-1", "ftp://cdn.example/a.mp3?X-Amz-Signature=very-secret-signature");
        EXPECT_FALSE(refused.ok());
    }
    std::filesystem::remove_all(dir);
    const std::string text = log.text();
    EXPECT_NE(text.find("cdn.example/a.mp3"), std::string::npos) << text;
    EXPECT_EQ(text.find("very-secret-signature"), std::string::npos) << text;
}

} // namespace
