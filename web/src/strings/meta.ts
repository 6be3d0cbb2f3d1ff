// The meta texts of the message catalogue (./zh-CN.ts), a module of their own so that they load with the pages
// that show them, not with the app's first screen (docs/web-performance.md).
// Per-route <title> and meta description of the pages the build writes (app/route-meta.ts), for search engines and
// link previews.
export const zhMeta = {
  homeTitle: '歌曲 - AI 音乐创作',
  siteDescription: '歌曲：用一句话或一段歌词，让 AI 为你创作一首完整的歌。',
  home: '歌曲：用一句话或一段歌词，让 AI 为你创作一首完整的歌。收听热门榜单与最新作品，按风格发现好歌。',
  create:
    '在歌曲用 AI 创作音乐：灵感模式只需描述主题与情绪，自定义模式可填写歌名、歌词并挑选风格，几分钟得到一首完整的歌。',
  mywork: '管理你在歌曲创作的全部作品：试听、下载、分享，设为公开或私密，查看生成进度。',
  member: '歌曲会员套餐：更多积分、更高的同时生成数量与会员专属生成通道，微信支付即时开通。',
  profile: '歌曲个人中心：昵称、积分余额与积分记录、会员等级与有效期，以及兑换码。',
  payment: '查看你在歌曲开通会员的订单支付结果。',
  player: '在歌曲收听 AI 创作的歌曲：歌词同步展开，上一首、下一首，点赞与分享。',
  musicList: '按榜单与风格浏览歌曲上的 AI 音乐作品，一键播放整张列表。',
  contactUs: '联系歌曲客服：添加客服微信发送私信，客服时间周一至周五 9:00-18:00。',
  faq: '歌曲常见问题：主要功能、如何创作一首歌、积分与会员，以及 AI 作品的版权与使用权。',
  about: '关于歌曲：一个用 AI 帮每个人创作完整歌曲的中文音乐平台，支持多种语言与丰富的音乐风格。',
} as const;
