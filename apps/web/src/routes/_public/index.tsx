import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../../features/landing/components/home-page.tsx';

export const Route = createFileRoute('/_public/')({
  component: HomeRoute,
});

function HomeRoute() {
  const { auth } = Route.useRouteContext();
  return <HomePage isSignedIn={auth.userId !== null} />;
}
