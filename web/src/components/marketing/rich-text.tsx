import { Fragment, type ComponentProps, type ReactNode } from 'react';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { cx } from '@/lib/cx';
import { allowedHref, isExternal, MARKS, NODES, type DocMark, type DocNode, type RichDoc } from '@/lib/rich-text';
import type { SiteMedia } from '@/lib/site-data';

type Images = Record<string, SiteMedia>;

const link = 'font-medium text-brand underline decoration-brand/30 underline-offset-4 transition-colors hover:decoration-brand';

/** Wraps text in its marks: the link outermost, then bold, then italic. */
function marked(text: ReactNode, marks: readonly DocMark[] = []): ReactNode {
  let out = text;
  if (marks.some((m) => m.type === MARKS.italic)) out = <em>{out}</em>;
  if (marks.some((m) => m.type === MARKS.bold)) out = <strong className="font-semibold text-ink">{out}</strong>;
  const href = marks.find((m) => m.type === MARKS.link)?.attrs?.href;
  if (href && allowedHref(href)) {
    out = (
      <a href={href} rel={isExternal(href) ? 'noopener' : undefined} className={link}>
        {out}
      </a>
    );
  }
  return out;
}

function inline(nodes: readonly DocNode[] = []): ReactNode[] {
  return nodes.map((n, i) => {
    if (n.type === NODES.hardBreak) return <br key={i} />;
    if (n.type === NODES.text && n.text) return <Fragment key={i}>{marked(n.text, n.marks)}</Fragment>;
    return null;
  });
}

function blocks(nodes: readonly DocNode[] = [], images: Images, flow = '[&>*+*]:mt-6'): ReactNode {
  return nodes.map((n, i) => <Block key={i} node={n} images={images} flow={flow} />);
}

function Block({ node: n, images, flow }: { node: DocNode; images: Images; flow: string }): ReactNode {
  switch (n.type) {
    case NODES.paragraph:
      return <p>{inline(n.content)}</p>;
    case NODES.heading:
      return n.attrs?.level === 3 ? (
        <h3 className="text-xl font-semibold tracking-tight text-ink not-first:mt-10!">{inline(n.content)}</h3>
      ) : (
        <h2 className="text-2xl font-bold tracking-tight text-ink not-first:mt-14! sm:text-[1.75rem] sm:leading-9">{inline(n.content)}</h2>
      );
    case NODES.bulletList:
    case NODES.orderedList: {
      const items = (n.content ?? []).map((it, i) => (
        <li key={i} className="pl-1.5 [&>*+*]:mt-3">
          {blocks(it.content, images, flow)}
        </li>
      ));
      return n.type === NODES.bulletList ? (
        <ul className="list-disc space-y-3 pl-6 marker:text-brand">{items}</ul>
      ) : (
        <ol start={n.attrs?.start && n.attrs.start > 1 ? n.attrs.start : undefined} className="list-decimal space-y-3 pl-6 marker:font-semibold marker:text-slate-500">
          {items}
        </ol>
      );
    }
    case NODES.blockquote:
      return <blockquote className={cx('border-l-4 border-brand/70 pl-6 text-xl leading-8 font-medium text-ink', flow)}>{blocks(n.content, images, flow)}</blockquote>;
    case NODES.image: {
      const media = n.attrs?.mediaId ? images[String(n.attrs.mediaId)] : undefined;
      if (!media) return null;
      return (
        <figure className="not-first:mt-10! not-last:mb-10">
          <ResponsiveImage
            media={{ ...media, alt: n.attrs?.alt || media.alt }}
            sizes="(min-width: 768px) 720px, calc(100vw - 48px)"
            className="h-auto w-full rounded-2xl ring-1 ring-slate-200"
          />
          {(media.caption || media.credit) && (
            <figcaption className="mt-3 text-sm leading-6 text-slate-500">
              {media.caption}
              {media.caption && media.credit && ' · '}
              {media.credit}
            </figcaption>
          )}
        </figure>
      );
    }
    default:
      return null;
  }
}

/**
 * A page's or article's body, rendered node by node on the server and the
 * client alike: headings, paragraphs, bold and italic text, lists, quotes,
 * links (to other sites with rel="noopener") and images of the media
 * library. Nothing is ever read as HTML; a node the site does not know, a
 * link it may not follow or an image it does not have is left out.
 */
export function RichText({ doc, images, className, ...props }: { doc: RichDoc; images: Images } & Omit<ComponentProps<'div'>, 'children'>) {
  return <div {...props} className={cx('text-lg leading-8 break-words text-pretty text-slate-700 [&>*+*]:mt-6', className)}>{blocks(doc.content, images)}</div>;
}
