import type { MonthCosts, WhatsAppCosts, WhatsAppPricesInput } from '@reformer/domain/whatsapp-costs';
import {
  microDollarsToDollars,
  microToDollarsText,
  PRICING_CATEGORIES,
  WhatsAppPricesForm,
} from '@reformer/domain/whatsapp-costs';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TextField } from '@/components/form/text-field.tsx';
import { SettingsCard } from '@/components/ui/settings-card.tsx';
import { usePermissions } from '@/lib/access-profile.ts';
import { describeError } from '@/lib/error-messages.ts';
import { useFormatDate, useFormatNumber, useLocaleTag } from '@/lib/format.ts';
import { applyServerFieldErrors, domainResolver } from '@/lib/forms.ts';
import { whatsappCostsQueryOptions } from '../api/get-whatsapp-costs.ts';
import { useSaveWhatsAppPrices } from '../api/save-whatsapp-prices.ts';

/** US dollars the reader's way (US$ 4,35 / $4.35); a price per message keeps its four decimals. */
function useFormatDollars() {
  const locale = useLocaleTag();
  return useMemo(() => {
    const total = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
    const price = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 4,
    });
    return {
      total: (microDollars: number) => total.format(microDollarsToDollars(microDollars)),
      price: (microDollars: number) => price.format(microDollars / 1_000_000),
    };
  }, [locale]);
}

/**
 * Settings → Messages' monthly cost (decision 053): the Cloud API messages of last month and this one, by
 * Meta's pricing category, at the prices the studio entered (Meta's Brazilian list price where blank), and
 * this month's projection. Dollars only: Meta bills in dollars, and a conversion to reais would be a rate we
 * do not know.
 */
export function WhatsAppCostsPanel({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const query = useQuery(whatsappCostsQueryOptions(organizationId));
  const canManage = usePermissions(organizationId).can('MANAGE_SETTINGS');
  const dollars = useFormatDollars();
  const hasStudioPrice = PRICING_CATEGORIES.some(
    (category) => query.data?.studioPriceMicroDollars[category] != null,
  );
  return (
    <SettingsCard id="whatsapp-costs" title={t('whatsapp.costs.title')}>
      {query.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          {t('common.loading')}
        </p>
      )}
      {query.isError && (
        <p role="alert" className="alert alert-error">
          {describeError(query.error, 'common.errors.generic')}
        </p>
      )}
      {query.data && (
        <>
          <p className="text-base-content/80">
            {t(hasStudioPrice ? 'whatsapp.costs.descriptionStudio' : 'whatsapp.costs.description', {
              utility: dollars.price(query.data.priceMicroDollars.UTILITY),
              marketing: dollars.price(query.data.priceMicroDollars.MARKETING),
            })}
          </p>
          <div className="grid gap-3 sm:grid-cols-3">
            <MonthBlock label={t('whatsapp.costs.lastMonth')} month={query.data.lastMonth} />
            <MonthBlock label={t('whatsapp.costs.thisMonth')} month={query.data.thisMonth} />
            <MonthBlock label={t('whatsapp.costs.projection')} month={query.data.projection} isProjection />
          </div>
          <Remaining costs={query.data} />
          {canManage && <PricesForm organizationId={organizationId} costs={query.data} />}
        </>
      )}
    </SettingsCard>
  );
}

