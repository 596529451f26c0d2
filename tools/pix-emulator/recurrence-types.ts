/**
 * The emulator's own view of Pix Automático (recurrences, their locations, requests to the payer's bank and
 * recurring charges), written from the YAML's schemas and not shared with the client, as state-types.ts is not.
 */
import type { Amount } from './state-types.ts';

export type RecStatus = 'CRIADA' | 'APROVADA' | 'REJEITADA' | 'EXPIRADA' | 'CANCELADA';
export type Periodicity = 'SEMANAL' | 'MENSAL' | 'TRIMESTRAL' | 'SEMESTRAL' | 'ANUAL';
export type RetryPolicy = 'NAO_PERMITE' | 'PERMITE_3R_7D';
export type Journey = 'JORNADA_1' | 'JORNADA_2' | 'JORNADA_3' | 'JORNADA_4' | 'AGUARDANDO_DEFINICAO';
export type Requester = 'PSP_PAGADOR' | 'USUARIO_PAGADOR' | 'PSP_RECEBEDOR' | 'USUARIO_RECEBEDOR';

export type Debtor = { cpf: string; nome: string } | { cnpj: string; nome: string };
export type StatusChange<S> = { status: S; data: string };

/** PayloadLocationRecCompleta. */
export type RecLocation = { id: number; tipo: 'rec'; location: string; criacao: string; idRec?: string };

/** RecSolicitada: the body of POST /rec. */
export type RecRequest = {
  vinculo: { objeto?: string; contrato: string; devedor: Debtor };
  calendario: { dataInicial: string; dataFinal?: string; periodicidade: Periodicity };
  valor?: { valorRec?: Amount; valorMinimoRecebedor?: Amount };
  recebedor?: { convenio?: string };
  politicaRetentativa: RetryPolicy;
  loc?: number;
  ativacao?: { dadosJornada?: { txid: string } };
};

/** RecRevisada: the body of PATCH /rec/{idRec}. */
export type RecRevision = {
  status?: 'CANCELADA';
  vinculo?: { devedor?: { nome: string } };
  loc?: number;
  calendario?: { dataInicial?: string };
  ativacao?: { dadosJornada?: { txid: string } };
};

export type RecClosing =
  | { rejeicao: { codigo: 'AP13' | 'AP14'; descricao: string } }
  | { cancelamento: { solicitante: Requester; codigo: string; descricao: string } };

/** RecCompleta, as the PSP keeps it (dadosQR is computed when read). */
export type Rec = {
  idRec: string;
  vinculo: RecRequest['vinculo'];
  calendario: RecRequest['calendario'];
  valor?: RecRequest['valor'];
  recebedor: { cnpj: string; nome: string; convenio?: string };
  politicaRetentativa: RetryPolicy;
  status: RecStatus;
  loc?: RecLocation;
  pagador?: { ispbParticipante: string; cpf?: string; cnpj?: string };
  atualizacao: StatusChange<RecStatus>[];
  encerramento?: RecClosing;
  ativacao: { tipoJornada: Journey; dadosJornada?: { txid: string } };
};

export type SolicRecStatus =
  | 'CRIADA'
  | 'ENVIADA'
  | 'RECEBIDA'
  | 'REJEITADA'
  | 'ACEITA'
  | 'EXPIRADA'
  | 'CANCELADA';

/** SolicRecSolicitada: the body of POST /solicrec. */
export type SolicRecRequest = {
  idRec: string;
  calendario: { dataExpiracaoSolicitacao: string };
  destinatario: { conta: string; ispbParticipante: string; agencia?: string; cpf?: string; cnpj?: string };
};

/** SolicRecCompleta (recPayload is computed when read). */
export type SolicRec = SolicRecRequest & {
  idSolicRec: string;
  status: SolicRecStatus;
  atualizacao: StatusChange<SolicRecStatus>[];
};

export type CobRStatus = 'CRIADA' | 'ATIVA' | 'CONCLUIDA' | 'EXPIRADA' | 'REJEITADA' | 'CANCELADA';
export type AttemptStatus = 'SOLICITADA' | 'AGENDADA' | 'PAGA' | 'CANCELADA' | 'REJEITADA' | 'EXPIRADA';

/** One settlement attempt of a recurring charge (CobRTentativas): the first (AGND) and each retry (NTAG). */
export type Attempt = {
  dataLiquidacao: string;
  tipo: 'AGND' | 'NTAG' | 'RIFL';
  endToEndId: string;
  status: AttemptStatus;
  atualizacao: StatusChange<AttemptStatus>[];
  rejeicao?: { codigo: string; descricao: string };
};

/** The receiver's account a recurring charge is credited to (DadosBancariosRecebedor). */
export type ReceiverAccount = {
  agencia?: string;
  conta: string;
  tipoConta: 'CORRENTE' | 'POUPANCA' | 'PAGAMENTO';
};

/** CobRSolicitada: the body of PUT /cobr/{txid}. */
export type CobRRequest = {
  idRec: string;
  infoAdicional?: string;
  calendario: { dataDeVencimento: string };
  valor: { original: Amount };
  ajusteDiaUtil?: boolean;
  recebedor: ReceiverAccount;
  devedor?: Record<string, string>;
};

/** A Pix that settled a recurring charge (PixAutomatico). */
export type AutomaticPix = { endToEndId: string; txid: string; valor: Amount; horario: string };

/** CobRCompleta. */
export type CobR = {
  idRec: string;
  txid: string;
  infoAdicional?: string;
  calendario: { criacao: string; dataDeVencimento: string };
  valor: { original: Amount };
  ajusteDiaUtil: boolean;
  recebedor: ReceiverAccount & { cnpj: string; nome: string };
  devedor?: Record<string, string>;
  status: CobRStatus;
  politicaRetentativa: RetryPolicy;
  atualizacao: StatusChange<CobRStatus>[];
  encerramento?:
    | { cancelamento: { solicitante: Requester; codigo: string; descricao: string } }
    | { rejeicao: { codigo: string; descricao: string } };
  tentativas: Attempt[];
  pix?: AutomaticPix[];
};

/** CobSolicitada / CobGerada: the immediate charge that Jornada 3 pays while authorizing. */
export type CobRequest = {
  calendario: { expiracao?: number };
  devedor?: Debtor;
  valor: { original: Amount; modalidadeAlteracao?: number };
  chave: string;
  solicitacaoPagador?: string;
};

export type Cob = {
  calendario: { criacao: string; expiracao: number };
  txid: string;
  revisao: number;
  loc: { id: number; txid: string; location: string; tipoCob: 'cob'; criacao: string };
  location: string;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  devedor?: Debtor;
  valor: { original: Amount; modalidadeAlteracao?: number };
  chave: string;
  solicitacaoPagador?: string;
  pixCopiaECola: string;
};
