import type {
  ImmediateCharge,
  ImmediateChargeRequest,
  Recurrence,
  RecurrenceId,
  RecurrenceLocation,
  RecurrenceRequest,
  RecurrenceRequestToPayer,
  RecurrenceRequestToPayerState,
  RecurrenceWebhook,
  RecurringCharge,
  RecurringChargeRequest,
} from './api-pix-automatico-types.ts';
import type { TxId } from './api-pix-types.ts';
import type { PixCalls } from './pix-client.ts';
import { isPixError } from './pix-error.ts';

const segment = encodeURIComponent;

type ListFilter = {
  start: Date;
  end: Date;
  idRec?: RecurrenceId;
  cpf?: string;
  status?: string;
  pageSize?: number;
};
type ListPage = { parametros?: { paginacao?: { quantidadeDePaginas?: number } } };
const REC_FIELDS = ['idRec', 'status', 'calendario'] as const;
const COBR_FIELDS = ['idRec', 'txid', 'status', 'valor', 'calendario'] as const;

/**
 * Pix Automático's operations on the same connection, token and mutual TLS as the rest of the client
 * (pix-client.ts spreads them into it). A GET of something the PSP does not have answers null.
 */
export function pixAutomaticoOperations({ call, callForObject, find }: PixCalls) {
  const rec = (idRec: string) => ({ template: '/rec/{idRec}', path: `/rec/${segment(idRec)}` });
  const cobr = (txid: string) => ({ template: '/cobr/{txid}', path: `/cobr/${segment(txid)}` });
  const cob = (txid: string) => ({ template: '/cob/{txid}', path: `/cob/${segment(txid)}` });
  const webhook = (kind: 'rec' | 'cobr') => ({ template: `/webhook${kind}`, path: `/webhook${kind}` });

  /** Every item of a list operation (GET /rec, GET /cobr) created between two instants, page after page. */
  async function* every<T>(
    template: '/rec' | '/cobr',
    field: 'recs' | 'cobsr',
    filter: ListFilter,
  ): AsyncGenerator<T> {
    const pageSize = filter.pageSize ?? 100;
    for (let page = 0; ; page += 1) {
      const query: Record<string, string> = {
        inicio: filter.start.toISOString(),
        fim: filter.end.toISOString(),
        'paginacao.paginaAtual': String(page),
        'paginacao.itensPorPagina': String(pageSize),
        ...(filter.idRec ? { idRec: filter.idRec } : {}),
        ...(filter.cpf ? { cpf: filter.cpf } : {}),
        ...(filter.status ? { status: filter.status } : {}),
      };
      const result = await callForObject<Record<string, unknown> & ListPage>(
        { method: 'GET', template, path: template, query },
        ['parametros', field],
      );
      const items = (result[field] ?? []) as T[];
      yield* items;
      const pages = result.parametros?.paginacao?.quantidadeDePaginas ?? 0;
      if (items.length === 0 || page + 1 >= pages) return;
    }
  }

  async function getRecurringCharge(txid: TxId) {
    return find<RecurringCharge>({ method: 'GET', ...cobr(txid) }, COBR_FIELDS);
  }

  return {
    /** POST /locrec: a location for a recurrence's QR code. */
    createRecurrenceLocation: () =>
      callForObject<RecurrenceLocation>(
        { method: 'POST', template: '/locrec', path: '/locrec', body: { tipo: 'rec' } },
        ['id', 'location'],
      ),

    /** PUT /cob/{txid}: the immediate charge Jornada 3's QR pays while authorizing (the first cycle). */
    putImmediateCharge: (txid: TxId, body: ImmediateChargeRequest) =>
      callForObject<ImmediateCharge>({ method: 'PUT', ...cob(txid), body }, ['txid', 'status', 'valor']),

    getImmediateCharge: (txid: TxId) =>
      find<ImmediateCharge>({ method: 'GET', ...cob(txid) }, ['txid', 'status', 'valor']),

    /** POST /rec: the PSP makes the idRec, so a retried POST is a second recurrence — callers keep its answer. */
    createRecurrence: (body: RecurrenceRequest) =>
      callForObject<Recurrence>({ method: 'POST', template: '/rec', path: '/rec', body }, REC_FIELDS),

    /**
     * GET /rec: the recurrences created between two instants (of one payer's CPF, in one status). What finds a
     * recurrence whose POST /rec answer was lost, so it can be kept or cancelled.
     */
    listRecurrences: (filter: ListFilter & { idRec?: never }) => every<Recurrence>('/rec', 'recs', filter),

    /** GET /cobr: the recurring charges created between two instants, of one recurrence or in one status. */
    listRecurringCharges: (filter: ListFilter) => every<RecurringCharge>('/cobr', 'cobsr', filter),

    /** GET /rec/{idRec}, with the QR (dadosQR) of Jornada 2, or of Jornada 3 given its immediate charge's txid. */
    getRecurrence: (idRec: RecurrenceId, txid?: TxId) =>
      find<Recurrence>({ method: 'GET', ...rec(idRec), query: txid ? { txid } : undefined }, REC_FIELDS),

    /** PATCH /rec/{idRec} {status: CANCELADA}: the studio cancels it; its open charges end with it. */
    cancelRecurrence: (idRec: RecurrenceId) =>
      callForObject<Recurrence>(
        { method: 'PATCH', ...rec(idRec), body: { status: 'CANCELADA' } },
        REC_FIELDS,
      ),

    /** POST /solicrec: the payer's bank (ISPB, branch, account) shows them the authorization (Jornada 1). */
    requestAuthorization: (body: RecurrenceRequestToPayer) =>
      callForObject<RecurrenceRequestToPayerState>(
        { method: 'POST', template: '/solicrec', path: '/solicrec', body },
        ['idSolicRec', 'status'],
      ),

    /**
     * PUT /cobr/{txid}: one cycle's charge. The standard refuses a txid already in use, so a PUT repeated after
     * a crash or by another instance is read back instead: the same txid for the same recurrence and due date
     * is the charge we asked for; anything else is the PSP's refusal.
     */
    async putRecurringCharge(txid: TxId, body: RecurringChargeRequest): Promise<RecurringCharge> {
      try {
        return await callForObject<RecurringCharge>({ method: 'PUT', ...cobr(txid), body }, COBR_FIELDS);
      } catch (error) {
        if (!isPixError(error) || error.code !== 'PSP_REJECTED') throw error;
        const existing = await getRecurringCharge(txid);
        const isSame =
          existing?.idRec === body.idRec &&
          existing.calendario.dataDeVencimento === body.calendario.dataDeVencimento;
        if (isSame) return existing;
        throw error;
      }
    },

    getRecurringCharge,

    /** PATCH /cobr/{txid} {status: CANCELADA}: only before the day of its first debit. */
    cancelRecurringCharge: (txid: TxId) =>
      callForObject<RecurringCharge>(
        { method: 'PATCH', ...cobr(txid), body: { status: 'CANCELADA' } },
        COBR_FIELDS,
      ),

    /** POST /cobr/{txid}/retentativa/{data}: a new debit on `date` after a failed one (PERMITE_3R_7D only). */
    retryRecurringCharge: (txid: TxId, date: string) =>
      callForObject<RecurringCharge>(
        {
          method: 'POST',
          template: '/cobr/{txid}/retentativa/{data}',
          path: `/cobr/${segment(txid)}/retentativa/${segment(date)}`,
        },
        COBR_FIELDS,
      ),

    /** GET /webhookrec or /webhookcobr; null when none is registered. */
    getRecurrenceWebhook: (kind: 'rec' | 'cobr') =>
      find<RecurrenceWebhook>({ method: 'GET', ...webhook(kind) }, ['webhookUrl']),

    /** PUT /webhookrec (posts to `url` + "/rec") or /webhookcobr (to `url` + "/cobr"). */
    async putRecurrenceWebhook(kind: 'rec' | 'cobr', url: string): Promise<void> {
      await call({ method: 'PUT', ...webhook(kind), body: { webhookUrl: url } });
    },

    async deleteRecurrenceWebhook(kind: 'rec' | 'cobr'): Promise<void> {
      await call({ method: 'DELETE', ...webhook(kind) });
    },
  };
}
