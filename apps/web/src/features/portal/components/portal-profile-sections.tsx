import { PortalCalendarFeed } from './portal-calendar-feed.tsx';
import { PortalProfile } from './portal-profile.tsx';
import { PortalWhatsAppConsent } from './portal-whatsapp-consent.tsx';

/**
 * The customer's details, their answers to the studio's messages (decision 053) and their calendar feed
 * (decision 046): sections of the portal's home.
 */
export function PortalProfileSections() {
  return (
    <>
      <PortalProfile />
      <PortalWhatsAppConsent />
      <PortalCalendarFeed />
    </>
  );
}
