import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The item `name` of the open menu, once the menu acts on a click. Ark's `Menu.Item` subscribes its
 * `onSelect` in an effect, a moment after the item is in the page; the menu takes the focus after its
 * items' effects have run. A click as soon as the item is found could come before that and select
 * nothing, so the item is handed over once the focus is in the menu.
 */
export async function readyMenuItem(name: string): Promise<HTMLElement> {
  const menu = await screen.findByRole('menu');
  await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
  return within(menu).getByRole('menuitem', { name });
}
