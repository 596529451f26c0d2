import { addDays } from '@reformer/domain/calendar-dates';
import type { DueChargeRequest } from '../../integrations/pix/api-pix-types.ts';
import { centsToAmount } from '../../integrations/pix/pix-amounts.ts';
import type { PspConnectionRow } from '../pix-psp/pix-psp.repository.ts';

/** Basis points (200) as the API Pix's percentage string ("2.00"). */
const percent = (basisPoints: number) => centsToAmount(basisPoints);

/** API Pix domain tables (CobVValor): multa 2 = percent; juros 3 = percent a month, calendar days; desconto 2 = percent until the date. */
const FINE_PERCENT = 2;
const INTEREST_PERCENT_MONTHLY = 3;
const DISCOUNT_PERCENT_UNTIL_DATE = 2;

/**
 * The body of `PUT /cobv/{txid}` for one cycle: due on the cycle's start, the studio's terms (decision 027:
 * fine ≤ 2 %, interest ≤ 1 % a month, an optional discount until N days before), the payer, and a line the
 * customer's bank app shows. Payable for 30 days after the due date, as a month's reminders run.
 */
export function dueChargeRequest(
  terms: Pick<
    PspConnectionRow,
    'pixKey' | 'fineBasisPoints' | 'interestBasisPointsMonthly' | 'discountBasisPoints' | 'discountDaysBefore'
  >,
  charge: { dueDate: string; amountCents: number; payer: { cpf: string; name: string }; description: string },
  today: string,
): DueChargeRequest {
  const { discountBasisPoints, discountDaysBefore } = terms;
  // A charge issued late (the PSP connected a day before the due date) offers no discount already past.
  const discountUntil =
    discountBasisPoints && discountDaysBefore !== null ? addDays(charge.dueDate, -discountDaysBefore) : null;
  return {
    calendario: { dataDeVencimento: charge.dueDate, validadeAposVencimento: 30 },
    devedor: { cpf: charge.payer.cpf, nome: charge.payer.name },
    valor: {
      original: centsToAmount(charge.amountCents),
      ...(terms.fineBasisPoints > 0
        ? { multa: { modalidade: FINE_PERCENT, valorPerc: percent(terms.fineBasisPoints) } }
        : {}),
      ...(terms.interestBasisPointsMonthly > 0
        ? {
            juros: {
              modalidade: INTEREST_PERCENT_MONTHLY,
              valorPerc: percent(terms.interestBasisPointsMonthly),
            },
          }
        : {}),
      ...(discountBasisPoints && discountUntil && discountUntil >= today
        ? {
            desconto: {
              modalidade: DISCOUNT_PERCENT_UNTIL_DATE,
              descontoDataFixa: [{ data: discountUntil, valorPerc: percent(discountBasisPoints) }],
            },
          }
        : {}),
    },
    chave: terms.pixKey,
    solicitacaoPagador: charge.description.slice(0, 140),
  };
}
