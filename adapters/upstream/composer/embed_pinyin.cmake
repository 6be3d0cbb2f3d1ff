# Turns data/pinyin.tsv and data/pinyin_words.tsv into a C++ source holding them as raw string literals (the tables
# are generated once by tools/pinyin/generate.mjs from pinyin-pro, MIT licence; see data/README.md).
file(READ ${CHARS} chars)
file(READ ${WORDS} words)
file(WRITE ${OUT} "// Generated from adapters/upstream/composer/data/pinyin*.tsv; do not edit.\n"
    "namespace gequ::composer::detail {\n"
    "extern const char* const kPinyinChars;\n"
    "extern const char* const kPinyinWords;\n"
    "const char* const kPinyinChars = R\"GEQU_PINYIN(${chars})GEQU_PINYIN\";\n"
    "const char* const kPinyinWords = R\"GEQU_PINYIN(${words})GEQU_PINYIN\";\n"
    "} // namespace gequ::composer::detail\n")
