// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { weeklyProblems } from './availability';

describe('weeklyProblems', () => {
  it('accepts separate ranges of a day and a day that ends at midnight', () => {
    expect(
      weeklyProblems([
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '13:00', end: '17:00' },
        { weekday: 5, start: '18:00', end: '24:00' },
      ]),
    ).toEqual({});
  });
  it('names the day of a range that ends before it starts, of overlapping ranges, and of a time that is not one', () => {
    expect(weeklyProblems([{ weekday: 1, start: '17:00', end: '09:00' }])).toEqual({ 1: 'The working hours of Monday end before they start (17:00–09:00).' });
    expect(
      weeklyProblems([
        { weekday: 3, start: '12:00', end: '13:00' },
        { weekday: 3, start: '09:00', end: '17:00' },
      ]),
    ).toEqual({ 3: 'The working hours of Wednesday overlap: 09:00–17:00 and 12:00–13:00.' });
    expect(weeklyProblems([{ weekday: 0, start: '9am', end: '17:00' }])[0]).toMatch(/Sunday need times written HH:MM/);
  });
});
