import type { ClassLinkCreated } from '@reformer/domain/class-links';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateClassLink } from '@/features/class-links/api/create-class-link.ts';
import { MadeLink } from '@/features/class-links/components/customer-class-link-card.tsx';

type Props = { organizationId: string; customerId: string };

/**
 * Sends the waiting authorization to the customer (issue #31): their portal link, by e-mail and as a WhatsApp
 * message to open, whose words say the authorization waits under Payments — where the portal shows its QR and
 * code. A new portal link replaces the previous one, as "Send portal link" does.
 */
export function SendAuthorizationButton({ organizationId, customerId }: Props) {
  const { t } = useTranslation();
  const create = useCreateClassLink(organizationId, customerId);
  const [made, setMade] = useState<ClassLinkCreated | null>(null);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-base-content/70">{t('pixAutomatico.sendHint')}</p>
      <button
        type="button"
        className="btn btn-outline btn-sm self-start"
        disabled={create.isPending}
        onClick={() => create.mutate(undefined, { onSuccess: setMade })}
      >
        {t('pixAutomatico.sendToCustomer')}
      </button>
      {made && <MadeLink made={made} />}
    </div>
  );
}
