import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn, signInRequested, subscribeSignIn } from '@/lib/session';
import { formatBytes, largestVariant, imageSource, mediaListURL, publicMedia, smallVariant, typeLabel, uploadMedia } from './media-api';
import { mediaItem, variantsOf } from './media-fixtures';

describe('imageSource', () => {
  it('is the smallest WebP at least as wide as the box, and the next wider for sharp screens', () => {
    const src = imageSource(mediaItem({ width: 1600, height: 1000 }), 320);
    expect(src).toEqual({ src: '/media/webp320.webp', srcSet: '/media/webp320.webp 320w, /media/webp640.webp 640w', width: 320, height: 200 });
    expect(imageSource(mediaItem({ width: 1600, height: 1000 }), 700)?.src).toBe('/media/webp960.webp');
  });

  it('is the widest there is for an image narrower than the box', () => {
    const small = mediaItem({ width: 200, height: 100 });
    expect(imageSource(small, 320)).toEqual({ src: '/media/webp200.webp', srcSet: '/media/webp200.webp 200w', width: 200, height: 100 });
  });

  it('takes the original format when there is no WebP, without reordering the item’s variants', () => {
    const variants = variantsOf(700, 700)
      .filter((v) => v.format === 'jpeg')
      .reverse();
    const item = mediaItem({ width: 700, height: 700, variants });
    expect(imageSource(item, 320)?.src).toBe('/media/jpeg320.jpg');
    expect(item.variants[0].width).toBe(640);
  });
});

describe('publicMedia', () => {
  it('is what a visitor’s page gets: the alt text, no file facts, and no alt text for a decorative image', () => {
    const item = mediaItem({ width: 700, height: 350, altText: 'A harbour at dawn', usable: true, credit: 'M. Ruiz', focalX: 0.2 });
    const pub = publicMedia(item);
    expect(pub).toMatchObject({ id: 1, alt: 'A harbour at dawn', credit: 'M. Ruiz', width: 700, height: 350, focalX: 0.2, focalY: 0.5 });
    expect(pub).not.toHaveProperty('caption');
    expect(pub).not.toHaveProperty('hash');
    expect(pub.variants).toHaveLength(item.variants.length);
    expect(Object.keys(pub.variants[0]).sort()).toEqual(['format', 'height', 'url', 'width']);
    expect(publicMedia({ ...item, decorative: true }).alt).toBe('');
  });
});

describe('file facts', () => {
  it('names the variant a logo uses: the original’s format, at least 320 wide, or the widest', () => {
    expect(smallVariant(mediaItem({ width: 1000, height: 500 }))).toMatchObject({ width: 320, format: 'jpeg' });
    expect(smallVariant(mediaItem({ width: 200, height: 100 }))).toMatchObject({ width: 200, format: 'jpeg' });
  });

  it('names the largest variant in the original’s format, the type and the size', () => {
    expect(largestVariant(mediaItem({ width: 1000, height: 500 }))).toMatchObject({ width: 960, format: 'jpeg' });
    expect(typeLabel('image/webp')).toBe('WebP');
    expect(typeLabel('image/png')).toBe('PNG');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(84 * 1024)).toBe('84 KB');
    expect(formatBytes(1.25 * 1024 * 1024)).toBe('1.3 MB');
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
  });

  it('falls back sensibly for an AVIF, which has no variant in its own format (WebP and JPEG only)', () => {
    const avif = mediaItem({ width: 1000, height: 500, contentType: 'image/avif', name: 'harbour.avif' });
    expect(avif.variants.some((v) => v.format === ('avif' as string))).toBe(false);
    expect(largestVariant(avif)).toMatchObject({ width: 960 });
    expect(smallVariant(avif)).toMatchObject({ width: 320, format: 'webp' });
    expect(smallVariant(mediaItem({ width: 200, height: 100, contentType: 'image/avif' }))).toMatchObject({ width: 200, format: 'webp' });
    expect(typeLabel('image/avif')).toBe('AVIF');
  });

  it('asks for a page of a search', () => {
    expect(mediaListURL(2, ' sea view ')).toBe('/api/admin/media?q=sea+view&page=2&pageSize=24');
    expect(mediaListURL(1, '')).toBe('/api/admin/media?page=1&pageSize=24');
  });
});

/** An XMLHttpRequest that answers each send with the next of answers, reporting the upload's progress first. */
function fakeXHR(answers: { status: number; body: string }[]) {
  const sent: { url: string; headers: Record<string, string>; body: FormData }[] = [];
  class FakeXHR {
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {}
    send(body: FormData) {
      sent.push({ url: this.url, headers: this.headers, body });
      const answer = answers.shift()!;
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
        this.status = answer.status;
        this.responseText = answer.body;
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXHR);
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('uploadMedia', () => {
  const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'photo.jpg', { type: 'image/jpeg' });

  it('sends the file in a part named file with the token, reports progress and answers the item', async () => {
    localStorage.setItem('adminToken', 'tok');
    const sent = fakeXHR([{ status: 201, body: JSON.stringify({ data: [mediaItem({ id: 5, name: 'photo.jpg' })] }) }]);
    const progress: number[] = [];
    const item = await uploadMedia(photo(), (loaded, total) => progress.push(loaded / total));
    expect(item).toMatchObject({ id: 5, name: 'photo.jpg' });
    expect(progress).toEqual([0.5, 1]);
    expect(sent[0].url).toBe('/api/admin/media');
    expect(sent[0].headers.Authorization).toBe('Bearer tok');
    expect((sent[0].body.get('file') as File).name).toBe('photo.jpg');
  });

  it('rejects with the server’s message naming the file', async () => {
    fakeXHR([{ status: 400, body: JSON.stringify({ message: 'photo.jpg: the name says JPEG but the file is a PNG image.' }) }]);
    await expect(uploadMedia(photo(), () => undefined)).rejects.toMatchObject({ status: 400, message: 'photo.jpg: the name says JPEG but the file is a PNG image.' });
  });

  it('waits for a sign-in when the session has ended, then sends the file again', async () => {
    localStorage.setItem('adminToken', 'old');
    const sent = fakeXHR([
      { status: 401, body: JSON.stringify({ message: 'Not signed in.' }) },
      { status: 201, body: JSON.stringify({ data: [mediaItem({ id: 6 })] }) },
    ]);
    const asked = new Promise<void>((resolve) => {
      const stop = subscribeSignIn(() => {
        if (signInRequested()) {
          stop();
          resolve();
        }
      });
    });
    const upload = uploadMedia(photo(), () => undefined);
    await asked;
    localStorage.setItem('adminToken', 'new');
    signedIn();
    expect(await upload).toMatchObject({ id: 6 });
    expect(sent.map((s) => s.headers.Authorization)).toEqual(['Bearer old', 'Bearer new']);
  });
});
