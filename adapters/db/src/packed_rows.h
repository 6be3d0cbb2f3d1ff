#pragma once

// Mapped values (rows.h) packed into a few bytes, for rows held in memory by the thousand (the search index keeps
// every public song's list row this way: search_index.h). Integers and times are variable-length (7 bits a byte,
// signed ones zigzagged), reals their 8 bytes, texts their length then their bytes, an optional a flag byte first.
// The bytes live only in this process: they are not a storage or wire format.

#include "rows.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>

namespace gequ::db::detail {

/// Appends a value's fields to `out`.
struct RowPacker {
    std::string& out;

    void unsignedNumber(std::uint64_t v) {
        while (v >= 0x80) {
            out.push_back(static_cast<char>((v & 0x7f) | 0x80));
            v >>= 7;
        }
        out.push_back(static_cast<char>(v));
    }
    void number(std::int64_t v) {
        unsignedNumber((static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63));
    }
    template <class E> void enumeration(E v) { number(static_cast<std::int64_t>(v)); }
    template <class T, class F> void optional(const std::optional<T>& v, F&& put) {
        out.push_back(v ? '\1' : '\0');
        if (v) {
            put(*v);
        }
    }

    void text(const std::string& v) {
        unsignedNumber(v.size());
        out.append(v);
    }
    void int64(std::int64_t v) { number(v); }
    void int32(int v) { number(v); }
    void real(double v) {
        char bytes[sizeof v];
        std::memcpy(bytes, &v, sizeof v);
        out.append(bytes, sizeof v);
    }
    void flag(bool v) { out.push_back(v ? '\1' : '\0'); }
    void time(domain::TimePoint v) { number(domain::toEpochMillis(v)); }
    void optionalTime(const std::optional<domain::TimePoint>& v) {
        optional(v, [this](domain::TimePoint t) { time(t); });
    }
    void optionalInt64(const std::optional<std::int64_t>& v) {
        optional(v, [this](std::int64_t n) { number(n); });
    }
    void optionalInt32(const std::optional<int>& v) {
        optional(v, [this](int n) { number(n); });
    }
    void pointsType(domain::PointsType v) { enumeration(v); }
    void songStatus(domain::SongStatus v) { enumeration(v); }
    void taskState(domain::TaskState v) { enumeration(v); }
    void taskChannel(domain::TaskChannel v) { enumeration(v); }
    void taskAction(domain::TaskAction v) { enumeration(v); }
    void orderState(domain::OrderState v) { enumeration(v); }
    void payChannel(domain::PayChannel v) { enumeration(v); }
};

/// Reads fields back in the order RowPacker wrote them.
struct RowUnpacker {
    std::string_view in;

    std::uint64_t unsignedNumber() {
        std::uint64_t v = 0;
        for (int shift = 0; !in.empty() && shift < 64; shift += 7) {
            const auto byte = static_cast<unsigned char>(in.front());
            in.remove_prefix(1);
            v |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
            if ((byte & 0x80) == 0) {
                break;
            }
        }
        return v;
    }
    std::int64_t number() {
        const std::uint64_t v = unsignedNumber();
        return static_cast<std::int64_t>(v >> 1) ^ -static_cast<std::int64_t>(v & 1);
    }
    template <class E> void enumeration(E& v) { v = static_cast<E>(number()); }
    bool present() {
        const bool set = !in.empty() && in.front() != '\0';
        in.remove_prefix(in.empty() ? 0 : 1);
        return set;
    }

    void text(std::string& v) {
        const auto size = static_cast<std::size_t>(std::min<std::uint64_t>(unsignedNumber(), in.size()));
        v.assign(in.substr(0, size));
        in.remove_prefix(size);
    }
    void int64(std::int64_t& v) { v = number(); }
    void int32(int& v) { v = static_cast<int>(number()); }
    void real(double& v) {
        v = 0;
        if (in.size() >= sizeof v) {
            std::memcpy(&v, in.data(), sizeof v);
            in.remove_prefix(sizeof v);
        }
    }
    void flag(bool& v) { v = present(); }
    void time(domain::TimePoint& v) { v = domain::fromEpochMillis(number()); }
    void optionalTime(std::optional<domain::TimePoint>& v) {
        v = present() ? std::optional(domain::fromEpochMillis(number())) : std::nullopt;
    }
    void optionalInt64(std::optional<std::int64_t>& v) {
        v = present() ? std::optional<std::int64_t>(number()) : std::nullopt;
    }
    void optionalInt32(std::optional<int>& v) {
        v = present() ? std::optional(static_cast<int>(number())) : std::nullopt;
    }
    void pointsType(domain::PointsType& v) { enumeration(v); }
    void songStatus(domain::SongStatus& v) { enumeration(v); }
    void taskState(domain::TaskState& v) { enumeration(v); }
    void taskChannel(domain::TaskChannel& v) { enumeration(v); }
    void taskAction(domain::TaskAction& v) { enumeration(v); }
    void orderState(domain::OrderState& v) { enumeration(v); }
    void payChannel(domain::PayChannel& v) { enumeration(v); }
};

/// A mapped value's fields as bytes (RowPacker).
template <Mapped T> std::string packRow(const T& value) {
    std::string out;
    RowPacker packer{out};
    RowMapping<T>::visit(packer, const_cast<T&>(value)); // the packer only reads
    out.shrink_to_fit();
    return out;
}

/// The value packRow packed.
template <Mapped T> T unpackRow(std::string_view bytes) {
    T value{};
    RowUnpacker unpacker{bytes};
    RowMapping<T>::visit(unpacker, value);
    return value;
}

} // namespace gequ::db::detail
