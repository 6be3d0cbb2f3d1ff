// The member texts of the message catalogue (./zh-CN.ts), a module of their own so that they load with the pages
// that show them, not with the app's first screen (docs/web-performance.md).
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
} as const;
