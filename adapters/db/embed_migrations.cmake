# Turns the migration files (-DFILES=a.sql|b.sql, each under migrations/<dialect>/) into a C++ source that holds them
# as raw string literals, so the binaries need nothing from the source tree.
string(REPLACE "|" ";" FILES "${FILES}")
set(body "")
foreach(file IN LISTS FILES)
    get_filename_component(name ${file} NAME_WE)
    get_filename_component(dir ${file} DIRECTORY)
    get_filename_component(dialect ${dir} NAME)
    file(READ ${file} sql)
    string(APPEND body "    {\"${dialect}\", \"${name}\", R\"GEQU_SQL(${sql})GEQU_SQL\"},\n")
endforeach()
file(WRITE ${OUT} "// Generated from adapters/db/migrations; do not edit.\n"
    "#include \"migrations.h\"\n\n"
    "namespace gequ::db::detail {\n\n"
    "const std::vector<EmbeddedMigration>& embeddedMigrations() {\n"
    "    static const std::vector<EmbeddedMigration> kMigrations{\n${body}    };\n"
    "    return kMigrations;\n"
    "}\n\n"
    "} // namespace gequ::db::detail\n")
