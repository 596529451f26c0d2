import type { MedicalRecord } from '@reformer/domain/medical-records';
import type { PeriodicEvaluationDocument } from '@reformer/domain/medical-records-periodic-evaluation';
import { PAGE_DEFAULTS } from '@reformer/domain/paging';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error.tsx';
import { useFormatLocalDate } from '@/lib/format.ts';
import { customerMedicalRecordsQueryOptions } from '../api/get-customer-medical-records.ts';
import { recordFlags } from '../record-flags.ts';

type RecordEvolutionProps = { organizationId: string; customerId: string };

const EVOLUTION_QUERY = { type: 'PERIODIC_EVALUATION', limit: PAGE_DEFAULTS.maxLimit } as const;

/** The customer's periodic evaluations side by side over time: pain, plank, hamstring, goals met. */
export function RecordEvolution({ organizationId, customerId }: RecordEvolutionProps) {
  const { t } = useTranslation();
  const evaluations = useQuery(
    customerMedicalRecordsQueryOptions(organizationId, customerId, EVOLUTION_QUERY),
  );
  const items = [...(evaluations.data?.items ?? [])].reverse();
  if (evaluations.isSuccess && items.length === 0) return null;
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="medical-records-evolution">
      <div className="card-body gap-4">
        <h2 id="medical-records-evolution" className="card-title text-lg">
          {t('medicalRecords.evolution')}
        </h2>
        {evaluations.isError && <QueryError error={evaluations.error} onRetry={evaluations.refetch} />}
        {items.length > 0 && (
          <div className="overflow-x-auto">
            <table className="table table-sm">
              <thead>
                <tr>
                  <th>{t('medicalRecords.fields.record.recordDate')}</th>
                  <th>{t('medicalRecords.evolutionColumns.pain')}</th>
                  <th>{t('medicalRecords.evolutionColumns.plank')}</th>
                  <th>{t('medicalRecords.evolutionColumns.hamstring')}</th>
                  <th>{t('medicalRecords.evolutionColumns.goals')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((record) => (
                  <EvolutionRow key={record.id} record={record} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}

function EvolutionRow({ record }: { record: MedicalRecord }) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const document = record.document as PeriodicEvaluationDocument;
  const { subjectiveStatus: status, objectiveReassessment: reassessment, outcomeMeasures } = document;
  const flagged = new Set(recordFlags(record.type, document).map((flag) => flag.path));
  const cell = (path: string) => (flagged.has(path) ? 'font-semibold text-warning-content bg-warning' : '');
  const empty = '—';
  const pain =
    status.painScore ??
    (status.averagePain24h ? t(`medicalRecords.options.${status.averagePain24h}`) : empty);
  const seconds = t('medicalRecords.units.seconds');
  const degrees = t('medicalRecords.units.degrees');
  const side = (value: number | null) => (value === null ? empty : `${value}${degrees}`);
  return (
    <tr>
      <th className="font-normal whitespace-nowrap">{formatDate(record.recordDate)}</th>
      <td className={cell('subjectiveStatus.painScore') || cell('subjectiveStatus.averagePain24h')}>
        {pain}
      </td>
      <td className={cell('objectiveReassessment.plankSeconds')}>
        {reassessment.plankSeconds === null ? empty : `${reassessment.plankSeconds} ${seconds}`}
      </td>
      <td
        className={
          cell('objectiveReassessment.hamstringLeftDeg') || cell('objectiveReassessment.hamstringRightDeg')
        }
      >
        {t('medicalRecords.evolutionColumns.sides', {
          left: side(reassessment.hamstringLeftDeg),
          right: side(reassessment.hamstringRightDeg),
        })}
      </td>
      <td>
        {outcomeMeasures.goalsStatus ? t(`medicalRecords.options.${outcomeMeasures.goalsStatus}`) : empty}
      </td>
    </tr>
  );
}
