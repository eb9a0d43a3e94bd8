// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { describeUse } from './media-config';

describe('describeUse', () => {
  it('names a text’s use by its page, its section’s title and the picture, linked to the page', () => {
    expect(describeUse({ kind: 'content', label: 'about.leaders · items.amelia-hart.photo', section: 'about.leaders', key: 'items.amelia-hart.photo' })).toMatchObject({
      label: 'About us · Leadership · photo of Dr. Amelia Hart',
      path: '/about-us',
    });
    expect(describeUse({ kind: 'content', label: 'about.mission · image', section: 'about.mission', key: 'image' })).toMatchObject({
      label: 'About us · Our mission · picture',
      path: '/about-us',
    });
    expect(describeUse({ kind: 'content', label: 'hero · art', section: 'hero', key: 'art' })).toMatchObject({ path: '/' });
  });

  it('keeps the server’s words for a text the pages do not know, and for other uses', () => {
    const unknown = { kind: 'content' as const, label: 'gone · image', section: 'gone', key: 'image' };
    expect(describeUse(unknown)).toEqual(unknown);
    const settings = { kind: 'settings' as const, label: 'Site logo' };
    expect(describeUse(settings)).toEqual(settings);
  });
});
