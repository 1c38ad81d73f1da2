/** A long build step's progress (scripts/lib/progress.ts): a line every 10 s in a log, a live line on a terminal. */
import { describe, expect, test } from 'vitest';
import { formatDuration, LOG_EVERY_MS, progressLine, startProgress } from '../../scripts/lib/progress.ts';

describe('progressLine', () => {
  test('says done/total, the share, the rate and the time left', () => {
    expect(progressLine('photos', 1234, 10_000, 220_000)).toBe('1,234/10,000 photos (12%), 5.6/s, about 26 min 3 s left');
    expect(progressLine('photos', 10_000, 10_000, 1_800_000)).toBe('10,000/10,000 photos (100%), 5.6/s');
    expect(progressLine('photos', 0, 10, 0)).toBe('0/10 photos (0%), 0.0/s');
  });

  test('durations', () => {
    expect(formatDuration(42_400)).toBe('42 s');
    expect(formatDuration(200_000)).toBe('3 min 20 s');
    expect(formatDuration(3_723_000)).toBe('1 h 2 min');
  });
});

describe('startProgress', () => {
  test('in a log: one line every 10 s, never more often', () => {
    let now = 0;
    const lines: string[] = [];
    const progress = startProgress({ unit: 'photos', total: 10_000, log: (line) => lines.push(line), terminal: null, now: () => now });
    // One photo every 180 ms (5.6/s), for 60 s.
    for (let i = 0; i < 333; i++) {
      now += 180;
      progress.tick();
    }
    expect(lines.length).toBe(Math.floor((333 * 180) / LOG_EVERY_MS));
    expect(lines[0]).toMatch(/^56\/10,000 photos \(0%\), 5\.6\/s, about 29 min \d+ s left$/);
  });

  test('on a terminal: a live line redrawn in place, nothing in the log, cleared at the end', () => {
    let now = 0;
    const written: string[] = [];
    const lines: string[] = [];
    const terminal = { write: (text: string) => written.push(text), columns: 30 };
    const progress = startProgress({ unit: 'photos', total: 3, log: (line) => lines.push(line), terminal, now: () => now });
    now += 1000;
    progress.tick();
    now += 50;
    progress.tick(); // within the redraw interval: not drawn
    now += 50;
    progress.tick(); // the last: always drawn
    progress.clear();
    expect(lines).toEqual([]);
    expect(written).toEqual([
      // Cut to the terminal's width, never wrapped onto a second line.
      '\r\x1b[2K1/3 photos (33%), 1.0/s, abou',
      '\r\x1b[2K3/3 photos (100%), 2.7/s',
      '\r\x1b[2K',
    ]);
  });
});
