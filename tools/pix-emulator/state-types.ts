/**
 * The emulator's own view of the bodies it keeps. Deliberately not the client's types
 * (apps/server/src/integrations/pix/api-pix-types.ts): both sides are held to the YAML separately, so a field
 * both got wrong in the same way would still fail the spec validation instead of passing between them.
 */
export type Amount = string;

export type Person = {
  cpf?: string;
  cnpj?: string;
  nome: string;
  email?: string;
  logradouro?: string;
  cidade?: string;
  uf?: string;
  cep?: string;
};

export type ChargeValue = {
  original: Amount;
  multa?: { modalidade: number; valorPerc: Amount };
  juros?: { modalidade: number; valorPerc: Amount };
  abatimento?: { modalidade: number; valorPerc: Amount };
  desconto?: {
    modalidade: number;
    valorPerc?: Amount;
    descontoDataFixa?: { data: string; valorPerc: Amount }[];
  };
};

/** The request body of PUT /cobv/{txid} (CobVSolicitada), and what PATCH may change (CobVRevisada). */
export type ChargeRequest = {
  calendario?: { dataDeVencimento: string; validadeAposVencimento?: number };
  devedor?: Person;
  valor?: ChargeValue;
  chave?: string;
  solicitacaoPagador?: string;
  infoAdicionais?: { nome: string; valor: string }[];
  loc?: { id: number };
  status?: 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
};

/** CobVGerada. */
export type Charge = {
  calendario: { criacao: string; dataDeVencimento: string; validadeAposVencimento: number };
  txid: string;
  revisao: number;
  loc: { id: number; txid: string; location: string; tipoCob: 'cobv'; criacao: string };
  location: string;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  devedor: Person;
  recebedor: Person & { logradouro: string; cidade: string; uf: string; cep: string };
  valor: ChargeValue;
  chave: string;
  solicitacaoPagador?: string;
  infoAdicionais?: { nome: string; valor: string }[];
  pixCopiaECola: string;
};

/** Devolucao. */
export type Refund = {
  id: string;
  rtrId: string;
  valor: Amount;
  natureza: 'ORIGINAL' | 'RETIRADA';
  descricao?: string;
  horario: { solicitacao: string; liquidacao?: string };
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
  motivo?: string;
};

/** Pix. */
export type Pix = {
  endToEndId: string;
  txid?: string;
  valor: Amount;
  componentesValor?: Record<string, { valor: Amount }>;
  chave: string;
  horario: string;
  infoPagador?: string;
  devolucoes?: Refund[];
};

/** WebhookCompleto. */
export type Webhook = { webhookUrl: string; chave: string; cnpj: string; criacao: string };

/** Who the emulator's account belongs to: the key charges and webhooks must use, and the charge's `recebedor`. */
export type Receiver = {
  chave: string;
  cnpj: string;
  nome: string;
  logradouro: string;
  cidade: string;
  uf: string;
  cep: string;
};
