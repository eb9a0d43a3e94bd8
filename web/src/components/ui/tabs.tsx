import { useEffect, useRef, useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';

export const Tabs = TabsPrimitive.Root;

type Overflow = { before: boolean; after: boolean };

/** Which ends of a scrolling row hide tabs. */
function overflowOf(el: HTMLElement): Overflow {
  const max = el.scrollWidth - el.clientWidth;
  return { before: el.scrollLeft > 1, after: el.scrollLeft < max - 1 };
}

const edgeButton =
  'absolute inset-y-0 z-10 flex w-12 items-center justify-center text-body transition-opacity hover:text-default [&_svg]:size-4';

/**
 * The row of tabs. When it is wider than the screen it scrolls, and an end
 * that hides tabs fades out behind an arrow that scrolls that way, so it is
 * plain that more tabs are there; the selected tab scrolls into view. Arrow
 * keys move between tabs as ever (Radix), and the focused tab comes into
 * view, so the arrows are for pointers only and stay out of the tab order.
 */
export function TabsList({ className, value, ...props }: React.ComponentProps<typeof TabsPrimitive.List> & { value: string }) {
  const list = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ before: false, after: false });

  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const update = () => setOverflow((o) => {
      const n = overflowOf(el);
      return n.before === o.before && n.after === o.after ? o : n;
    });
    update();
    el.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    // The tabs' labels may load their font after the first measure.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      observer?.disconnect();
    };
  }, []);

  useEffect(() => {
    list.current?.querySelector('[role="tab"][data-state="active"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [value]);

  const scroll = (direction: -1 | 1) => {
    const el = list.current;
    // Most of a screen's width, keeping a tab of the last one in view.
    if (el) el.scrollBy({ left: direction * Math.max(el.clientWidth - 96, 96), behavior: 'smooth' });
  };

  return (
    <div className="relative rounded-xl border border-default bg-surface shadow-xs">
      <TabsPrimitive.List
        ref={list}
        className={cn('flex w-full gap-1 overflow-x-auto scroll-px-12 p-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden', className)}
        {...props}
      />
      <button
        type="button"
        tabIndex={-1}
        aria-label="Scroll tabs left"
        onClick={() => scroll(-1)}
        className={cn(edgeButton, 'left-0 justify-start rounded-l-xl bg-gradient-to-r from-surface from-45% to-surface/0 pl-2', !overflow.before && 'invisible opacity-0')}
      >
        <ChevronLeft aria-hidden="true" />
      </button>
      <button
        type="button"
        tabIndex={-1}
        aria-label="Scroll tabs right"
        onClick={() => scroll(1)}
        className={cn(edgeButton, 'right-0 justify-end rounded-r-xl bg-gradient-to-l from-surface from-45% to-surface/0 pr-2', !overflow.after && 'invisible opacity-0')}
      >
        <ChevronRight aria-hidden="true" />
      </button>
    </div>
  );
}

export function TabsTrigger({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap text-body transition-colors hover:text-default focus-visible:outline-2 focus-visible:outline-focus data-[state=active]:bg-ink data-[state=active]:text-white [&_svg]:size-4',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('mt-6 focus-visible:outline-none', className)} {...props} />;
}
