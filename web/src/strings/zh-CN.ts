// The message catalogue: every sentence the user sees lives here (design/web.md).
// Messages SPEC.md gives in Chinese are verbatim; those it gives in English are rendered in natural Chinese.

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
    brandHome: '歌曲首页',
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
    levelText: (level: number): string => {
      if (level <= 0) return '普通用户';
      if (level === 1) return '体验会员';
      if (level <= 4) return '高级会员';
      if (level === 5) return '超级会员';
      return '超级会员PLUS';
    },
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
    loginFirst: '请先登录',
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

  auth: {
    dialogTitle: '登录',
    phone: '手机号',
    phonePlaceholder: '请输入手机号',
    code: '验证码',
    codePlaceholder: '请输入验证码',
    getCode: '获取验证码',
    retryIn: (s: number) => `重新获取(${s} s)`,
    getAgain: '重新获取',
    login: '登录',
    cancel: '取消',
    otherMethods: '其他登录方式',
    // Names without 登录, so the dialog's 登录 button is the only one whose name contains it (the group says 其他登录方式).
    wechatLogin: '微信',
    notOpen: '暂未开放',
    enterPhone: '请输入手机号',
    invalidPhone: '请输入正确的手机号',
    enterCode: '请输入验证码',
    codeSent: '验证码发送成功，10分钟内有效',
    loginSuccess: '登录成功，请稍候',
    hint: '未注册的手机号验证后将自动注册',
    oneTapLogin: '本机号码',
    // The agreement and privacy checkboxes and their dialogs.
    agreePrefix: '我已阅读并同意',
    agreementLink: '《用户协议》',
    privacyLink: '《隐私政策》',
    agreementCheckbox: '我已阅读并同意《用户协议》',
    privacyCheckbox: '我已阅读并同意《隐私政策》',
    mustAgree: '请先阅读并同意用户协议和隐私政策',
    agreementTitle: '用户协议',
    privacyTitle: '隐私政策',
    legalAgree: '同意',
    legalClose: '关闭',
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
  },

  create: {
    title: '创作',
    subtitle: '描述一首歌，AI 为你完成词、曲与演唱',
    modes: '创作模式',
    stylePlaceholder: '例如：流行, 钢琴, 温柔（用逗号分隔）',
    tabInspiration: '灵感模式',
    tabCustom: '自定义模式',
    description: '歌词描述',
    descriptionPlaceholder: '描述你想要的歌曲：主题、情绪、场景……',
    songName: '歌曲名称',
    lyrics: '歌词',
    style: '风格',
    musicList: '音乐列表',
    counter: (n: number, max: number) => `${n}/${max}`,
    // Validation (SPEC.md §5, domain.md).
    enterDescription: '请先输入歌词描述',
    descriptionTooLong: '歌词描述不能超过200个字符',
    enterSongName: '请输入歌曲名称',
    songNameTooLong: '歌曲名称不能超过50个字符',
    enterLyrics: '请输入歌词',
    lyricsTooLong: '歌词不能超过2000个字符',
    styleTooLong: '风格总长度不能超过120个字符',
    tagLimit: '标签选择已达上限',
    enterSongNameFirst: '请先输入歌曲名称',
    lyricsRefused: '歌词生成失败！请输入文明合规的歌名',
    lyricsFailed: '歌词生成失败！请稍后再试',
    submitted: '任务提交成功，扣除积分：10',
    created: '恭喜！音乐创作完成',
    onlyCompleted: '仅支持已完成的作品',
    generatingWait: '音乐正在生成中，请稍候',
    loginToCreate: '登录后即可开始创作',
  },

  works: {
    title: '我的作品',
    generating: '生成中',
    generatingProgress: (p: string) => `生成中 ${p}`,
    failedTitle: '生成错误',
    failedSubtitle: '积分已退还',
    failedText: '抱歉，生成失败，原因可能是服务器繁忙或作品中含有敏感词，您可以删除后重试',
    public: '公开',
    private: '私密',
    statusChanged: '状态修改成功',
    deleteConfirm: '删除后无法恢复，是否继续？',
    emptyText: '空空如也，快去创作你的第一首歌吧',
    goCreate: '去创作',
    noDownloadLink: '暂无下载链接',
    loginToView: '登录后即可查看你的作品',
    total: (n: number) => `共 ${n} 首`,
    counts: (plays: string, likes: string) => `播放 ${plays} · 点赞 ${likes}`,
  },

  progress: {
    peak: '使用高峰，正在努力生成中',
  },

  member: {
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
      '付费订阅期间创作的歌曲归您所有，可用于商业用途，取消订阅后商用权利依然保留。',
      '使用免费积分或赠送积分创作的歌曲仅限非商业用途，所有权归平台所有；发布时须注明由「歌曲」创作。',
      '付费订阅不具有追溯效力：订阅之前创作的歌曲不会因之后付费而获得商业使用权。',
      '您自己创作的歌词始终归您所有。',
    ],
  },

  payment: {
    title: '支付结果',
    waiting: '正在确认支付结果，请稍候……',
    countdown: (s: number) => `剩余 ${s} 秒`,
    success: '支付成功！感谢您的支持！',
    noOrder: '订单不存在',
    timeout: '30秒内未返回结果，请刷新页面或联系客服',
    backHome: '返回首页',
    refresh: '刷新页面',
    contact: '联系客服',
  },

  profile: {
    title: '个人中心',
    pointsRecords: '积分记录',
    redeem: '兑换码',
    openMember: '开通会员',
    avatar: (name: string) => `${name}的头像`,
    // Inline nickname edit (domain.md: trimmed; empty; more than 10 characters; unchanged closes the editor).
    editNickname: '修改昵称',
    nickname: '昵称',
    save: '保存',
    cancel: '取消',
    enterNickname: '请输入用户名',
    nicknameTooLong: '用户名不能超过10个字符',
    nicknameSaved: '昵称修改成功',
    noExpiry: '—',
    // The points-record dialog.
    recordsTitle: '积分记录',
    recordsTable: '积分记录表',
    columns: { index: '序号', integral: '积分', type: '类型', balance: '余额', remark: '备注', time: '时间' },
    typeIncrease: '增加',
    typeDecrease: '减少',
    recordsEmpty: '暂无积分记录',
    recordsLoading: '加载中',
    close: '关闭',
    // The redeem dialog.
    redeemTitle: '兑换码',
    redeemLabel: '兑换码',
    redeemPlaceholder: '请输入兑换码',
    redeemSubmit: '兑换',
    enterRedeemCode: '请输入兑换码',
    redeemSuccess: (points: number) => `兑换成功，当前积分 ${points}`,
    redeemHint: '每个兑换码每个账号限兑换一次',
  },

  player: {
    title: '播放器',
    loading: '加载中',
    offShelf: '歌曲已下架',
    loadFailed: '加载失败',
    artist: '歌手',
    lyrics: '歌词',
    noLyrics: '纯音乐，请欣赏',
    firstTrack: '已经是第一首了',
    lastTrack: '已经是最后一首了',
    messageTitle: '提示',
    close: '关闭',
    noSong: '请从音乐广场或歌曲列表选择一首歌曲',
  },

  musicList: {
    title: '歌曲列表',
    cover: (type: string) => `${type} 封面`,
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

  /** The rights FAQ of SPEC.md §1, in full (shown on /faq and summarised on /member). */
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

  info: {
    aboutTitle: '关于我们',
    contactTitle: '联系我们',
    faqTitle: '常见问题',
    about: {
      lead: '「歌曲」是一个 AI 音乐创作平台：写下一句灵感，或者填好歌词、选好风格，几分钟后就能得到一首词、曲、编曲与演唱俱全的完整歌曲。',
      sections: [
        {
          title: '为谁而做',
          paragraphs: [
            '无论你是想快速打样的音乐人、热爱音乐的爱好者，还是只想为生日、纪念日或一段旅程留下一首专属歌曲的普通人，「歌曲」都能帮你把想法变成听得见的作品。',
          ],
        },
        {
          title: '能做什么',
          paragraphs: [
            '平台基于第三方 AI 歌曲生成能力，支持 50 多种语言演唱，覆盖流行、摇滚、电子、古典、说唱、中国风、爵士等丰富的音乐风格。',
            '你可以用「灵感模式」描述歌曲的主题、情绪与场景，也可以用「自定义模式」填写自己的歌词、指定风格标签与男声女声。',
            '在音乐广场里，你可以浏览热门榜单与最新歌曲、按风格发现音乐、播放与点赞，并下载或分享喜欢的作品；在「我的作品」中，你可以管理自己的歌曲，设置公开或私密，或以某首歌为基础生成类似的新歌。',
          ],
        },
        {
          title: '积分与会员',
          paragraphs: [
            '创作一次消耗 10 积分，每次生成两首歌曲。新用户注册即赠送积分，开通会员可获得更多积分、更高的同时生成数量以及会员专属生成通道。',
          ],
        },
      ],
    },
    contact: {
      lead: '使用中遇到任何问题，或有合作与建议，欢迎扫描下方二维码添加客服微信，并给我们发送私信，我们会尽快回复。',
      qrAlt: '客服微信二维码',
      hoursTitle: '客服时间',
      hours: '周一至周五 9:00-18:00',
      hoursNote: '非工作时间的私信，我们会在下一个工作日内回复。',
    },
    faq: {
      lead: '这里整理了大家最常问到的问题。如果没有找到答案，欢迎联系我们。',
      featuresTitle: '主要功能',
      features: [
        { q: '「歌曲」能做什么？', a: '输入一句灵感描述，或填写歌词并选择风格，AI 会为你创作一首完整的歌曲（含词、曲、编曲与演唱），支持 50 多种语言与丰富的音乐风格。' },
        { q: '灵感模式和自定义模式有什么区别？', a: '灵感模式只需用不超过 200 字描述想要的歌曲，歌词由 AI 创作；自定义模式可以填写歌名和自己的歌词（不超过 2000 字），并选择最多 10 个风格标签与男声或女声，还可以让 AI 根据歌名帮你写歌词。' },
        { q: '可以对歌曲做哪些操作？', a: '在音乐广场可以播放、点赞、分享和下载歌曲；在「我的作品」中还可以设置公开或私密、删除作品，或基于已完成的歌曲生成类似的新歌。' },
        { q: '积分怎么计算？', a: '每次创作消耗 10 积分并生成两首歌曲；如果生成失败，积分会自动退还。积分可以通过注册赠送、开通会员或兑换码获得，积分记录可在个人中心查看。' },
      ],
      stepsTitle: '如何创作一首歌',
      steps: [
        '使用手机号和短信验证码登录，未注册的手机号会自动注册。',
        '进入「创作」页面，选择「灵感模式」或「自定义模式」。',
        '灵感模式：描述歌曲的主题、情绪和场景；自定义模式：填写歌名和歌词，选择风格标签与演唱声音。',
        '点击生成，每次消耗 10 积分，生成进度会实时显示。',
        '生成完成后，在「我的作品」中试听、下载，或设为公开、分享给朋友。',
      ],
      rightsTitle: '版权与使用权',
    },
  },
} as const;

export type Strings = typeof zh;
