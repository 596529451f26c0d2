import { AiSection } from './ai-section.tsx';
import { CallToActionSection } from './call-to-action-section.tsx';
import { FaqSection } from './faq-section.tsx';
import { FeaturesSection } from './features-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { PricingSection } from './pricing-section.tsx';
import { ProductTourDialog } from './product-tour-dialog.tsx';
import { ScreenshotsSection } from './screenshots-section.tsx';
import { TestimonialSection } from './testimonial-section.tsx';

/**
 * The landing page of spec doc 2 §2, rendered to static HTML at build time; its only interactive parts (the
 * tour, the header's switches and menu) are wired by src/public-site/islands/, without React in the browser.
 */
export function HomePage() {
  return (
    <>
      <HeroSection />
      <FeaturesSection />
      {/* After the features: far enough below the fold that a phone does not fetch them while loading. */}
      <ScreenshotsSection />
      <AiSection />
      <TestimonialSection />
      <PricingSection />
      <FaqSection />
      <CallToActionSection />
      <ProductTourDialog />
    </>
  );
}
