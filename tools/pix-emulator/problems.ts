/**
 * The API Pix's error answers: RFC 7807 problems whose `type` is https://pix.bcb.gov.br/api/v2/error/<Name>,
 * with the names the YAML's description lists (RequisicaoInvalida, CobVOperacaoInvalida, NaoEncontrado...).
 */
export type Violation = { razao: string; propriedade?: string; valor?: string };

export type Problem = {
  type: string;
  title: string;
  status: number;
  detail?: string;
  correlationId?: string;
  violacoes?: Violation[];
};

/** A problem the handlers throw; the app answers it as application/problem+json. */
export class ProblemError extends Error {
  readonly problem: Problem;

  constructor(status: number, name: string, title: string, detail?: string, violacoes?: Violation[]) {
    super(`${status} ${name}: ${detail ?? title}`);
    this.problem = {
      type: `https://pix.bcb.gov.br/api/v2/error/${name}`,
      title,
      status,
      ...(detail ? { detail } : {}),
      ...(violacoes?.length ? { violacoes } : {}),
    };
  }
}

export const notFound = (name: string, detail: string) =>
  new ProblemError(404, name, 'Não Encontrado', detail);

export const invalid = (name: string, detail: string, violacoes?: Violation[]) =>
  new ProblemError(400, name, 'Requisição inválida', detail, violacoes);

export const accessDenied = (detail: string) =>
  new ProblemError(403, 'AcessoNegado', 'Acesso Negado', detail);

/** The problem names for a request that breaks the schema, per operation (the YAML's "Tag" sections). */
export function invalidRequestName(method: string, path: string): string {
  const reading = method === 'GET';
  if (path.startsWith('/cobv')) return reading ? 'CobVConsultaInvalida' : 'CobVOperacaoInvalida';
  if (path.startsWith('/cobr')) return reading ? 'CobRConsultaInvalida' : 'CobROperacaoInvalida';
  if (path.startsWith('/cob')) return reading ? 'CobConsultaInvalida' : 'CobOperacaoInvalida';
  if (path.startsWith('/rec')) return reading ? 'RecConsultaInvalida' : 'RecOperacaoInvalida';
  if (path.startsWith('/solicrec')) return 'SolicRecOperacaoInvalida';
  if (path.includes('/devolucao/')) return reading ? 'PixConsultaInvalida' : 'PixDevolucaoInvalida';
  if (path.startsWith('/pix')) return 'PixConsultaInvalida';
  if (path.startsWith('/webhook')) return reading ? 'WebhookConsultaInvalida' : 'WebhookOperacaoInvalida';
  return 'RequisicaoInvalida';
}
