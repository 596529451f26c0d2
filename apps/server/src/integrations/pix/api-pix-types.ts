/**
 * The bodies of the API Pix 2.9.0 operations the product uses, written by hand from
 * `vendor/bcb-api-pix-2.9.0.openapi.yaml` (schema names in the comments). Only these operations (Pix
 * Automático's are in api-pix-automatico-types.ts); the file has some 40 more (batches, payload locations, lists)
 * that we do not call. The emulator validates every
 * request and answer against the YAML itself, so a field written wrong here fails the client's tests.
 * Amounts are the spec's decimal strings ("123.45"); `pix-amounts.ts` converts them to and from cents.
 */

/** `TxId`: 26 to 35 letters and digits for a charge with a due date. */
export type TxId = string;
/** `EndToEndId`: 32 letters and digits, e.g. E12345678202009091221abcdef12345. */
export type EndToEndId = string;
/** `DevolucaoId`: 1 to 35 letters and digits, chosen by the receiver. */
export type RefundId = string;
/** A decimal amount with two places, as the spec writes money: "123.45". */
export type Amount = string;

/** `PessoaFisica` / `PessoaJuridica` (+ `DadosComplementaresPessoa`). */
export type Person = ({ cpf: string; cnpj?: never } | { cnpj: string; cpf?: never }) & {
  nome: string;
  email?: string;
  logradouro?: string;
  cidade?: string;
  uf?: string;
  cep?: string;
};

/** `CobVValor`: multa and juros by modalidade (1 fixed, 2 percent; juros 1–8), desconto by fixed dates. */
export type DueChargeAmount = {
  original: Amount;
  multa?: { modalidade: number; valorPerc: Amount };
  juros?: { modalidade: number; valorPerc: Amount };
  abatimento?: { modalidade: number; valorPerc: Amount };
  desconto?:
    | { modalidade: 1 | 2; descontoDataFixa: { data: string; valorPerc: Amount }[] }
    | { modalidade: 3 | 4 | 5 | 6; valorPerc: Amount };
};

/** `CobVSolicitada`: the body of PUT /cobv/{txid}. */
export type DueChargeRequest = {
  calendario: { dataDeVencimento: string; validadeAposVencimento?: number };
  devedor: Person;
  valor: DueChargeAmount;
  chave: string;
  solicitacaoPagador?: string;
  infoAdicionais?: { nome: string; valor: string }[];
};

export type ChargeStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

/** `CobVGerada`: what PUT and PATCH /cobv/{txid} answer. */
export type DueCharge = {
  txid: TxId;
  revisao: number;
  status: ChargeStatus;
  calendario: { criacao: string; dataDeVencimento: string; validadeAposVencimento: number };
  devedor: Person;
  recebedor?: Person & { nomeFantasia?: string };
  loc: { id: number; location: string; tipoCob: 'cob' | 'cobv'; criacao: string };
  location?: string;
  valor: DueChargeAmount;
  chave: string;
  solicitacaoPagador?: string;
  infoAdicionais?: { nome: string; valor: string }[];
  /** The BR Code ("copia e cola") the customer's bank app reads; its QR code carries the same text. */
  pixCopiaECola?: string;
};

/** `CobVCompleta`: GET /cobv/{txid}, with the Pix that paid it. */
export type DueChargeWithPayments = DueCharge & { pix?: ReceivedPix[] };

export type RefundStatus = 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';

/** `DevolucaoSolicitada`: the body of PUT /pix/{e2eid}/devolucao/{id}. */
export type RefundRequest = { valor: Amount; natureza?: 'ORIGINAL' | 'RETIRADA'; descricao?: string };

/** `Devolucao`. */
export type Refund = {
  id: RefundId;
  rtrId: string;
  valor: Amount;
  natureza?: string;
  descricao?: string;
  horario: { solicitacao?: string; liquidacao?: string };
  status: RefundStatus;
  motivo?: string;
};

/** `Pix`: a Pix the receiver got, with its refunds. */
export type ReceivedPix = {
  endToEndId: EndToEndId;
  txid?: TxId;
  valor: Amount;
  componentesValor?: Record<string, { valor: Amount } & Record<string, unknown>>;
  chave?: string;
  horario: string;
  infoPagador?: string;
  devolucoes?: Refund[];
};

/** `Paginacao`. */
export type Paging = {
  paginaAtual: number;
  itensPorPagina: number;
  quantidadeDePaginas: number;
  quantidadeTotalDeItens: number;
};

/** `PixConsultados`: one page of GET /pix. */
export type ReceivedPixPage = {
  parametros: { inicio: string; fim: string; paginacao: Paging };
  pix?: ReceivedPix[];
};

/** `WebhookCompleto`: GET /webhook/{chave}. */
export type Webhook = { webhookUrl: string; chave?: string; cnpj?: string; criacao: string };

/** `WebhookPixBody`: what the PSP posts to the registered URL + "/pix". */
export type PixWebhookBody = { pix: ReceivedPix[] };

/** RFC 7807 `Problema`, the body of the PSP's 4xx and 5xx answers. */
export type Problem = {
  type: string;
  title: string;
  status: number;
  detail?: string;
  correlationId?: string;
  violacoes?: { razao?: string; propriedade?: string; valor?: string }[];
};

/** The scopes the product needs (the spec's OAuth2 scopes of the operations above). */
export const PIX_SCOPES = [
  'cobv.write',
  'cobv.read',
  'pix.write',
  'pix.read',
  'webhook.write',
  'webhook.read',
] as const;
