import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

const PAGE_SIZES = [10, 25, 50, 100] as const;

type PaginationProps = {
  /** Whose texts label it: each paged list has its own `<list>.pagination` catalog section. */
  list:
    | 'customers'
    | 'schedules'
    | 'enrollments'
    | 'payments'
    | 'medicalRecords'
    | 'customerCredits'
    | 'purchases';
  page: number;
  limit: number;
  total: number;
  onChange: (next: { page: number; limit?: number }) => void;
};

/** How many pages `total` items fill, `limit` a page; an empty list still has its page 1. */
export function pageCountOf(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

type PageClampOptions = {
  page: number;
  limit: number;
  /** The total of the URL's own query; undefined while it loads (a placeholder's total does not count). */
  total: number | undefined;
  /** Moves to the last page, replacing the URL's page rather than adding a history entry. */
  onClamp: (lastPage: number) => void;
};

/**
 * A page past the last one (an old link, a hand-edited ?page=99, rows deleted, a search narrowed) moves to
 * the last page. Returns whether the page is past the last, so the list shows neither rows nor summary
 * until the URL is corrected.
 */
export function usePageClamp({ page, limit, total, onClamp }: PageClampOptions): boolean {
  const lastPage = total === undefined ? page : pageCountOf(total, limit);
  const isPastLastPage = page > lastPage;
  useEffect(() => {
    if (isPastLastPage) onClamp(lastPage);
  }, [isPastLastPage, lastPage, onClamp]);
  return isPastLastPage;
}

/** Page summary, page size and previous/next of a URL-paged list (spec §5: page from 1, limit 1–100). */
export function Pagination({ list, page: requestedPage, limit, total, onChange }: PaginationProps) {
  const { t } = useTranslation();
  const pageCount = pageCountOf(total, limit);
  // Past the last page only until usePageClamp has moved the URL: never 'Page 99 of 3'.
  const page = Math.min(requestedPage, pageCount);
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(page * limit, total);
  const sizes = PAGE_SIZES.some((size) => size === limit) ? PAGE_SIZES : [...PAGE_SIZES, limit];

  return (
    <nav
      aria-label={t(`${list}.pagination.label`)}
      className="flex flex-wrap items-center justify-between gap-3"
    >
      <p className="text-sm text-base-content/70">
        {t(`${list}.pagination.summary`, { first, last, total })}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm">
          {t(`${list}.pagination.perPage`)}
          <select
            className="select select-sm w-20"
            value={limit}
            onChange={(event) => onChange({ page: 1, limit: Number(event.target.value) })}
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <div className="join">
          <button
            type="button"
            className="btn btn-sm join-item"
            disabled={page <= 1}
            onClick={() => onChange({ page: page - 1 })}
          >
            {t(`${list}.pagination.previous`)}
          </button>
          <span className="btn btn-sm join-item pointer-events-none" aria-current="page">
            {t(`${list}.pagination.pageOf`, { page, pageCount })}
          </span>
          <button
            type="button"
            className="btn btn-sm join-item"
            disabled={page >= pageCount}
            onClick={() => onChange({ page: page + 1 })}
          >
            {t(`${list}.pagination.next`)}
          </button>
        </div>
      </div>
    </nav>
  );
}
