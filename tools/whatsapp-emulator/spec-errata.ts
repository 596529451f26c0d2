/**
 * Meta's YAML stays unchanged in the repository; these are the places where it contradicts its own examples,
 * corrected on the copy the emulator loads. Each is the narrowest change that lets the YAML's own examples
 * pass; everything else is enforced as written.
 */
type Json = Record<string, unknown>;

function schemas(document: Json): Json {
  return (document.components as Json).schemas as Json;
}

/** An inbound text message as every webhook example in the YAML writes it (`from`, `id`, `timestamp`, `text`). */
const INBOUND_TEXT = {
  type: 'object',
  required: ['from', 'id', 'timestamp', 'type', 'text'],
  properties: {
    from: { type: 'string' },
    id: { type: 'string' },
    timestamp: { type: 'string' },
    type: { type: 'string', enum: ['text'] },
    text: { type: 'object', required: ['body'], properties: { body: { type: 'string' } } },
    context: { type: 'object' },
  },
};

export const SPEC_ERRATA: { what: string; fix: (document: Json) => void }[] = [
  {
    // IncomingMessage (a webhook's `messages[]`) reuses the outbound TextMessage, which requires `to` and
    // `recipient_type` and forbids every other property, so the YAML's own "Text Message" webhook example —
    // `from`, `id`, `timestamp`, `type`, `text` — cannot match it. Only the text branch is replaced: it is the
    // one inbound type the product reads (a customer's "SAIR").
    what: 'inbound text messages are checked as the webhook examples write them',
    fix: (document) => {
      const all = schemas(document);
      all.InboundTextMessage = INBOUND_TEXT;
      const incoming = all.IncomingMessage as { oneOf: Json[]; discriminator: { mapping: Json } };
      incoming.oneOf = incoming.oneOf.map((branch) =>
        branch.$ref === '#/components/schemas/TextMessage'
          ? { $ref: '#/components/schemas/InboundTextMessage' }
          : branch,
      );
      incoming.discriminator.mapping.text = '#/components/schemas/InboundTextMessage';
    },
  },
];

export function applySpecErrata(document: Json): Json {
  for (const erratum of SPEC_ERRATA) erratum.fix(document);
  return document;
}
