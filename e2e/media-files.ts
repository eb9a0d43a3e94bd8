import { deflateSync } from 'node:zlib';
import type { JSHandle, Locator, Page } from '@playwright/test';

/** An image file the browser draws and encodes itself (canvas), so that it is a real JPEG or PNG. */
export type ImageSpec = {
  name: string;
  format: 'jpeg' | 'png';
  width: number;
  height: number;
  /** The hue of its gradient, so that each file has bytes of its own. */
  hue: number;
  /** Fine noise over the picture: a larger file, whose upload takes a while. */
  noise?: boolean;
  /** Only the first half of the bytes: a truncated file. */
  truncate?: boolean;
  /** The type the file claims; the encoded one by default. */
  type?: string;
};

/** A DataTransfer in the page holding the files, as a drag from the desktop carries them. */
export function imageTransfer(page: Page, specs: ImageSpec[]): Promise<JSHandle<DataTransfer>> {
  return page.evaluateHandle(async (list) => {
    const dt = new DataTransfer();
    for (const s of list) {
      const canvas = document.createElement('canvas');
      canvas.width = s.width;
      canvas.height = s.height;
      const g = canvas.getContext('2d')!;
      const grad = g.createLinearGradient(0, 0, s.width, s.height);
      grad.addColorStop(0, `hsl(${s.hue} 70% 55%)`);
      grad.addColorStop(1, `hsl(${(s.hue + 60) % 360} 70% 30%)`);
      g.fillStyle = grad;
      g.fillRect(0, 0, s.width, s.height);
      g.fillStyle = 'rgba(255,255,255,0.85)';
      g.beginPath();
      g.arc(s.width * 0.3, s.height * 0.4, Math.min(s.width, s.height) * 0.18, 0, Math.PI * 2);
      g.fill();
      if (s.noise) {
        const img = g.getImageData(0, 0, s.width, s.height);
        for (let i = 0; i < img.data.length; i += 4) {
          const n = (Math.random() - 0.5) * 60;
          img.data[i] += n;
          img.data[i + 1] += n;
          img.data[i + 2] += n;
        }
        g.putImageData(img, 0, 0);
      }
      const type = s.format === 'png' ? 'image/png' : 'image/jpeg';
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), type, 0.92));
      let bytes = new Uint8Array(await blob.arrayBuffer());
      if (s.truncate) bytes = bytes.slice(0, Math.floor(bytes.length / 2));
      dt.items.add(new File([bytes], s.name, { type: s.type ?? type }));
    }
    return dt;
  }, specs);
}

/** Drags the files over the zone (its drag-over state shows) and drops them. */
export async function dropImages(page: Page, zone: Locator, specs: ImageSpec[]): Promise<void> {
  const dataTransfer = await imageTransfer(page, specs);
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
  await dataTransfer.dispose();
}

/** A PNG of one colour, width × height pixels. */
export function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x40)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
