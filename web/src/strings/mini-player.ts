// The miniPlayer texts of the message catalogue (./zh-CN.ts), a module of their own so that they load with the pages
// that show them, not with the app's first screen (docs/web-performance.md).
export const zhMiniPlayer = {
  region: '迷你播放器',
  playPause: '播放/暂停',
  open: '打开播放器',
} as const;
