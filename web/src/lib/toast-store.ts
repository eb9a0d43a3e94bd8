// A tiny store of the toasts on screen. Any code can call toast(); the
// <Toaster /> of the current app shows them. One toast is visible at a time
// (SPEC section 9): a new one replaces the one on screen.

export type ToastVariant = 'default' | 'destructive';

/** A button of a toast, such as Undo. */
export type ToastAction = {
  label: string;
  /** Another way to do it, for screen reader users who cannot reach the toast (Radix's altText). */
  altText: string;
  onSelect: () => void;
};

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
};

export type ToastItem = ToastInput & { id: number; open: boolean };

/** How long a dismissed toast stays in the store before it is removed (SPEC 9). */
export const TOAST_REMOVE_DELAY = 1_000_000;
/** How long a toast shows by default (SPEC 9). */
export const TOAST_DURATION = 5000;
/** How long a toast with an action (Undo) shows: time enough to read it and decide. */
export const ACTION_TOAST_DURATION = 10_000;
export const TOAST_LIMIT = 1;

type Listener = (toasts: ToastItem[]) => void;

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const removeTimers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const l of listeners) l(toasts);
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): ToastItem[] {
  return toasts;
}

/** Shows a toast and returns its id. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

/** Closes a toast; it is removed from the store later, after its exit. */
export function dismissToast(id: number): void {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  if (!removeTimers.has(id)) {
    removeTimers.set(
      id,
      setTimeout(() => {
        removeTimers.delete(id);
        toasts = toasts.filter((t) => t.id !== id);
        emit();
      }, TOAST_REMOVE_DELAY),
    );
  }
}
