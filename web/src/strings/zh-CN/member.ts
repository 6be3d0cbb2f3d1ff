// The member, pay, payment sentences of the message catalogue (strings/zh-CN.ts says how it is split).

export const zhMember = {
  title: '会员',
  subtitle: '开通会员，获得更多积分、更高并发与会员专属通道',
  buy: '立即开通',
  loginToBuy: '登录后开通',
  perSong: (price: string) => `每首约 ¥${price}`,
  points: (n: number) => `${n} 积分`,
  concurrency: (n: number) => `同时生成 ${n} 个任务`,
  validity: (term: string) => `有效期 ${term}`,
  limited: '限时优惠',
  endsIn: (t: string) => `距结束 ${t}`,
  originalPrice: (p: string) => `原价 ¥${p}`,
  rightsTitle: '权益说明',
  rights: [
    '会员专享无损下载：作品可下载 44.1 kHz 立体声 WAV 无损音频（作品卡片与播放页的「无损 WAV」），普通用户可下载 MP3。',
    '付费订阅期间创作的歌曲归您所有，可用于商业用途，取消订阅后商用权利依然保留。',
    '使用免费积分或赠送积分创作的歌曲仅限非商业用途，所有权归平台所有；发布时须注明由「歌曲」创作。',
    '付费订阅不具有追溯效力：订阅之前创作的歌曲不会因之后付费而获得商业使用权。',
    '您自己创作的歌词始终归您所有。',
  ],
};

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
};

export const zhPayment = {
  title: '支付结果',
  waiting: '正在确认支付结果，请稍候……',
  countdown: (s: number) => `剩余 ${s} 秒`,
  success: '支付成功！感谢您的支持！',
  noOrder: '订单不存在',
  timeout: '30秒内未返回结果，请刷新页面或联系客服',
  backHome: '返回首页',
  refresh: '刷新页面',
  contact: '联系客服',
};
