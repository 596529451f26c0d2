import { useTranslation } from 'react-i18next';
import type { RecordSection } from '../record-fields.ts';

type RecordSectionStepsProps = {
  sections: RecordSection[];
  current: number;
  /** Sections holding a field error, marked so the user finds them. */
  invalid: ReadonlySet<string>;
  /** The physical evaluation's sections are numbered 1–11; the others are lettered A, B, C… */
  isNumbered: boolean;
  onSelect: (index: number) => void;
};

/** Where the user is in a long form: "Section 2 of 9", a bar, and each section to jump to. */
export function RecordSectionSteps({
  sections,
  current,
  invalid,
  isNumbered,
  onSelect,
}: RecordSectionStepsProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('medicalRecords.form.sectionsLabel')} className="flex flex-col gap-2 print:hidden">
      <div className="flex items-center gap-3">
        <progress
          className="progress progress-primary flex-1"
          value={current + 1}
          max={sections.length}
          aria-hidden="true"
        />
        <span className="text-sm whitespace-nowrap">
          {t('medicalRecords.sectionProgress', { current: current + 1, total: sections.length })}
        </span>
      </div>
      <ol className="flex gap-1 overflow-x-auto pb-1">
        {sections.map((section, index) => (
          <li key={section.key} className="shrink-0">
            <button
              type="button"
              className={`btn btn-xs ${index === current ? 'btn-primary' : 'btn-ghost'} ${invalid.has(section.key) ? 'text-error' : ''}`}
              aria-current={index === current ? 'step' : undefined}
              onClick={() => onSelect(index)}
            >
              {sectionMarker(index, isNumbered)}. {section.labelKey ? t(section.labelKey as never) : ''}
              {invalid.has(section.key) && <span aria-hidden="true"> !</span>}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function sectionMarker(index: number, isNumbered: boolean): string {
  return isNumbered ? String(index + 1) : String.fromCharCode(65 + index);
}
