#pragma once

// The built-in Moderation: a word list (docs/product.md, "Creating a song").

#include "gequ/domain/ports/moderation.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace gequ::moderation {

/// A word list file cannot be read (a start-up error: the server refuses to start without the list it was given).
class WordListError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Refuses text holding a listed term. Chinese terms match anywhere, ignoring spaces and punctuation between the
/// characters (周 杰·伦); Latin terms match whole words ignoring case, spaces and punctuation (Taylor Swift,
/// taylor-swift, TaylorSwift), never inside a longer word.
///
/// List format: one term per line; blank lines, lines starting with `#`, and `[category]` headings are skipped.
class WordListModeration : public domain::Moderation {
public:
    explicit WordListModeration(std::string_view wordList);

    /// The list compiled into the binary (adapters/moderation/data/moderation_words.txt).
    static const WordListModeration& builtIn();
    /// The built-in list plus the terms of a list file (`moderation.words_file`). Throws WordListError when the file
    /// cannot be read.
    static WordListModeration withFile(const std::string& path);

    std::optional<std::string> findRefused(const std::string& text) const override;

    /// The number of terms.
    std::size_t size() const { return _terms.size(); }

private:
    struct Term {
        std::string original;           ///< as listed, returned by findRefused
        std::string compact;            ///< Chinese terms: without spaces and punctuation
        std::vector<std::string> words; ///< Latin terms: lower-case words
    };
    std::vector<Term> _terms;
};

/// The text of the built-in word list.
std::string_view builtInWordList();

} // namespace gequ::moderation
