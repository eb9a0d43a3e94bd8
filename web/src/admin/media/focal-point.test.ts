// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { focalAfterKey, focalAt, focalText, focalValue } from './focal-point';

describe('focalAfterKey', () => {
  it('moves the point by 5% with the arrow keys, and Home centres it', () => {
    const centre = { x: 0.5, y: 0.5 };
    expect(focalAfterKey(centre, 'ArrowLeft')).toEqual({ x: 0.45, y: 0.5 });
    expect(focalAfterKey(centre, 'ArrowRight')).toEqual({ x: 0.55, y: 0.5 });
    expect(focalAfterKey(centre, 'ArrowUp')).toEqual({ x: 0.5, y: 0.45 });
    expect(focalAfterKey(centre, 'ArrowDown')).toEqual({ x: 0.5, y: 0.55 });
    expect(focalAfterKey({ x: 0.1, y: 0.9 }, 'Home')).toEqual(centre);
    expect(focalAfterKey(centre, 'a')).toBeNull();
  });

  it('stops at the edges, and keeps steps clean of float noise', () => {
    expect(focalAfterKey({ x: 0.02, y: 0 }, 'ArrowLeft')).toEqual({ x: 0, y: 0 });
    expect(focalAfterKey({ x: 1, y: 0.98 }, 'ArrowDown')).toEqual({ x: 1, y: 1 });
    let p = { x: 0.1, y: 0.1 };
    for (let i = 0; i < 3; i++) p = focalAfterKey(p, 'ArrowRight')!;
    expect(p.x).toBe(0.25);
  });
});

describe('focalAt', () => {
  it('is the pointer’s place over the image, from 0 to 1', () => {
    const box = { left: 100, top: 50, width: 400, height: 200 };
    expect(focalAt(200, 100, box)).toEqual({ x: 0.25, y: 0.25 });
    expect(focalAt(90, 400, box)).toEqual({ x: 0, y: 1 });
    expect(focalAt(1, 1, { left: 0, top: 0, width: 0, height: 0 })).toEqual({ x: 0.5, y: 0.5 });
  });
});

describe('focalText and focalValue', () => {
  it('say the point in words, and read a form’s text as a point', () => {
    expect(focalText({ x: 0.4, y: 0.25 })).toBe('40% from the left, 25% from the top');
    expect(focalValue('0.35')).toBe(0.35);
    expect(focalValue('')).toBe(0.5);
    expect(focalValue('x')).toBe(0.5);
    expect(focalValue('3')).toBe(1);
  });
});
