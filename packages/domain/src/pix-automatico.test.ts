import { describe, expect, it } from 'vitest';
import {
  canMoveRecurrence,
  canReceivePixAutomatico,
  chargeWindow,
  cyclesToCharge,
  fitsRecurrence,
  isInChargeWindow,
  isRecurrenceFinal,
  nextRetryDate,
  periodicityOf,
  RECURRENCE_STATES,
  RecurrenceWebhookBody,
  recurrenceContract,
  recurrenceStateOf,
  StartPixAutomaticoInput,
  statesBefore,
} from './pix-automatico.ts';

describe('periodicity', () => {
  it('maps each plan cycle to the standard’s own word', () => {
    expect(periodicityOf('MONTHLY')).toBe('MENSAL');
    expect(periodicityOf('QUARTERLY')).toBe('TRIMESTRAL');
    expect(periodicityOf('SEMI_ANNUAL')).toBe('SEMESTRAL');
    expect(periodicityOf('ANNUALLY')).toBe('ANUAL');
  });
});

describe('the charge window: 10 to 2 days before the due date', () => {
  it('opens ten days ahead and closes two days ahead, both included', () => {
    expect(chargeWindow('2026-03-15')).toEqual({ opens: '2026-03-05', closes: '2026-03-13' });
    expect(isInChargeWindow('2026-03-15', '2026-03-04')).toBe(false);
    expect(isInChargeWindow('2026-03-15', '2026-03-05')).toBe(true);
    expect(isInChargeWindow('2026-03-15', '2026-03-13')).toBe(true);
    expect(isInChargeWindow('2026-03-15', '2026-03-14')).toBe(false);
  });

  it('counts calendar days across a month end and a leap day', () => {
    expect(chargeWindow('2028-03-01')).toEqual({ opens: '2028-02-20', closes: '2028-02-28' });
  });

  it('charges the cycles due inside the window, never the first (paid while authorizing) nor past the end', () => {
    const monthly = { startDate: '2026-01-31', months: 1 };
    expect(cyclesToCharge({ ...monthly, today: '2026-02-18' })).toEqual([
      { index: 1, start: '2026-02-28', end: '2026-03-30' },
    ]);
    expect(cyclesToCharge({ ...monthly, today: '2026-02-17' })).toEqual([]);
    expect(cyclesToCharge({ ...monthly, today: '2026-01-25' })).toEqual([]);
    expect(cyclesToCharge({ ...monthly, today: '2026-02-18', endDate: '2026-02-27' })).toEqual([]);
    expect(cyclesToCharge({ startDate: '2026-01-10', months: 3, today: '2026-04-01' })).toEqual([
      { index: 1, start: '2026-04-10', end: '2026-07-09' },
    ]);
  });
});

describe('retries (PERMITE_3R_7D)', () => {
  const due = '2026-03-10';

  it('asks for the day after the last attempt, or after today when that is later', () => {
    expect(nextRetryDate({ policy: 'PERMITE_3R_7D', dueDate: due, attemptDates: [due], today: due })).toBe(
      '2026-03-11',
    );
    expect(
      nextRetryDate({ policy: 'PERMITE_3R_7D', dueDate: due, attemptDates: [due], today: '2026-03-13' }),
    ).toBe('2026-03-14');
  });

  it('stops after three retries, after the seventh day past the due date, and when the policy allows none', () => {
    const three = [due, '2026-03-11', '2026-03-12', '2026-03-13'];
    expect(
      nextRetryDate({ policy: 'PERMITE_3R_7D', dueDate: due, attemptDates: three, today: due }),
    ).toBeNull();
    expect(
      nextRetryDate({ policy: 'PERMITE_3R_7D', dueDate: due, attemptDates: [due, '2026-03-16'], today: due }),
    ).toBe('2026-03-17');
    expect(
      nextRetryDate({ policy: 'PERMITE_3R_7D', dueDate: due, attemptDates: [due, '2026-03-17'], today: due }),
    ).toBeNull();
    expect(
      nextRetryDate({ policy: 'NAO_PERMITE', dueDate: due, attemptDates: [due], today: due }),
    ).toBeNull();
  });
});

