import { ShieldCheck } from 'lucide-react';
import { clients } from '@/content/home';
import { ContentList, ContentSection } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';
import { cx } from '@/lib/cx';

// Each client's wordmark, by id: the type its name is set in, and its mark
// in a 24 px square, a filled shape and a drawn line, both in the text
// colour. A client added on the page gets the plain one.
const marks: Record<string, [type: string, shape: string, line?: string]> = {
  // A hex nut, for a parts maker.
  kestrel: ['text-[0.9em] font-extrabold tracking-[0.08em] uppercase', 'M12 1.5 21 6.75v10.5L12 22.5 3 17.25V6.75zM12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z'],
  // A dry-stone wall.
  fieldstone: ['font-semibold tracking-tight', 'M3 3h10v5H3zm12 0h6v5h-6zM3 10h5v5H3zm7 0h11v5H10zm-7 7h12v5H3zm14 0h4v5h-4z'],
  // A turn of a helix.
  helix: ['font-medium tracking-tight lowercase', 'M7 2h10v2.2H7zm0 9h10v2.2H7zm0 9h10v2.2H7z', 'M7 3c0 5 10 4 10 9s-10 4-10 9M17 3c0 5-10 4-10 9s10 4 10 9'],
  // A sun over the moor.
  larkmoor: ['text-[0.85em] font-light tracking-[0.2em] uppercase', 'M5 12.5a7 7 0 0 1 14 0z', 'M2 16.5h20M6 20.5h12'],
  // A heading arrow.
  northwind: ['font-black tracking-tighter', 'M12 1.5 21 22l-9-5.5L3 22z'],
  // A shield, half filled, for an insurer.
  halden: ['tracking-wide', 'M12 1.5 21 5v7c0 5.5-3.9 9.2-9 10.5C6.9 21.2 3 17.5 3 12V5zm0 3.7L6.2 7.4V12c0 3.7 2.3 6.4 5.8 7.6z'],
  new: ['font-semibold', 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z'],
};

/**
 * The band after the hero of /: the clients' wordmarks, then the platforms
 * the firm is a certified partner of, as text badges. Each cell has its
 * share of the row whatever its name, so the web font moves nothing; the
 * rows of wordmarks leave room for an item's controls in edit mode.
 */
export function ClientsSection() {
  return (
    <ContentSection id="clients">
      <Clients />
    </ContentSection>
  );
}


function Clients() {
  return (
    <section aria-labelledby="clients-title" className="bg-slate-50 py-14 sm:py-16">
      <div className="mx-auto max-w-7xl px-6 lg:px-8">
        <EditableText as="h2" id="clients-title" contentKey="title" fallback={clients.title} className="text-center text-sm font-semibold tracking-widest text-slate-600 uppercase" />
        <ContentList
          group="items"
          items={clients.items}
          controls="above"
          className="mt-10 flex flex-wrap justify-center gap-y-10 text-[0.9375rem] text-slate-500 min-[400px]:text-lg sm:text-xl"
          itemClassName="flex w-1/2 items-center justify-center gap-2 px-2 sm:w-1/3 xl:w-1/6"
        >
          {(c) => {
            const [type, shape, line] = marks[c.id] ?? marks.new;
            return (
              <>
                <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" className="size-[1.4em] shrink-0">
                  <path d={shape} fillRule="evenodd" />
                  {line && <path d={line} fill="none" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" />}
                </svg>
                <EditableText contentKey="name" fallback={c.name} className={cx('whitespace-nowrap', type)} />
              </>
            );
          }}
        </ContentList>
        <div className="mt-14 border-t border-slate-200 pt-10">
          <EditableText as="h3" contentKey="partners_title" fallback={clients.partners_title} className="text-center text-sm font-semibold tracking-widest text-slate-600 uppercase" />
        </div>
        <ContentList group="partners" items={clients.partners} className="mt-6 -mx-1.5 flex flex-wrap justify-center gap-y-3" itemClassName="w-full px-1.5 sm:w-1/3 lg:w-1/5">
          {(p) => (
            <div className="flex h-full items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3">
              <ShieldCheck aria-hidden="true" className="size-6 shrink-0 text-brand" />
              <span className="leading-5">
                <EditableText contentKey="name" fallback={p.name} className="block text-sm font-semibold text-ink" />
                <EditableText contentKey="tier" fallback={p.tier} className="block text-xs text-balance text-slate-600" />
              </span>
            </div>
          )}
        </ContentList>
      </div>
    </section>
  );
}
