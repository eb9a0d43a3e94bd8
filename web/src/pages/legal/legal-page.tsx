import { CtaBanner } from '@/components/marketing/cta-banner';
import {
  cookiePolicy,
  legalSections,
  privacyPolicy,
  termsOfService,
  type LegalDocument,
  type LegalParagraph,
  type LegalSection,
} from '@/content/legal';
import { ContentItem, ContentSection, useContentGroup } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';

const newSection: Partial<LegalSection> = { paragraphs: [{ id: 'text', text: 'Write the section here.' }] };

/** The paragraphs of one legal section: the repeating group `paragraphs` of its item. */
function LegalParagraphs({ paragraphs }: { paragraphs: LegalParagraph[] }) {
  const shown = useContentGroup('paragraphs', paragraphs);
  return shown.map((p) => (
    <ContentItem key={p.id} group="paragraphs" id={p.id} items={shown} controls="flow">
      <EditableText as="p" contentKey="text" fallback={p.text} multiline className="mt-4 leading-7 text-slate-700" />
    </ContentItem>
  ));
}

/** The numbered sections: the repeating group `items` of the section `<slug>.sections`. */
function LegalSections({ items }: { items: LegalSection[] }) {
  const shown = useContentGroup('items', items, newSection);
  return shown.map((s, i) => (
    <section key={s.id} className="mt-12" aria-labelledby={`legal-${i}`}>
      <ContentItem group="items" id={s.id} items={shown} controls="flow">
        <h2 id={`legal-${i}`} className="text-2xl font-semibold tracking-tight text-ink">
          {i + 1}. <EditableText contentKey="heading" fallback={s.heading} />
        </h2>
        <LegalParagraphs paragraphs={s.paragraphs} />
      </ContentItem>
    </section>
  ));
}

function LegalPage({ doc }: { doc: LegalDocument }) {
  const id = legalSections(doc);
  const h = doc.hero;
  return (
    <>
      <article className="mx-auto max-w-3xl px-6 pt-16 pb-8 sm:pt-24 lg:px-8">
        <ContentSection id={id.hero}>
          <EditableText as="p" contentKey="eyebrow" fallback={h.eyebrow} className="text-sm font-semibold tracking-widest text-brand uppercase" />
          <EditableText as="h1" contentKey="title" fallback={h.title} className="mt-3 text-3xl font-bold tracking-tight text-ink min-[22rem]:text-4xl sm:text-5xl" />
          <EditableText as="p" contentKey="effective" fallback={h.effective} className="mt-4 text-sm font-medium text-slate-600" />
          <EditableText as="p" contentKey="intro" fallback={h.intro} multiline className="mt-8 text-lg leading-8 text-slate-700" />
        </ContentSection>
        <ContentSection id={id.sections}>
          <LegalSections items={doc.sections.items} />
        </ContentSection>
      </article>
      <CtaBanner section={id.cta} {...doc.cta} />
    </>
  );
}

export const PrivacyPolicyPage = () => <LegalPage doc={privacyPolicy} />;
export const TermsOfServicePage = () => <LegalPage doc={termsOfService} />;
export const CookiePolicyPage = () => <LegalPage doc={cookiePolicy} />;
