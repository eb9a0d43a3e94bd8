import { blog } from '@/content/blog';
import { shownText, useStoredValue } from '@/features/editable-text/content-scope';
import { NewsletterForm } from '@/features/newsletter/newsletter-form';

const section = 'blog.newsletter';

/**
 * The newsletter's sign-up in the footer, shown when the site settings say
 * (newsletterInFooter): the box of /blog in words and behaviour. Its texts
 * are that box's, as edited there, so that the two never say different
 * things; they are edited on /blog.
 */
export function FooterNewsletter() {
  const copy = blog.newsletter;
  const title = shownText(useStoredValue(section, 'title'), copy.title);
  const text = shownText(useStoredValue(section, 'text'), copy.text);
  const label = shownText(useStoredValue(section, 'emailLabel'), copy.emailLabel);
  const placeholder = shownText(useStoredValue(section, 'emailPlaceholder'), copy.emailPlaceholder);
  const button = shownText(useStoredValue(section, 'subscribe'), copy.subscribe);
  return (
    <section className="mt-10 max-w-sm text-white" aria-labelledby="footer-newsletter-title">
      <h3 id="footer-newsletter-title" className="text-sm font-semibold">
        {title}
      </h3>
      <p className="mt-2 text-sm text-slate-400">{text}</p>
      <NewsletterForm idPrefix="footer-newsletter" label={label} placeholder={placeholder} button={button} />
    </section>
  );
}
