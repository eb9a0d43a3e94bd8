import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

// `make screenshots`: full-page pictures of every public route, not a test.
// Its one file is named so that the test suite's own run never picks it up.
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'screenshots.shot.ts',
  timeout: 900_000,
  workers: 1,
});
