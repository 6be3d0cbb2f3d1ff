#pragma once

// The small HTML pages of the payment flow (docs/payments.md): the sandbox checkout and its result, the WeChat JSAPI
// page, and their error pages. No inline scripts (the Content-Security-Policy allows only the site's own): the JSAPI
// page loads /pay/wechat/jsapi.js, the sandbox page needs none (a plain form).

#include "gequ/domain/services/order_service.h"
#include "request.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace gequ::http::pages {

/// An amount in fen as yuan with two decimals: 1990 → 19.90.
std::string yuan(std::int64_t fen);

/// GET /pay/sandbox/<no>: 沙箱支付 · 不会产生真实扣款, the plan, the amount, 确认支付 (posts the confirm) and 取消.
Response sandboxCheckout(const domain::OrderView& view);
/// The sandbox's answer after a confirmed payment (native orders; h5 and jsapi go to /payment?taskId=…).
Response sandboxPaid(const domain::OrderView& view);
/// The JSAPI page: calls WeixinJSBridge getBrandWCPayRequest with params (through /pay/wechat/jsapi.js), then goes
/// to /payment?taskId=<no>.
Response jsapiPay(const domain::OrderView& view, const domain::JsapiPayParams& params);
/// The script of the JSAPI page.
Response jsapiScript();
/// A page with a title and one sentence (errors of the pages above), with the given HTTP status.
Response message(int status, const std::string& title, const std::string& text);
/// A redirect (302 unless told) to location.
Response redirect(const std::string& location, int status = 302);

} // namespace gequ::http::pages
