import { createFileRoute } from '@tanstack/react-router';
import { MyClassesPage } from '@/features/class-links/components/my-classes-page.tsx';

export const Route = createFileRoute('/my-classes/$token')({
  staticData: { titleKey: 'myClasses.title' },
  component: MyClassesRoute,
});

function MyClassesRoute() {
  const { token } = Route.useParams();
  return <MyClassesPage token={token} />;
}
