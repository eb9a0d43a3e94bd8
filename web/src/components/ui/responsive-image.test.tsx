import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SiteMedia } from '@/lib/site-data';
import { imageSources, ResponsiveImage } from './responsive-image';

const variant = (width: number, format: 'webp' | 'jpeg' | 'png') => ({ width, height: width / 2, format, url: `/media/${width}.${format}` });

const photo: SiteMedia = {
  id: 7,
  alt: 'A team at a whiteboard',
  width: 2400,
  height: 1200,
  focalX: 0.3,
  focalY: 0.8,
  variants: [variant(320, 'webp'), variant(320, 'jpeg'), variant(1280, 'webp'), variant(1280, 'jpeg'), variant(2048, 'webp'), variant(2048, 'jpeg')],
};

describe('imageSources', () => {
  it('offers WebP first and the original format as the fallback, src near 1280 px', () => {
    const s = imageSources(photo);
    expect(s.webp.map((v) => v.url)).toEqual(['/media/320.webp', '/media/1280.webp', '/media/2048.webp']);
    expect(s.fallback.map((v) => v.url)).toEqual(['/media/320.jpeg', '/media/1280.jpeg', '/media/2048.jpeg']);
    expect(s.src).toBe('/media/1280.jpeg');
  });

  it('has no separate WebP source when the original is WebP', () => {
    const s = imageSources({ ...photo, variants: [variant(320, 'webp'), variant(640, 'webp')] });
    expect(s.webp).toEqual([]);
    expect(s.src).toBe('/media/640.webp');
  });
});

describe('ResponsiveImage', () => {
  it('keeps the layout still and the focal point in view', () => {
    const { container } = render(<ResponsiveImage media={photo} sizes="50vw" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('width')).toBe('2400');
    expect(img.getAttribute('height')).toBe('1200');
    expect(img.getAttribute('alt')).toBe('A team at a whiteboard');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.style.objectPosition).toBe('30% 80%');
    expect(container.querySelector('source')?.getAttribute('srcset')).toBe('/media/320.webp 320w, /media/1280.webp 1280w, /media/2048.webp 2048w');
  });

  it('loads the largest image above the fold first', () => {
    const { container } = render(<ResponsiveImage media={photo} sizes="100vw" priority />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it('loads an image above the fold at once, at the usual priority', () => {
    const { container } = render(<ResponsiveImage media={photo} sizes="100vw" eager />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBeNull();
  });
});
