/**
 * The Cloud API's shapes for the operations the product uses, written by hand from
 * vendor/meta-whatsapp-business-messaging-v23.0.openapi.yaml (as api-pix-types.ts is for the API Pix): the
 * generated types of the whole file would be most of this folder, and the emulator validating every request
 * and answer against the YAML is the check. Property names are Meta's.
 */

/** GraphAPIError. */
export type GraphApiError = {
  error: {
    message: string;
    type: string;
    code: number;
    error_subcode?: number;
    fbtrace_id?: string;
    is_transient?: boolean;
    error_user_title?: string;
    error_user_msg?: string;
  };
};

/** PhoneNumberInfo (plus `messaging_limit_tier`, which Meta answers beside the YAML's fields). */
export type PhoneNumberInfo = {
  id?: string;
  display_phone_number?: string;
  verified_name?: string;
  quality_rating?: 'GREEN' | 'YELLOW' | 'RED' | 'NA';
  messaging_limit_tier?: string;
};

/** POST /{WABA-ID}/message_templates: a template of a body text with `{{n}}` placeholders. */
export type TemplateCreateRequest = {
  name: string;
  language: string;
  category: 'UTILITY' | 'MARKETING';
  components: { type: 'BODY'; text: string; example?: { body_text: string[][] } }[];
};

export type TemplateCreateResponse = { id?: string; status?: string; category?: string };

export type TemplateListItem = {
  id?: string;
  name?: string;
  language?: string;
  category?: string;
  status?: string;
  /** Beside the YAML's fields: Meta's reason for a REJECTED template (INVALID_FORMAT, TAG_CONTENT_MISMATCH…). */
  rejected_reason?: string;
  components?: { type?: string; text?: string }[];
};

export type TemplateListResponse = {
  data?: TemplateListItem[];
  paging?: { cursors?: { after?: string; before?: string }; next?: string };
};

/** TemplateMessage: `policy: deterministic` is required by the YAML's LanguageObject. */
export type TemplateMessageRequest = {
  messaging_product: 'whatsapp';
  recipient_type: 'individual';
  to: string;
  type: 'template';
  template: {
    name: string;
    language: { policy: 'deterministic'; code: string };
    components?: { type: 'body'; parameters: { type: 'text'; text: string }[] }[];
  };
};

/** MessageResponsePayload. */
export type MessageResponse = {
  messaging_product?: string;
  contacts?: { input?: string; wa_id?: string }[];
  messages?: { id?: string; message_status?: string }[];
};

/** SubscriptionRequest: our callback for this WABA, registered after Meta's verification handshake. */
export type SubscriptionRequest = { override_callback_uri?: string; verify_token?: string };
