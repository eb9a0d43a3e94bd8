import { CtaBanner } from '@/components/marketing/cta-banner';
import { cookiePolicy, effectiveDate, privacyPolicy, termsOfService, type LegalDocument } from '@/content/legal';

function LegalPage({ doc }: { doc: LegalDocument }) {
  return (
    <>
      <article className="mx-auto max-w-3xl px-6 pt-16 pb-8 sm:pt-24 lg:px-8">
        <p className="text-sm font-semibold tracking-widest text-brand uppercase">Legal</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-ink sm:text-5xl">{doc.title}</h1>
        <p className="mt-4 text-sm font-medium text-slate-600">Effective date: {effectiveDate}</p>
        <p className="mt-8 text-lg leading-8 text-slate-700">{doc.intro}</p>
        {doc.sections.map((s, i) => (
          <section key={s.heading} className="mt-12" aria-labelledby={`legal-${i}`}>
            <h2 id={`legal-${i}`} className="text-2xl font-semibold tracking-tight text-ink">
              {i + 1}. {s.heading}
            </h2>
            {s.paragraphs.map((p) => (
              <p key={p} className="mt-4 leading-7 text-slate-700">
                {p}
              </p>
            ))}
          </section>
        ))}
      </article>
      <CtaBanner title="Questions about working with us?" text="Talk to a senior consultant in a free 30-minute call." />
    </>
  );
}

export const PrivacyPolicyPage = () => <LegalPage doc={privacyPolicy} />;
export const TermsOfServicePage = () => <LegalPage doc={termsOfService} />;
export const CookiePolicyPage = () => <LegalPage doc={cookiePolicy} />;
