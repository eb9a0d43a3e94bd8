import { useState } from 'react';
import { Copy } from 'lucide-react';
import { toast } from '@/lib/toast-store';
import { copyText } from '@/lib/clipboard';
import { AdminButton } from './admin-button';
import { Input } from './input';

type CopyFieldProps = {
  id: string;
  /** The text to copy: a link shown once, as a rule. */
  value: string;
  label: React.ReactNode;
  /** The label for screen readers only, when the dialog's text says it already. */
  hideLabel?: boolean;
  variant?: 'primary' | 'outline';
};

/**
 * A read-only text with its Copy button, which says Copied once it has; when
 * the browser refuses the clipboard, the text is selected for the keyboard.
 */
export function CopyField({ id, value, label, hideLabel, variant = 'primary' }: CopyFieldProps) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    if (await copyText(value)) {
      setCopied(true);
      return;
    }
    (document.getElementById(id) as HTMLInputElement | null)?.select();
    toast({ title: 'Not copied', description: 'The browser refused the clipboard: the link is selected, copy it with Ctrl+C or ⌘C.', variant: 'destructive' });
  }

  return (
    <div className="grid gap-2">
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-default'}>
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input id={id} readOnly value={value} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
        <AdminButton variant={variant} onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {copied ? 'Copied' : 'Copy link'}
        </AdminButton>
      </div>
    </div>
  );
}
