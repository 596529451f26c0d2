import {
  templateStatusOf,
  WHATSAPP_TEMPLATE_KINDS,
  WHATSAPP_TEMPLATE_LANGUAGES,
  WHATSAPP_TEMPLATES,
  type WhatsAppTemplates,
} from '@reformer/domain/whatsapp-templates';
import type { TemplateState, WhatsAppClient } from '../../integrations/whatsapp/whatsapp-client.ts';
import { isWhatsAppError } from '../../integrations/whatsapp/whatsapp-error.ts';
import * as repository from './whatsapp.repository.ts';
import { requireConnection, type WhatsAppDeps, withConnectionClient } from './whatsapp-connection.ts';

/** Our catalogue (domain whatsapp-templates.ts) with the state Meta reports for each name and language. */
function merge(onAccount: readonly TemplateState[]): WhatsAppTemplates {
  const templates = WHATSAPP_TEMPLATE_KINDS.flatMap((kind) => {
    const { name, category } = WHATSAPP_TEMPLATES[kind];
    return WHATSAPP_TEMPLATE_LANGUAGES.map((language) => {
      const found = onAccount.find((item) => item.name === name && item.language === language) ?? null;
      const status = templateStatusOf(found?.status ?? null);
      return {
        kind,
        name,
        language,
        category,
        status,
        metaStatus: status === 'OTHER' ? (found?.status ?? null) : null,
        rejectedReason: found?.rejectedReason ?? null,
      };
    });
  });
  return { templates };
}

/**
 * Read from Meta each time (the review decides on Meta's side; there is nothing of ours to keep in step).
 * Without a connection there is nothing to read: an empty list.
 */
export async function listTemplates(deps: WhatsAppDeps, organizationId: string): Promise<WhatsAppTemplates> {
  const row = await repository.findConnection(deps.db, organizationId);
  if (!row) return { templates: [] };
  return withConnectionClient(deps, row, async (client) => merge(await client.listTemplates()));
}

async function createMissing(client: WhatsAppClient, onAccount: readonly TemplateState[]) {
  let created = 0;
  for (const kind of WHATSAPP_TEMPLATE_KINDS) {
    const { name, category, body } = WHATSAPP_TEMPLATES[kind];
    for (const language of WHATSAPP_TEMPLATE_LANGUAGES) {
      if (onAccount.some((item) => item.name === name && item.language === language)) continue;
      const { text, example } = body[language];
      try {
        await client.createTemplate({
          name,
          language,
          category,
          components: [
            { type: 'BODY', text, ...(example.length ? { example: { body_text: [[...example]] } } : {}) },
          ],
        });
        created += 1;
      } catch (error) {
        // Created meanwhile (another request, or Meta's list lagging): what we wanted is there.
        if (!isWhatsAppError(error, 'WHATSAPP_TEMPLATE_EXISTS')) throw error;
      }
    }
  }
  return created;
}

/**
 * "Create templates": each template of the catalogue the account lacks is submitted for Meta's review; the
 * ones there are left alone (a rejected one is fixed in WhatsApp Manager, where Meta says why). Repeating it
 * creates nothing new.
 */
export async function createTemplates(deps: WhatsAppDeps, organizationId: string) {
  const row = await requireConnection(deps, organizationId);
  return withConnectionClient(deps, row, async (client) => {
    const created = await createMissing(client, await client.listTemplates());
    return { created, ...merge(await client.listTemplates()) };
  });
}
