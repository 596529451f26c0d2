import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog.tsx';
import { useCreateOrganization } from '../api/create-organization.ts';
import { OrganizationForm } from './organization-form.tsx';

/** "Create organization": the creator becomes its owner and goes straight into it. */
export function CreateOrganizationDialog({
  buttonClassName = 'btn btn-primary',
}: {
  buttonClassName?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const createOrganization = useCreateOrganization({
    onSuccess: (organization) => {
      setIsOpen(false);
      return navigate({ to: '/app/org/$orgId', params: { orgId: organization.id } });
    },
  });

  return (
    <>
      <button type="button" className={buttonClassName} onClick={() => setIsOpen(true)}>
        {t('organizations.create.open')}
      </button>
      <Dialog isOpen={isOpen} onClose={() => setIsOpen(false)} title={t('organizations.create.title')}>
        <p className="mb-4 text-sm text-base-content/70">{t('organizations.create.hint')}</p>
        <OrganizationForm
          submitLabel={t('organizations.create.submit')}
          isPending={createOrganization.isPending}
          onSubmit={(input) => createOrganization.mutateAsync(input)}
          onCancel={() => setIsOpen(false)}
        />
      </Dialog>
    </>
  );
}
