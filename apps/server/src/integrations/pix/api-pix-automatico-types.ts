/**
 * Pix Automático's bodies in the API Pix 2.9.0 (`vendor/bcb-api-pix-2.9.0.openapi.yaml`, schema names in the
 * comments), written by hand for the operations the product calls, as api-pix-types.ts is. The emulator holds
 * every request and answer to the YAML itself (with the errata of tools/pix-emulator/spec-errata.ts).
 */
import type { Amount, EndToEndId, TxId } from './api-pix-types.ts';

/**
 * The scopes Pix Automático needs beside PIX_SCOPES (asked only of a studio that uses it): the domain's list,
 * which the settings also add to a connection when the studio turns the CNPJ receiver on.
 */
export { PIX_AUTOMATICO_SCOPE_LIST as PIX_AUTOMATICO_SCOPES } from '@reformer/domain/pix-automatico-views';

/** `RecId`: R, R|N (retries allowed or not), the PSP's ISPB, the creation date, 11 characters: 29 in all. */
export type RecurrenceId = string;
export type Periodicity = 'SEMANAL' | 'MENSAL' | 'TRIMESTRAL' | 'SEMESTRAL' | 'ANUAL';
export type RetryPolicy = 'NAO_PERMITE' | 'PERMITE_3R_7D';
export type RecurrenceStatus = 'CRIADA' | 'APROVADA' | 'REJEITADA' | 'EXPIRADA' | 'CANCELADA';
export type Journey = 'JORNADA_1' | 'JORNADA_2' | 'JORNADA_3' | 'JORNADA_4' | 'AGUARDANDO_DEFINICAO';
export type CancellationRequester = 'PSP_PAGADOR' | 'USUARIO_PAGADOR' | 'PSP_RECEBEDOR' | 'USUARIO_RECEBEDOR';

/** `PessoaFisicaRecorrencia` / `PessoaJuridicaRecorrencia`. */
export type RecurrenceDebtor = { cpf: string; nome: string } | { cnpj: string; nome: string };

/** `PayloadLocationRecGerada` / `PayloadLocationRecCompleta`. */
export type RecurrenceLocation = { id: number; location: string; criacao: string; idRec?: RecurrenceId };

/** `RecSolicitada`: the body of POST /rec. Exactly one of valorRec (fixed) and valorMinimoRecebedor (floor). */
export type RecurrenceRequest = {
  vinculo: { objeto?: string; contrato: string; devedor: RecurrenceDebtor };
  calendario: { dataInicial: string; dataFinal?: string; periodicidade: Periodicity };
  valor?: { valorRec: Amount } | { valorMinimoRecebedor: Amount };
  recebedor?: { convenio?: string };
  politicaRetentativa: RetryPolicy;
  /** The location made by POST /locrec: the recurrence gets a QR code. */
  loc?: number;
  /** Jornada 3: the immediate charge the payer pays while authorizing. */
  ativacao?: { dadosJornada: { txid: TxId } };
};

export type RecurrenceClosing = {
  rejeicao?: { codigo: string; descricao: string };
  cancelamento?: { solicitante: CancellationRequester; codigo: string; descricao: string };
};

/** `RecAtivacao`. */
export type RecurrenceActivation = { tipoJornada: Journey; dadosJornada?: { txid: TxId } };

/** `RecGerada` / `RecCompleta` (dadosQR only from GET /rec/{idRec} while the recurrence has a location). */
export type Recurrence = {
  idRec: RecurrenceId;
  vinculo: RecurrenceRequest['vinculo'];
  calendario: RecurrenceRequest['calendario'];
  valor?: { valorRec?: Amount; valorMinimoRecebedor?: Amount };
  recebedor: { cnpj: string; nome: string; convenio?: string };
  politicaRetentativa: RetryPolicy;
  status: RecurrenceStatus;
  loc?: RecurrenceLocation;
  pagador?: { ispbParticipante: string; cpf?: string; cnpj?: string; codMun?: string };
  atualizacao: { status: RecurrenceStatus; data: string }[];
  encerramento?: RecurrenceClosing;
  ativacao?: RecurrenceActivation;
  dadosQR?: { jornada: 'JORNADA_2' | 'JORNADA_3' | 'JORNADA_4'; pixCopiaECola: string };
};

