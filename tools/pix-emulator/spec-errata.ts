/**
 * The API Pix 2.9.0 YAML stays unchanged in the repository; these are the few places where it contradicts its
 * own examples and the Manual de Padrões, corrected on the copy the emulator loads. Each was found by
 * validating the spec's own examples against it (spec.test), and each correction is the narrowest that makes
 * the examples pass. Everything else in the file is enforced as written.
 */
type Json = Record<string, unknown>;

function schemas(document: Json): Json {
  return (document.components as Json).schemas as Json;
}

function visit(node: unknown, apply: (object: Json) => void) {
  if (Array.isArray(node)) for (const item of node) visit(item, apply);
  else if (node && typeof node === 'object') {
    apply(node as Json);
    for (const value of Object.values(node)) visit(value, apply);
  }
}

export const SPEC_ERRATA: { what: string; fix: (document: Json) => void }[] = [
  {
    // CPF (and codMun) are written as JavaScript regex literals, "/^\d{11}$/": as a JSON Schema pattern that
    // needs a slash before the start of the string and can match nothing, so no CPF could ever be valid.
    what: 'patterns written as /.../ regex literals lose their slashes',
    fix: (document) =>
      visit(document, (object) => {
        const { pattern } = object;
        if (typeof pattern === 'string' && /^\/\^.*\$\/$/.test(pattern))
          object.pattern = pattern.slice(1, -1);
      }),
  },
  {
    // DadosRecebedor requires logradouro, cidade, uf and cep at the top of the charge, beside `recebedor`; the
    // same requirement is (rightly) inside `recebedor`, and every example of a charge has them only there.
    what: 'DadosRecebedor: the address is required inside recebedor, not beside it',
    fix: (document) => {
      delete (schemas(document).DadosRecebedor as Json).required;
    },
  },
  {
    // PixConsultados (GET /pix) requires "cobs", copied from the charges' list; its example (getPix1) and its
    // own properties carry "pix".
    what: 'PixConsultados requires parametros and pix, not cobs',
    fix: (document) => {
      (schemas(document).PixConsultados as Json).required = ['parametros', 'pix'];
    },
  },
  {
    // A charge's location is "pix.example.com/qr/v2/..." in every example — without a scheme, as the BR Code
    // carries it (field 26.25) — but its schema says format: uri, which requires one.
    what: 'PayloadLocation*.location has no scheme, so it is not format: uri',
    fix: (document) =>
      visit(document, (object) => {
        const properties = object.properties as Json | undefined;
        const location = properties?.location as Json | undefined;
        if (location?.format === 'uri' && String(location.example ?? '').startsWith('pix.example.com/')) {
          delete location.format;
        }
      }),
  },
  {
    // RecBase (every recurrence, the request of POST /rec included) requires "idRec", which the PSP makes, and
    // "retentativa", a property no schema declares (the policy is politicaRetentativa, required by
    // RecConfiguracao). No request could be valid; recBody1 and recBody2 carry neither.
    what: 'RecBase requires calendario and vinculo only',
    fix: (document) => {
      (schemas(document).RecBase as Json).required = ['calendario', 'vinculo'];
    },
  },
  {
    // RecNotification lists `atualizacao"` (a quote out of place) among its required properties, so no
    // notification could be valid; the example recWebhookNotification1 has `atualizacao`.
    what: 'RecNotification requires atualizacao, not atualizacao"',
    fix: (document) => {
      (schemas(document).RecNotification as Json).required = ['idRec', 'status', 'atualizacao'];
    },
  },
  {
    // DadosPagadorRec requires ispbParticipante, and one of cpf/cnpj, beside `pagador` rather than inside it:
    // a recurrence not yet approved has no payer at all, and every example (recResponse3...) has them inside.
    what: 'DadosPagadorRec: the payer ISPB and document are inside pagador, and only once there is one',
    fix: (document) => {
      const payer = schemas(document).DadosPagadorRec as Json;
      delete payer.required;
      const { oneOf } = payer;
      delete payer.oneOf;
      const pagador = (payer.properties as Json).pagador as Json;
      pagador.oneOf = oneOf;
      pagador.required = ['ispbParticipante'];
    },
  },
  {
    // PixAutomatico.valor is a string (pattern "123.45") that must also match anyOf object schemas
    // (PixValorOriginal...), which no string can: those are the Pix's componentesValor, as in Pix.
    what: 'PixAutomatico.valor is a plain amount (its anyOf belongs to componentesValor)',
    fix: (document) => {
      const pix = schemas(document).PixAutomatico as Json;
      delete ((pix.properties as Json).valor as Json).anyOf;
    },
  },
  {
    // RecEncerramento and CobRAtualizacao.encerramento are a oneOf of {rejeicao} and {cancelamento}, neither
    // alternative requiring its property: every object matches both, so no closing could be valid. Each
    // alternative requires the one property it describes.
    what: 'encerramento: each oneOf alternative requires its own property',
    fix: (document) =>
      visit(document, (object) => {
        const alternatives = object.oneOf as Json[] | undefined;
        if (!Array.isArray(alternatives) || alternatives.length < 2) return;
        for (const alternative of alternatives) {
          const names = Object.keys((alternative.properties as Json | undefined) ?? {});
          if (
            names.length === 1 &&
            !alternative.required &&
            ['rejeicao', 'cancelamento'].includes(names[0] ?? '')
          )
            alternative.required = names;
        }
      }),
  },
  {
    // SolicRecBase requires "pagador", a property it does not declare (the payer is `destinatario`);
    // solicRecBody1 and every solicRecResponse have none.
    what: 'SolicRecBase requires calendario, idRec and destinatario',
    fix: (document) => {
      (schemas(document).SolicRecBase as Json).required = ['calendario', 'idRec', 'destinatario'];
    },
  },
  {
    // SolicRecCompleta requires "rec", which it does not declare; it declares recPayload, which every
    // solicRecResponse carries.
    what: 'SolicRecCompleta requires recPayload, not rec',
    fix: (document) => {
      (schemas(document).SolicRecCompleta as Json).required = ['recPayload'];
    },
  },
];

export function applySpecErrata(document: Json): Json {
  for (const erratum of SPEC_ERRATA) erratum.fix(document);
  return document;
}
