import { ContentBand } from '@/components/marketing/content-band';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { FeatureGrid, StatGrid } from '@/components/marketing/feature-grid';
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
      <div className="w-fit">
        <EditableImage contentKey="photo" label={`photo of ${name}`} controls="badge" sizes="80px" className="size-20 rounded-full object-cover">
          <span
            aria-hidden="true"
            className="inline-flex size-20 items-center justify-center rounded-full bg-gradient-to-br from-brand to-brand-strong text-2xl font-bold text-white"
          >
            {initials}
          </span>
        </EditableImage>
      </div>
      <EditableText as="h3" contentKey="name" fallback={leader.name} className="mt-5 text-lg font-semibold text-ink" />
      <EditableText as="p" contentKey="role" fallback={leader.role} className="text-sm font-medium text-brand" />
      <p className="mt-3 text-sm text-slate-700">
        <EditableText section="about.leaders" contentKey="expertiseLabel" fallback={about.leaders.expertiseLabel} className="font-semibold" />
        <EditableText contentKey="expertise" fallback={leader.expertise} />
      </p>
      <EditableText as="p" contentKey="background" fallback={leader.background} multiline className="mt-2 text-sm leading-6 text-slate-600" />
    </>
  );
}

function Leaders() {
  return (
    <ContentList group="items" items={about.leaders.items} template={newLeader} className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" itemClassName="rounded-2xl border border-slate-200 p-6">
      {(l) => <LeaderCard leader={l} />}
    </ContentList>
  );
}

function MissionText() {
  const shown = useContentGroup('paragraphs', about.mission.paragraphs);
  return shown.map((p) => (
    <ContentItem key={p.id} group="paragraphs" id={p.id} items={shown} controls="flow">
      <EditableText as="p" contentKey="text" fallback={p.text} multiline className="mt-6 text-lg leading-8 text-slate-600" />
    </ContentItem>
  ));
}

export function AboutPage() {
  const { hero, mission, values, stats, leaders, cta } = about;
  return (
    <>
      <PageHero section="about.hero" {...hero} art={<AboutArt />} />
      <ContentSection id="about.mission">
        <Section aria-labelledby="mission-title">
          <div className="grid items-center gap-12 lg:grid-cols-2">
            <div>
              <SectionHeading id="mission-title" eyebrow={mission.eyebrow} title={mission.title} align="left" />
              <MissionText />
            </div>
            <EditableImage
              contentKey="image"
              label="mission picture"
              sizes="(min-width: 1280px) 584px, (min-width: 1024px) 45vw, calc(100vw - 48px)"
              className="aspect-[3/2] h-auto w-full rounded-3xl object-cover shadow-xl ring-1 ring-slate-200"
            >
              <AboutTeamArt label={mission.image.alt} className="rounded-3xl shadow-xl ring-1 ring-slate-200" />
            </EditableImage>
          </div>
        </Section>
      </ContentSection>
      <ContentBand section="about.values" titleId="values-title" tone="muted" eyebrow={values.eyebrow} title={values.title}>
        <FeatureGrid items={values.items} />
      </ContentBand>
      <ContentBand section="about.stats" titleId="stats-title" tone="dark" eyebrow={stats.eyebrow} title={stats.title}>
        <StatGrid items={stats.items} dark />
      </ContentBand>
      <ContentBand section="about.leaders" titleId="leaders-title" eyebrow={leaders.eyebrow} title={leaders.title}>
        <Leaders />
      </ContentBand>
      <CtaBanner section="about.cta" {...cta} />
    </>
  );
}
