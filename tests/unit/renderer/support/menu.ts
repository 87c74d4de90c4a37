import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The item `name` of the open menu, once the menu acts on a click. Ark's `Menu.Item` subscribes its
 * `onSelect` in an effect, a moment after the item is in the page; the menu takes the focus after its
 * items' effects have run. A click as soon as the item is found could come before that and select
 * nothing, so the item is handed over once the focus is in the menu. A menu whose code loads at its
 * first opening (the share menu) is given the time a busy test worker takes to import it.
 */
export async function readyMenuItem(name: string): Promise<HTMLElement> {
  const menu = await screen.findByRole('menu', {}, { timeout: 10_000 });
  await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
  return within(menu).getByRole('menuitem', { name });
}
