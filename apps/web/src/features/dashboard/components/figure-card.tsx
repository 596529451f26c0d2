import type { ReactNode } from 'react';

/**
 * One figure of the dashboard: a titled section (its heading names it for screen readers), what the
 * figure means in words, the figure itself and, at the bottom, the link to its list.
 */
export function FigureCard({
  id,
  title,
  description,
  action,
  children,
  className = '',
}: {
  id: string;
  title: string;
  description?: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={`card border border-base-300 bg-base-100 ${className}`}>
      <div className="card-body gap-3 p-4">
        <div>
          <h2 id={id} className="card-title text-base">
            {title}
          </h2>
          {description && <p className="text-sm text-base-content/70">{description}</p>}
        </div>
        {children}
        {action && <div className="card-actions mt-auto justify-end">{action}</div>}
      </div>
    </section>
  );
}
