// The pay texts of the message catalogue (./zh-CN.ts), a module of their own so that they load with the pages
// that show them, not with the app's first screen (docs/web-performance.md).
/** The pay dialog of the member page (docs/web.md, "Pages": the pay dialog). */
export const zhPay = {
  title: (plan: string) => `开通${plan}`,
  amount: '支付金额',
  method: '支付方式',
  wechat: '微信支付',
  confirm: '确认支付',
  cancel: '取消',
  done: '完成',
  scanHint: '请使用微信扫码支付',
  qrAlt: '支付二维码',
  timeLeft: (mmss: string) => `剩余时间 ${mmss}`,
  creating: '正在创建订单……',
  redirecting: '正在前往支付页面……',
  success: '支付成功！感谢您的支持！',
  noOrder: '订单不存在',
  expired: '二维码已过期',
  renew: '重新获取',
  badAnswer: '支付服务暂时不可用，请稍后再试',
} as const;
