// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenFirstTouched } from '@renderer/shared/ui/first-touch';

describe('whenFirstTouched (the wizard loads its next steps at the first touch)', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it.each(['pointerdown', 'keydown', 'focusin'])('runs once, at the first %s, and not before', (type) => {
    const load = vi.fn();
    stop = whenFirstTouched(load);
    expect(load).not.toHaveBeenCalled();
    document.body.dispatchEvent(new Event(type, { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never runs once cleaned up (the page left before any touch)', () => {
    const load = vi.fn();
    whenFirstTouched(load)();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(load).not.toHaveBeenCalled();
  });
});
