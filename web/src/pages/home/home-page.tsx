import { BenefitsSection } from '@/pages/home/benefits-section';
import { CaseStudiesSection } from '@/pages/home/case-studies-section';
import { ClientsSection } from '@/pages/home/clients-section';
import { ContactSection } from '@/pages/home/contact-section';
import { HeroSection } from '@/pages/home/hero-section';
import { SolutionsSection } from '@/pages/home/solutions-section';
import { TestimonialsSection } from '@/pages/home/testimonials-section';
import { VisionSection } from '@/pages/home/vision-section';

export function HomePage() {
  return (
    <>
      <HeroSection />
      <ClientsSection />
      <VisionSection />
      <SolutionsSection />
      <BenefitsSection />
      <TestimonialsSection />
      <CaseStudiesSection />
      <ContactSection />
    </>
  );
}