function MonthBlock({
  label,
  month,
  isProjection = false,
}: {
  label: string;
  month: MonthCosts;
  isProjection?: boolean;
}) {
  const { t } = useTranslation();
  const dollars = useFormatDollars();
  const formatNumber = useFormatNumber();
  const [year, monthNumber] = month.month.split('-');
  const headingId = `whatsapp-costs-${isProjection ? 'projection' : month.month}`;
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-box border p-3 ${isProjection ? 'border-primary' : 'border-base-300'}`}
    >
      <h3 id={headingId} className="font-medium">
        {label} <span className="text-base-content/70">({`${monthNumber}/${year}`})</span>
      </h3>
      <dl className="grid grid-cols-[1fr_max-content] gap-x-3 text-sm">
        <dt>{t('whatsapp.costs.utility')}</dt>
        <dd className="text-right tabular-nums">{formatNumber(month.messages.UTILITY)}</dd>
        <dt>{t('whatsapp.costs.marketing')}</dt>
        <dd className="text-right tabular-nums">{formatNumber(month.messages.MARKETING)}</dd>
        <dt className="font-semibold">{t('whatsapp.costs.cost')}</dt>
        <dd className="text-right font-semibold tabular-nums">{dollars.total(month.costMicroDollars)}</dd>
      </dl>
    </section>
  );
}

function Remaining({ costs }: { costs: WhatsAppCosts }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const { remaining } = costs.projection;
  return (
    <p className="text-sm text-base-content/80">
      {t('whatsapp.costs.remaining', {
        reminders: remaining.classReminders,
        notices: remaining.classNotices,
        birthdays: remaining.birthdays,
      })}{' '}
      {t('whatsapp.costs.upperBound', { date: formatDate(costs.pricesAsOf) })}
    </p>
  );
}

type PriceFields = z.input<typeof WhatsAppPricesForm>;

/**
 * The studio's price per message of each category, typed in US$ the reader's way ("0,0068" or "0.0068");
 * a blank field is Meta's list price, shown as its placeholder. Saving answers the estimate at them.
 */
function PricesForm({ organizationId, costs }: { organizationId: string; costs: WhatsAppCosts }) {
  const { t } = useTranslation();
  const dollars = useFormatDollars();
  const decimalComma = useLocaleTag().startsWith('pt');
  const asField = (microDollars: number | null) => {
    if (microDollars === null) return '';
    const text = microToDollarsText(microDollars);
    return decimalComma ? text.replace('.', ',') : text;
  };
  const save = useSaveWhatsAppPrices(organizationId);
  const { register, handleSubmit, formState, setError } = useForm<PriceFields, unknown, WhatsAppPricesInput>({
    resolver: domainResolver(WhatsAppPricesForm),
    values: {
      UTILITY: asField(costs.studioPriceMicroDollars.UTILITY),
      MARKETING: asField(costs.studioPriceMicroDollars.MARKETING),
    },
  });
  const submit = handleSubmit(async (prices) => {
    await save
      .mutateAsync(prices)
      .catch((error: unknown) => applyServerFieldErrors(error, setError, [...PRICING_CATEGORIES]));
  });
  return (
    <section className="flex flex-col gap-2 border-t border-base-300 pt-3" aria-labelledby="whatsapp-prices">
      <h3 id="whatsapp-prices" className="font-semibold">
        {t('whatsapp.costs.prices.title')}
      </h3>
      <p className="text-sm text-base-content/70">
        {t('whatsapp.costs.prices.hint', {
          utility: dollars.price(costs.listPriceMicroDollars.UTILITY),
          marketing: dollars.price(costs.listPriceMicroDollars.MARKETING),
        })}
      </p>
      <form className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate onSubmit={submit}>
        <TextField
          label={t('whatsapp.costs.prices.utility')}
          inputMode="decimal"
          placeholder={asField(costs.listPriceMicroDollars.UTILITY)}
          error={formState.errors.UTILITY}
          {...register('UTILITY')}
        />
        <TextField
          label={t('whatsapp.costs.prices.marketing')}
          inputMode="decimal"
          placeholder={asField(costs.listPriceMicroDollars.MARKETING)}
          error={formState.errors.MARKETING}
          {...register('MARKETING')}
        />
        <button type="submit" className="btn btn-outline sm:mb-1" disabled={save.isPending}>
          {save.isPending ? t('whatsapp.costs.prices.loading') : t('whatsapp.costs.prices.save')}
        </button>
      </form>
    </section>
  );
}
