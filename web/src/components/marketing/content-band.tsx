import { Section, SectionHeading } from '@/components/marketing/section';
import { ContentSection } from '@/features/editable-text/content-scope';

// In a file of its own, apart from section.tsx: the inner pages use it, the
// home page (which the first visit loads) does not.

type ContentBandProps = Omit<React.ComponentProps<typeof Section>, 'title'> & {
  /** The section of its texts, e.g. `about.values`. */
  section: string;
  /** The id of its title, which names the band. */
  titleId: string;
  eyebrow?: string;
  title: string;
  description?: string;
};

/**
 * A band of a content page: a Section whose texts are those of `section`,
 * opened by its heading (light on the dark tone), then the children.
 */
export function ContentBand({ section, titleId, eyebrow, title, description, tone, children, ...props }: ContentBandProps) {
  return (
    <ContentSection id={section}>
      <Section tone={tone} {...props} aria-labelledby={titleId}>
        <SectionHeading id={titleId} eyebrow={eyebrow} title={title} description={description} dark={tone === 'dark'} />
        {children}
      </Section>
    </ContentSection>
  );
}
