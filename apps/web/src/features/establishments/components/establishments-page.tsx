import type { Establishment } from '@reformer/domain/establishments';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog.tsx';
import { usePermissions } from '@/lib/access-profile.ts';
import { useCreateEstablishment } from '../api/create-establishment.ts';
import { establishmentsQueryOptions } from '../api/get-establishments.ts';
import { useUpdateEstablishment } from '../api/update-establishment.ts';
import { DeleteEstablishmentForm } from './delete-establishment-form.tsx';
import { EstablishmentForm } from './establishment-form.tsx';
import { EstablishmentList } from './establishment-list.tsx';

type OpenDialog =
  | { kind: 'create' }
  | { kind: 'edit'; establishment: Establishment }
  | { kind: 'delete'; establishment: Establishment }
  | null;

/** The organization's establishments (physical studios): list, and create, edit, delete for managers. */
export function EstablishmentsPage({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const { data: establishments } = useSuspenseQuery(establishmentsQueryOptions(organizationId));
  const canManage = usePermissions(organizationId).can('MANAGE_ESTABLISHMENTS');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const createEstablishment = useCreateEstablishment(organizationId, { onSuccess: close });
  const updateEstablishment = useUpdateEstablishment(organizationId, { onSuccess: close });

  const titles = {
    create: t('establishments.create.title'),
    edit: t('establishments.edit.title'),
    delete: t('establishments.delete.title'),
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{t('establishments.title')}</h1>
          <p className="text-base-content/70">{t('establishments.subtitle')}</p>
        </div>
        {canManage && (
          <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'create' })}>
            {t('establishments.create.open')}
          </button>
        )}
      </header>

      <section className="card border border-base-300 bg-base-100" aria-label={t('establishments.title')}>
        <div className="card-body p-4 sm:p-6">
          {establishments.length === 0 ? (
            <p className="text-base-content/70">
              {canManage ? t('establishments.emptyManager') : t('establishments.empty')}
            </p>
          ) : (
            <EstablishmentList
              establishments={establishments}
              canManage={canManage}
              onEdit={(establishment) => setDialog({ kind: 'edit', establishment })}
              onDelete={(establishment) => setDialog({ kind: 'delete', establishment })}
            />
          )}
        </div>
      </section>

      <Dialog isOpen={dialog !== null} onClose={close} title={dialog ? titles[dialog.kind] : ''}>
        {dialog?.kind === 'create' && (
          <EstablishmentForm
            submitLabel={t('establishments.create.submit')}
            isPending={createEstablishment.isPending}
            onSubmit={(input) => createEstablishment.mutateAsync(input)}
            onCancel={close}
          />
        )}
        {dialog?.kind === 'edit' && (
          <EstablishmentForm
            establishment={dialog.establishment}
            submitLabel={t('common.save')}
            isPending={updateEstablishment.isPending}
            onSubmit={(input) => updateEstablishment.mutateAsync({ id: dialog.establishment.id, input })}
            onCancel={close}
          />
        )}
        {dialog?.kind === 'delete' && (
          <DeleteEstablishmentForm
            organizationId={organizationId}
            establishment={dialog.establishment}
            onDone={close}
          />
        )}
      </Dialog>
    </div>
  );
}
