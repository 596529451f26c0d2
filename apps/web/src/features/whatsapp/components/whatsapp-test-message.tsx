import { WhatsAppTestMessageInput } from '@reformer/domain/whatsapp';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TextField } from '@/components/form/text-field.tsx';
import { useFormatInstant } from '@/lib/format.ts';
import { applyServerFieldErrors, domainResolver } from '@/lib/forms.ts';
import { displayPhone } from '@/lib/phones.ts';
import { whatsappTestMessagesQueryOptions } from '../api/get-whatsapp-test-messages.ts';
import { useSendWhatsAppTest } from '../api/send-whatsapp-test.ts';
import { WhatsAppStatusBadge } from './whatsapp-status-badge.tsx';

type Values = z.output<typeof WhatsAppTestMessageInput>;

/** "Send a test": Meta's sample template to a number the owner types; the recent tests with their status. */
export function WhatsAppTestMessage({
  organizationId,
  timeZone,
}: {
  organizationId: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const send = useSendWhatsAppTest(organizationId);
  const formatInstant = useFormatInstant(timeZone);
  const { data } = useQuery(whatsappTestMessagesQueryOptions(organizationId));
  const { register, handleSubmit, formState, setError } = useForm<WhatsAppTestMessageInput, unknown, Values>({
    resolver: domainResolver(WhatsAppTestMessageInput),
    defaultValues: { to: '' },
  });
  const submit = handleSubmit(async (values) => {
    await send.mutateAsync(values).catch((error: unknown) => applyServerFieldErrors(error, setError, ['to']));
  });
  const messages = data?.messages ?? [];
  return (
    <section className="flex flex-col gap-3 border-t border-base-300 pt-3" aria-labelledby="whatsapp-test">
      <h3 id="whatsapp-test" className="font-semibold">
        {t('whatsapp.test.title')}
      </h3>
      <p className="text-sm text-base-content/70">{t('whatsapp.test.hint')}</p>
      <form className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate onSubmit={submit}>
        <TextField
          label={t('whatsapp.test.to')}
          type="tel"
          autoComplete="tel"
          error={formState.errors.to}
          {...register('to')}
        />
        <button type="submit" className="btn btn-outline sm:mb-1" disabled={send.isPending}>
          {send.isPending ? t('whatsapp.test.loading') : t('whatsapp.test.send')}
        </button>
      </form>
      <h4 className="text-sm font-medium">{t('whatsapp.test.recent')}</h4>
      {messages.length === 0 ? (
        <p className="text-sm text-base-content/70">{t('whatsapp.test.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('whatsapp.test.recent')}>
          {messages.map((message) => (
            <li key={message.id} className="flex flex-wrap items-start justify-between gap-2 text-sm">
              <span>
                <span className="font-medium">{displayPhone(message.to)}</span>
                <span className="block text-base-content/70">{formatInstant(message.sentAt)}</span>
              </span>
              <WhatsAppStatusBadge message={message} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
