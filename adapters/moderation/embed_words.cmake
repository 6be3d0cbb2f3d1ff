# Turns data/moderation_words.txt into a C++ source holding it as one raw string literal.
file(READ ${IN} content)
file(WRITE ${OUT} "// Generated from adapters/moderation/data/moderation_words.txt; do not edit.\n"
    "namespace gequ::moderation::detail {\n"
    "extern const char* const kModerationWords;\n"
    "const char* const kModerationWords = R\"GEQU_WORDS(${content})GEQU_WORDS\";\n"
    "} // namespace gequ::moderation::detail\n")
