import { describe, expect, it } from 'vitest';
import {
  chargeProgress,
  nextStepOf,
  RecurringChargeWebhookBody,
  recurringChargeStateOf,
} from './pix-automatico-charges.ts';

const attempt = (status: string) => ({ status });

describe('a recurring charge’s notices, applied forward only', () => {
  it('ranks a later notice above an earlier one, however they arrive', () => {
    const scheduled = chargeProgress({ status: 'ATIVA', tentativas: [attempt('AGENDADA')] });
    const failed = chargeProgress({ status: 'ATIVA', tentativas: [attempt('REJEITADA')] });
    const retried = chargeProgress({
      status: 'ATIVA',
      tentativas: [attempt('REJEITADA'), attempt('SOLICITADA')],
    });
    const paid = chargeProgress({ status: 'CONCLUIDA', tentativas: [attempt('REJEITADA'), attempt('PAGA')] });
    expect(chargeProgress({ status: 'CRIADA', tentativas: [attempt('SOLICITADA')] })).toBeLessThan(scheduled);
    expect(scheduled).toBeLessThan(failed);
    expect(failed).toBeLessThan(retried);
    expect(retried).toBeLessThan(paid);
    // The same notice twice is no progress: the second changes nothing.
    expect(chargeProgress({ status: 'ATIVA', tentativas: [attempt('AGENDADA')] })).toBe(scheduled);
  });

  it('puts a final status above any attempt of an open charge', () => {
    const expired = chargeProgress({ status: 'EXPIRADA', tentativas: [attempt('REJEITADA')] });
    const manyOpen = chargeProgress({
      status: 'ATIVA',
      tentativas: [attempt('REJEITADA'), attempt('REJEITADA'), attempt('REJEITADA'), attempt('AGENDADA')],
    });
    expect(expired).toBeGreaterThan(manyOpen);
  });

  it('reads the PSP’s status as ours', () => {
    expect(recurringChargeStateOf('CRIADA')).toBe('ACTIVE');
    expect(recurringChargeStateOf('ATIVA')).toBe('ACTIVE');
    expect(recurringChargeStateOf('CONCLUIDA')).toBe('PAID');
    expect(recurringChargeStateOf('REJEITADA')).toBe('FAILED');
    expect(recurringChargeStateOf('EXPIRADA')).toBe('FAILED');
    expect(recurringChargeStateOf('CANCELADA')).toBe('CANCELLED');
  });
});

describe('what a notice calls for', () => {
  it('pays a concluded charge, retries a rejected debit with none open, falls back a failed charge', () => {
    expect(nextStepOf({ status: 'CONCLUIDA', tentativas: [attempt('PAGA')] })).toBe('PAY');
    expect(nextStepOf({ status: 'ATIVA', tentativas: [attempt('REJEITADA')] })).toBe('RETRY');
    expect(nextStepOf({ status: 'EXPIRADA', tentativas: [attempt('REJEITADA')] })).toBe('FALL_BACK');
    expect(nextStepOf({ status: 'REJEITADA', tentativas: [attempt('REJEITADA')] })).toBe('FALL_BACK');
  });

  it('waits while a debit is open, and leaves a cancelled charge', () => {
    expect(nextStepOf({ status: 'ATIVA', tentativas: [attempt('AGENDADA')] })).toBe('NONE');
    expect(nextStepOf({ status: 'ATIVA', tentativas: [attempt('REJEITADA'), attempt('SOLICITADA')] })).toBe(
      'NONE',
    );
    expect(nextStepOf({ status: 'CANCELADA', tentativas: [attempt('CANCELADA')] })).toBe('NONE');
  });
});

describe('the recurring charge webhook’s body', () => {
  it('takes the standard’s notice and refuses what is not one', () => {
    const notice = {
      idRec: 'RR1234567820261127abcdefghijk',
      txid: 'a'.repeat(30),
      status: 'CONCLUIDA',
      tentativas: [
        { dataLiquidacao: '2026-12-02', tipo: 'AGND', endToEndId: `E${'1'.repeat(31)}`, status: 'PAGA' },
      ],
      pix: [
        {
          endToEndId: `E${'1'.repeat(31)}`,
          txid: 'a'.repeat(30),
          valor: '249.00',
          horario: '2026-12-02T03:00:00.000Z',
        },
      ],
      atualizacao: [],
    };
    expect(RecurringChargeWebhookBody.safeParse({ cobsr: [notice] }).success).toBe(true);
    expect(RecurringChargeWebhookBody.safeParse({ cobsr: [{ ...notice, status: 'PAGA' }] }).success).toBe(
      false,
    );
    expect(RecurringChargeWebhookBody.safeParse({ cobsr: [{ ...notice, txid: 'short' }] }).success).toBe(
      false,
    );
  });
});
