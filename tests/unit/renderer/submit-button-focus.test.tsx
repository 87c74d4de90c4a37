// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SubmitButton } from '@renderer/shared/ui/submit-button';
import { installFocusFixup } from './support/focus-fixup';
import { renderRoute } from './support/render-route';

// A focused button that gets disabled loses the focus to the body, as in Chromium.
let removeFixup: () => void = () => undefined;
beforeEach(() => {
  removeFixup = installFocusFixup();
});

afterEach(() => {
  removeFixup();
  cleanup();
});

let finish: () => void = () => undefined;

function SavingForm() {
  const [saving, setSaving] = useState(false);
  // The call's end, for the test to decide when it comes.
  useEffect(() => {
    finish = () => setSaving(false);
  }, []);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setSaving(true);
      }}
    >
      <label>
        Nom
        <input name="nom" />
      </label>
      <SubmitButton icon={null} loading={saving}>
        Enregistrer
      </SubmitButton>
    </form>
  );
}

describe('SubmitButton: the focus through a call (WCAG 2.4.3)', () => {
  it('gives the focus back to the button once the call is over', async () => {
    const { user } = renderRoute({ element: <SavingForm /> });
    await user.click(screen.getByRole('textbox', { name: 'Nom' }));
    await user.tab();
    const button = screen.getByRole('button', { name: 'Enregistrer' });
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(document.body));
    act(() => finish());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enregistrer' })).toHaveFocus());
  });

  it('leaves the focus where the user put it meanwhile', async () => {
    const { user } = renderRoute({ element: <SavingForm /> });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(document.activeElement).toBe(document.body));
    const field = screen.getByRole('textbox', { name: 'Nom' });
    field.focus();
    act(() => finish());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(field).toHaveFocus();
  });
});
