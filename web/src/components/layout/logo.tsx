import { Link } from 'react-router';
import { useSiteData } from '@/app/site-data-context';

export function Logo() {
  const { settings } = useSiteData();
  const showImage = settings.useImageLogo && settings.logoImageUrl !== '';
  return (
    <Link to="/" className="flex items-center gap-2 text-xl font-bold tracking-tight text-ink">
      {showImage ? (
        <img
          src={settings.logoImageUrl}
          alt={settings.logoImageAlt || 'Company Logo'}
          className="h-9 w-auto"
          height={36}
        />
      ) : (
        settings.logoText || 'Meridian AI'
      )}
    </Link>
  );
}
