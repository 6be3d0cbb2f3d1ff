// The musicList texts of the message catalogue (./zh-CN.ts), a module of their own so that they load with the pages
// that show them, not with the app's first screen (docs/web-performance.md).
export const zhMusicList = {
  title: '歌曲列表',
  cover: (type: string) => `${type} 封面`,
} as const;
