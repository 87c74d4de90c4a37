import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import type { ChatMessage } from '@shared/api/messages.schema';
import { CHAT_PAGE_SIZE, type ChatApi } from '@renderer/shared/api/messages';
import { toaster } from '@renderer/shared/ui/toaster-store';
import { installMatchMedia } from './match-media';

/** The booking whose chat the tests show. */
export const CHAT_BOOKING = 'b0000000-0000-4000-8000-000000000001';
const HOUR = 60 * 60 * 1000;

/** A line of Léa Martin's, an hour old, read, seen by everyone. */
export function chatMessage(overrides: Partial<ChatMessage>): ChatMessage {
  return {
    _id: `m-${Math.random().toString(16).slice(2)}`,
    bookingId: CHAT_BOOKING,
    authorType: 'client',
    authorId: 'c1',
    authorName: 'Léa Martin',
    content: 'Bonjour',
    status: 'active',
    deletedAt: null,
    createdAt: new Date(Date.now() - HOUR).toISOString(),
    attachments: [],
    isOwn: false,
    isRead: true,
    hiddenFromGuests: false,
    ...overrides,
  };
}

/**
 * An in-memory ChatApi, as the staff page or the customer page would pass: it pages as the server
 * cuts them (the last CHAT_PAGE_SIZE lines, then those before the cursor) and keeps what is sent,
 * `hiddenFromGuests` included.
 */
export function fakeChatApi(initial: ChatMessage[], overrides: Partial<ChatApi> = {}): ChatApi {
  const messages = [...initial];
  return {
    scope: `chat-${Math.random()}`,
    list: vi.fn(async (_booking: string, cursor?: string) => {
      const end = cursor ? messages.findIndex((m) => m._id === cursor) : messages.length;
      const start = Math.max(0, end - CHAT_PAGE_SIZE);
      return { messages: messages.slice(start, end), nextCursor: start > 0 ? messages[start]!._id : null };
    }),
    send: vi.fn(async (_booking: string, content: string, _files: File[], hiddenFromGuests?: boolean) => {
      const sent = chatMessage({
        content,
        isOwn: true,
        createdAt: new Date().toISOString(),
        hiddenFromGuests: hiddenFromGuests === true,
      });
      messages.push(sent);
      return sent;
    }),
    markManyRead: vi.fn(async () => undefined),
    unreadCount: vi.fn(async () => 0),
    remove: vi.fn(async () => undefined),
    attachment: vi.fn(async () => new Blob(['x'], { type: 'image/png' })),
    ...overrides,
  };
}

/** The set-up of a chat panel test file: a `matchMedia` for Chakra, and after each test, unmount and drop the toasts. */
export function setUpChatTests(): void {
  installMatchMedia();
  afterEach(() => {
    cleanup();
    toaster.remove();
  });
}
