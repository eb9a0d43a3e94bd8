import type { ReactNode } from 'react';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import type { CategoryId } from '@/content/blog';
import { cx } from '@/lib/cx';
import type { ArticleCard } from '@/lib/site-data';

type Category = Exclude<CategoryId, 'all'>;

/**
 * The width a card's cover is shown at: the full card, one column on a
 * phone, two from 640 px, two in the list's two thirds of the page from
 * 1024 px (384 px at most), less the card's border.
 */
export const coverSizes = '(min-width: 1280px) 384px, (min-width: 1024px) calc(33.33vw - 42px), (min-width: 640px) calc(50vw - 38px), calc(100vw - 50px)';

// Each category's tint: a light ground and the colour of its drawing, all
// made from the brand colour of Settings (so that a rebrand reaches every
// cover); the categories differ by their drawings and by the depth of the
// tint.
const tints: Record<Category, string> = {
  'machine-learning': 'from-brand-50 to-brand-100 text-brand',
  'deep-learning': 'from-brand-100 to-brand-200 text-brand-strong',
  nlp: 'from-brand-50 to-brand-200 text-brand',
  'computer-vision': 'from-brand-100 to-brand-50 text-brand-strong',
  'ai-strategy': 'from-brand-50 to-brand-100 text-brand-strong',
  'industry-insights': 'from-brand-100 to-brand-200 text-brand',
};

// A faint grid under every drawing, 20 units apart.
const grid = Array.from({ length: 15 }, (_, i) => `M${(i + 1) * 20} 0V180`)
  .concat(Array.from({ length: 8 }, (_, i) => `M0 ${(i + 1) * 20}H320`))
  .join('');

// The layers of the network drawing: x, then the nodes' y.
const layers: [number, number[]][] = [
  [70, [60, 90, 120]],
  [130, [45, 75, 105, 135]],
  [190, [45, 75, 105, 135]],
  [250, [75, 105]],
];
const lit = [1, 0, 2, 1];

function Network() {
  const edges = layers
    .slice(1)
    .flatMap(([x, ys], l) => ys.flatMap((y) => layers[l][1].map((y0) => `M${layers[l][0]} ${y0}L${x} ${y}`)))
    .join('');
  const path = layers.map(([x, ys], l) => `${l ? 'L' : 'M'}${x} ${ys[lit[l]]}`).join('');
  return (
    <>
      <path d={edges} stroke="currentColor" strokeOpacity={0.2} strokeWidth={1.5} />
      <path d={path} stroke="currentColor" strokeWidth={3} fill="none" strokeLinejoin="round" />
      {layers.flatMap(([x, ys], l) =>
        ys.map((y, i) => <circle key={`${x}-${y}`} cx={x} cy={y} r={7} fill={i === lit[l] ? 'currentColor' : 'white'} stroke="currentColor" strokeWidth={2} />),
      )}
    </>
  );
}

const pointsA = [[92, 58], [118, 44], [106, 84], [78, 92], [134, 70], [96, 120], [124, 106]];
const pointsB = [[214, 70], [240, 96], [204, 112], [232, 130], [260, 72], [220, 148], [252, 150]];

// Two classes of points and the boundary learnt between them.
function Points() {
  return (
    <>
      <path d="M168 8C146 62 204 108 178 172" stroke="currentColor" strokeOpacity={0.55} strokeWidth={2.5} strokeDasharray="6 7" fill="none" />
      {pointsA.map(([x, y]) => (
        <circle key={`a${x}`} cx={x} cy={y} r={6.5} fill="currentColor" fillOpacity={0.85} />
      ))}
      {pointsB.map(([x, y]) => (
        <circle key={`b${x}`} cx={x} cy={y} r={6} fill="white" stroke="currentColor" strokeWidth={2.5} />
      ))}
    </>
  );
}

const lines = [110, 96, 118, 80, 104, 64];

// Lines of a document with the entities found marked, and a reply.
function Entities() {
  return (
    <>
      <rect x={64} y={28} width={150} height={124} rx={10} fill="white" fillOpacity={0.85} stroke="currentColor" strokeOpacity={0.25} />
      {lines.map((w, i) => (
        <rect key={i} x={80} y={46 + i * 16} width={w} height={6} rx={3} fill="currentColor" fillOpacity={0.22} />
      ))}
      <rect x={118} y={60} width={40} height={10} rx={3} fill="currentColor" fillOpacity={0.55} />
      <rect x={78} y={92} width={34} height={10} rx={3} fill="currentColor" fillOpacity={0.55} />
      <path d="M208 94h60a12 12 0 0 1 12 12v20a12 12 0 0 1-12 12h-34l-14 12v-12a12 12 0 0 1-12-12v-20a12 12 0 0 1 12-12z" fill="currentColor" />
      {[222, 238, 254].map((x) => (
        <circle key={x} cx={x} cy={116} r={3.5} fill="white" />
      ))}
    </>
  );
}

