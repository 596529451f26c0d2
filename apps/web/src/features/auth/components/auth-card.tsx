import type { ReactNode } from 'react';

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <div className="flex justify-center px-4 py-12">
      <section className="card w-full max-w-md border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <header>
            <h1 className="text-2xl font-bold">{title}</h1>
            <p className="text-base-content/70">{subtitle}</p>
          </header>
          {children}
        </div>
      </section>
    </div>
  );
}
