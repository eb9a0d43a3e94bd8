import { useCompanyName } from '@/app/site-data-context';

export function SiteFooter() {
  const company = useCompanyName();
  return (
    <footer className="bg-ink text-slate-300">
      <div className="mx-auto max-w-7xl px-6 py-12 text-sm lg:px-8">
        <p className="text-base font-semibold text-white">{company}</p>
        <p className="mt-6 text-slate-400">
          © {new Date().getUTCFullYear()} {company}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