describe('recurrence states', () => {
  it('move forward only: a created one is decided once, an approved one can only end', () => {
    expect(canMoveRecurrence('CREATED', 'APPROVED')).toBe(true);
    expect(canMoveRecurrence('APPROVED', 'CANCELLED_BY_PAYER')).toBe(true);
    expect(canMoveRecurrence('APPROVED', 'CREATED')).toBe(false);
    expect(canMoveRecurrence('APPROVED', 'REJECTED')).toBe(false);
    expect(canMoveRecurrence('CANCELLED_BY_RECEIVER', 'APPROVED')).toBe(false);
    for (const state of RECURRENCE_STATES) expect(canMoveRecurrence(state, state)).toBe(false);
    expect(RECURRENCE_STATES.filter(isRecurrenceFinal)).toEqual([
      'REJECTED',
      'CANCELLED_BY_RECEIVER',
      'CANCELLED_BY_PAYER',
      'EXPIRED',
    ]);
  });

  it('reads the PSP’s status, telling a cancellation by the payer from one by the studio', () => {
    expect(recurrenceStateOf('APROVADA')).toBe('APPROVED');
    expect(recurrenceStateOf('CANCELADA', 'USUARIO_PAGADOR')).toBe('CANCELLED_BY_PAYER');
    expect(recurrenceStateOf('CANCELADA', 'PSP_PAGADOR')).toBe('CANCELLED_BY_PAYER');
    expect(recurrenceStateOf('CANCELADA', 'USUARIO_RECEBEDOR')).toBe('CANCELLED_BY_RECEIVER');
    expect(recurrenceStateOf('SUSPENSA')).toBeNull();
  });
});

describe('amounts, receiver and contract', () => {
  it('a fixed recurrence takes only its amount; a floor any positive amount', () => {
    expect(fitsRecurrence('FIXED', 24_900, 24_900)).toBe(true);
    expect(fitsRecurrence('FIXED', 24_900, 26_900)).toBe(false);
    expect(fitsRecurrence('FLOOR', 10_000, 26_900)).toBe(true);
    expect(fitsRecurrence('FLOOR', 10_000, 0)).toBe(false);
  });

  it('only a valid CNPJ receives by Pix Automático', () => {
    expect(canReceivePixAutomatico('11.222.333/0001-81')).toBe(true);
    expect(canReceivePixAutomatico('12345678909')).toBe(false);
    expect(canReceivePixAutomatico(null)).toBe(false);
  });

  it('names the enrollment in 35 characters or fewer', () => {
    expect(recurrenceContract('0196b1c2-7d3e-7a4f-9b5c-1d2e3f4a5b6c')).toBe(
      '0196b1c27d3e7a4f9b5c1d2e3f4a5b6c',
    );
  });

  it('asks a floor of a FLOOR recurrence, and checks the payer’s bank when given', () => {
    expect(StartPixAutomaticoInput.safeParse({ amountKind: 'FIXED' }).success).toBe(true);
    expect(StartPixAutomaticoInput.safeParse({ amountKind: 'FLOOR' }).success).toBe(false);
    expect(StartPixAutomaticoInput.safeParse({ amountKind: 'FLOOR', floorCents: 10_000 }).data).toMatchObject(
      {
        retryPolicy: 'PERMITE_3R_7D',
      },
    );
    const bank = { ispb: '00000000', branch: '1234', account: '567890' };
    expect(StartPixAutomaticoInput.safeParse({ amountKind: 'FIXED', payerBank: bank }).success).toBe(true);
    const badBank = { ...bank, branch: '12345' };
    expect(StartPixAutomaticoInput.safeParse({ amountKind: 'FIXED', payerBank: badBank }).success).toBe(
      false,
    );
  });
});

describe('the recurrence webhook', () => {
  it('moves a notice only from the states that may precede it', () => {
    expect(statesBefore('APPROVED')).toEqual(['CREATED']);
    expect(statesBefore('CANCELLED_BY_PAYER')).toEqual(['CREATED', 'APPROVED']);
    expect(statesBefore('CREATED')).toEqual([]);
  });

  it('reads the status and who cancelled, letting the rest through', () => {
    const body = RecurrenceWebhookBody.parse({
      recs: [
        {
          idRec: 'RR1234567820261127abcdefghijk',
          status: 'CANCELADA',
          encerramento: { cancelamento: { solicitante: 'USUARIO_PAGADOR', codigo: 'SLDB' } },
          atualizacao: [],
        },
      ],
    });
    const [notice] = body.recs;
    expect(recurrenceStateOf(String(notice?.status), notice?.encerramento?.cancelamento?.solicitante)).toBe(
      'CANCELLED_BY_PAYER',
    );
    expect(RecurrenceWebhookBody.safeParse({ recs: [{ idRec: 'x', status: 'PAGA' }] }).success).toBe(false);
  });
});
