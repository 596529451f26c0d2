import {
  ADD_TO_SESSION_REASONS,
  ADDABLE_ATTENDANCE_STATUSES,
  AddCustomersToSessionInput,
  type AddCustomersToSessionValues,
  type AddToSessionReason,
  defaultStatusForReason,
  remainingSeats,
  type SessionDetails,
} from '@reformer/domain/sessions';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { type FieldError, type Resolver, type ResolverOptions, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/form/select-field.tsx';
import { TextareaField } from '@/components/form/textarea-field.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { DialogActions } from '@/components/ui/dialog-actions.tsx';
import { domainResolver, fieldErrorText } from '@/lib/forms.ts';
import { useAddCustomersToSession } from '../api/add-customers-to-session.ts';
import { waitlistQueryOptions } from '../api/get-waitlist.ts';
import { CustomerPicker, type PickedCustomer } from './customer-picker.tsx';
import { MakeUpCreditsPreview } from './make-up-credits-preview.tsx';
import { PurchaseClassesPreview } from './purchase-classes-preview.tsx';

type FormValues = {
  customerIds: string[];
  reason: AddToSessionReason | '';
  status: (typeof ADDABLE_ATTENDANCE_STATUSES)[number];
  notes: string;
  usePurchase: boolean;
};

const domain = domainResolver(AddCustomersToSessionInput);

/** The shared schema validates the dialog ('Select at least one customer', 'Reason is required'). */
const addCustomersResolver: Resolver<FormValues, unknown, AddCustomersToSessionValues> = (
  values,
  context,
  options,
) =>
  domain(
    // An unchosen reason is absent, so the schema says it is required.
    { ...values, reason: values.reason || undefined } as AddCustomersToSessionInput,
    context,
    options as unknown as ResolverOptions<AddCustomersToSessionInput>,
  );

type AddCustomersDialogProps = { organizationId: string; session: SessionDetails; timeZone: string };

/**
 * "Add customers": several at once, with a status, a reason (required) and notes; beyond capacity is refused.
 * A make-up (REPOSITION) shows each customer's valid credits and uses the oldest; any other place can spend a
 * class of the customer's pack, single or trial class, whose balance shows before adding.
 */
export function AddCustomersDialog({ organizationId, session, timeZone }: AddCustomersDialogProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-primary"
        disabled={!session.isActive}
        onClick={() => setIsOpen(true)}
      >
        {t('attendance.addCustomers.open')}
      </button>
      <Dialog isOpen={isOpen} onClose={() => setIsOpen(false)} title={t('attendance.addCustomers.title')}>
        <AddCustomersForm
          organizationId={organizationId}
          session={session}
          timeZone={timeZone}
          onClose={() => setIsOpen(false)}
        />
      </Dialog>
    </>
  );
}

function AddCustomersForm({
  organizationId,
  session,
  timeZone,
  onClose,
}: AddCustomersDialogProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<PickedCustomer[]>([]);
  const addCustomers = useAddCustomersToSession(organizationId, session.id, { onSuccess: onClose });
  const { register, handleSubmit, formState, setValue, watch } = useForm<
    FormValues,
    unknown,
    AddCustomersToSessionValues
  >({
    resolver: addCustomersResolver,
    defaultValues: { customerIds: [], reason: '', status: 'CONFIRMED', notes: '', usePurchase: false },
  });
  const { errors, isSubmitted } = formState;
  const status = watch('status');
  const isMakeUp = status === 'REPOSITION';
  // Spending a purchase's class is on once a picked customer has one that pays, until staff turn it off.
  const onUsableChange = useCallback(
    (isUsable: boolean) => {
      if (!formState.dirtyFields.usePurchase) setValue('usePurchase', isUsable);
    },
    [formState.dirtyFields.usePurchase, setValue],
  );
  // A customer holding a waitlist offer takes the seat held for them (the server leaves their own offer out).
  const { data: waitlist } = useQuery(waitlistQueryOptions(organizationId, session.id));
  const offeredTo = new Set(
    waitlist?.items.filter((entry) => entry.state === 'OFFERED').map((entry) => entry.customerId),
  );
  const seatsLeft = remainingSeats(session) - picked.filter((customer) => !offeredTo.has(customer.id)).length;
  const reasonField = register('reason', {
    // The status follows the reason (a trial class is TRIAL) until the user picks another.
    onChange: (event) => {
      const reason = ADD_TO_SESSION_REASONS.find((known) => known === event.target.value);
      if (reason) setValue('status', defaultStatusForReason(reason));
    },
  });

  const submit = handleSubmit(async (input) => {
    // A make-up is paid by a credit, never by a purchase (the server ignores it too).
    await addCustomers
      .mutateAsync({ ...input, usePurchase: input.usePurchase && !isMakeUp })
      .catch(() => undefined);
  });

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
      <CustomerPicker
        organizationId={organizationId}
        value={picked}
        onChange={(next) => {
          setPicked(next);
          setValue(
            'customerIds',
            next.map((customer) => customer.id),
            { shouldValidate: isSubmitted },
          );
        }}
        excludedIds={new Set(session.roster.map((entry) => entry.customerId))}
        error={fieldErrorText(errors.customerIds as FieldError | undefined)}
      />
      <p
        className={`text-sm ${seatsLeft < 0 ? 'font-semibold text-error' : 'text-base-content/70'}`}
        aria-live="polite"
      >
        {seatsLeft > 0
          ? t('attendance.addCustomers.seatsLeft.count', { count: seatsLeft })
          : t('attendance.addCustomers.noSeatsLeft')}
      </p>
      <SelectField
        label={t('attendance.addCustomers.reason')}
        options={[
          { value: '', label: t('attendance.addCustomers.reasonPlaceholder') },
          ...ADD_TO_SESSION_REASONS.map((reason) => ({
            value: reason,
            label: t(`attendance.reasons.${reason}`),
          })),
        ]}
        error={errors.reason}
        {...reasonField}
      />
      <SelectField
        label={t('attendance.addCustomers.status')}
        options={ADDABLE_ATTENDANCE_STATUSES.map((status) => ({
          value: status,
          label: t(`attendance.statuses.${status}`),
        }))}
        error={errors.status}
        {...register('status')}
      />
      {isMakeUp && picked.length > 0 && (
        <MakeUpCreditsPreview
          organizationId={organizationId}
          customers={picked}
          sessionDate={session.date}
          timeZone={timeZone}
        />
      )}
      {!isMakeUp && picked.length > 0 && (
        <div className="flex flex-col gap-2">
          <label className="flex cursor-pointer items-center gap-2">
            <input type="checkbox" className="checkbox checkbox-sm" {...register('usePurchase')} />
            {t('purchases.preview.usePurchase')}
          </label>
          <PurchaseClassesPreview
            organizationId={organizationId}
            customers={picked}
            sessionDate={session.date}
            timeZone={timeZone}
            isTrial={status === 'TRIAL'}
            onUsableChange={onUsableChange}
          />
        </div>
      )}
      <TextareaField
        label={`${t('attendance.addCustomers.notes')} (${t('common.optional')})`}
        placeholder={t('attendance.addCustomers.notesPlaceholder')}
        rows={2}
        error={errors.notes}
        {...register('notes')}
      />
      <DialogActions onCancel={onClose}>
        <button type="submit" className="btn btn-primary" disabled={addCustomers.isPending}>
          {addCustomers.isPending ? t('common.saving') : t('attendance.addCustomers.submit')}
        </button>
      </DialogActions>
    </form>
  );
}
