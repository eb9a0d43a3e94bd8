// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { roleMay } from './users';

describe('roleMay', () => {
  it("reads the server's matrix: editors the content, sales the leads, administrators everything", () => {
    const may = (role: Parameters<typeof roleMay>[0]) => (['content', 'leads', 'leadSettings', 'users'] as const).filter((p) => roleMay(role, p));
    expect(may('admin')).toEqual(['content', 'leads', 'leadSettings', 'users']);
    expect(may('editor')).toEqual(['content']);
    expect(may('sales')).toEqual(['leads']);
    expect(may(undefined)).toEqual([]);
  });
});
