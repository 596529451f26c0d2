import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { env } from '@/env.ts';

/** wa.me without a number lets the inviter pick the contact in WhatsApp; the text carries the link. */
export function useWhatsAppShareUrl(): (organizationName: string, link: string) => string {
  const { t } = useTranslation();
  return (organizationName, link) => {
    const message = t('invitations.share.whatsappMessage', { organizationName, appName: env.appName, link });
    return `https://wa.me/?text=${encodeURIComponent(message)}`;
  };
}

/** Copies an invitation link and says whether it worked (the clipboard can be refused by the browser). */
export function useCopyLink(): (link: string) => Promise<void> {
  const { t } = useTranslation();
  return async (link) => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('invitations.share.copied'));
    } catch {
      toast.error(t('invitations.share.copyFailed'));
    }
  };
}
