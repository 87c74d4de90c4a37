import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import { messageCalls } from '@shared/api/messages.contract';
import type { ChatMessage } from '@shared/api/messages.schema';
import { apiHost } from '../desktop';
import { callApi } from './call-api';
import { api } from './client';
import { queryKeys } from './query-keys';

/**
 * The booking chat, one resource that the chat feature, the dashboard cards and the back-office
 * share: its fetchers (a `ChatApi`, bound to one client), their query options and their hooks.
 * The chat calls of SPEC.md §7 over one axios client. Customers use `customerChatApi` (their
 * token); the staff back-office builds its own with `createChatApi(staffClient, 'staff')`, so the
 * same chat components answer as 'Équipe'. `scope` keeps the two caches apart.
 */
/** One page of a chat, oldest first; `nextCursor` asks for the page before it (null: none). */
export interface ChatPage {
  messages: ChatMessage[];
  nextCursor: string | null;
}

/** The chat opens on its last page of this many lines; older ones load on demand (« Messages précédents »). */
export const CHAT_PAGE_SIZE = 50;

export interface ChatApi {
  scope: string;
  /** The last `CHAT_PAGE_SIZE` lines, or with `cursor` the ones before those. */
  list(bookingId: string, cursor?: string): Promise<ChatPage>;
  /** `hiddenFromGuests`: hidden from the booking's guests of honour (surprise mode). */
  send(bookingId: string, content: string, files: File[], hiddenFromGuests?: boolean): Promise<ChatMessage>;
  /** Up to `CHAT_READ_MAX` lines of the booking's chat, in one call. */
  markManyRead(bookingId: string, messageIds: string[]): Promise<void>;
  unreadCount(bookingId: string): Promise<number>;
  remove(messageId: string): Promise<void>;
  /** The bytes of an attachment, fetched with the bearer token (never put into a URL). */
  attachment(relativePath: string): Promise<Blob>;
}

/** 'attachments/<name>' (or '/uploads/attachments/<name>') → '<name>'. */
const attachmentName = (relativePath: string) => relativePath.replace(/^\/?(uploads\/)?attachments\//, '');

export function createChatApi(client: AxiosInstance, scope: string): ChatApi {
  return {
    scope,
    async list(bookingId, cursor) {
      const answer = await callApi(client, messageCalls.list, {
        params: { id: bookingId },
        query: { includeDeleted: 'true', limit: CHAT_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
      });
      return { messages: answer.data.messages, nextCursor: answer.data.nextCursor };
    },
    async send(bookingId, content, files, hiddenFromGuests = false) {
      // JSON without files, multipart with them (the definition has no body schema: either goes).
      let data: FormData | { content: string; hiddenFromGuests?: boolean } = hiddenFromGuests
        ? { content, hiddenFromGuests }
        : { content };
      if (files.length > 0) {
        const form = new FormData();
        form.append('content', content);
        if (hiddenFromGuests) form.append('hiddenFromGuests', 'true');
        for (const file of files) form.append('attachments', file, file.name);
        data = form;
      }
      return (await callApi(client, messageCalls.post, { params: { id: bookingId } }, { data })).data;
    },
    async markManyRead(bookingId, messageIds) {
      await callApi(client, messageCalls.markManyRead, { params: { id: bookingId }, body: { messageIds } });
    },
    async unreadCount(bookingId) {
      return (await callApi(client, messageCalls.unreadCount, { params: { id: bookingId } })).data.unreadCount;
    },
    async remove(messageId) {
      await callApi(client, messageCalls.remove, { params: { id: messageId } });
    },
    async attachment(relativePath) {
      // Served beside /api, not under it: the API host's own /uploads (or this page's).
      return callApi(
        client,
        messageCalls.attachment,
        { params: { name: attachmentName(relativePath) } },
        { baseURL: apiHost(), responseType: 'blob' },
      ) as Promise<Blob>;
    },
  };
}

export const customerChatApi = createChatApi(api, 'customer');

/** Query keys of the chat: everything about one booking's chat starts with `chatKeys.booking`. */
export const chatKeys = queryKeys.chat;

/** Unread messages are looked at again as often as the chat polls (SPEC.md §9). */
export const CHAT_POLL_MS = 30_000;

/**
 * The messages of a booking, polled every 30 seconds (SPEC.md §4, §9). The first page is the
 * last one of the chat; each next page is the one before it, by its cursor. A poll reads the
 * pages shown again from the newest, each after the fresh one's cursor: no line is skipped or
 * shown twice when new ones arrive (docs/decisions.md, performance rule 19).
 */
export const messagesQueryOptions = (chat: ChatApi, bookingId: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.list(chat.scope, bookingId),
    queryFn: ({ pageParam }) => chat.list(bookingId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    refetchInterval: CHAT_POLL_MS,
  });

/** The messages oldest first, and the older ones on demand (`fetchNextPage`, `hasNextPage`). */
export function useChatMessages(chat: ChatApi, bookingId: string) {
  return useInfiniteQuery({
    ...messagesQueryOptions(chat, bookingId),
    select: (data) => [...data.pages].reverse().flatMap((page) => page.messages),
  });
}

/** The number of messages of others this reader has not read, polled as the chat is. */
export const unreadCountQueryOptions = (chat: ChatApi, bookingId: string) =>
  queryOptions({
    queryKey: chatKeys.unread(chat.scope, bookingId),
    queryFn: () => chat.unreadCount(bookingId),
    refetchInterval: CHAT_POLL_MS,
    retry: false,
  });

export function useUnreadCount(chat: ChatApi, bookingId: string) {
  return useQuery(unreadCountQueryOptions(chat, bookingId));
}

/** An attachment's bytes, kept while shown (the blob: URL is made by the chat feature). */
export const attachmentQueryOptions = (chat: ChatApi, relativePath: string) =>
  queryOptions({
    queryKey: chatKeys.attachment(chat.scope, relativePath),
    queryFn: () => chat.attachment(relativePath),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: false,
  });

export function useChatAttachment(chat: ChatApi, relativePath: string, enabled: boolean) {
  return useQuery({ ...attachmentQueryOptions(chat, relativePath), enabled });
}

export function useSendChatMessage(chat: ChatApi, bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      content,
      files,
      hiddenFromGuests,
    }: {
      content: string;
      files: File[];
      hiddenFromGuests?: boolean;
    }) => (hiddenFromGuests ? chat.send(bookingId, content, files, true) : chat.send(bookingId, content, files)),
    // SPEC.md §4: the list is reloaded after each send.
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.booking(chat.scope, bookingId) }),
  });
}

export function useDeleteChatMessage(chat: ChatApi, bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => chat.remove(messageId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.booking(chat.scope, bookingId) }),
  });
}
