import type { Emulator } from '@ics/platform-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient } from '@ics/platform-client';
import { signedInClient, startEmulator } from './support.ts';

let emulator: Emulator;
let url: string;
let ada: PlatformClient;
let nia: PlatformClient;

beforeAll(async () => {
  ({ emulator, url } = await startEmulator());
  ({ client: ada } = await signedInClient(url, 'ada'));
  ({ client: nia } = await signedInClient(url, 'nia'));
});
afterAll(() => emulator.close());

describe('given schedules over real HTTP', () => {
  it('[PC-7.14] creates schedules and lists them by name with their next run', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const once = await ada.schedules.create({ name: 'Once', startTime: tomorrow });
    expect(once).toMatchObject({ interval: 'NONE', frequency: 1, nextRunTime: tomorrow });
    const start = '2020-01-01T06:00:00.000Z';
    const daily = await ada.schedules.create({
      name: 'Daily load',
      startTime: start,
      interval: 'DAILY',
      frequency: 2,
    });
    const next = new Date(daily.nextRunTime ?? '');
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(2 * 86_400_000);
    expect((next.getTime() - Date.parse(start)) % (2 * 86_400_000)).toBe(0);
    const ended = await ada.schedules.create({
      name: 'Past',
      startTime: start,
      interval: 'HOURLY',
      endTime: '2020-02-01T00:00:00.000Z',
    });
    expect(ended.nextRunTime).toBeNull();
    expect((await ada.schedules.list()).map((s) => s.name)).toEqual(['Daily load', 'Once', 'Past']);
    expect(await nia.schedules.list()).toEqual([]);
  });

  it('[PC-7.14] refuses a taken name (case-insensitively), a bad time and an end before the start', async () => {
    await ada.schedules.create({ name: 'Nightly', startTime: '2030-01-01T00:00:00Z' });
    await expect(
      ada.schedules.create({ name: 'NIGHTLY', startTime: '2030-01-01T00:00:00Z' }),
    ).rejects.toMatchObject({ status: 409 });
    await expect(
      ada.schedules.create({ name: 'Bad', startTime: 'tomorrow' }),
    ).rejects.toMatchObject({ status: 400, code: 'VALIDATION' });
    await expect(
      ada.schedules.create({
        name: 'Backwards',
        startTime: '2030-01-02T00:00:00Z',
        endTime: '2030-01-01T00:00:00Z',
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect((await ada.schedules.list()).map((s) => s.name)).not.toContain('Backwards');
  });

  it('[PC-3.1] answers schedules with their fields', async () => {
    const schedule = await nia.schedules.create({
      name: 'Shape',
      startTime: '2031-01-01T00:00:00Z',
    });
    expect(Object.keys(schedule).sort()).toEqual([
      'createdBy',
      'description',
      'endTime',
      'frequency',
      'id',
      'interval',
      'name',
      'nextRunTime',
      'startTime',
    ]);
  });
});