/** `RecNotification`: one item of the `webhookrec` callback's `recs`. */
export type RecurrenceNotification = Pick<
  Recurrence,
  'idRec' | 'status' | 'atualizacao' | 'encerramento' | 'ativacao'
>;

/** `SolicRecSolicitada`: the body of POST /solicrec (the payer's bank shows the authorization: Jornada 1). */
export type RecurrenceRequestToPayer = {
  idRec: RecurrenceId;
  calendario: { dataExpiracaoSolicitacao: string };
  destinatario: { ispbParticipante: string; agencia?: string; conta: string } & (
    | { cpf: string }
    | { cnpj: string }
  );
};

/** `SolicRecCompleta`. */
export type RecurrenceRequestToPayerState = RecurrenceRequestToPayer & {
  idSolicRec: string;
  status: 'CRIADA' | 'ENVIADA' | 'RECEBIDA' | 'REJEITADA' | 'ACEITA' | 'EXPIRADA' | 'CANCELADA';
};

/** `CobSolicitada`: the immediate charge of Jornada 3 (PUT /cob/{txid}). */
export type ImmediateChargeRequest = {
  calendario: { expiracao: number };
  devedor?: RecurrenceDebtor;
  valor: { original: Amount };
  chave: string;
  solicitacaoPagador?: string;
};

/** `CobGerada`. */
export type ImmediateCharge = ImmediateChargeRequest & {
  txid: TxId;
  revisao: number;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  location?: string;
  pixCopiaECola?: string;
};

/** `DadosBancariosRecebedor`: the account a recurring charge credits. */
export type ReceiverAccount = {
  agencia?: string;
  conta: string;
  tipoConta: 'CORRENTE' | 'POUPANCA' | 'PAGAMENTO';
};

/** `CobRSolicitada`: the body of PUT /cobr/{txid}. */
export type RecurringChargeRequest = {
  idRec: RecurrenceId;
  infoAdicional?: string;
  calendario: { dataDeVencimento: string };
  valor: { original: Amount };
  ajusteDiaUtil: boolean;
  recebedor: ReceiverAccount;
  devedor?: { email?: string; logradouro?: string; cidade?: string; uf?: string; cep?: string };
};

export type RecurringChargeStatus = 'CRIADA' | 'ATIVA' | 'CONCLUIDA' | 'EXPIRADA' | 'REJEITADA' | 'CANCELADA';
export type AttemptStatus = 'SOLICITADA' | 'AGENDADA' | 'PAGA' | 'CANCELADA' | 'REJEITADA' | 'EXPIRADA';

/** `CobRTentativas`: the first debit (AGND) and each retry (NTAG). */
export type RecurringChargeAttempt = {
  dataLiquidacao: string;
  tipo: 'AGND' | 'NTAG' | 'RIFL';
  endToEndId: EndToEndId;
  status: AttemptStatus;
  rejeicao?: { codigo: string; descricao: string };
};

/** `PixAutomatico`: the Pix that settled a recurring charge. */
export type AutomaticPix = { endToEndId: EndToEndId; txid: TxId; valor: Amount; horario: string };

/** `CobRGerada` / `CobRCompleta`. */
export type RecurringCharge = {
  idRec: RecurrenceId;
  txid: TxId;
  calendario: { criacao: string; dataDeVencimento: string };
  valor: { original: Amount };
  status: RecurringChargeStatus;
  politicaRetentativa?: RetryPolicy;
  atualizacao?: { status: RecurringChargeStatus; data: string }[];
  encerramento?: RecurrenceClosing;
  tentativas?: RecurringChargeAttempt[];
  pix?: AutomaticPix[];
};

/** `CobRNotification`: one item of the `webhookcobr` callback's `cobsr`. */
export type RecurringChargeNotification = Pick<
  RecurringCharge,
  'idRec' | 'txid' | 'status' | 'atualizacao' | 'encerramento' | 'tentativas' | 'pix'
>;

/** `WebhookRecCompleto` / `WebhookCobRCompleto`. */
export type RecurrenceWebhook = { webhookUrl: string; criacao?: string };
