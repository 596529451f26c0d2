import { createFileRoute, redirect } from '@tanstack/react-router';

/**
 * A class link sent before the portal (decision 039): its token moves into the portal's fragment, where the
 * page exchanges it, so links already sent keep opening until they expire.
 */
export const Route = createFileRoute('/my-classes/$token')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/portal', hash: `t=${params.token}`, replace: true });
  },
});
