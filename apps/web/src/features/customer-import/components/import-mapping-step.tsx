import {
  chooseImportField,
  IMPORT_FIELDS,
  type ImportField,
  type ImportFileSummary,
  missingRequiredFields,
  REQUIRED_IMPORT_FIELDS,
} from '@reformer/domain/customer-import';
import { useTranslation } from 'react-i18next';
import { TableOrCards } from '@/components/ui/table-or-cards.tsx';
import { importFieldLabel } from './import-field-label.ts';

type Mapping = (ImportField | null)[];

type ImportMappingStepProps = {
  summary: ImportFileSummary;
  mapping: Mapping;
  onChange: (mapping: Mapping) => void;
  onBack: () => void;
  onNext: () => void;
};

/** Step 2 (spec §2): each column to a customer field or skipped; sample values; used fields marked. */
export function ImportMappingStep({ summary, mapping, onChange, onBack, onNext }: ImportMappingStepProps) {
  const { t } = useTranslation();
  const missing = missingRequiredFields(mapping);
  const choose = (column: number, field: ImportField | null) =>
    onChange(chooseImportField(mapping, column, field));

  const select = (column: number) => (
    <FieldSelect
      label={t('import.mapping.fieldFor', { column: summary.headers[column] || column + 1 })}
      value={mapping[column] ?? null}
      usedElsewhere={mapping.filter(
        (field, index): field is ImportField => field !== null && index !== column,
      )}
      onChange={(field) => choose(column, field)}
    />
  );
  const samples = (column: number) =>
    summary.samples[column]?.length ? summary.samples[column].join(' · ') : t('import.mapping.noSamples');

  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="import-mapping">
      <div className="card-body gap-4">
        <h2 id="import-mapping" className="card-title">
          {t('import.mapping.title')}
        </h2>
        <p className="text-base-content/80">{t('import.mapping.description')}</p>
        <TableOrCards
          tableFrom="md"
          isFramed
          table={
            <table className="table">
              <thead>
                <tr>
                  <th>{t('import.mapping.column')}</th>
                  <th>{t('import.mapping.samples')}</th>
                  <th>{t('import.mapping.field')}</th>
                </tr>
              </thead>
              <tbody>
                {summary.headers.map((header, column) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional and never reorder
                  <tr key={column}>
                    <td className="font-medium">{header}</td>
                    <td className="max-w-xs truncate text-base-content/70">{samples(column)}</td>
                    <td>{select(column)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
          cards={summary.headers.map((header, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional and never reorder
            <li key={column} className="card border border-base-300 bg-base-100">
              <div className="card-body gap-2 p-4">
                <p className="font-medium">{header}</p>
                <p className="break-words text-sm text-base-content/70">{samples(column)}</p>
                {select(column)}
              </div>
            </li>
          ))}
        />
        {missing.length ? (
          <p role="alert" className="alert alert-warning">
            {t('import.mapping.missing', {
              fields: missing.map((field) => importFieldLabel(t, field)).join(', '),
            })}
          </p>
        ) : (
          <p role="status" className="text-sm text-success">
            {t('import.mapping.allMapped')}
          </p>
        )}
        <div className="flex flex-wrap justify-between gap-2">
          <button type="button" className="btn" onClick={onBack}>
            {t('import.actions.back')}
          </button>
          <button type="button" className="btn btn-primary" disabled={missing.length > 0} onClick={onNext}>
            {t('import.actions.next')}
          </button>
        </div>
      </div>
    </section>
  );
}

type FieldSelectProps = {
  label: string;
  value: ImportField | null;
  usedElsewhere: ImportField[];
  onChange: (field: ImportField | null) => void;
};

function FieldSelect({ label, value, usedElsewhere, onChange }: FieldSelectProps) {
  const { t } = useTranslation();
  return (
    <select
      aria-label={label}
      className="select select-sm w-full"
      value={value ?? ''}
      onChange={(event) => onChange((event.target.value || null) as ImportField | null)}
    >
      <option value="">{t('import.mapping.skip')}</option>
      {IMPORT_FIELDS.map((field) => {
        const name = importFieldLabel(t, field);
        const labelled = REQUIRED_IMPORT_FIELDS.includes(field)
          ? t('import.mapping.required', { field: name })
          : name;
        return (
          <option key={field} value={field}>
            {usedElsewhere.includes(field) ? t('import.mapping.used', { field: labelled }) : labelled}
          </option>
        );
      })}
    </select>
  );
}
