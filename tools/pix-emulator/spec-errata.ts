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
];

export function applySpecErrata(document: Json): Json {
  for (const erratum of SPEC_ERRATA) erratum.fix(document);
  return document;
}
