import type { ReactNode } from 'react';

type SettingsCardProps = {
  /** Names the section: its heading's id is `settings-<id>`, which the section is labelled by. */
  id: string;
  title: string;
  description?: string;
  /** Shown to members who may not change this part (without MANAGE_SETTINGS); null when they may. */
  readOnlyNote?: string | null;
  /** Spacing of the card's body, for panels with a list or several blocks. */
  bodyClassName?: string;
  children?: ReactNode;
};

/** One part of the Settings page: a titled card with its description and, for a reader, why it is read-only. */
export function SettingsCard({
  id,
  title,
  description,
  readOnlyNote,
  bodyClassName,
  children,
}: SettingsCardProps) {
  const headingId = `settings-${id}`;
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby={headingId}>
      <div className={bodyClassName ? `card-body ${bodyClassName}` : 'card-body'}>
        <h2 id={headingId} className="card-title">
          {title}
        </h2>
        {description && <p className="text-base-content/80">{description}</p>}
        {readOnlyNote && (
          <p role="note" className="alert alert-info">
            {readOnlyNote}
          </p>
        )}
        {children}
      </div>
    </section>
  );
}
