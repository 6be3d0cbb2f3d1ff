# Turns data/genres.tsv into a C++ source holding it as one raw string literal.
file(READ ${IN} content)
file(WRITE ${OUT} "// Generated from libdomain/data/genres.tsv; do not edit.\n"
    "namespace gequ::domain::detail {\n"
    "extern const char* const kGenresTsv;\n"
    "const char* const kGenresTsv = R\"GEQU_TSV(${content})GEQU_TSV\";\n"
    "} // namespace gequ::domain::detail\n")
