import type { Localization } from '@mui/material/locale';

/**
 * Chinese texts of the MUI components the app uses that have built-in text (Alert, Pagination; the points record's
 * TablePagination, shown with no other page's code, gets its own as props in PointsRecordDialog.tsx). MUI's own `zhCN` locale builds an
 * `Intl.NumberFormat('zh-CN')` when its module is evaluated, and the first `Intl` formatter of a page costs tens of
 * milliseconds (the browser loads its locale data), all of it in the app's first task
 * (docs/web-performance.md, "No `Intl` at start"). The numbers these texts show (pages, rows) need no
 * grouping, so they are written as they are.
 */
export const muiZhCN: Localization = {
  components: {
    MuiAlert: { defaultProps: { closeText: '关闭' } },
    MuiPagination: {
      defaultProps: {
        'aria-label': '分页导航',
        getItemAriaLabel: (type, page, selected) => {
          if (type === 'page') return `${selected ? '' : '转到'}第 ${page} 页`;
          if (type === 'first') return '转到第一页';
          if (type === 'last') return '转到最后一页';
          if (type === 'next') return '转到下一页';
          return '转到上一页';
        },
      },
    },
  },
};
