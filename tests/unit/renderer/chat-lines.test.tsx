// @vitest-environment jsdom
// The chat's lines are plain elements styled by their list (docs/decisions.md, performance rule 28).
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@shared/api/messages.schema';
import { AppProviders, createQueryClient } from '@renderer/app/providers';
import { MessageList } from '@renderer/features/chat/message-list';
import { CHAT_BOOKING, chatMessage } from './support/chat-fixtures';
import { installMatchMedia } from './support/match-media';

installMatchMedia();
afterEach(cleanup);

const message = (index: number, overrides: Partial<ChatMessage> = {}) =>
  chatMessage({
    _id: `m${index}`,
    content: `Message ${index} : une question sur le programme.`,
    createdAt: '2026-11-23T10:00:00.000Z',
    ...overrides,
  });

/** Fifty lines: the organizer's own, the team's, a participant's, a deleted one, one hidden from guests. */
const fifty = Array.from({ length: 50 }, (_, index) =>
  index === 3
    ? message(index, { isOwn: true, status: 'deleted' })
    : index === 4
      ? message(index, { authorType: 'team', authorName: 'Équipe', hiddenFromGuests: true })
      : index % 3 === 0
        ? message(index, { isOwn: true, authorName: 'Camille Durand' })
        : index % 3 === 1
          ? message(index, { authorType: 'team', authorName: 'Équipe' })
          : message(index),
);

function renderLines() {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MessageList bookingId={CHAT_BOOKING} messages={fifty} onOpenImage={() => undefined} markHidden />
    </AppProviders>,
  );
  return screen.getAllByTestId('chat-message');
}

const bubbleOf = (line: HTMLElement) => line.querySelector('.chat-bubble')!;
/** Chakra writes `bg` as the `background` shorthand and this property, which jsdom resolves. */
const backgroundOf = (line: HTMLElement) => getComputedStyle(bubbleOf(line)).getPropertyValue('--bg-currentcolor');

describe('the chat’s lines', () => {
  it('carry no style of their own: the list styles all fifty with one class', () => {
    const lines = renderLines();
    expect(lines).toHaveLength(50);
    const list = lines[0]!.parentElement!;
    expect([...list.classList].filter((name) => name.startsWith('css-'))).toHaveLength(1);
    const styled = lines.flatMap((line) =>
      [line, ...line.querySelectorAll('*')].filter((node) =>
        [...node.classList].some((name) => name.startsWith('css-')),
      ),
    );
    expect(styled).toEqual([]);
  });

  it('show who wrote each line, its time, and « Supprimer » on one’s own lines only', () => {
    const lines = renderLines();
    expect(within(lines[0]!).getByTestId('message-author')).toHaveTextContent('Camille Durand (vous)');
    expect(within(lines[0]!).getByRole('button', { name: 'Supprimer' })).toHaveAttribute('type', 'button');
    expect(within(lines[1]!).getByTestId('message-author')).toHaveTextContent('Équipe');
    expect(within(lines[1]!).queryByRole('button', { name: 'Supprimer' })).not.toBeInTheDocument();
    expect(within(lines[2]!).getByTestId('message-author')).toHaveTextContent('Léa Martin');
    expect(lines[2]!.querySelector('time')).toHaveAttribute('datetime', '2026-11-23T10:00:00.000Z');
    expect(within(lines[3]!).getByText('Message supprimé')).toBeInTheDocument();
    expect(within(lines[3]!).queryByRole('button', { name: 'Supprimer' })).not.toBeInTheDocument();
    expect(within(lines[4]!).getByTestId('message-hidden-from-guest')).toHaveTextContent(
      'Caché pour l’invité d’honneur',
    );
  });

  it('take their colours and sides from the list: own on the right in blue, the team’s in green, deleted dashed', () => {
    const lines = renderLines();
    const [own, team, other, deleted] = lines;
    expect(getComputedStyle(own!).justifyContent).toBe('flex-end');
    expect(getComputedStyle(team!).justifyContent).toBe('flex-start');
    expect(backgroundOf(own!)).toBe('var(--chakra-colors-blue-subtle)');
    expect(backgroundOf(team!)).toBe('var(--chakra-colors-green-subtle)');
    expect(backgroundOf(other!)).toBe('var(--chakra-colors-bg-muted)');
    expect(getComputedStyle(bubbleOf(deleted!)).borderStyle).toBe('dashed');
    expect(backgroundOf(deleted!)).toBe('var(--chakra-colors-transparent)');
    expect(getComputedStyle(own!.querySelector('.chat-body')!).whiteSpace).toBe('pre-wrap');
    expect(getComputedStyle(team!.querySelector('.chat-author')!).color).toBe('var(--chakra-colors-brand-fg)');
  });
});
