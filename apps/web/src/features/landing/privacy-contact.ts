/**
 * Where data subjects write to exercise their LGPD rights (art. 18) when the studio does not answer.
 * Shown on the privacy policy; must be a mailbox someone reads.
 */
export const PRIVACY_CONTACT_EMAIL = 'privacidade@reformer.app';
