/**
 * The assistant eval's stall gate (eval/stall.mjs): the median of the rounds' excesses of the
 * slowest answer while a site deploys over the slowest with nothing deploying.
 */
import { describe, expect, it } from 'vitest';
import { stallVerdict } from '../eval/stall.mjs';

const round = (max: number, idleMax: number) => ({ max, idleMax });

describe('stallVerdict', () => {
  it('fails a stall every round shows (the deployment holds answers up each time)', () => {
    const verdict = stallVerdict([round(450, 150), round(430, 160), round(470, 140)], 200);
    expect(verdict.excesses).toEqual([300, 270, 330]);
    expect(verdict.median).toBe(300);
    expect(verdict.ok).toBe(false);
  });

  it('fails a stall two rounds of three show', () => {
    expect(stallVerdict([round(120, 100), round(420, 100), round(400, 110)], 200)).toMatchObject({ median: 290, ok: false });
  });

  it('passes one round that met a hiccup of the machine (CI on c8bfda6: 514 ms during, 173 ms idle)', () => {
    expect(stallVerdict([round(514, 173), round(180, 150), round(170, 160)], 200)).toMatchObject({ excesses: [341, 30, 10], median: 30, ok: true });
  });

  it('holds the limit itself as a pass and one millisecond over it as a fail', () => {
    expect(stallVerdict([round(300, 100)], 200).ok).toBe(true);
    expect(stallVerdict([round(301, 100)], 200).ok).toBe(false);
  });

  it('takes the mean of the middle two of an even number of rounds', () => {
    expect(stallVerdict([round(100, 0), round(500, 0), round(200, 0), round(300, 0)], 200)).toMatchObject({ median: 250, ok: false });
    expect(stallVerdict([round(100, 0), round(150, 0), round(200, 0), round(300, 0)], 200)).toMatchObject({ median: 175, ok: true });
  });

  it('counts a round with no answer (NaN) as no pass, and refuses no round at all', () => {
    expect(stallVerdict([round(Number.NaN, 100)], 200).ok).toBe(false);
    expect(() => stallVerdict([], 200)).toThrow('no round');
  });
});
