#include "pay_pages.h"

#include "gequ/net/escape.h"

#include "envelope.h"

#include <Poco/JSON/Object.h>
#include <cstdio>

namespace gequ::http::pages {

namespace {

constexpr const char* kStyle =
    "body{margin:0;font-family:-apple-system,BlinkMacSystemFont,'PingFang SC','Microsoft YaHei',sans-serif;"
    "background:#f5f6f8;color:#222}"
    "main{max-width:420px;margin:0 auto;padding:24px 16px}"
    ".banner{background:#fff4e5;color:#8a4b00;border:1px solid #ffd8a8;border-radius:8px;padding:10px 12px;"
    "font-weight:600;text-align:center}"
    ".card{background:#fff;border-radius:12px;padding:20px;margin-top:16px;box-shadow:0 1px 4px rgba(0,0,0,.06)}"
    ".amount{font-size:32px;font-weight:700;margin:8px 0}"
    ".muted{color:#888;font-size:13px;word-break:break-all}"
    ".actions{display:flex;gap:12px;margin-top:20px}"
    ".actions>*{flex:1;text-align:center;padding:12px 0;border-radius:8px;font-size:16px;text-decoration:none;"
    "border:0;cursor:pointer}"
    ".primary{background:#07c160;color:#fff}.secondary{background:#eee;color:#333}"
    "h1{font-size:20px;margin:0 0 8px}";

std::string document(const std::string& title, const std::string& body, const std::string& script = {}) {
    std::string html = "<!doctype html><html lang=\"zh-CN\"><head><meta charset=\"utf-8\">"
                       "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
                       "<meta name=\"referrer\" content=\"no-referrer\"><title>" +
                       net::markupEscape(title) + "</title><style>" + kStyle + "</style></head><body><main>" + body +
                       "</main>";
    if (!script.empty()) {
        html += "<script src=\"" + net::markupEscape(script) + "\"></script>";
    }
    return html + "</body></html>";
}

Response htmlResponse(int status, std::string html) {
    Response response;
    response.status = status;
    response.contentType = "text/html; charset=utf-8";
    response.body = std::move(html);
    return response;
}

std::string resultPath(const domain::Order& order) {
    return "/payment?taskId=" + order.orderNo;
}

std::string orderCard(const domain::OrderView& view) {
    return "<div class=\"card\"><div>" + net::markupEscape(view.plan.name) + "</div><div class=\"amount\">¥" +
           yuan(view.order.amountFen) + "</div><div class=\"muted\">订单号：" + net::markupEscape(view.order.orderNo) +
           "</div>";
}

} // namespace

std::string yuan(std::int64_t fen) {
    char text[32];
    std::snprintf(text, sizeof text, "%lld.%02lld", static_cast<long long>(fen / 100),
                  static_cast<long long>(fen % 100));
    return text;
}

Response sandboxCheckout(const domain::OrderView& view) {
    const std::string& no = view.order.orderNo;
    std::string body = "<div class=\"banner\">沙箱支付 · 不会产生真实扣款</div>" + orderCard(view);
    if (view.order.state == domain::OrderState::Paid) {
        body += "<p>该订单已支付。</p></div>";
    } else if (view.order.state == domain::OrderState::Closed) {
        body += "<p>订单已关闭，请重新下单。</p></div>";
    } else {
        body += "<p class=\"muted\">这是模拟的微信支付，确认后套餐立即到账。</p>"
                "<form class=\"actions\" method=\"post\" action=\"/pay/sandbox/" +
                net::markupEscape(no) +
                "/confirm\"><a class=\"secondary\" href=\"/member\">取消</a>"
                "<button class=\"primary\" type=\"submit\">确认支付</button></form></div>";
    }
    return htmlResponse(200, document("沙箱支付", body));
}

Response sandboxPaid(const domain::OrderView& view) {
    const std::string body = "<div class=\"banner\">沙箱支付 · 不会产生真实扣款</div>" + orderCard(view) +
                             "<h1>支付成功</h1><p>感谢您的支持！套餐权益已到账。</p>"
                             "<div class=\"actions\"><a class=\"primary\" href=\"/\">返回首页</a></div></div>";
    return htmlResponse(200, document("支付成功", body));
}

Response jsapiPay(const domain::OrderView& view, const domain::JsapiPayParams& params) {
    Poco::JSON::Object::Ptr bridge = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    bridge->set("appId", params.appId);
    bridge->set("timeStamp", params.timeStamp);
    bridge->set("nonceStr", params.nonceStr);
    bridge->set("package", params.package);
    bridge->set("signType", params.signType);
    bridge->set("paySign", params.paySign);
    const std::string body =
        orderCard(view) + "<p id=\"pay\" data-params=\"" + net::markupEscape(toJson(bridge)) + "\" data-next=\"" +
        net::markupEscape(resultPath(view.order)) +
        "\">正在打开微信支付…</p><p id=\"hint\" class=\"muted\" hidden>请在微信中打开此页面完成支付。</p>"
        "<div class=\"actions\"><a class=\"secondary\" href=\"" +
        net::markupEscape(resultPath(view.order)) + "\">查看支付结果</a></div></div>";
    return htmlResponse(200, document("微信支付", body, "/pay/wechat/jsapi.js"));
}

Response jsapiScript() {
    Response response;
    response.contentType = "text/javascript; charset=utf-8";
    response.body = R"JS((function () {
  'use strict';
  var element = document.getElementById('pay');
  if (!element) { return; }
  var params = JSON.parse(element.getAttribute('data-params'));
  var next = element.getAttribute('data-next');
  var started = false;
  function pay() {
    if (started) { return; }
    started = true;
    window.WeixinJSBridge.invoke('getBrandWCPayRequest', params, function () {
      window.location.href = next;
    });
  }
  if (typeof window.WeixinJSBridge === 'undefined') {
    document.addEventListener('WeixinJSBridgeReady', pay, false);
    window.setTimeout(function () {
      if (!started) {
        var hint = document.getElementById('hint');
        if (hint) { hint.hidden = false; }
      }
    }, 3000);
  } else {
    pay();
  }
})();
)JS";
    return response;
}

Response message(int status, const std::string& title, const std::string& text) {
    const std::string body = "<div class=\"card\"><h1>" + net::markupEscape(title) + "</h1><p>" + net::markupEscape(text) +
                             "</p><div class=\"actions\"><a class=\"secondary\" href=\"/member\">返回会员中心</a></div>"
                             "</div>";
    return htmlResponse(status, document(title, body));
}

Response redirect(const std::string& location, int status) {
    Response response;
    response.status = status;
    response.contentType.clear();
    response.set("Location", location);
    return response;
}

} // namespace gequ::http::pages
