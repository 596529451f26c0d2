import {
  type BillingCycle,
  type CustomerPlan,
  CustomerPlanInput,
  type PlanKind,
  renewsByDefault,
} from '@reformer/domain/customer-plans';
import { type Currency, centsToInput, parseMoneyInput } from '@reformer/domain/money';
import type { FieldErrors, Resolver, ResolverOptions, ResolverSuccess } from 'react-hook-form';
import type { z } from 'zod';
import { domainResolver } from '@/lib/forms.ts';

/** What the inputs hold: the price as typed ("249,90"), the weekly limit as text ('' = no limit). */
export type CustomerPlanFormValues = {
  name: string;
  description: string;
  price: string;
  currency: Currency;
  billingCycle: BillingCycle;
  features: string[];
  weeklySessionsLimit: string;
  renewsAutomatically: boolean;
  isActive: boolean;
  kind: PlanKind;
  /** Texts as typed ('' = not given): a pack's classes, and how many days a purchase lasts. */
  classCount: string;
  validityDays: string;
};

export type CustomerPlanValues = z.output<typeof CustomerPlanInput>;

export const CUSTOMER_PLAN_FORM_FIELDS = [
  'name',
  'description',
  'currency',
  'billingCycle',
  'features',
  'weeklySessionsLimit',
  'renewsAutomatically',
  'isActive',
  'kind',
  'classCount',
  'validityDays',
] as const satisfies readonly (keyof CustomerPlanFormValues)[];

export const EMPTY_CUSTOMER_PLAN_FORM: CustomerPlanFormValues = {
  name: '',
  description: '',
  price: '',
  currency: 'BRL',
  billingCycle: 'MONTHLY',
  features: [''],
  weeklySessionsLimit: '',
  renewsAutomatically: renewsByDefault('MONTHLY'),
  isActive: true,
  kind: 'RECURRING',
  classCount: '',
  validityDays: '',
};

export function planToForm(plan: CustomerPlan, localeTag: string): CustomerPlanFormValues {
  return {
    name: plan.name,
    description: plan.description,
    price: centsToInput(plan.priceCents, localeTag),
    currency: plan.currency,
    billingCycle: plan.billingCycle,
    features: plan.features.length > 0 ? plan.features : [''],
    weeklySessionsLimit: plan.weeklySessionsLimit === null ? '' : String(plan.weeklySessionsLimit),
    renewsAutomatically: plan.renewsAutomatically,
    isActive: plan.isActive,
    kind: plan.kind,
    classCount: plan.classCount === null ? '' : String(plan.classCount),
    validityDays: plan.validityDays === null ? '' : String(plan.validityDays),
  };
}

const wholeOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** Money is typed as text and sent as cents; blank service rows are dropped. */
export function toCustomerPlanInput(values: CustomerPlanFormValues): CustomerPlanInput {
  const limit = values.weeklySessionsLimit.trim();
  return {
    name: values.name,
    description: values.description,
    priceCents: parseMoneyInput(values.price) ?? Number.NaN,
    currency: values.currency,
    billingCycle: values.billingCycle,
    features: values.features.map((feature) => feature.trim()).filter(Boolean),
    weeklySessionsLimit: limit === '' ? null : Number(limit),
    renewsAutomatically: values.renewsAutomatically,
    isActive: values.isActive,
    kind: values.kind,
    classCount: wholeOrNull(values.classCount),
    validityDays: wholeOrNull(values.validityDays),
  };
}

const domain = domainResolver(CustomerPlanInput);

/** The shared CustomerPlanInput schema validates the form; its `priceCents` problems belong to `price`. */
export const customerPlanFormResolver: Resolver<CustomerPlanFormValues, unknown, CustomerPlanValues> = async (
  values,
  context,
  options,
) => {
  const result = await domain(
    toCustomerPlanInput(values),
    context,
    options as unknown as ResolverOptions<CustomerPlanInput>,
  );
  if (Object.keys(result.errors).length === 0) return result as ResolverSuccess<CustomerPlanValues>;
  const { priceCents, ...errors } = result.errors as FieldErrors<CustomerPlanInput>;
  return {
    values: {},
    errors: (priceCents ? { ...errors, price: priceCents } : errors) as FieldErrors<CustomerPlanFormValues>,
  };
};
