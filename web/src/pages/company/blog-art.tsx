import { artBar as bar, HeroArt } from '@/components/marketing/hero-art';

const sheet = { fill: '#fff', fillOpacity: 0.05, stroke: '#fff', strokeOpacity: 0.18, strokeWidth: 2 };

/**
 * The drawing of the hero of /blog: an editor's desk, articles laid over one
 * another, the featured one on top with its cover, and a note pinned to it
 * (see components/marketing/hero-art.tsx).
 */
export function BlogArt() {
  return (
    <HeroArt>
      {/* Articles beneath, turned a little. */}
      <g transform="rotate(8 320 170)">
        <rect x="230" y="50" width="180" height="240" rx="16" {...sheet} />
        {[74, 90, 106].map((y, i) => <rect key={y} x="334" y={y} width={i === 2 ? 40 : 58} height="6" rx="3" {...bar} />)}
      </g>
      <g transform="rotate(-7 160 200)">
        <rect x="70" y="80" width="180" height="240" rx="16" {...sheet} />
        {[110, 126, 142, 158].map((y, i) => <rect key={y} x="90" y={y} width={i === 3 ? 30 : 44} height="6" rx="3" {...bar} />)}
      </g>
      {/* The featured article: its cover, category, title, lead and author. */}
      <rect x="140" y="100" width="210" height="262" rx="18" fill="#0b1220" stroke="#fff" strokeOpacity=".3" strokeWidth="2" />
      <rect x="156" y="116" width="178" height="102" rx="10" fill="currentColor" fillOpacity=".3" />
      <path d="M170 200l34-30 26 18 42-44 46 34" stroke="#fff" strokeOpacity=".75" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="300" cy="142" r="10" fill="#fff" fillOpacity=".75" />
      <rect x="156" y="234" width="52" height="14" rx="7" fill="currentColor" />
      <rect x="156" y="262" width="166" height="10" rx="5" fill="#fff" fillOpacity=".6" />
      <rect x="156" y="280" width="112" height="10" rx="5" fill="#fff" fillOpacity=".6" />
      <rect x="156" y="302" width="170" height="6" rx="3" {...bar} />
      <rect x="156" y="314" width="140" height="6" rx="3" {...bar} />
      <circle cx="166" cy="342" r="9" fill="#fff" fillOpacity=".35" />
      <rect x="182" y="339" width="64" height="6" rx="3" {...bar} />
      {/* A note pinned to it: a quote worth keeping. */}
      <g transform="rotate(6 392 300)">
        <rect x="336" y="250" width="112" height="104" rx="12" fill="currentColor" />
        <path d="M356 288v-9c0-7 3-11 9-13l2 4c-3 1-4.5 3.5-4.5 6.5H367V288zm18 0v-9c0-7 3-11 9-13l2 4c-3 1-4.5 3.5-4.5 6.5H385V288z" fill="#fff" />
        <rect x="356" y="300" width="72" height="6" rx="3" fill="#fff" fillOpacity=".7" />
        <rect x="356" y="314" width="56" height="6" rx="3" fill="#fff" fillOpacity=".7" />
        <rect x="356" y="328" width="64" height="6" rx="3" fill="#fff" fillOpacity=".45" />
      </g>
    </HeroArt>
  );
}
