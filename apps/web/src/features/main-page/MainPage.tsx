import { MobileAppTeaser } from '../../shared/forms/MobileAppTeaser.tsx';
import { ApiTeaser } from './ApiTeaser.tsx';
import { AudienceSection } from './AudienceSection.tsx';
import { FinalCta } from './FinalCta.tsx';
import { Hero } from './Hero.tsx';
import { PricingTeaser } from './PricingTeaser.tsx';
import { StepsSection } from './StepsSection.tsx';

/** The landing page at /{lang} (SPEC §2.5). */
export function MainPage() {
  return (
    <>
      <Hero />
      <StepsSection />
      <AudienceSection />
      <PricingTeaser />
      <ApiTeaser />
      <MobileAppTeaser variant="section" deferred />
      <FinalCta />
    </>
  );
}
