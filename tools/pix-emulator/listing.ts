/** The query of GET /rec and GET /cobr (parameters the YAML names; `paginacao.*` as GET /pix takes them). */
export type ListQuery = {
  inicio: string;
  fim: string;
  cpf?: string;
  cnpj?: string;
  status?: string;
  idRec?: string;
  locationPresente?: boolean;
  convenio?: string;
  paginaAtual: number;
  itensPorPagina: number;
};

/** Reads the query as openapi-backend has already checked it (types coerced by the spec, not trusted here). */
export function listQueryOf(query: Record<string, string>): ListQuery {
  const flag = query.locationPresente;
  return {
    inicio: String(query.inicio),
    fim: String(query.fim),
    ...(query.cpf ? { cpf: query.cpf } : {}),
    ...(query.cnpj ? { cnpj: query.cnpj } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.idRec ? { idRec: query.idRec } : {}),
    ...(query.convenio ? { convenio: query.convenio } : {}),
    ...(flag === undefined ? {} : { locationPresente: flag === 'true' }),
    paginaAtual: Number(query['paginacao.paginaAtual'] ?? 0),
    itensPorPagina: Number(query['paginacao.itensPorPagina'] ?? 100),
  };
}

/**
 * One page of `items` created between `inicio` and `fim`, oldest first, with the `parametros` echoing the
 * filters. A query that makes no sense (fim before inicio, both cpf and cnpj) finds nothing: these operations
 * declare no 400 answer to say so.
 */
export function pageOf<T>(
  items: T[],
  query: ListQuery,
  createdAt: (item: T) => string,
  matches: (item: T) => boolean,
) {
  const start = Date.parse(query.inicio);
  const end = Date.parse(query.fim);
  const sensible = end >= start && !(query.cpf && query.cnpj);
  const found = sensible
    ? items.filter((item) => {
        const at = Date.parse(createdAt(item));
        return at >= start && at <= end && matches(item);
      })
    : [];
  const first = query.paginaAtual * query.itensPorPagina;
  const { paginaAtual, itensPorPagina, locationPresente, convenio, ...filters } = query;
  return {
    parametros: {
      ...filters,
      ...(locationPresente === undefined ? {} : { locationPresente }),
      ...(convenio ? { recebedor: { convenio } } : {}),
      paginacao: {
        paginaAtual,
        itensPorPagina,
        quantidadeDePaginas: Math.max(1, Math.ceil(found.length / itensPorPagina)),
        quantidadeTotalDeItens: found.length,
      },
    },
    items: found.slice(first, first + itensPorPagina),
  };
}
