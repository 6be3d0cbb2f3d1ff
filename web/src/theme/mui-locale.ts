import type { Localization } from '@mui/material/locale';

/**
 * Chinese texts of the MUI components the app uses that have built-in text (TablePagination, Alert, Pagination). MUI's own `zhCN` locale builds an
 * `Intl.NumberFormat('zh-CN')` when its module is evaluated, and the first `Intl` formatter of a page costs tens of
 * milliseconds (the browser loads its locale data), all of it in the app's first task
 * (docs/web-performance.md, "No `Intl` at start"). The numbers these texts show (pages, rows) need no
 * grouping, so they are written as they are.
 */
export const muiZhCN: Localization = {
  components: {
    MuiTablePagination: {
      defaultProps: {
        getItemAriaLabel: (type) => {
          if (type === 'first') return '第一页';
          if (type === 'last') return '最后一页';
          if (type === 'next') return '下一页';
          return '上一页';
        },
        labelRowsPerPage: '每页行数：',
        labelDisplayedRows: ({ from, to, count }) =>
          `第 ${from} 条到第 ${to} 条，${count !== -1 ? `共 ${count} 条` : `至少 ${to} 条`}`,
      },
    },
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
