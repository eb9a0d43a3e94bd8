import { Link } from 'react-router';
import { useSiteData } from '@/lib/site-data-context';

/** The logo: the configured image, or the logo text beside the brand mark. */
export function Logo() {
  const { settings } = useSiteData();
  const showImage = settings.useImageLogo && settings.logoImageUrl !== '';
  const text = settings.logoText || 'Meridian AI';
  return (
    <Link
      to="/"
      className="flex items-center gap-2.5 rounded-md text-lg font-bold tracking-tight whitespace-nowrap text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
    >
      {showImage ? (
        <img src={settings.logoImageUrl} alt={settings.logoImageAlt || 'Company Logo'} className="h-9 w-auto" height={36} />
      ) : (
        <>
          <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
            <rect width="32" height="32" rx="8" fill="var(--brand-primary)" />
            <path d="M8 22V10l8 7 8-7v12" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
            <circle cx="16" cy="17" r="1.8" fill="#fff" />
          </svg>
          <span>{text}</span>
        </>
      )}
    </Link>
  );
}
