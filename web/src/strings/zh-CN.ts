// The message catalogue: every sentence the user sees lives here (docs/web.md).
// Messages quoted in docs/product.md and docs/web.md are used verbatim. The validation messages, limits and level
// names the server shares come from libdomain/data/rules.json (lib/rules.ts), never written here a second time.
// This module holds what the app's frame and the music square show; the texts of the other pages and dialogs are
// modules of their own in this folder (create.ts, works.ts, player.ts, …), so they load with the pages that show them.
import { levelName } from '../lib/rules';

export const zh = {
  app: {
    name: '歌曲',
    slogan: 'AI 音乐创作',
    copyright: '© 2024 歌曲 版权所有',
    documentTitle: (page: string) => `${page} - 歌曲`,
  },

  nav: {
    square: '音乐广场',
    create: '创作',
    mywork: '我的作品',
    member: '会员',
    profile: '个人中心',
    login: '登录',
    contactUs: '联系我们',
    about: '关于',
    faq: '常见问题',
    // Bottom tab bar (below 1280 px).
    tabHome: '首页',
    tabCreate: '创作',
    tabMywork: '我的作品',
    tabMine: '我的',
    // Accessible names the end-to-end tests rely on.
    mainMenu: '主菜单',
    bottomNav: '底部导航',
    openMenu: '打开菜单',
    closeMenu: '关闭菜单',
    // Starts with the visible name 歌曲 as a word of its own, so the link's name contains its text (WCAG 2.5.3).
    brandHome: '歌曲 首页',
  },

  theme: {
    toggle: '切换主题',
    light: '浅色模式',
    dark: '深色模式',
    current: (mode: string) => `当前：${mode}`,
  },

  user: {
    points: '积分',
    pointsValue: (n: string) => `积分 ${n}`,
    crown: '会员皇冠',
    levelText: levelName,
    lifetime: '永久',
    expiresOn: (date: string) => `有效期至 ${date}`,
    phone: '手机号',
    nickname: '昵称',
    level: '会员等级',
    expiration: '会员有效期',
    logout: '退出登录',
    logoutDone: '已退出登录',
    loginFirstTitle: '登录后查看',
    loginFirstText: '登录后即可查看个人资料、积分与会员信息。',
  },

  // Numbered pages (MUI's Pagination, the works list).
  pagination: {
    previous: '转到上一页',
    next: '转到下一页',
    page: (page: number) => `转到第 ${page} 页`,
    current: (page: number) => `第 ${page} 页`,
  },

  states: {
    emptyTitle: '空空如也',
    emptyText: '这里什么也没有~',
    loadingTitle: '加载中',
    loadingText: '正在奋力加载，精彩马上呈现~',
    errorTitle: '加载失败',
    errorText: '网络错误，请检查您的网络连接',
    loading: '加载中',
  },

  errors: {
    network: '网络连接失败，请检查网络后重试',
    timeout: '请求超时，请检查网络后重试',
    unavailable: '服务暂时不可用，请稍后再试',
    listLoad: '获取歌曲列表失败！',
    downloadFailed: '网络请求失败',
    downloadCheckNetwork: '请求失败，请检查您的网络',
    songHidden: '抱歉，歌曲已被作者隐藏或删除',
    songInfoFailed: '获取歌曲信息失败，请检查网络连接或稍后再试',
  },

  routeError: {
    title: '页面出错了',
    text: '页面加载失败，请刷新后重试',
    reload: '刷新页面',
  },

  notFound: {
    title: '页面不存在',
    text: '您访问的页面不存在或已被移除',
    hint: '请检查网址是否正确，或返回首页继续浏览。',
    back: '返回首页',
  },

  square: {
    title: '音乐广场',
    subtitle: '发现新歌，一句话开始你的创作',
    hotList: '热门榜单',
    newSongs: '最新歌曲',
    genres: '风格分类',
    quickStartLabel: '描述你想要的歌曲',
    quickStartPlaceholder: '例如：一首关于夏夜海边的轻快流行歌',
    quickStartSubmit: '开始创作',
    playsLabel: '播放次数',
    likesLabel: '点赞数',
    more: '查看更多',
    moreOf: (title: string) => `查看更多${title}`,
    // Song rows (the row itself opens the player; the button plays in place).
    playSong: (title: string) => `播放 ${title}`,
    pauseSong: (title: string) => `暂停 ${title}`,
    // Search (a list page titled 搜索：word).
    searchLabel: '搜索歌曲',
    searchPlaceholder: '搜索歌名、歌词或风格',
    searchSubmit: '搜索',
    searchTitle: (word: string) => `搜索：${word}`,
    // Three of the 21 prompts, with 换一批.
    prompts: '灵感推荐',
    promptsHint: '没有头绪？试试这些灵感',
    refreshPrompts: '换一批',
    emptySquare: '广场上还没有公开的歌曲，快来创作第一首吧',
    goCreate: '去创作',
  },

  progress: {
    peak: '使用高峰，正在努力生成中',
  },

  genres: {
    pop: '流行',
    rock: '摇滚',
    electronic: '电子',
    classical: '古典',
    rap: '说唱',
    metal: '金属',
    maleVocal: '男声',
    femaleVocal: '女声',
  },

  /** The rights FAQ of docs/product.md ("Rights"), in full (shown on /faq and summarised on /member). */
  rights: [
    {
      q: '付费订阅期间创作的歌曲归谁所有？可以商用吗？',
      a: '付费订阅用户在订阅期间创作的歌曲归用户所有，并可用于商业用途；即使之后取消订阅，这些歌曲的商用权利依然保留。',
    },
    {
      q: '使用免费积分或赠送积分创作的歌曲可以商用吗？',
      a: '不可以。免费积分或赠送积分创作的歌曲仅限非商业用途，歌曲的所有权归平台所有。',
    },
    {
      q: '免费用户发布歌曲时需要注意什么？',
      a: '免费用户在任何平台发布使用本站创作的歌曲时，须注明歌曲由「歌曲」创作。',
    },
    {
      q: '先免费创作、之后再付费订阅，之前的歌曲能获得商用权吗？',
      a: '不能。付费订阅不具有追溯效力，订阅之前使用免费积分创作的歌曲不会因之后付费而获得商业使用权。',
    },
    {
      q: '我自己写的歌词归谁所有？',
      a: '您自己创作并输入的歌词，版权始终归您本人所有。',
    },
    {
      q: 'AI 生成的音乐受版权保护吗？',
      a: '目前各国家和地区对 AI 生成内容的版权归属尚无定论，相关法律仍在发展之中。如需将作品用于重要的商业项目，建议您事先咨询专业律师的意见。',
    },
  ],
} as const;

export type Strings = typeof zh;
