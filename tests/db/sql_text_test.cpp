// gequ_db's pure helpers: SQL text handling and URL parsing.

#include "sql_text.h"
#include "url.h"

#include <gtest/gtest.h>

namespace gequ::db::detail {
namespace {

TEST(SqlText, NumbersPlaceholdersOutsideQuotesAndComments) {
    EXPECT_EQ(numberPlaceholders("SELECT a FROM t WHERE b = ? AND c IN (?, ?)"),
              "SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)");
    EXPECT_EQ(numberPlaceholders("SELECT '?', \"?\", ? -- ?\n, ? /* ? */"), "SELECT '?', \"?\", $1 -- ?\n, $2 /* ? */");
    EXPECT_EQ(numberPlaceholders("SELECT 'it''s ?' || ?"), "SELECT 'it''s ?' || $1");
    EXPECT_EQ(numberPlaceholders("SELECT $$ ? $$, ?"), "SELECT $$ ? $$, $1");
    EXPECT_EQ(numberPlaceholders("no parameters"), "no parameters");
}

TEST(SqlText, SplitsScriptsAtTopLevelSemicolons) {
    const auto statements = splitStatements("-- a comment; with a semicolon\n"
                                            "CREATE TABLE a (x TEXT DEFAULT ';');\n"
                                            "/* block; */ CREATE INDEX a_x ON a (x);;\n"
                                            "CREATE TRIGGER t AFTER INSERT ON a BEGIN\n"
                                            "  INSERT INTO b VALUES (CASE WHEN new.x = 'y' THEN 1 ELSE 0 END);\n"
                                            "  DELETE FROM c;\n"
                                            "END;\n"
                                            "CREATE FUNCTION f() RETURNS int AS $body$ SELECT 1; $body$ LANGUAGE sql;\n"
                                            "SELECT 1");
    ASSERT_EQ(statements.size(), 5u);
    EXPECT_EQ(statements[0], "CREATE TABLE a (x TEXT DEFAULT ';')");
    EXPECT_EQ(statements[1], "CREATE INDEX a_x ON a (x)");
    EXPECT_EQ(statements[2].substr(0, 16), "CREATE TRIGGER t");
    EXPECT_NE(statements[2].find("DELETE FROM c;"), std::string::npos);
    EXPECT_EQ(statements[2].substr(statements[2].size() - 3), "END");
    EXPECT_EQ(statements[3], "CREATE FUNCTION f() RETURNS int AS $body$ SELECT 1; $body$ LANGUAGE sql");
    EXPECT_EQ(statements[4], "SELECT 1");
    EXPECT_TRUE(splitStatements(" \n-- only a comment\n").empty());
}

TEST(SqlText, EscapesLikeAndFts) {
    EXPECT_EQ(escapeLike("100%_a\\b"), "100\\%\\_a\\\\b");
    EXPECT_EQ(escapeLike("中文"), "中文");
    const std::string plain = "seed-s1", quoted = "a\"b\\c,{d}", empty;
    EXPECT_EQ(textArray({&plain, &quoted, &empty}), "{\"seed-s1\",\"a\\\"b\\\\c,{d}\",\"\"}");
    EXPECT_EQ(textArray({}), "{}");
    EXPECT_EQ(ftsPhrase("say \"hi\""), "\"say \"\"hi\"\"\"");
}

TEST(Url, Sqlite) {
    auto target = parseUrl("sqlite:var/gequ.db");
    EXPECT_EQ(target.dialect, Dialect::Sqlite);
    EXPECT_EQ(target.connectionString, "var/gequ.db");
    EXPECT_EQ(parseUrl("sqlite:///tmp/x.db").connectionString, "/tmp/x.db");
    EXPECT_EQ(parseUrl("sqlite:/tmp/x.db").connectionString, "/tmp/x.db");
    EXPECT_THROW(parseUrl("sqlite:"), DbException);
    EXPECT_THROW(parseUrl("sqlite::memory:"), DbException);
}

TEST(Url, Postgresql) {
    auto target = parseUrl("postgresql://gequ:s3cr%40t'x@db.example:5433/gequ_prod?sslmode=require");
    EXPECT_EQ(target.dialect, Dialect::Postgresql);
    EXPECT_EQ(target.connectionString, "host='db.example' port='5433' user='gequ' password='s3cr@t\\'x' "
                                       "dbname='gequ_prod' sslmode='require'");
    EXPECT_EQ(target.display.find("s3cr"), std::string::npos); // no password in messages
    EXPECT_EQ(parseUrl("postgres://postgres@127.0.0.1/x").connectionString,
              "host='127.0.0.1' user='postgres' dbname='x'");
    EXPECT_EQ(parseUrl("postgresql://u@[::1]:5432/x?options=-csearch_path%3Dapp").connectionString,
              "host='::1' port='5432' user='u' dbname='x' options='-csearch_path=app'");
    // libpq reads a quoted value whole, spaces included.
    EXPECT_EQ(parseUrl("postgresql://u:pass%20word@h/x").connectionString,
              "host='h' user='u' password='pass word' dbname='x'");
    EXPECT_THROW(parseUrl("postgresql://u@h:port/x"), DbException);
    EXPECT_THROW(parseUrl("postgresql://u@h/x?bad key=1"), DbException);
    EXPECT_THROW(parseUrl("postgresql://u@h/x%zz"), DbException);
    EXPECT_THROW(parseUrl("mysql://u@h/x"), DbException);
}

} // namespace
} // namespace gequ::db::detail
