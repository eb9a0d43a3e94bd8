// The focal point of an image: the point crops keep in view, from 0 (left,
// top) to 1 (right, bottom). Set by a click or tap on the preview, or with
// the arrow keys in steps of 5%.

export type Focal = { x: number; y: number };

/** One press of an arrow key moves the point this far. */
export const FOCAL_STEP = 0.05;

/** In [0, 1], and free of the float noise of adding steps (0.1 + 0.05 + ...). */
function clean(v: number): number {
  return Math.min(1, Math.max(0, Math.round(v * 1000) / 1000));
}

const moves: Record<string, Focal> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/** The point after a key press; null for a key that does not move it. */
export function focalAfterKey(focal: Focal, key: string): Focal | null {
  if (key === 'Home') return { x: 0.5, y: 0.5 };
  const m = moves[key];
  if (!m) return null;
  return { x: clean(focal.x + m.x * FOCAL_STEP), y: clean(focal.y + m.y * FOCAL_STEP) };
}

/** The point under a pointer at (clientX, clientY) over a box. */
export function focalAt(clientX: number, clientY: number, box: { left: number; top: number; width: number; height: number }): Focal {
  if (box.width <= 0 || box.height <= 0) return { x: 0.5, y: 0.5 };
  return { x: clean((clientX - box.left) / box.width), y: clean((clientY - box.top) / box.height) };
}

/** The point as people read it: "40% from the left, 25% from the top". */
export function focalText({ x, y }: Focal): string {
  return `${Math.round(x * 100)}% from the left, ${Math.round(y * 100)}% from the top`;
}

/** A form's text of a coordinate, as the point: 0.5 when it is not a number in range. */
export function focalValue(text: string | boolean | undefined): number {
  const n = Number(text);
  return typeof text === 'string' && text.trim() !== '' && Number.isFinite(n) ? clean(n) : 0.5;
}
