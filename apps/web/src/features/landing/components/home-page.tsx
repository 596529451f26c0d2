import { useState } from 'react';
import { AiSection } from './ai-section.tsx';
import { CallToActionSection } from './call-to-action-section.tsx';
import { FaqSection } from './faq-section.tsx';
import { FeaturesSection } from './features-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { PricingSection } from './pricing-section.tsx';
import { ProductTourDialog } from './product-tour-dialog.tsx';
import { TestimonialSection } from './testimonial-section.tsx';

/** The landing page of spec doc 2 §2: every claim in it says whether the feature exists today. */
export function HomePage({ isSignedIn }: { isSignedIn: boolean }) {
  const [isTourOpen, setIsTourOpen] = useState(false);
  return (
    <>
      <HeroSection onWatchDemo={() => setIsTourOpen(true)} />
      <FeaturesSection />
      <AiSection />
      <TestimonialSection />
      <PricingSection />
      <FaqSection />
      <CallToActionSection isSignedIn={isSignedIn} />
      <ProductTourDialog isOpen={isTourOpen} onClose={() => setIsTourOpen(false)} />
    </>
  );
}
