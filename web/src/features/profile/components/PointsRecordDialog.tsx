import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { StatusState } from '../../../components/StatusState';
import { formatDateTime } from '../../../lib/date';
import { zh } from '../../../strings/zh-CN';
import { zhProfile } from '../../../strings/profile';
import { useIntegralRecords } from '../api/useIntegralRecords';

/** Rows a page: 5, or 10 at 1280 px and wider (docs/web.md). */
export const RECORDS_PAGE_SIZE = 5;
export const RECORDS_PAGE_SIZE_WIDE = 10;

const COLUMNS = zhProfile.columns;

/** The 积分记录 dialog: the caller's ledger in a table, one server page per table page. */
export default function PointsRecordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const size = wide ? RECORDS_PAGE_SIZE_WIDE : RECORDS_PAGE_SIZE;
  const titleId = useId();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(size);
  if (pageSize !== size) {
    // The window crossed 1280 px: start again from the first page with the new size.
    setPageSize(size);
    setPage(0);
  }
  const query = useIntegralRecords(page + 1, size, open);
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;

  let body;
  if (query.isPending) {
    body = <StatusState kind="loading" dense />;
  } else if (query.isError && !query.data) {
    body = <StatusState kind="error" dense />;
  } else if (total === 0 && items.length === 0) {
    body = <StatusState kind="empty" title={zhProfile.recordsEmpty} text={zh.states.emptyText} dense />;
  } else {
    body = (
      <>
        <Box sx={{ height: 4 }}>
          {query.isFetching ? <LinearProgress aria-label={zhProfile.recordsLoading} /> : null}
        </Box>
        <TableContainer>
          <Table
            size="small"
            aria-label={zhProfile.recordsTable}
            // Narrow screens: tighter cells and the time on two lines, so all six columns fit in 375 px.
            sx={{ '& th, & td': { px: { xs: 0.75, sm: 2 } } }}
          >
            <TableHead>
              <TableRow>
                <TableCell>{COLUMNS.index}</TableCell>
                <TableCell align="right">{COLUMNS.integral}</TableCell>
                <TableCell>{COLUMNS.type}</TableCell>
                <TableCell align="right">{COLUMNS.balance}</TableCell>
                <TableCell>{COLUMNS.remark}</TableCell>
                <TableCell>{COLUMNS.time}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((record, i) => {
                const increase = record.type === 1;
                return (
                  <TableRow key={`${page}-${i}`} hover>
                    <TableCell>{page * size + i + 1}</TableCell>
                    <TableCell align="right" sx={{ color: increase ? 'success.main' : 'error.main', fontWeight: 600 }}>
                      {record.integral}
                    </TableCell>
                    <TableCell>{increase ? zhProfile.typeIncrease : zhProfile.typeDecrease}</TableCell>
                    <TableCell align="right">{record.balance}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{record.remark}</TableCell>
                    <TableCell sx={{ whiteSpace: { xs: 'normal', sm: 'nowrap' }, minWidth: { xs: 84, sm: 0 } }}>
                      {formatDateTime(record.createdAt)}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={total}
          page={page}
          rowsPerPage={size}
          rowsPerPageOptions={[size]}
          onPageChange={(_, next) => setPage(next)}
          // MUI's Chinese texts for it, here rather than in the theme (theme/mui-locale.ts), where every page's first
          // script would carry them for this dialog alone.
          labelDisplayedRows={({ from, to, count }) => zhProfile.recordsShown(from, to, count)}
          getItemAriaLabel={(type) => (type === 'next' ? zhProfile.nextPage : zhProfile.previousPage)}
        />
      </>
    );
  }

  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{zhProfile.recordsTitle}</DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 1, sm: 3 } }}>
        {body}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{zhProfile.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
