import { HeroSection } from '@/pages/home/hero-section';

export function HomePage() {
  return <HeroSection />;
}
