// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChatPanel } from '@renderer/features/chat/chat-panel';
import { checkFiles } from '@renderer/features/chat/composer';
import type { ChatApi } from '@renderer/shared/api/messages';
import { formatMessageTime } from '@renderer/shared/format/format';
import { CHAT_BOOKING, chatMessage, fakeChatApi, setUpChatTests } from './support/chat-fixtures';
import { renderRoute } from './support/render-route';

setUpChatTests();

const HOUR = 60 * 60 * 1000;

function renderPanel(api: ChatApi, side?: 'customer' | 'team') {
  const user = userEvent.setup();
  renderRoute({ element: <ChatPanel bookingId={CHAT_BOOKING} api={api} side={side} /> });
  return { user };
}

describe('the message list', () => {
  it('opens on the last 50 messages and loads older ones on « Messages précédents », up to the first', async () => {
    const history = Array.from({ length: 120 }, (_, i) =>
      chatMessage({
        _id: `m-${String(i).padStart(3, '0')}`,
        content: `Ligne ${i + 1}`,
        createdAt: new Date(Date.now() - (120 - i) * HOUR).toISOString(),
      }),
    );
    const api = fakeChatApi(history);
    const { user } = renderPanel(api);

    expect(await screen.findByText('Ligne 120')).toBeInTheDocument();
    expect(screen.getAllByTestId('chat-message')).toHaveLength(50);
    expect(screen.getByText('Ligne 71')).toBeInTheDocument();
    expect(screen.queryByText('Ligne 70')).toBeNull();
    expect(api.list).toHaveBeenLastCalledWith(CHAT_BOOKING, undefined);

    await user.click(screen.getByRole('button', { name: 'Messages précédents' }));
    expect(await screen.findByText('Ligne 21')).toBeInTheDocument();
    expect(api.list).toHaveBeenLastCalledWith(CHAT_BOOKING, 'm-070');
    expect(screen.getAllByTestId('chat-message')).toHaveLength(100);

    await user.click(screen.getByRole('button', { name: 'Messages précédents' }));
    expect(await screen.findByText('Ligne 1')).toBeInTheDocument();
    const lines = screen.getAllByTestId('message-content').map((node) => node.textContent);
    expect(lines).toEqual(history.map((m) => m.content));
    // The first line is there: nothing older to ask for.
    expect(screen.queryByRole('button', { name: 'Messages précédents' })).toBeNull();
  });

  it('shows authors, the team as Équipe, times per SPEC §9 and deleted lines; marks unread ones read', async () => {
    const old = new Date(Date.now() - 3 * 24 * HOUR).toISOString();
    const team = chatMessage({
      authorType: 'team',
      authorId: null,
      authorName: 'Équipe',
      content: 'Réponse du parc',
      isRead: false,
    });
    const api = fakeChatApi([
      chatMessage({ content: 'Première question', createdAt: old }),
      team,
      chatMessage({ content: '', status: 'deleted', deletedAt: new Date().toISOString() }),
    ]);
    renderPanel(api);
    const items = await screen.findAllByTestId('chat-message');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByTestId('message-author')).toHaveTextContent('Léa Martin');
    expect(within(items[0]!).getByText(formatMessageTime(old))).toBeInTheDocument();
    expect(formatMessageTime(old)).toMatch(/^\d{1,2} \S+ \d{2}:\d{2}$/);
    expect(within(items[1]!).getByTestId('message-author')).toHaveTextContent('Équipe');
    expect(within(items[1]!).getByText(/^\d{2}:\d{2}$/)).toBeInTheDocument();
    expect(within(items[2]!).getByText('Message supprimé')).toBeInTheDocument();
    await waitFor(() => expect(api.markManyRead).toHaveBeenCalledWith(CHAT_BOOKING, [team._id]));
    expect(api.markManyRead).toHaveBeenCalledTimes(1);
  });

  it('reloads the messages every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = fakeChatApi([chatMessage({ content: 'Bonjour' })]);
      renderPanel(api);
      await screen.findByText('Bonjour');
      expect(api.list).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(29_000);
      expect(api.list).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1_500);
      await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it('invites a customer with no message yet to ask the park team', async () => {
    renderPanel(fakeChatApi([]));
    expect(await screen.findByTestId('chat-empty')).toHaveTextContent(
      'Aucun message pour le moment. Posez votre question : toute l’équipe du parc la verra.',
    );
  });

  it('tells the team, not a customer, who will read its first message (the organizer and the joined participants)', async () => {
    renderPanel(fakeChatApi([]), 'team');
    const empty = await screen.findByTestId('chat-empty');
    expect(empty).toHaveTextContent(
      'Aucun message pour le moment. Écrivez au client : l’organisateur et les participants qui ont rejoint la réservation verront votre réponse.',
    );
    expect(empty).not.toHaveTextContent('Posez votre question');
  });

  it('says so when the messages cannot be loaded', async () => {
    renderPanel(fakeChatApi([], { list: vi.fn(async () => Promise.reject(new Error('réseau'))) }));
    expect(await screen.findByTestId('chat-load-error', {}, { timeout: 8000 })).toHaveTextContent(
      'Erreur lors du chargement des messages',
    );
  });
});

