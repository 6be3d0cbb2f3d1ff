import { encodeBase64 } from '../../lib/base64';

/** The default cover of a list page (a file of web/public, so its address is stable). */
export const DEFAULT_LIST_COVER = '/covers/list-default.svg';

/** Address of /musicList: type (list title), keyword and img (cover), all base64 (docs/web.md). */
export function musicListHref(type: string, keyword: string, img: string = DEFAULT_LIST_COVER): string {
  const params = new URLSearchParams({
    type: encodeBase64(type),
    keyword: encodeBase64(keyword),
    img: encodeBase64(img),
  });
  return `/musicList?${params.toString()}`;
}

/** Address of /create with the inspiration description prefilled (tab 1). */
export function createWithKeywordsHref(keywords: string): string {
  return `/create?${new URLSearchParams({ keywords: encodeBase64(keywords) }).toString()}`;
}
