#pragma once

// Binding an entity's columns (in RowMapping order) to a Query, and small helpers shared by the repositories.

#include "connection.h"
#include "gequ/domain/ports/store.h"
#include "rows.h"

#include <optional>
#include <string>
#include <vector>

namespace gequ::db::detail {

/// Binds the first `limit` columns of a mapping, in order.
struct ColumnBinder {
    Query& query;
    std::size_t limit = static_cast<std::size_t>(-1);

    template <class T> void put(const T& value) {
        if (limit > 0) {
            query.bind(value);
            --limit;
        }
    }
    void text(const std::string& v) { put(v); }
    void int64(std::int64_t v) { put(v); }
    void int32(int v) { put(v); }
    void real(double v) { put(v); }
    void flag(bool v) { put(v); }
    void time(domain::TimePoint v) { put(v); }
    void optionalTime(const std::optional<domain::TimePoint>& v) { put(v); }
    void optionalInt64(const std::optional<std::int64_t>& v) { put(v); }
    void optionalInt32(const std::optional<int>& v) { put(v); }
    void pointsType(domain::PointsType v) { put(static_cast<int>(v)); }
    void songStatus(domain::SongStatus v) { put(static_cast<int>(v)); }
    void taskState(domain::TaskState v) { put(domain::toString(v)); }
    void taskChannel(domain::TaskChannel v) { put(domain::toString(v)); }
    void taskAction(domain::TaskAction v) { put(domain::toString(v)); }
    void orderState(domain::OrderState v) { put(domain::toString(v)); }
    void payChannel(domain::PayChannel v) { put(domain::toString(v)); }
};

/// Binds every column of `value` (or the first `limit`).
template <class T> void bindColumns(Query& query, T value, std::size_t limit = static_cast<std::size_t>(-1)) {
    ColumnBinder binder{query, limit};
    RowMapping<T>::visit(binder, value);
}

/// The number of columns of a mapping.
template <class T> std::size_t columnCount() {
    ColumnCounter counter;
    T sample{};
    RowMapping<T>::visit(counter, sample);
    return counter.count;
}

/// "?, ?, ?" for n parameters.
inline std::string placeholders(std::size_t n) {
    std::string out;
    for (std::size_t i = 0; i < n; ++i) {
        out += i == 0 ? "?" : ", ?";
    }
    return out;
}

template <class T> std::optional<T> firstOf(std::vector<T>& rows) {
    if (rows.empty()) {
        return std::nullopt;
    }
    return std::move(rows.front());
}

/// Runs a query that yields one 64-bit number (COUNT(*) and the like).
inline std::int64_t scalar(Query& query) {
    std::vector<std::int64_t> values;
    query.into(values).execute();
    return values.empty() ? 0 : values.front();
}

inline int limitOf(domain::Page page) {
    return page.limit < 0 ? 0 : page.limit;
}
inline int offsetOf(domain::Page page) {
    return page.offset < 0 ? 0 : page.offset;
}

} // namespace gequ::db::detail
