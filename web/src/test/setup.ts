import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy and waitFor wait up to 5 s rather than 1 s: a lazily loaded chunk
// (the group controls, the history panel) can take over a second to import
// on a busy machine, and the tests are about what shows, not how fast.
configure({ asyncUtilTimeout: 5000 });

afterEach(cleanup);

// jsdom has no layout and no ResizeObserver: what watches its own size (a
// switch, the history panel beside its field) sees nothing.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
