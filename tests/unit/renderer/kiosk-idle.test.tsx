import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createIdleTimer,
  KIOSK_IDLE_MS,
  KIOSK_WARNING_MS,
  secondsLeft,
  type IdleTimerOptions,
} from '@renderer/shared/kiosk-idle';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(overrides: Partial<IdleTimerOptions> = {}) {
  const calls = {
    onWarning: vi.fn<(deadline: number) => void>(),
    onWarningCancelled: vi.fn(),
    onReset: vi.fn<() => void | Promise<void>>(),
  };
  const timer = createIdleTimer({ ...calls, ...overrides });
  timer.start();
  return { timer, ...calls };
}

describe('kiosk idle timer (DESIGN.md §6: 3 minutes, 20-second warning)', () => {
  it('uses 3 minutes and 20 seconds by default', () => {
    expect(KIOSK_IDLE_MS).toBe(180_000);
    expect(KIOSK_WARNING_MS).toBe(20_000);
  });

  it('warns 20 seconds before the 3 minutes, then resets exactly once', async () => {
    const { timer, onWarning, onReset } = setup();
    const start = Date.now();

    vi.advanceTimersByTime(KIOSK_IDLE_MS - KIOSK_WARNING_MS - 1);
    expect(onWarning).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarning).toHaveBeenCalledTimes(1);
    expect(onWarning).toHaveBeenCalledWith(start + KIOSK_IDLE_MS);
    expect(timer.phase()).toBe('warning');

    vi.advanceTimersByTime(KIOSK_WARNING_MS - 1);
    expect(onReset).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onReset).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(timer.phase()).toBe('active');
  });

  it('cancels the warning on any input and waits a full period again', () => {
    const { timer, onWarning, onWarningCancelled, onReset } = setup();
    vi.advanceTimersByTime(KIOSK_IDLE_MS - 5_000);
    expect(timer.phase()).toBe('warning');

    timer.activity();
    expect(onWarningCancelled).toHaveBeenCalledTimes(1);
    expect(timer.phase()).toBe('active');

    vi.advanceTimersByTime(KIOSK_IDLE_MS - KIOSK_WARNING_MS - 1);
    expect(onWarning).toHaveBeenCalledTimes(1);
    expect(onReset).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarning).toHaveBeenCalledTimes(2);
  });

  it('counts from the last input, however many inputs there were', () => {
    const { timer, onWarning } = setup();
    for (let second = 0; second < 600; second += 1) {
      vi.advanceTimersByTime(1000);
      timer.activity();
    }
    expect(onWarning).not.toHaveBeenCalled();
    // No timer per input: a pointer move must not re-arm anything.
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(KIOSK_IDLE_MS - KIOSK_WARNING_MS);
    expect(onWarning).toHaveBeenCalledTimes(1);
  });

  it('resets once even when inputs arrive while the reset runs', async () => {
    let finish: () => void = () => undefined;
    const onReset = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { timer, onWarningCancelled } = setup({ onReset });
    vi.advanceTimersByTime(KIOSK_IDLE_MS);
    expect(timer.phase()).toBe('resetting');
    timer.activity();
    timer.activity();
    expect(onWarningCancelled).not.toHaveBeenCalled();
    vi.advanceTimersByTime(KIOSK_IDLE_MS);
    expect(onReset).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(timer.phase()).toBe('active');
  });

  it('survives a failing reset and keeps watching', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onReset = vi.fn(() => Promise.reject(new Error('réseau')));
    const { timer } = setup({ onReset });
    vi.advanceTimersByTime(KIOSK_IDLE_MS);
    await vi.advanceTimersByTimeAsync(0);
    expect(timer.phase()).toBe('active');
    expect(error).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(KIOSK_IDLE_MS);
    expect(onReset).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });

  it('stays quiet when there is nothing to reset (home page, no session)', () => {
    let dirty = false;
    const { onWarning } = setup({ hasSomethingToReset: () => dirty });
    vi.advanceTimersByTime(KIOSK_IDLE_MS * 5);
    expect(onWarning).not.toHaveBeenCalled();
    dirty = true;
    vi.advanceTimersByTime(KIOSK_IDLE_MS - KIOSK_WARNING_MS);
    expect(onWarning).toHaveBeenCalledTimes(1);
  });

  it('does nothing once stopped', () => {
    const { timer, onWarning, onReset } = setup();
    vi.advanceTimersByTime(KIOSK_IDLE_MS - 1000);
    timer.stop();
    timer.activity();
    vi.advanceTimersByTime(KIOSK_IDLE_MS * 3);
    expect(onWarning).toHaveBeenCalledTimes(1);
    expect(onReset).not.toHaveBeenCalled();
    expect(timer.phase()).toBe('stopped');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('counts the seconds left down from 20 to 1', () => {
    expect(secondsLeft(20_000, 0)).toBe(20);
    expect(secondsLeft(20_000, 100)).toBe(20);
    expect(secondsLeft(20_000, 19_001)).toBe(1);
    expect(secondsLeft(20_000, 20_000)).toBe(0);
    expect(secondsLeft(20_000, 25_000)).toBe(0);
  });
});
