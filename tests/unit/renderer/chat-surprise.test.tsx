// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@shared/api/messages.schema';
import { ChatPanel } from '@renderer/features/chat/chat-panel';
import type { ChatApi } from '@renderer/shared/api/messages';
import { toaster } from '@renderer/shared/ui/toaster-store';
import { installMatchMedia } from './support/match-media';
import { renderRoute } from './support/render-route';

installMatchMedia();

const BOOKING = 'b0000000-0000-4000-8000-000000000002';
const HIDE = 'Caché pour l’invité d’honneur';

function message(overrides: Partial<ChatMessage>): ChatMessage {
  return {
    _id: `m-${Math.random().toString(16).slice(2)}`,
    bookingId: BOOKING,
    authorType: 'client',
    authorId: 'c1',
    authorName: 'Léa Martin',
    content: 'Bonjour',
    status: 'active',
    deletedAt: null,
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    attachments: [],
    isOwn: false,
    isRead: true,
    hiddenFromGuests: false,
    ...overrides,
  };
}

/** An in-memory ChatApi that keeps what is sent, `hiddenFromGuests` included. */
function fakeApi(initial: ChatMessage[]) {
  const messages = [...initial];
  const api: ChatApi = {
    scope: `surprise-${Math.random()}`,
    list: vi.fn(async () => ({ messages: [...messages], nextCursor: null })),
    send: vi.fn(async (_booking: string, content: string, _files: File[], hiddenFromGuests?: boolean) => {
      const sent = message({ content, isOwn: true, hiddenFromGuests: hiddenFromGuests === true });
      messages.push(sent);
      return sent;
    }),
    markRead: vi.fn(async () => undefined),
    unreadCount: vi.fn(async () => 0),
    remove: vi.fn(async () => undefined),
    attachment: vi.fn(async () => new Blob(['x'], { type: 'image/png' })),
  };
  return api;
}

function lineOf(text: string) {
  return screen.getAllByTestId('chat-message').find((line) => line.textContent?.includes(text))!;
}

afterEach(() => {
  cleanup();
  toaster.remove();
});

describe('hiding a line from the guest of honour (docs/decisions.md, "Group shares")', () => {
  it('lets a member of a surprise booking hide the line they send, and marks the hidden lines', async () => {
    const user = userEvent.setup();
    const api = fakeApi([
      message({ content: 'Paintball à 14 h', hiddenFromGuests: true }),
      message({ content: 'Pensez à vos baskets !' }),
    ]);
    renderRoute({ element: <ChatPanel bookingId={BOOKING} api={api} canHide /> });

    await screen.findByText('Paintball à 14 h');
    expect(within(lineOf('Paintball à 14 h')).getByText(HIDE)).toBeTruthy();
    expect(within(lineOf('Pensez à vos baskets !')).queryByText(HIDE)).toBeNull();

    const box = screen.getByRole('checkbox', { name: HIDE });
    expect((box as HTMLInputElement).checked).toBe(false);
    await user.click(box);
    await user.type(screen.getByRole('textbox', { name: 'Votre message' }), 'Le karting est réservé');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));

    await waitFor(() => expect(api.send).toHaveBeenCalledWith(BOOKING, 'Le karting est réservé', [], true));
    await screen.findByText('Le karting est réservé');
    expect(within(lineOf('Le karting est réservé')).getByText(HIDE)).toBeTruthy();
    // The choice is for one line: the next one is seen by everyone unless hidden again.
    await waitFor(() => expect((screen.getByRole('checkbox', { name: HIDE }) as HTMLInputElement).checked).toBe(false));
    await user.type(screen.getByRole('textbox', { name: 'Votre message' }), 'À samedi !');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.send).toHaveBeenLastCalledWith(BOOKING, 'À samedi !', []));
  });

  it('offers nothing and marks nothing without surprise mode or to a guest of honour', async () => {
    const user = userEvent.setup();
    const api = fakeApi([message({ content: 'Ancienne ligne cachée', hiddenFromGuests: true })]);
    renderRoute({ element: <ChatPanel bookingId={BOOKING} api={api} /> });

    await screen.findByText('Ancienne ligne cachée');
    expect(screen.queryByRole('checkbox', { name: HIDE })).toBeNull();
    expect(screen.queryByText(HIDE)).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Votre message' }), 'Bonjour');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(api.send).toHaveBeenCalledWith(BOOKING, 'Bonjour', []));
  });
});
