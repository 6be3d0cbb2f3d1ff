import { encodeBase64 } from '../../lib/base64';

/** /create with the custom tab prefilled from a finished song (生成类似): name and style, both base64. */
export function similarHref(title: string, tags: string): string {
  const params = new URLSearchParams({ name: encodeBase64(title ?? ''), style: encodeBase64(tags ?? '') });
  return `/create?${params.toString()}`;
}
