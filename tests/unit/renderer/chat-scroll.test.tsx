// @vitest-environment jsdom
// SPEC.md §9: the discussion scrolls to its end 200 ms after new messages arrive.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@shared/api/messages.schema';
import { AppProviders, createQueryClient } from '@renderer/app/providers';
import { MessageList, type OlderMessages } from '@renderer/features/chat/message-list';
import { installMatchMedia } from './support/match-media';

installMatchMedia();

const BOOKING = 'b0000000-0000-4000-8000-000000000001';

function message(id: string, content: string): ChatMessage {
  return {
    _id: id,
    bookingId: BOOKING,
    authorType: 'client',
    authorId: 'c1',
    authorName: 'Léa Martin',
    content,
    status: 'active',
    deletedAt: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    attachments: [],
    isOwn: false,
    isRead: true,
  };
}

function list(messages: ChatMessage[], older?: OlderMessages) {
  return (
    <AppProviders queryClient={createQueryClient()}>
      <MessageList bookingId={BOOKING} messages={messages} onOpenImage={() => undefined} older={older} />
    </AppProviders>
  );
}

/** jsdom lays nothing out: the list says it is 900 px tall inside its 480 px box. */
function withHeight(node: HTMLElement, height: number) {
  Object.defineProperty(node, 'scrollHeight', { configurable: true, get: () => height });
  return node;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the discussion keeps its last message in view', () => {
  it('scrolls to the end 200 ms after the messages arrive, not before', () => {
    render(list([message('m1', 'Bonjour'), message('m2', 'Avez-vous des créneaux le samedi ?')]));
    const scroller = withHeight(screen.getByTestId('chat-messages'), 900);

    act(() => vi.advanceTimersByTime(199));
    expect(scroller.scrollTop).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(scroller.scrollTop).toBe(900);
  });

  it('scrolls again when a new message arrives', () => {
    const first = [message('m1', 'Bonjour')];
    const view = render(list(first));
    const scroller = withHeight(screen.getByTestId('chat-messages'), 400);
    act(() => vi.advanceTimersByTime(200));
    expect(scroller.scrollTop).toBe(400);

    view.rerender(list([...first, message('m2', 'Oui, à 14 h.')]));
    withHeight(scroller, 700);
    act(() => vi.advanceTimersByTime(100));
    expect(scroller.scrollTop).toBe(400);
    act(() => vi.advanceTimersByTime(100));
    expect(scroller.scrollTop).toBe(700);
  });

  it('keeps the lines on screen where they were when older messages come above them', () => {
    const latest = [message('m3', 'Et le dimanche ?'), message('m4', 'Oui, aussi.')];
    const load = vi.fn();
    const older = { hasMore: true, isLoading: false, load };
    const view = render(list(latest, older));
    const scroller = withHeight(screen.getByTestId('chat-messages'), 600);
    act(() => vi.advanceTimersByTime(200));
    expect(scroller.scrollTop).toBe(600);

    // The reader scrolls up to the top and asks for the older lines.
    scroller.scrollTop = 0;
    act(() => screen.getByRole('button', { name: 'Messages précédents' }).click());
    expect(load).toHaveBeenCalledTimes(1);
    withHeight(scroller, 1000);
    view.rerender(
      list([message('m1', 'Bonjour'), message('m2', 'Des créneaux ?'), ...latest], { ...older, hasMore: false }),
    );
    // 400 px more above: the line that was at the top stays at the top, no jump to the end.
    expect(scroller.scrollTop).toBe(400);
    act(() => vi.advanceTimersByTime(400));
    expect(scroller.scrollTop).toBe(400);
    expect(screen.queryByRole('button', { name: 'Messages précédents' })).toBeNull();
  });
});
