import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

export interface GeneratedLyrics {
  text: string;
  title?: string;
}

/**
 * POST /music/api/generateLyrics {prompt: the song name} → {text, title}. Silent: the page turns failures into
 * 歌词生成失败！… itself (the two refusal texts of docs/product.md, or anything else).
 */
export function useGenerateLyrics() {
  return useMutation({
    mutationFn: async (prompt: string): Promise<GeneratedLyrics> => {
      const data = await apiPost<GeneratedLyrics | string | null>(
        '/music/api/generateLyrics',
        { prompt },
        { silent: true },
      );
      if (typeof data === 'string') return { text: data };
      return { text: data?.text ?? '', title: data?.title };
    },
  });
}
