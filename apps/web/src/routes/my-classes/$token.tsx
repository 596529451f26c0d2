import { createFileRoute } from '@tanstack/react-router';

/**
 * A class link sent before the portal (decision 039): its token moves into the portal's fragment, where the
 * portal exchanges it, so links already sent keep opening until they expire. The portal is an entry of its
 * own (portal.html), hence a page load rather than a route change.
 */
export const Route = createFileRoute('/my-classes/$token')({
  beforeLoad: ({ params }) => {
    window.location.replace(`/portal#t=${encodeURIComponent(params.token)}`);
  },
  component: () => null,
});
