import { useState } from 'react';
import { toast } from '@/lib/toast-store';

/**
 * Saves a blob as a file the browser downloads, by a link clicked in the
 * page (the data never goes into a URL the server sees).
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The CSV export of a list tab: download saves the file and answers its
 * name, which a toast names; a failure says `failure`. exporting is true
 * while it runs, for the button.
 */
export function useExport(download: () => Promise<string>, failure: string): { exporting: boolean; run: () => Promise<void> } {
  const [exporting, setExporting] = useState(false);
  async function run() {
    setExporting(true);
    try {
      const name = await download();
      toast({ title: 'Success', description: `Exported ${name}` });
    } catch {
      toast({ title: 'Error', description: failure, variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  }
  return { exporting, run };
}
