import { useId, useMemo, useSyncExternalStore } from 'react';
import { facts, factsSection, type Fact, type FactKey } from '@/content/facts';
import type { Statistic } from '@/content/types';
import { shownText } from '@/features/editable-text/content-scope';
import { EditableText, type EditableTag } from '@/features/editable-text/editable-text';
import { getSavedText, savedTextVersion, subscribeSavedTexts } from '@/features/editable-text/saved-texts';
import { useSiteData } from '@/lib/site-data-context';
import { cx } from '@/lib/cx';

// The figures of the stat groups. A figure about the company shows its
// fact's value (content/facts.ts), edited in place as the fact itself, so
// that a change shows on every page that quotes it; a fact with a source
// note or a date gets a numbered marker that leads to its footnote below
// the group.

/** A fact's text as the page shows it: saved in this visit, else the page data's, else the built-in one. */
function useFactTexts(): (key: FactKey, field: keyof Fact) => string {
  const { content } = useSiteData();
  const saves = useSyncExternalStore(subscribeSavedTexts, savedTextVersion, () => 0);
  return useMemo(() => {
    void saves;
    return (key, field) => shownText(getSavedText(factsSection, `${key}.${field}`) ?? content[factsSection]?.[`${key}.${field}`], facts[key][field]);
  }, [content, saves]);
}

/** A footnote of a group of figures: its fact, its number and its element's id. */
export type FactNote = { fact: FactKey; n: number; id: string };

/** The footnotes of the figures shown, numbered in their order: one per fact with a note or a date. */
export function useFactNotes(stats: readonly Statistic[]): FactNote[] {
  const text = useFactTexts();
  const base = useId();
  return useMemo(() => {
    const out: FactNote[] = [];
    for (const s of stats) {
      if (!s.fact || out.some((n) => n.fact === s.fact)) continue;
      if (text(s.fact, 'note') === '' && text(s.fact, 'date') === '') continue;
      out.push({ fact: s.fact, n: out.length + 1, id: `${base}-note-${s.fact}` });
    }
    return out;
  }, [stats, text, base]);
}

type StatNumberProps = {
  stat: Statistic;
  notes: readonly FactNote[];
  as?: EditableTag;
  className?: string;
};

/** A figure: its fact's value (named by `data-fact`) with the marker of its footnote, or its own number. */
export function StatNumber({ stat, notes, as: Tag = 'dd', className }: StatNumberProps) {
  if (!stat.fact) return <EditableText as={Tag} contentKey="number" fallback={stat.number ?? ''} className={className} />;
  const note = notes.find((n) => n.fact === stat.fact);
  return (
    <Tag className={className} data-fact={stat.fact}>
      <EditableText section={factsSection} contentKey={`${stat.fact}.value`} fallback={facts[stat.fact].value} />
      {note && (
        <sup className="ml-0.5 text-[0.45em] font-semibold">
          <a href={`#${note.id}`} aria-label={`Note ${note.n}`} className="rounded-sm underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-current">
            {note.n}
          </a>
        </sup>
      )}
    </Tag>
  );
}

/** The footnotes of a group's figures, numbered as their markers; nothing when no fact shown has one. */
export function FactNotes({ notes, className }: { notes: readonly FactNote[]; className?: string }) {
  const text = useFactTexts();
  if (notes.length === 0) return null;
  return (
    <ol aria-label="Notes on the figures" className={cx('list-decimal space-y-1 pl-5 text-xs leading-5', className)}>
      {notes.map((n) => (
        <li key={n.fact} id={n.id}>
          {text(n.fact, 'note') !== '' && <EditableText section={factsSection} contentKey={`${n.fact}.note`} fallback={facts[n.fact].note} />}
          {text(n.fact, 'date') !== '' && (
            <>
              {text(n.fact, 'note') !== '' && ' '}(
              <EditableText section={factsSection} contentKey={`${n.fact}.date`} fallback={facts[n.fact].date} />)
            </>
          )}
        </li>
      ))}
    </ol>
  );
}
