import { useEffect, useState } from 'react';
import { Check, Search } from 'lucide-react';
import type { MediaItem } from '@/lib/api-types';
import { cn } from '@/lib/cn';
import { useDebounced } from '../lib/use-debounced';
import { ListState, Pager } from '../tab-parts';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { imageSource, useMediaPage } from './media-api';

/** A thumbnail's box is about this wide: 2 columns on a phone, up to 6 on a wide screen. */
const THUMB_SIZES = '(min-width: 1024px) 190px, (min-width: 768px) 22vw, (min-width: 640px) 30vw, 46vw';

type MediaBrowserProps = {
  /** Makes the ids of its controls unique on a page. */
  idPrefix: string;
  /** A thumbnail was pressed. */
  onPick: (item: MediaItem) => void;
  /** The image picked, shown pressed (the picker); none in the library, where a press opens the details. */
  selectedId?: number | null;
  /** The image in use where the picker was opened from. */
  currentId?: number;
};

/**
 * The library's images, newest first, a page at a time (the server pages),
 * with a search of their names and alt texts.
 */
export function MediaBrowser({ idPrefix, onPick, selectedId, currentId }: MediaBrowserProps) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebounced(search.trim(), 300);
  const list = useMediaPage(page, q);
  const items = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const searchId = `${idPrefix}-search`;

  // A page emptied by deletes steps back to the last page there is.
  const emptied = list.data !== undefined && list.data.data.length === 0 && page > 1;
  useEffect(() => {
    if (emptied) setPage((p) => p - 1);
  }, [emptied]);
  const picking = selectedId !== undefined;

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="relative sm:max-w-sm">
        <Label htmlFor={searchId} className="sr-only">
          Search uploads
        </Label>
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle" aria-hidden="true" />
        <Input
          id={searchId}
          type="search"
          placeholder="Search by name or alt text"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          className="pl-9 max-sm:h-11"
        />
      </div>
      <ListState
        query={list}
        isEmpty={items.length === 0}
        loadingText="Loading uploads..."
        emptyText={q ? `No uploads match “${q}”.` : 'No uploads yet.'}
      >
        <ul aria-label={picking ? 'Images to choose from' : 'Uploaded images'} className={cn('grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6', list.isPlaceholderData && 'opacity-60')}>
          {items.map((item) => (
            <MediaCard key={item.id} item={item} onPick={() => onPick(item)} selected={picking ? item.id === selectedId : undefined} current={item.id === currentId} />
          ))}
        </ul>
      </ListState>
      {!list.isLoading && !list.error && total > 0 && (
        <Pager label="Pages of uploads" page={page} pageSize={list.data?.pageSize ?? items.length} shown={items.length} total={total} busy={list.isFetching} onPage={setPage} />
      )}
    </div>
  );
}

type MediaCardProps = { item: MediaItem; onPick: () => void; selected?: boolean; current: boolean };

/** One image: its thumbnail (cropped about its focal point), name, size, and whether it still needs alt text. */
function MediaCard({ item, onPick, selected, current }: MediaCardProps) {
  const src = imageSource(item, 320);
  return (
    <li aria-label={item.name} className="flex min-w-0">
      <button
        type="button"
        onClick={onPick}
        aria-pressed={selected}
        className={cn(
          // The cards of a row are as tall as its tallest.
          'group grid w-full content-start overflow-hidden rounded-lg border bg-surface text-left shadow-xs transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
          selected ? 'border-primary ring-2 ring-primary' : 'border-default hover:border-strong hover:shadow-sm',
        )}
      >
        <span className="relative block aspect-[4/3] overflow-hidden bg-surface-sunken">
          {src && (
            <img
              src={src.src}
              srcSet={src.srcSet}
              sizes={THUMB_SIZES}
              width={src.width}
              height={src.height}
              loading="lazy"
              decoding="async"
              alt=""
              className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.02] motion-reduce:transition-none"
              style={{ objectPosition: `${item.focalX * 100}% ${item.focalY * 100}%` }}
            />
          )}
          {selected && (
            <span className="absolute top-2 right-2 flex size-6 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-sm" aria-hidden="true">
              <Check className="size-4" />
            </span>
          )}
        </span>
        <span className="grid gap-1 px-2.5 pt-2 pb-2.5">
          <span className="truncate text-sm font-medium text-default" title={item.name}>
            {item.name}
          </span>
          <span className="flex min-h-5 flex-wrap items-center gap-1.5 text-xs text-muted tabular-nums">
            <span>
              {item.width} × {item.height}
            </span>
            {!item.usable && <Badge variant="warning">Needs alt text</Badge>}
            {current && <Badge variant="info">Current</Badge>}
          </span>
        </span>
      </button>
    </li>
  );
}
