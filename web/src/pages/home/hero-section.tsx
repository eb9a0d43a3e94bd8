import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { hero } from '@/content/home';
import type { Statistic } from '@/content/types';
import { FactNotes, StatNumber, useFactNotes } from '@/components/marketing/fact-figure';
import { displayHeading, heroLead } from '@/components/marketing/headings';
import { ContentList, ContentSection, useContentGroup } from '@/features/editable-text/content-scope';
import { EditableImage, useStoredImage } from '@/features/editable-text/editable-image';
import { EditableText } from '@/features/editable-text/editable-text';
import { cx } from '@/lib/cx';
import { HomeHeroArt } from './home-hero-art';

const heroStats: Statistic[] = hero.stats;

function HeroStats() {
  const notes = useFactNotes(useContentGroup('stats', heroStats));
  return (
    <>
      <ContentList as="dl" group="stats" items={heroStats} controls="above" className="mt-16 grid max-w-3xl grid-cols-1 gap-8 border-t border-white/15 pt-10 sm:grid-cols-3">
        {(s) => (
          <>
            <EditableText as="dt" contentKey="label" fallback={s.label} className="text-sm text-slate-300" />
            <StatNumber stat={s} notes={notes} className="mt-1 text-4xl font-bold tracking-tight" />
          </>
        )}
      </ContentList>
      <FactNotes notes={notes} className="mt-6 max-w-3xl text-slate-300" />
    </>
  );
}

export function HeroSection() {
  return (
    <ContentSection id="hero">
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
          <EditableText as="p" contentKey="eyebrow" fallback={hero.eyebrow} className="text-sm font-semibold tracking-widest text-brand-200 uppercase" />
          <EditableText
            as="h1"
            id="hero-title"
            contentKey="main_title"
            fallback={hero.main_title}
            className={cx(displayHeading, 'mt-4')}
          />
          <EditableText
            as="p"
            contentKey="subtitle"
            fallback={hero.subtitle}
            multiline
            className={cx(heroLead, 'mt-6 max-w-2xl text-slate-200')}
          />
          <div className="mt-10 flex flex-col gap-4 sm:flex-row">
            <Button asChild size="lg" variant="inverse">
              <Link to={hero.primary_cta.href}>
                <EditableText contentKey="primary_cta.label" fallback={hero.primary_cta.label} />
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="ghost">
              <a href={hero.secondary_cta.href}>
                <EditableText contentKey="secondary_cta.label" fallback={hero.secondary_cta.label} />
              </a>
            </Button>
          </div>
          <HeroStats />
          </div>
          {/* The built-in art is for wide screens only; a chosen picture shows on every screen. */}
          <div className={useStoredImage('hero', 'art') ? 'lg:col-span-5' : 'hidden lg:col-span-5 lg:block'}>
            <EditableImage
              contentKey="art"
              label="hero picture"
              sizes="(min-width: 1280px) 474px, (min-width: 1024px) 37vw, calc(100vw - 48px)"
              priority
              className="h-auto w-full rounded-3xl object-cover shadow-2xl ring-1 ring-white/15"
            >
              <HomeHeroArt />
            </EditableImage>
          </div>
        </div>
      </section>
    </ContentSection>
  );
}
