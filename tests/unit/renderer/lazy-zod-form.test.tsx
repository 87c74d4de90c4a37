// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useLazyZodForm } from '../../../src/renderer/shared/ui/form';
import { notify } from '../../../src/renderer/shared/ui/toaster';

const rules = z.object({ email: z.string().trim().min(1, 'Email requis') });

/** A schema loader that counts its calls, and fails its first `failures` calls as a lost chunk would. */
function loader(failures = 0) {
  const calls = { count: 0 };
  const load = async () => {
    calls.count += 1;
    if (calls.count <= failures) throw new Error('chunk introuvable');
    return rules;
  };
  return { calls, load };
}

describe('useLazyZodForm (the rules of /login and /register load at the first touch)', () => {
  it('loads nothing when the form renders, the rules at the first focus, once', async () => {
    const { calls, load } = loader();
    const { result, unmount } = renderHook(() => useLazyZodForm(load, { defaultValues: { email: '' } }));
    expect(calls.count).toBe(0);
    act(() => document.body.dispatchEvent(new Event('focusin', { bubbles: true })));
    expect(calls.count).toBe(1);
    let valid = true;
    await act(async () => {
      valid = await result.current.trigger();
    });
    expect(valid).toBe(false);
    expect(result.current.getFieldState('email').error?.message).toBe('Email requis');
    expect(calls.count).toBe(1);
    unmount();
  });

  it('checks with the rules even when asked before any touch, waiting for them', async () => {
    const { calls, load } = loader();
    const { result, unmount } = renderHook(() => useLazyZodForm(load, { defaultValues: { email: ' ' } }));
    let valid = true;
    await act(async () => {
      valid = await result.current.trigger();
    });
    expect(valid).toBe(false);
    expect(result.current.getFieldState('email').error?.message).toBe('Email requis');
    act(() => result.current.setValue('email', 'lea@example.fr'));
    await act(async () => {
      valid = await result.current.trigger();
    });
    expect(valid).toBe(true);
    expect(calls.count).toBe(1);
    unmount();
  });

  it("sends nothing when the rules cannot be loaded, says 'Problème de connexion réseau', keeps what was typed and tries again", async () => {
    const toast = vi.spyOn(notify, 'error');
    const { calls, load } = loader(1);
    const { result, unmount } = renderHook(() => useLazyZodForm(load, { defaultValues: { email: '' } }));
    act(() => result.current.setValue('email', 'lea@example.fr'));
    const sent = vi.fn();
    await act(async () => {
      await result.current.handleSubmit(sent)();
    });
    expect(sent).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith('Problème de connexion réseau');
    expect(result.current.getFieldState('root' as 'email').error?.message).toBe('Problème de connexion réseau');
    expect(result.current.getValues('email')).toBe('lea@example.fr');
    await act(async () => {
      await result.current.handleSubmit(sent)();
    });
    expect(sent).toHaveBeenCalledWith({ email: 'lea@example.fr' }, undefined);
    expect(calls.count).toBe(2);
    toast.mockRestore();
    unmount();
  });
});
