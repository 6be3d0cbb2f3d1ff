import ChevronLeftIcon from 'icon:ChevronLeft';
import ChevronRightIcon from 'icon:ChevronRight';
import { useId, useState } from 'react';
import { StatusState } from '../../../components/StatusState';
import { formatDateTime } from '../../../lib/date';
import { zh } from '../../../strings/zh-CN';
import { zhProfile } from '../../../strings/profile';
import { useIntegralRecords } from '../api/useIntegralRecords';
import { APP_LAYOUT_BREAKPOINT } from '../../../theme/tokens';
import { useMediaQuery } from '../../../ui/media';
import { Modal } from '../../../ui/Modal';

/** Rows a page: 5, or 10 at 1280 px and wider (docs/web.md). */
export const RECORDS_PAGE_SIZE = 5;
export const RECORDS_PAGE_SIZE_WIDE = 10;

const COLUMNS = zhProfile.columns;

/** The 积分记录 dialog: the caller's ledger in a table, one server page per table page. */
export default function PointsRecordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const wide = useMediaQuery(`(min-width: ${APP_LAYOUT_BREAKPOINT}px)`);
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
    const from = total === 0 ? 0 : page * size + 1;
    const to = Math.min(total, (page + 1) * size);
    body = (
      <>
        <div className="gq-records-busy">
          {query.isFetching ? (
            <div className="gq-mini-progress gq-records-progress" role="progressbar" aria-label={zhProfile.recordsLoading}>
              <div />
            </div>
          ) : null}
        </div>
        <div className="gq-table-box">
          {/* Narrow screens: tighter cells and the time on two lines, so all six columns fit in 375 px. */}
          <table className="gq-table" aria-label={zhProfile.recordsTable}>
            <thead>
              <tr>
                <th>{COLUMNS.index}</th>
                <th className="gq-num">{COLUMNS.integral}</th>
                <th>{COLUMNS.type}</th>
                <th className="gq-num">{COLUMNS.balance}</th>
                <th>{COLUMNS.remark}</th>
                <th>{COLUMNS.time}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((record, i) => {
                const increase = record.type === 1;
                return (
                  <tr key={`${page}-${i}`}>
                    <td>{page * size + i + 1}</td>
                    <td className={increase ? 'gq-num gq-success-text gq-strong' : 'gq-num gq-error-text gq-strong'}>
                      {record.integral}
                    </td>
                    <td>{increase ? zhProfile.typeIncrease : zhProfile.typeDecrease}</td>
                    <td className="gq-num">{record.balance}</td>
                    <td className="gq-records-remark">{record.remark}</td>
                    <td className="gq-records-time">{formatDateTime(record.createdAt)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <div className="gq-table-pages">
          <span className="gq-body2">{zhProfile.recordsShown(from, to, total)}</span>
          <button
            type="button"
            className="gq-icon-button"
            aria-label={zhProfile.previousPage}
            disabled={page === 0}
            onClick={() => setPage(page - 1)}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className="gq-icon-button"
            aria-label={zhProfile.nextPage}
            disabled={to >= total}
            onClick={() => setPage(page + 1)}
          >
            <ChevronRightIcon />
          </button>
        </div>
      </>
    );
  }

  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} size="md" fullScreenOnPhone>
      <h2 id={titleId} className="gq-dialog-title">
        {zhProfile.recordsTitle}
      </h2>
      <div className="gq-dialog-content gq-dialog-dividers gq-records">{body}</div>
      <div className="gq-dialog-actions">
        <button type="button" className="gq-button" onClick={onClose}>
          {zhProfile.close}
        </button>
      </div>
    </Modal>
  );
}
