import type { ReactNode } from 'react';

/** A titled group of a long form's fields (a fieldset, so screen readers name the group). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="fieldset min-w-0 rounded-box border border-base-300 bg-base-100 p-4">
      <legend className="fieldset-legend text-base">{title}</legend>
      {children}
    </fieldset>
  );
}
