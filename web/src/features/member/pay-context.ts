// Which WeChat Pay channel fits the browser (docs/web.md, "Pages": the pay dialog).

/** wechat: WeChat's in-app browser on a phone (JSAPI); mobile: another phone browser (H5); pc: a QR to scan (Native). */
export type PayContext = 'wechat' | 'mobile' | 'pc';

export interface BrowserTraits {
  userAgent: string;
  /** navigator.userAgentData.mobile where the browser has it. */
  mobileHint?: boolean;
  /** navigator.maxTouchPoints. */
  maxTouchPoints?: number;
  /** Whether the primary pointer is coarse (a finger). */
  coarsePointer?: boolean;
  /** The window width in CSS pixels. */
  width?: number;
}

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|HarmonyOS|OpenHarmony|Windows Phone|IEMobile|BlackBerry|Opera Mini/i;
const WECHAT_UA = /MicroMessenger/i;
/** Below this width a touch-only device counts as a phone even with a desktop user agent (a "desktop site" request). */
const NARROW_TOUCH_WIDTH = 768;

/**
 * Decided by the device, not the window size: WeChat's H5 payment only opens in a phone browser, so a narrow desktop
 * window keeps the QR, which any phone can scan. iPadOS in desktop mode (a Mac user agent with touch) is mobile.
 */
export function isMobileBrowser(traits: BrowserTraits): boolean {
  if (traits.mobileHint) return true;
  if (MOBILE_UA.test(traits.userAgent)) return true;
  const touch = (traits.maxTouchPoints ?? 0) > 1;
  if (touch && /Macintosh/i.test(traits.userAgent)) return true;
  return !!traits.coarsePointer && touch && (traits.width ?? Infinity) < NARROW_TOUCH_WIDTH;
}

export function detectPayContext(traits: BrowserTraits = currentBrowser()): PayContext {
  if (!isMobileBrowser(traits)) return 'pc';
  return WECHAT_UA.test(traits.userAgent) ? 'wechat' : 'mobile';
}

/** The traits of this browser. */
export function currentBrowser(): BrowserTraits {
  const nav = typeof navigator !== 'undefined' ? navigator : undefined;
  const uaData = (nav as (Navigator & { userAgentData?: { mobile?: boolean } }) | undefined)?.userAgentData;
  let coarsePointer = false;
  try {
    coarsePointer = typeof window !== 'undefined' && !!window.matchMedia?.('(pointer: coarse)').matches;
  } catch {
    coarsePointer = false;
  }
  return {
    userAgent: nav?.userAgent ?? '',
    mobileHint: uaData?.mobile,
    maxTouchPoints: nav?.maxTouchPoints ?? 0,
    coarsePointer,
    width: typeof window !== 'undefined' ? window.innerWidth : undefined,
  };
}
