import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner.tsx';

type DeferredSectionProps = {
  /** The section's own anchor (the portal's menu links to it), held by the stand-in until it renders. */
  anchorId?: string;
  /** The section's heading, shown by the stand-in so the page reads the same before it loads. */
  title?: string;
  children: ReactNode;
};

/**
 * A part of the portal's home below its first screen, rendered once it comes near the viewport (scrolled to,
 * or jumped to from the menu): a phone opening its link downloads and runs only what it shows — the forms,
 * QR codes and phone rules of the parts below load when the customer goes there (bench/portal.mjs).
 */
export function PortalDeferredSection({ anchorId, title, children }: DeferredSectionProps) {
  const [isNear, setIsNear] = useState(false);
  const standIn = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = standIn.current;
    if (isNear || !element) return;
    if (typeof IntersectionObserver === 'undefined') return setIsNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear]);
  if (isNear) return <Suspense fallback={<Spinner />}>{children}</Suspense>;
  return (
    <section
      ref={standIn}
      id={anchorId}
      className="flex min-h-24 flex-col gap-3"
      data-testid="portal-deferred"
    >
      {title && <h2 className="text-lg font-semibold">{title}</h2>}
    </section>
  );
}
