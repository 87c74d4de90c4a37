import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import type { ChatMessage } from '@shared/api/messages.schema';
import { CHAT_READ_MAX } from '@shared/chat-texts';
import {
  chatKeys,
  customerChatApi,
  useChatAttachment,
  useChatMessages,
  useDeleteChatMessage,
  useSendChatMessage,
  type ChatApi,
} from '@renderer/shared/api/messages';

/**
 * The chat calls the components use: the customer's by default, the staff back-office's when
 * it wraps the panel in `<ChatApiContext.Provider value={createChatApi(staffClient, 'staff')}>`
 * or passes `api` to ChatPanel.
 */
export const ChatApiContext = createContext<ChatApi>(customerChatApi);

export function useChatApi(): ChatApi {
  return useContext(ChatApiContext);
}

/** The messages of a booking, polled every 30 seconds (SPEC.md §4, §9). */
export function useMessages(bookingId: string) {
  return useChatMessages(useChatApi(), bookingId);
}

/** Marks as read the messages of others this reader has not read yet, then refreshes the count. */
export function useMarkRead(bookingId: string, messages: ChatMessage[] | undefined) {
  const api = useChatApi();
  const queryClient = useQueryClient();
  const sent = useRef(new Set<string>());
  useEffect(() => {
    const unread = (messages ?? []).filter((m) => !m.isRead && m.status === 'active' && !sent.current.has(m._id));
    if (unread.length === 0) return;
    for (const message of unread) sent.current.add(message._id);
    const ids = unread.map((message) => message._id);
    const batches = Array.from({ length: Math.ceil(ids.length / CHAT_READ_MAX) }, (_, index) =>
      ids.slice(index * CHAT_READ_MAX, (index + 1) * CHAT_READ_MAX),
    );
    // One call per page on screen, not one per line: a chat opened on 25 unread lines sent 25 requests.
    void Promise.allSettled(batches.map((batch) => api.markManyRead(bookingId, batch))).then(() =>
      queryClient.invalidateQueries({ queryKey: chatKeys.unread(api.scope, bookingId) }),
    );
  }, [api, bookingId, messages, queryClient]);
}

export function useSendMessage(bookingId: string) {
  return useSendChatMessage(useChatApi(), bookingId);
}

export function useDeleteMessage(bookingId: string) {
  return useDeleteChatMessage(useChatApi(), bookingId);
}

/** An attachment as a blob: URL for as long as the component shows it. */
export function useAttachmentUrl(relativePath: string, enabled = true) {
  const query = useChatAttachment(useChatApi(), relativePath, enabled);
  const url = useObjectUrl(query.data);
  return { url, isError: query.isError, isPending: enabled && query.isPending };
}

function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return;
    const created = URL.createObjectURL(blob);
    // The URL must live exactly as long as this effect (revoked on cleanup, StrictMode included).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return blob ? url : undefined;
}
