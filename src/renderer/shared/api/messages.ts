import type { AxiosInstance } from 'axios';
import type {
  ChatMessage,
  MessageListResponse,
  MessageResponse,
  UnreadCountResponse,
} from '@shared/api/messages.schema';
import { api, mediaUrl } from './client';

/**
 * The chat calls of SPEC.md §7 over one axios client. Customers use `customerChatApi` (their
 * token); the staff back-office builds its own with `createChatApi(staffClient, 'staff')`, so the
 * same chat components answer as 'Équipe'. `scope` keeps the two caches apart.
 */
export interface ChatApi {
  scope: string;
  list(bookingId: string): Promise<ChatMessage[]>;
  send(bookingId: string, content: string, files: File[]): Promise<ChatMessage>;
  markRead(messageId: string): Promise<void>;
  unreadCount(bookingId: string): Promise<number>;
  remove(messageId: string): Promise<void>;
  /** The bytes of an attachment, fetched with the bearer token (never put into a URL). */
  attachment(relativePath: string): Promise<Blob>;
}

const id = encodeURIComponent;

export function createChatApi(client: AxiosInstance, scope: string): ChatApi {
  return {
    scope,
    async list(bookingId) {
      const { data } = await client.get<MessageListResponse>(`/v1/messages/booking/${id(bookingId)}`, {
        params: { includeDeleted: true },
      });
      return data.data.messages;
    },
    async send(bookingId, content, files) {
      let body: FormData | { content: string } = { content };
      if (files.length > 0) {
        const form = new FormData();
        form.append('content', content);
        for (const file of files) form.append('attachments', file, file.name);
        body = form;
      }
      const { data } = await client.post<MessageResponse>(`/v1/messages/booking/${id(bookingId)}`, body);
      return data.data;
    },
    async markRead(messageId) {
      await client.put(`/v1/messages/${id(messageId)}/read`);
    },
    async unreadCount(bookingId) {
      const { data } = await client.get<UnreadCountResponse>(`/v1/messages/booking/${id(bookingId)}/unread-count`);
      return data.data.unreadCount;
    },
    async remove(messageId) {
      await client.delete(`/v1/messages/${id(messageId)}`);
    },
    async attachment(relativePath) {
      // Served beside /api, not under it: no baseURL, the URL is the API host's (or this page's) own.
      const { data } = await client.get<Blob>(mediaUrl(relativePath) ?? relativePath, {
        baseURL: '',
        responseType: 'blob',
      });
      return data;
    },
  };
}

export const customerChatApi = createChatApi(api, 'customer');

/** Query keys of the chat: everything about one booking's chat starts with `chatKeys.booking`. */
export const chatKeys = {
  booking: (scope: string, bookingId: string) => ['messages', scope, bookingId] as const,
  list: (scope: string, bookingId: string) => ['messages', scope, bookingId, 'list'] as const,
  unread: (scope: string, bookingId: string) => ['messages', scope, bookingId, 'unread-count'] as const,
};

/** Unread messages are looked at again as often as the chat polls (SPEC.md §9). */
export const CHAT_POLL_MS = 30_000;
