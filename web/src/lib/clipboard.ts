/**
 * Puts text on the clipboard; false when the browser refuses. Falls back to
 * a selected text area inside the open dialog (where the focus may go) for
 * browsers without the asynchronous clipboard.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // no clipboard API, or no permission: try the old way
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'fixed top-0 left-0 opacity-0';
  const host = document.activeElement?.closest('[role="dialog"], [role="alertdialog"]') ?? document.body;
  const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  host.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    before?.focus();
  }
}
