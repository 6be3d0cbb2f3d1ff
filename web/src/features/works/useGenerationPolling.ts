import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { notify } from '../../lib/api-client';
import { currentUserQueryKey } from '../../lib/current-user';
import { usePageVisible } from '../../lib/visibility';
import { zhCreate } from '../../strings/create';
import { worksKeys } from './api/keys';
import { useGeneratingCount } from './api/useGeneratingCount';

/**
 * docs/web.md polling: while the page is visible and some song is generating (`generating`), the generating count is
 * fetched every 10 s; when it reaches 0 the user's lists reload (and the profile, for a refund) with
 * 恭喜！音乐创作完成. Nothing is fetched while nothing generates or the page is hidden.
 */
export function useGenerationPolling(generating: boolean, enabled = true): void {
  const visible = usePageVisible();
  const active = enabled && generating && visible;
  const client = useQueryClient();
  const count = useGeneratingCount(active);
  const since = useRef(0);
  const last = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!active) return;
    since.current = Date.now();
    last.current = undefined;
  }, [active]);

  const { data, dataUpdatedAt } = count;
  useEffect(() => {
    // Only answers fetched since polling (re)started count: a cached 0 from an earlier round says nothing.
    if (!active || data === undefined || dataUpdatedAt < since.current) return;
    if (data > 0) {
      last.current = data;
      return;
    }
    if (last.current === 0) return;
    last.current = 0;
    notify(zhCreate.created, 'success');
    void client.invalidateQueries({ queryKey: worksKeys.all });
    void client.invalidateQueries({ queryKey: currentUserQueryKey });
  }, [active, data, dataUpdatedAt, client]);
}
