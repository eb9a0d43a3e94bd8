import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { hero } from '@/content/home';
import { EditableText } from '@/features/editable-text/editable-text';

export function HeroSection() {
  return (
    <section
      id="home"
      className="relative isolate overflow-hidden bg-ink text-white"
      aria-labelledby="hero-title"
    >
      <div
        aria-hidden="true"
        className="hero-glow absolute inset-0 -z-10"
      />
      <div aria-hidden="true" className="hero-grid absolute inset-0 -z-10" />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-6 pt-20 pb-16 sm:pt-28 lg:grid-cols-12 lg:px-8 lg:pt-32 lg:pb-24">
        <div className="lg:col-span-7">
        <p className="text-sm font-semibold tracking-widest text-blue-200 uppercase">{hero.eyebrow}</p>
        <EditableText
          as="h1"
          id="hero-title"
          section="hero"
          contentKey="main_title"
          fallback={hero.mainTitle}
          className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl"
        />
        <EditableText
          as="p"
          section="hero"
          contentKey="subtitle"
          fallback={hero.subtitle}
          multiline
          className="mt-6 max-w-2xl text-lg leading-8 text-slate-200"
        />
        <div className="mt-10 flex flex-col gap-4 sm:flex-row">
          <Button asChild size="lg" variant="inverse">
            <Link to={hero.primaryCta.href}>
              {hero.primaryCta.label}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="ghost">
            <a href={hero.secondaryCta.href}>{hero.secondaryCta.label}</a>
          </Button>
        </div>
        <dl className="mt-16 grid max-w-3xl grid-cols-1 gap-8 border-t border-white/15 pt-10 sm:grid-cols-3">
          {hero.stats.map((s) => (
            <div key={s.label}>
              <dt className="text-sm text-slate-300">{s.label}</dt>
              <dd className="mt-1 text-4xl font-bold tracking-tight">{s.number}</dd>
            </div>
          ))}
        </dl>
        </div>
        <img
          src="/images/hero-art.svg"
          alt=""
          width={560}
          height={520}
          className="hidden h-auto w-full lg:col-span-5 lg:block"
        />
      </div>
    </section>
  );
}
