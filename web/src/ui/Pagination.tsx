import ChevronLeftIcon from 'icon:ChevronLeft';
import ChevronRightIcon from 'icon:ChevronRight';
import { zh } from '../strings/zh-CN';
import { pageItems } from './pagination';

/**
 * Numbered pages with 上一页 / 下一页, drawn by ui.css as MUI's Pagination looks in the theme, with its Chinese names
 * (转到第 N 页; the current page is 第 N 页 and aria-current). `siblings` is how many pages show beside the current one.
 */
export function Pagination({
  count,
  page,
  onChange,
  label,
  siblings = 1,
}: {
  count: number;
  page: number;
  onChange: (page: number) => void;
  /** The navigation landmark's name. */
  label: string;
  siblings?: number;
}) {
  const go = (to: number) => () => {
    if (to !== page) onChange(to);
  };
  return (
    <nav className="gq-pagination" aria-label={label}>
      <ul>
        <li>
          <button
            type="button"
            className="gq-page-button"
            aria-label={zh.pagination.previous}
            disabled={page <= 1}
            onClick={go(page - 1)}
          >
            <ChevronLeftIcon size={20} />
          </button>
        </li>
        {pageItems(count, page, siblings).map((item) => (
          <li key={item}>
            {typeof item === 'number' ? (
              <button
                type="button"
                className="gq-page-button"
                aria-label={item === page ? zh.pagination.current(item) : zh.pagination.page(item)}
                aria-current={item === page ? 'page' : undefined}
                onClick={go(item)}
              >
                {item}
              </button>
            ) : (
              <span className="gq-page-gap" aria-hidden>
                …
              </span>
            )}
          </li>
        ))}
        <li>
          <button
            type="button"
            className="gq-page-button"
            aria-label={zh.pagination.next}
            disabled={page >= count}
            onClick={go(page + 1)}
          >
            <ChevronRightIcon size={20} />
          </button>
        </li>
      </ul>
    </nav>
  );
}