describe('the composer', () => {
  it('cannot send a blank message, counts n/2000 and turns red above 1800', async () => {
    const api = fakeChatApi([]);
    const { user } = renderPanel(api);
    const input = await screen.findByRole('textbox', { name: 'Votre message' });
    const send = screen.getByRole('button', { name: 'Envoyer' });
    expect(send).toBeDisabled();
    await user.type(input, '   ');
    expect(send).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(api.send).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: 'a'.repeat(1800) } });
    const counter = screen.getByTestId('chat-counter');
    expect(counter).toHaveTextContent('1800/2000');
    const normal = getComputedStyle(counter).color;
    fireEvent.change(input, { target: { value: 'a'.repeat(1801) } });
    expect(counter).toHaveTextContent('1801/2000');
    expect(getComputedStyle(counter).color).not.toBe(normal);
    fireEvent.change(input, { target: { value: 'a'.repeat(2001) } });
    expect(send).toBeDisabled();
  });

  it('sends with Enter, adds a line with Shift+Enter, then reloads the list', async () => {
    const api = fakeChatApi([]);
    const { user } = renderPanel(api);
    const input = await screen.findByRole('textbox', { name: 'Votre message' });
    await user.type(input, 'Ligne 1{Shift>}{Enter}{/Shift}Ligne 2');
    expect(input).toHaveValue('Ligne 1\nLigne 2');
    expect(api.send).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.send).toHaveBeenCalledWith(CHAT_BOOKING, 'Ligne 1\nLigne 2', []));
    await waitFor(() => expect(input).toHaveValue(''));
    expect(await screen.findByText(/Ligne 1/)).toBeInTheDocument();
    expect(vi.mocked(api.list).mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps the text and shows the French error when sending fails', async () => {
    const api = fakeChatApi([], { send: vi.fn(async () => Promise.reject(new Error('boom'))) });
    const { user } = renderPanel(api);
    const input = await screen.findByRole('textbox', { name: 'Votre message' });
    await user.type(input, 'Bonjour{Enter}');
    expect(await screen.findByText("Erreur lors de l'envoi du message")).toBeInTheDocument();
    expect(input).toHaveValue('Bonjour');
  });

  it('checks picked files: types, 10 MB and 5 files', () => {
    const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
    const big = file('gros.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1);
    const result = checkFiles(
      [],
      [file('a.svg', 'image/svg+xml'), big, ...Array.from({ length: 6 }, (_, i) => file(`p${i}.png`, 'image/png'))],
    );
    expect(result.files.map((f) => f.name)).toEqual(['p0.png', 'p1.png', 'p2.png', 'p3.png', 'p4.png']);
    expect(result.errors).toEqual([
      'Le fichier « a.svg » n’est pas accepté : seuls les images JPEG, PNG, WebP et les documents PDF le sont',
      'Le fichier « gros.jpg » dépasse la taille maximale de 10 Mo',
      'Vous pouvez joindre au maximum 5 fichiers par message',
    ]);
  });
});

describe('the image viewer', () => {
  const withImage = (api?: Partial<ChatApi>) =>
    fakeChatApi(
      [
        chatMessage({
          content: 'La photo',
          attachments: [
            { originalName: 'groupe.png', relativePath: 'attachments/x.png', mimetype: 'image/png', size: 2048 },
          ],
        }),
      ],
      api,
    );

  it('opens on a thumbnail and closes with Escape', async () => {
    const { user } = renderPanel(withImage());
    await user.click(await screen.findByRole('button', { name: 'Agrandir l’image groupe.png' }));
    const viewer = await screen.findByRole('dialog');
    expect(within(viewer).getByText('groupe.png')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says Impossible de charger l’image when the file cannot be fetched', async () => {
    const { user } = renderPanel(withImage({ attachment: vi.fn(async () => Promise.reject(new Error('404'))) }));
    await user.click(await screen.findByRole('button', { name: 'Agrandir l’image groupe.png' }));
    const viewer = await screen.findByRole('dialog');
    expect(await within(viewer).findByText("Impossible de charger l'image")).toBeInTheDocument();
  });
});
