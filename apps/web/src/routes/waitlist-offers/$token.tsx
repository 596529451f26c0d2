import { createFileRoute } from '@tanstack/react-router';
import { WaitlistOfferPage } from '@/features/waitlist/components/waitlist-offer-page.tsx';

export const Route = createFileRoute('/waitlist-offers/$token')({
  staticData: { titleKey: 'waitlist.offer.title' },
  component: WaitlistOfferRoute,
});

function WaitlistOfferRoute() {
  const { token } = Route.useParams();
  return <WaitlistOfferPage token={token} />;
}