// A picture with the objects detected boxed and labelled.
function Detection() {
  return (
    <>
      <rect x={56} y={24} width={208} height={132} rx={10} fill="white" fillOpacity={0.7} stroke="currentColor" strokeOpacity={0.25} />
      <circle cx={226} cy={52} r={12} fill="currentColor" fillOpacity={0.3} />
      <path d="M57 155L112 96l34 32 44-52 73 79z" fill="currentColor" fillOpacity={0.22} />
      <rect x={92} y={82} width={50} height={44} rx={2} stroke="currentColor" strokeWidth={2} strokeDasharray="5 5" fill="none" />
      <rect x={162} y={66} width={62} height={56} rx={2} stroke="currentColor" strokeWidth={3} fill="none" />
      <rect x={162} y={50} width={46} height={16} rx={3} fill="currentColor" />
      <rect x={168} y={56} width={26} height={4} rx={2} fill="white" />
    </>
  );
}

// A roadmap: milestones along a road to a flag.
function Roadmap() {
  const road = 'M36 154C100 154 112 108 162 106S232 62 282 56';
  return (
    <>
      <path d={road} stroke="currentColor" strokeOpacity={0.2} strokeWidth={14} strokeLinecap="round" fill="none" />
      <path d={road} stroke="currentColor" strokeOpacity={0.7} strokeWidth={2} strokeDasharray="8 8" fill="none" />
      {[
        [36, 154],
        [162, 106],
        [222, 82],
      ].map(([x, y]) => (
        <circle key={x} cx={x} cy={y} r={8} fill="white" stroke="currentColor" strokeWidth={3} />
      ))}
      <path d="M282 56V22" stroke="currentColor" strokeWidth={3} strokeLinecap="round" />
      <path d="M283 22l24 8-24 8z" fill="currentColor" />
    </>
  );
}

const bars = [40, 58, 52, 76, 92, 112];

// A rising chart: bars and the trend through them.
function Chart() {
  const tops = bars.map((h, i) => [75 + i * 36, 138 - h] as const);
  return (
    <>
      <path d="M52 150H280" stroke="currentColor" strokeOpacity={0.35} strokeWidth={2} />
      {bars.map((h, i) => (
        <rect key={i} x={64 + i * 36} y={150 - h} width={22} height={h} rx={4} fill="currentColor" fillOpacity={i === bars.length - 1 ? 0.75 : 0.25} />
      ))}
      <path d={tops.map(([x, y], i) => `${i ? 'L' : 'M'}${x} ${y}`).join('')} stroke="currentColor" strokeWidth={2.5} strokeLinejoin="round" fill="none" />
      {tops.map(([x, y]) => (
        <circle key={x} cx={x} cy={y} r={4.5} fill="white" stroke="currentColor" strokeWidth={2.5} />
      ))}
    </>
  );
}

const drawings: Record<Category, () => ReactNode> = {
  'machine-learning': Points,
  'deep-learning': Network,
  nlp: Entities,
  'computer-vision': Detection,
  'ai-strategy': Roadmap,
  'industry-insights': Chart,
};

/** What a card without a cover shows in its place: a drawing of its category, in the category's tint. */
export function CategoryArt({ category }: { category?: Category }) {
  const Drawing = category ? drawings[category] : Network;
  return (
    <div aria-hidden="true" data-cover="drawn" className={cx('absolute inset-0 bg-gradient-to-br', category ? tints[category] : 'from-slate-50 to-slate-100 text-brand')}>
      <svg viewBox="0 0 320 180" focusable="false" className="size-full">
        <path d={grid} stroke="currentColor" strokeOpacity={0.08} />
        <Drawing />
      </svg>
    </div>
  );
}

/**
 * A card's cover, in a 16:9 frame that keeps every card of the grid alike:
 * the article's featured image, cropped about its focal point, or the
 * drawing of its category. Covers above the fold (eager) load at once,
 * the others as they come near.
 */
export function PostCover({ post, category, eager }: { post: ArticleCard; category?: Category; eager: boolean }) {
  return (
    <div className="relative aspect-[16/9] overflow-hidden rounded-t-[15px] bg-slate-100">
      {post.cover ? (
        <ResponsiveImage
          media={post.cover}
          sizes={coverSizes}
          eager={eager}
          className="absolute inset-0 size-full object-cover transition duration-300 motion-safe:group-hover:scale-[1.03]"
        />
      ) : (
        <CategoryArt category={category} />
      )}
    </div>
  );
}
