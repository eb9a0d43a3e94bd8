import { CtaBanner } from '@/components/marketing/cta-banner';
import { NumberedList, SplitLayout } from '@/components/marketing/editorial';
import { StatGrid } from '@/components/marketing/feature-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { Section, SectionHeading } from '@/components/marketing/section';
import { about, type Leader } from '@/content/about';
import { ContentItem, ContentList, ContentSection, useContentGroup, useStoredText } from '@/features/editable-text/content-scope';
import { EditableImage } from '@/features/editable-text/editable-image';
import { EditableText } from '@/features/editable-text/editable-text';
import { AboutArt } from '@/pages/company/about-art';
import { AboutTeamArt } from './about-team-art';

const newLeader: Partial<Leader> = { initials: '' };

/** The initials in the leader's circle: the built-in ones, else made from the name shown. */
function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((w) => w && !w.endsWith('.'));
  return words.length === 0 ? '' : (words[0][0] + (words.length > 1 ? words[words.length - 1][0] : '')).toUpperCase();
}

function LeaderCard({ leader }: { leader: Leader }) {
  const name = useStoredText('name', leader.name);
  const initials = leader.initials && name === leader.name ? leader.initials : initialsOf(name);
  return (
    <>
      {/* The portrait beside the name on a phone and a tablet, above it from 1024 px, in a column of four. */}
      <div className="flex items-center gap-5 lg:block">
        <div className="w-fit shrink-0">
          <EditableImage contentKey="photo" label={`photo of ${name}`} controls="badge" sizes="80px" className="size-20 rounded-full object-cover">
            <span
              aria-hidden="true"
              className="inline-flex size-20 items-center justify-center rounded-full bg-gradient-to-br from-brand to-brand-strong text-2xl font-semibold tracking-tight text-white"
            >
              {initials}
            </span>
          </EditableImage>
        </div>
        <div className="min-w-0 lg:mt-6">
          <EditableText as="h3" contentKey="name" fallback={leader.name} className="text-xl font-semibold tracking-tight text-ink" />
          <EditableText as="p" contentKey="role" fallback={leader.role} className="mt-1 text-sm font-semibold text-brand" />
        </div>
      </div>
      <EditableText as="p" contentKey="background" fallback={leader.background} multiline className="mt-5 leading-7 text-slate-600" />
      <p className="mt-4 text-sm leading-6 text-slate-700">
        <EditableText section="about.leaders" contentKey="expertiseLabel" fallback={about.leaders.expertiseLabel} className="font-semibold" />
        <EditableText contentKey="expertise" fallback={leader.expertise} />
      </p>
    </>
  );
}

/** The leaders side by side, each under a rule: a portrait, a name, a role, a sentence, the expertise. No boxes. */
function Leaders() {
  return (
    <ContentList
      group="items"
      items={about.leaders.items}
      template={newLeader}
      controls="above"
      className="mt-14 grid gap-x-8 gap-y-14 sm:grid-cols-2 lg:grid-cols-4"
      itemClassName="border-t-2 border-ink pt-8"
    >
      {(l) => <LeaderCard leader={l} />}
    </ContentList>
  );
}

/** The mission's paragraphs: the first set large, as the statement; the rest as running text. */
function MissionText() {
  const shown = useContentGroup('paragraphs', about.mission.paragraphs);
  return shown.map((p, i) => (
    <ContentItem key={p.id} group="paragraphs" id={p.id} items={shown} controls="flow">
      <EditableText
        as="p"
        contentKey="text"
        fallback={p.text}
        multiline
        className={
          i === 0
            ? 'text-2xl leading-snug font-medium tracking-tight text-ink sm:text-3xl sm:leading-tight'
            : 'mt-8 max-w-2xl text-lg leading-8 text-slate-600'
        }
      />
    </ContentItem>
  ));
}

/**
 * /about-us: the title across the whole width; the mission as a statement
 * beside its heading and the team's picture; the values as a
 * numbered list; the figures at display size across a dark band; the
 * leaders side by side under hairlines; the call to action.
 */
export function AboutPage() {
  const { hero, mission, values, stats, leaders, cta } = about;
  return (
    <>
      <PageHero section="about.hero" {...hero} art={<AboutArt />} layout="wide" />
      <ContentSection id="about.mission">
        <Section aria-labelledby="mission-title">
          {/* From 1024 px the statement stands right, the heading and the picture left of it, one above the other. */}
          <div className="grid gap-12 lg:grid-cols-12 lg:gap-x-16">
            <div className="lg:col-span-5">
              <SectionHeading id="mission-title" eyebrow={mission.eyebrow} title={mission.title} align="left" />
            </div>
            <div className="lg:col-span-7 lg:row-span-2">
              <MissionText />
            </div>
            <div className="max-w-2xl lg:col-span-5">
              <EditableImage
                contentKey="image"
                label="mission picture"
                sizes="(min-width: 1280px) 448px, (min-width: 1024px) 36vw, (min-width: 720px) 672px, calc(100vw - 48px)"
                className="aspect-[3/2] h-auto w-full rounded-3xl object-cover shadow-xl ring-1 ring-slate-200"
              >
                <AboutTeamArt label={mission.image.alt} className="rounded-3xl shadow-xl ring-1 ring-slate-200" />
              </EditableImage>
            </div>
          </div>
        </Section>
      </ContentSection>
      <ContentSection id="about.values">
        <Section tone="muted" aria-labelledby="values-title">
          <SplitLayout aside={<SectionHeading id="values-title" eyebrow={values.eyebrow} title={values.title} align="left" />}>
            <NumberedList items={values.items} />
          </SplitLayout>
        </Section>
      </ContentSection>
      <ContentSection id="about.stats">
        <Section tone="dark" aria-labelledby="stats-title" className="relative isolate overflow-hidden">
          <div aria-hidden="true" className="hero-glow absolute inset-0 -z-10 opacity-60" />
          <SectionHeading id="stats-title" eyebrow={stats.eyebrow} title={stats.title} align="left" dark />
          <StatGrid items={stats.items} dark large across />
        </Section>
      </ContentSection>
      <ContentSection id="about.leaders">
        <Section aria-labelledby="leaders-title">
          <SectionHeading id="leaders-title" eyebrow={leaders.eyebrow} title={leaders.title} align="left" />
          <Leaders />
        </Section>
      </ContentSection>
      <CtaBanner section="about.cta" {...cta} />
    </>
  );
}
