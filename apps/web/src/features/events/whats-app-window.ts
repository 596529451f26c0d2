import type { EventMessage } from '@reformer/domain/events';

/**
 * Opens the WhatsApp link of the message `request` answers with, once the server has recorded it. The tab
 * is opened blank during the click, since popup blockers allow a window only then, and is sent to the
 * server's link when the answer comes, or closed when the request fails (its toast says why).
 */
export function openWhatsAppAfter(request: () => Promise<EventMessage>): void {
  const tab = window.open('', '_blank');
  request().then(
    (message) => {
      if (!message.link) {
        tab?.close();
        return;
      }
      if (!tab) {
        window.open(message.link, '_blank', 'noopener,noreferrer');
        return;
      }
      // wa.me is another site: it gets no handle on this tab.
      tab.opener = null;
      tab.location.href = message.link;
    },
    () => tab?.close(),
  );
}
