// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ChatPanel } from '@renderer/features/chat/chat-panel';
import { CHAT_BOOKING, chatMessage, fakeChatApi, setUpChatTests } from './support/chat-fixtures';
import { renderRoute } from './support/render-route';

setUpChatTests();

const HIDE = 'Caché pour l’invité d’honneur';

function lineOf(text: string) {
  return screen.getAllByTestId('chat-message').find((line) => line.textContent?.includes(text))!;
}

describe('hiding a line from the guest of honour (docs/decisions.md, "Group shares")', () => {
  it('lets a member of a surprise booking hide the line they send, and marks the hidden lines', async () => {
    const user = userEvent.setup();
    const api = fakeChatApi([
      chatMessage({ content: 'Paintball à 14 h', hiddenFromGuests: true }),
      chatMessage({ content: 'Pensez à vos baskets !' }),
    ]);
    renderRoute({ element: <ChatPanel bookingId={CHAT_BOOKING} api={api} canHide /> });

    await screen.findByText('Paintball à 14 h');
    expect(within(lineOf('Paintball à 14 h')).getByText(HIDE)).toBeTruthy();
    expect(within(lineOf('Pensez à vos baskets !')).queryByText(HIDE)).toBeNull();

    const box = screen.getByRole('checkbox', { name: HIDE });
    expect((box as HTMLInputElement).checked).toBe(false);
    await user.click(box);
    await user.type(screen.getByRole('textbox', { name: 'Votre message' }), 'Le karting est réservé');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));

    await waitFor(() => expect(api.send).toHaveBeenCalledWith(CHAT_BOOKING, 'Le karting est réservé', [], true));
    await screen.findByText('Le karting est réservé');
    expect(within(lineOf('Le karting est réservé')).getByText(HIDE)).toBeTruthy();
    // The choice is for one line: the next one is seen by everyone unless hidden again.
    await waitFor(() => expect((screen.getByRole('checkbox', { name: HIDE }) as HTMLInputElement).checked).toBe(false));
    await user.type(screen.getByRole('textbox', { name: 'Votre message' }), 'À samedi !');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.send).toHaveBeenLastCalledWith(CHAT_BOOKING, 'À samedi !', []));
  });

  it('offers nothing and marks nothing without surprise mode or to a guest of honour', async () => {
    const user = userEvent.setup();
    const api = fakeChatApi([chatMessage({ content: 'Ancienne ligne cachée', hiddenFromGuests: true })]);
    renderRoute({ element: <ChatPanel bookingId={CHAT_BOOKING} api={api} /> });

    await screen.findByText('Ancienne ligne cachée');
    expect(screen.queryByRole('checkbox', { name: HIDE })).toBeNull();
    expect(screen.queryByText(HIDE)).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Votre message' }), 'Bonjour');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(api.send).toHaveBeenCalledWith(CHAT_BOOKING, 'Bonjour', []));
  });
});
