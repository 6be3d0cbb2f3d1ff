import { describe, expect, it } from 'vitest';
import { detectPayContext, isMobileBrowser } from './pay-context';

const UA = {
  wechatIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2227A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  wechatWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat(0x63090a13) XWEB/9129 Flue',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  harmony:
    'Mozilla/5.0 (Phone; OpenHarmony 4.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  chromeLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
};

describe('payment context', () => {
  it('WeChat on a phone pays with JSAPI', () => {
    expect(detectPayContext({ userAgent: UA.wechatIphone })).toBe('wechat');
    expect(detectPayContext({ userAgent: UA.wechatAndroid })).toBe('wechat');
  });

  it('other phone browsers pay with H5', () => {
    expect(detectPayContext({ userAgent: UA.safariIphone })).toBe('mobile');
    expect(detectPayContext({ userAgent: UA.chromeAndroid })).toBe('mobile');
    expect(detectPayContext({ userAgent: UA.harmony })).toBe('mobile');
    // The user-agent client hint says mobile.
    expect(detectPayContext({ userAgent: UA.chromeLinux, mobileHint: true })).toBe('mobile');
    // iPadOS asks for desktop sites with a Mac user agent, but has touch.
    expect(detectPayContext({ userAgent: UA.macSafari, maxTouchPoints: 5 })).toBe('mobile');
    // A phone asking for the desktop site: touch only, narrow.
    expect(detectPayContext({ userAgent: UA.chromeLinux, maxTouchPoints: 5, coarsePointer: true, width: 412 })).toBe(
      'mobile',
    );
  });

  it('a PC gets the QR, in any window width, and so does WeChat for Windows', () => {
    expect(detectPayContext({ userAgent: UA.chromeWindows, width: 1920 })).toBe('pc');
    expect(detectPayContext({ userAgent: UA.chromeWindows, width: 375 })).toBe('pc');
    expect(detectPayContext({ userAgent: UA.macSafari, maxTouchPoints: 0 })).toBe('pc');
    expect(detectPayContext({ userAgent: UA.wechatWindows })).toBe('pc');
    // A touch-screen laptop with a mouse is still a PC.
    expect(isMobileBrowser({ userAgent: UA.chromeWindows, maxTouchPoints: 10, coarsePointer: false, width: 700 })).toBe(
      false,
    );
  });

  it('reads this browser when given nothing (jsdom is a PC)', () => {
    expect(detectPayContext()).toBe('pc');
  });
});
