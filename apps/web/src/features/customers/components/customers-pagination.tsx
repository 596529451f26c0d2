import { useTranslation } from 'react-i18next';

const PAGE_SIZES = [10, 25, 50, 100] as const;

type CustomersPaginationProps = {
  page: number;
  limit: number;
  total: number;
  onChange: (next: { page: number; limit?: number }) => void;
};

export function CustomersPagination({ page, limit, total, onChange }: CustomersPaginationProps) {
  const { t } = useTranslation();
  const pageCount = Math.max(1, Math.ceil(total / limit));
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(page * limit, total);
  const sizes = PAGE_SIZES.some((size) => size === limit) ? PAGE_SIZES : [...PAGE_SIZES, limit];

  return (
    <nav
      aria-label={t('customers.pagination.label')}
      className="flex flex-wrap items-center justify-between gap-3"
    >
      <p className="text-sm text-base-content/70">
        {t('customers.pagination.summary', { first, last, total })}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm">
          {t('customers.pagination.perPage')}
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
            {t('customers.pagination.previous')}
          </button>
          <span className="btn btn-sm join-item pointer-events-none" aria-current="page">
            {t('customers.pagination.pageOf', { page, pageCount })}
          </span>
          <button
            type="button"
            className="btn btn-sm join-item"
            disabled={page >= pageCount}
            onClick={() => onChange({ page: page + 1 })}
          >
            {t('customers.pagination.next')}
          </button>
        </div>
      </div>
    </nav>
  );
}
