import type { CreatableRecordType, MedicalRecord } from '@reformer/domain/medical-records';
import type { RecordFlag } from '@reformer/domain/medical-records-flags';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatLocalDate, useFormatNumber } from '@/lib/format.ts';
import { type RecordField, recordSections, unitOf } from '../record-fields.ts';
import { documentBmi, recordFlags } from '../record-flags.ts';
import { RecordFlagBadges } from './record-flag-badges.tsx';
import { sectionMarker } from './record-section-steps.tsx';

/**
 * A saved record read as a summary, section by section: each answered field with its label and the
 * chosen options' labels, flags next to the values past a threshold; unanswered fields are left out.
 */
export function RecordSummary({ record }: { record: MedicalRecord }) {
  const { t } = useTranslation();
  // Unique per summary: a customer's data export shows every record on one page.
  const idPrefix = useId();
  const type = record.type as CreatableRecordType;
  const document = record.document as Record<string, unknown>;
  const flags = recordFlags(type, document);
  const sections = recordSections(type);
  const isNumbered = type === 'PHYSICAL_EVALUATION';
  const flagsAt = (path: string): RecordFlag[] => flags.filter((flag) => flag.path === path);
  return (
    <div className="flex flex-col gap-4">
      {flags.length > 0 && (
        <section aria-labelledby={`${idPrefix}-flags`} className="alert alert-warning flex-col items-start">
          <h2 id={`${idPrefix}-flags`} className="font-semibold">
            {t('medicalRecords.view.flagsTitle')}
          </h2>
          <RecordFlagBadges flags={flags} />
        </section>
      )}
      {sections.map((section, index) => {
        const answered = section.fields.filter((field) => isAnswered(valueAt(document, field.path)));
        const headingId = `${idPrefix}-summary-${section.key}`;
        return (
          <section
            key={section.key}
            aria-labelledby={headingId}
            className="card break-inside-avoid border border-base-300 bg-base-100"
          >
            <div className="card-body gap-3 p-4">
              <h2 id={headingId} className="card-title text-base">
                {section.labelKey
                  ? `${sections.length > 1 ? `${sectionMarker(index, isNumbered)}. ` : ''}${t(section.labelKey as never)}`
                  : t(`medicalRecords.types.${type}`)}
              </h2>
              <RecordFlagBadges flags={section.fields.length > 1 ? flagsAt(section.key) : []} />
              {answered.length === 0 ? (
                <p className="text-sm text-base-content/70">{t('medicalRecords.notAnswered')}</p>
              ) : (
                <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[minmax(10rem,16rem)_1fr]">
                  {answered.map((field) => (
                    <SummaryEntry
                      key={field.path}
                      field={field}
                      value={
                        field.kind === 'computed' ? documentBmi(document) : valueAt(document, field.path)
                      }
                      flags={flagsAt(field.path)}
                    />
                  ))}
                </dl>
              )}
            </div>
          </section>
        );
      })}
    </div>
  );
}

function SummaryEntry({ field, value, flags }: { field: RecordField; value: unknown; flags: RecordFlag[] }) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const formatNumber = useFormatNumber();
  const unit = unitOf(field.path);
  const option = (code: string) => t(`medicalRecords.options.${code}` as never);
  let text: string;
  if (Array.isArray(value)) text = value.map((code) => option(String(code))).join(', ');
  else if (field.kind === 'singleChoice') text = option(String(value));
  else if (field.kind === 'yesNo') text = value ? t('medicalRecords.view.yes') : t('medicalRecords.view.no');
  else if (field.kind === 'date') text = formatDate(String(value));
  else if (typeof value === 'number')
    text = unit
      ? `${formatNumber(value)}${unit === 'degrees' ? '' : ' '}${t(`medicalRecords.units.${unit}` as never)}`
      : formatNumber(value);
  else text = String(value);
  return (
    <div className={`contents ${flags.length > 0 ? 'font-semibold' : ''}`} data-field={field.path}>
      <dt className="text-sm text-base-content/70">{t(field.labelKey as never)}</dt>
      <dd className="flex flex-col gap-1 break-words whitespace-pre-line">
        <span>{text}</span>
        <RecordFlagBadges flags={flags} />
      </dd>
    </div>
  );
}

function valueAt(document: Record<string, unknown>, path: string): unknown {
  let node: unknown = document;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function isAnswered(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return value !== null && value !== undefined && value !== '' && value !== false;
}
