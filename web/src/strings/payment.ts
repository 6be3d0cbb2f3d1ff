// The payment texts of the message catalogue (./zh-CN.ts), a module of their own so that they load with the pages
// that show them, not with the app's first screen (docs/web-performance.md).
export const zhPayment = {
  title: '支付结果',
  signIn: '登录后即可查看这笔订单的支付结果',
  waiting: '正在确认支付结果，请稍候……',
  countdown: (s: number) => `剩余 ${s} 秒`,
  success: '支付成功！感谢您的支持！',
  noOrder: '订单不存在',
  timeout: '30秒内未返回结果，请刷新页面或联系客服',
  backHome: '返回首页',
  refresh: '刷新页面',
  contact: '联系客服',
} as const;
