import { CheckCircle2, RotateCcw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { journey } from '@/content/ai-journey';
import { ContentSection } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';

/**
 * The panel that replaces a lead form once its request is sent: thanks,
 * what comes next (children: the booking of the consultation), and the way
 * back to an empty form. Its texts are one section for both forms
 * (ai-journey.thank-you).
 */
export function ThankYou({ onAgain, children }: { onAgain: () => void; children?: React.ReactNode }) {
  const { title, text, again } = journey.thankYou;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <ContentSection id="ai-journey.thank-you">
      <div className="py-8 text-center">
        <CheckCircle2 aria-hidden="true" className="mx-auto size-14 text-emerald-600" />
        {/* The heading takes the focus, so it stays an h3 of its own around the text. */}
        <h3 ref={heading} tabIndex={-1} className="mt-6 text-3xl font-bold tracking-tight text-ink focus:outline-none">
          <EditableText contentKey="title" fallback={title} />
        </h3>
        <EditableText as="p" contentKey="text" fallback={text} multiline className="mx-auto mt-4 max-w-md text-lg leading-8 text-slate-600" />
        {children}
        <Button type="button" variant="secondary" size="lg" className="mt-8" onClick={onAgain}>
          <RotateCcw aria-hidden="true" className="size-4" />
          <EditableText contentKey="again" fallback={again} />
        </Button>
      </div>
    </ContentSection>
  );
}
