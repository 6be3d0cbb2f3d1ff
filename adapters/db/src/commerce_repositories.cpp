// The points ledger, orders and redeem codes.

#include "binder.h"
#include "repositories.h"

namespace gequ::db::detail {

using domain::Page;
using domain::TimePoint;

namespace {

const std::string kPointsSelect =
    std::string("SELECT ") + RowMapping<domain::PointsRecord>::kColumns + " FROM points_records ";
const std::string kOrderSelect = std::string("SELECT ") + RowMapping<domain::Order>::kColumns + " FROM orders ";
const std::string kRedeemSelect =
    std::string("SELECT ") + RowMapping<domain::RedeemCode>::kColumns + " FROM redeem_codes ";

} // namespace

// --- points

bool SqlPointsRepository::append(const domain::PointsRecord& record) {
    // ON CONFLICT DO NOTHING rather than a failing insert: a PostgreSQL transaction is unusable after an error.
    return Query(_c, "INSERT INTO points_records (user_id, delta, type, balance, remark, ref, created_at) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (ref) DO NOTHING")
               .bind(record.userId)
               .bind(record.delta)
               .bind(static_cast<int>(record.type))
               .bind(record.balance)
               .bind(record.remark)
               .bind(record.ref)
               .bind(record.createdAt)
               .execute() == 1;
}

bool SqlPointsRepository::hasRef(const std::string& ref) {
    Query query(_c, "SELECT COUNT(*) FROM points_records WHERE ref = ?");
    query.bind(ref);
    return scalar(query) > 0;
}

std::vector<domain::PointsRecord> SqlPointsRepository::listByUser(const std::string& userId, Page page) {
    std::vector<domain::PointsRecord> rows;
    Query(_c, kPointsSelect + "WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?")
        .bind(userId)
        .bind(limitOf(page))
        .bind(offsetOf(page))
        .into(rows)
        .execute();
    return rows;
}

std::int64_t SqlPointsRepository::countByUser(const std::string& userId) {
    Query query(_c, "SELECT COUNT(*) FROM points_records WHERE user_id = ?");
    query.bind(userId);
    return scalar(query);
}

std::vector<domain::PointsRecord> SqlPointsRepository::allByUser(const std::string& userId) {
    // Ids grow in the order records were appended, which is the order the balance ran in: a record is appended after
    // the conditional update of the user's row, and that row lock orders them.
    std::vector<domain::PointsRecord> rows;
    Query(_c, kPointsSelect + "WHERE user_id = ? ORDER BY id").bind(userId).into(rows).execute();
    return rows;
}

std::vector<std::string> SqlPointsRepository::duplicateRefs() {
    std::vector<std::string> refs;
    Query(_c, "SELECT ref FROM points_records GROUP BY ref HAVING COUNT(*) > 1 ORDER BY ref").into(refs).execute();
    return refs;
}

// --- orders

void SqlOrderRepository::insert(const domain::Order& order) {
    Query query(_c, std::string("INSERT INTO orders (") + RowMapping<domain::Order>::kColumns + ") VALUES (" +
                        placeholders(columnCount<domain::Order>()) + ")");
    bindColumns(query, order);
    query.execute();
}

std::optional<domain::Order> SqlOrderRepository::findByNo(const std::string& orderNo) {
    std::vector<domain::Order> rows;
    Query(_c, kOrderSelect + "WHERE order_no = ?").bind(orderNo).into(rows).execute();
    return firstOf(rows);
}

bool SqlOrderRepository::markPaid(const std::string& orderNo, const std::string& providerTxnId,
                                  std::int64_t paidAmountFen, TimePoint paidAt) {
    return Query(_c, "UPDATE orders SET state = ?, provider_txn_id = ?, paid_amount_fen = ?, paid_at = ? "
                     "WHERE order_no = ? AND state IN (?, ?)")
               .bind(domain::toString(domain::OrderState::Paid))
               .bind(providerTxnId)
               .bind(std::optional<std::int64_t>(paidAmountFen))
               .bind(paidAt)
               .bind(orderNo)
               .bind(domain::toString(domain::OrderState::Created))
               .bind(domain::toString(domain::OrderState::Closed))
               .execute() == 1;
}

bool SqlOrderRepository::markClosed(const std::string& orderNo, TimePoint at) {
    return Query(_c, "UPDATE orders SET state = ?, closed_at = ? WHERE order_no = ? AND state = ?")
               .bind(domain::toString(domain::OrderState::Closed))
               .bind(at)
               .bind(orderNo)
               .bind(domain::toString(domain::OrderState::Created))
               .execute() == 1;
}

void SqlOrderRepository::markAnomaly(const std::string& orderNo) {
    Query(_c, "UPDATE orders SET anomaly = 1 WHERE order_no = ?").bind(orderNo).execute();
}

void SqlOrderRepository::setCodeUrl(const std::string& orderNo, const std::string& codeUrl) {
    Query(_c, "UPDATE orders SET code_url = ? WHERE order_no = ?").bind(codeUrl).bind(orderNo).execute();
}

void SqlOrderRepository::addNotify(const std::string& orderNo) {
    Query(_c, "UPDATE orders SET notify_count = notify_count + 1 WHERE order_no = ?").bind(orderNo).execute();
}

std::vector<domain::Order> SqlOrderRepository::listByState(std::optional<domain::OrderState> state, Page page) {
    return pageInState<domain::Order>(_c, kOrderSelect, "ORDER BY created_at, order_no", state, page);
}

std::vector<std::pair<domain::OrderState, std::int64_t>> SqlOrderRepository::countByState() {
    return countsByText<domain::OrderState>(_c, "SELECT state, COUNT(*) FROM orders GROUP BY state ORDER BY state",
                                            [](const std::string& s) { return domain::parseOrderState(s); });
}

// --- redeem codes

void SqlRedeemRepository::insert(const domain::RedeemCode& code) {
    Query query(_c, std::string("INSERT INTO redeem_codes (") + RowMapping<domain::RedeemCode>::kColumns +
                        ") VALUES (" + placeholders(columnCount<domain::RedeemCode>()) + ")");
    bindColumns(query, code);
    query.execute();
}

std::optional<domain::RedeemCode> SqlRedeemRepository::findByHash(const std::string& codeHash) {
    std::vector<domain::RedeemCode> rows;
    Query(_c, kRedeemSelect + "WHERE code_hash = ?").bind(codeHash).into(rows).execute();
    return firstOf(rows);
}

std::vector<domain::RedeemCode> SqlRedeemRepository::listPlainSha256(int limit) {
    std::vector<domain::RedeemCode> rows;
    Query(_c, kRedeemSelect + "WHERE plain_sha256 = 1 ORDER BY id LIMIT ?").bind(limit).into(rows).execute();
    return rows;
}

void SqlRedeemRepository::rehash(const std::string& id, const std::string& codeHash) {
    Query(_c, "UPDATE redeem_codes SET code_hash = ?, plain_sha256 = 0 WHERE id = ?").bind(codeHash).bind(id).execute();
}

std::optional<domain::RedeemCode> SqlRedeemRepository::findById(const std::string& id) {
    std::vector<domain::RedeemCode> rows;
    Query(_c, kRedeemSelect + "WHERE id = ?").bind(id).into(rows).execute();
    return firstOf(rows);
}

bool SqlRedeemRepository::addUse(const std::string& id) {
    return Query(_c, "UPDATE redeem_codes SET used_count = used_count + 1 WHERE id = ? AND used_count < max_uses")
               .bind(id)
               .execute() == 1;
}

bool SqlRedeemRepository::insertRedemption(const std::string& codeId, const std::string& userId, TimePoint at) {
    return Query(_c, "INSERT INTO redemptions (code_id, user_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")
               .bind(codeId)
               .bind(userId)
               .bind(at)
               .execute() == 1;
}

void SqlRedeemRepository::setDisabled(const std::string& id, bool disabled) {
    Query(_c, "UPDATE redeem_codes SET disabled = ? WHERE id = ?").bind(disabled).bind(id).execute();
}

std::vector<domain::RedeemCode> SqlRedeemRepository::list(Page page) {
    std::vector<domain::RedeemCode> rows;
    Query(_c, kRedeemSelect + "ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?")
        .bind(limitOf(page))
        .bind(offsetOf(page))
        .into(rows)
        .execute();
    return rows;
}

std::vector<std::string> SqlRedeemRepository::redeemersOf(const std::string& codeId) {
    std::vector<std::string> users;
    Query(_c, "SELECT user_id FROM redemptions WHERE code_id = ? ORDER BY created_at, user_id")
        .bind(codeId)
        .into(users)
        .execute();
    return users;
}

} // namespace gequ::db::detail
