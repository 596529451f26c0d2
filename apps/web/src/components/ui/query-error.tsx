import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/error-messages.ts';

/** A query that failed: what went wrong, in the user's words, and Retry. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="alert alert-error flex flex-wrap justify-between">
      <span>{describeError(error)}</span>
      <button type="button" className="btn btn-sm" onClick={() => onRetry()}>
        {t('common.retry')}
      </button>
    </div>
  );
}
