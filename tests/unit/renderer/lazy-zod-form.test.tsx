// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useLazyZodForm, useZodForm } from '@renderer/shared/ui/form';
import { notify } from '@renderer/shared/ui/toaster';

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

describe('useZodForm (the one form helper)', () => {
  it('gives the messages of a refused submit as `errors`, and clears them once the field is valid', async () => {
    // Read while rendering, as a form does: that subscribes the form to them.
    const { result, unmount } = renderHook(() => {
      const { errors, ...form } = useZodForm(rules, { defaultValues: { email: '' } });
      return { ...form, errors };
    });
    const sent = vi.fn();
    await act(async () => {
      await result.current.handleSubmit(sent)();
    });
    expect(sent).not.toHaveBeenCalled();
    expect(result.current.errors.email?.message).toBe('Email requis');
    await act(async () => {
      result.current.setValue('email', 'lea@example.fr', { shouldValidate: true });
    });
    expect(result.current.errors.email).toBeUndefined();
    unmount();
  });

  it('re-renders no form that leaves the errors to a child (useFormState) when they change', async () => {
    let renders = 0;
    const { result, unmount } = renderHook(() => {
      renders += 1;
      return useZodForm(rules, { defaultValues: { email: '' } });
    });
    const before = renders;
    await act(async () => {
      await result.current.handleSubmit(vi.fn())();
    });
    expect(renders).toBe(before);
    unmount();
  });
});
