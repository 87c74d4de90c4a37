import { Alert, Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import type { MessageAttachment } from '@shared/api/messages.schema';
import type { ChatApi } from '@renderer/shared/api/messages';
import { notify } from '@renderer/shared/ui/toaster';
import { ImageViewer } from './attachments';
import { Composer } from './composer';
import { MessageList, type ChatSide } from './message-list';
import { ChatApiContext, useMarkRead, useMessages } from './use-chat';

export const LOAD_ERROR = 'Erreur lors du chargement des messages';

function Conversation({ bookingId, side, canHide }: { bookingId: string; side: ChatSide; canHide: boolean }) {
  const messages = useMessages(bookingId);
  // The lines draw in a deferred render, in slices the browser can answer between, not in the task
  // that delivers the answer (docs/decisions.md, performance rule 22).
  const shown = useDeferredValue(messages.data);
  const [viewing, setViewing] = useState<MessageAttachment | null>(null);
  useMarkRead(bookingId, messages.data);

  useEffect(() => {
    // Queued: the toaster renders synchronously, which React refuses during a commit.
    if (messages.isError) queueMicrotask(() => notify.error(LOAD_ERROR, { id: `chat-load-error-${bookingId}` }));
  }, [messages.isError, bookingId]);

  return (
    <Stack gap="4">
      {messages.isPending || (messages.data && !shown) ? (
        <Center py="8" role="status">
          <Spinner size="md" aria-hidden />
          <Text ms="3" color="fg.muted">
            Chargement des messages…
          </Text>
        </Center>
      ) : messages.isError && !messages.data ? (
        <Alert.Root status="error" data-testid="chat-load-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{LOAD_ERROR}</Alert.Title>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => void messages.refetch()}>
            Réessayer
          </Button>
        </Alert.Root>
      ) : (
        <MessageList
          bookingId={bookingId}
          messages={shown ?? []}
          onOpenImage={setViewing}
          side={side}
          markHidden={canHide || side === 'team'}
          older={{
            hasMore: messages.hasNextPage,
            isLoading: messages.isFetchingNextPage,
            isError: messages.isFetchNextPageError,
            load: () => void messages.fetchNextPage(),
          }}
        />
      )}
      <Composer bookingId={bookingId} canHide={canHide} />
      <ImageViewer attachment={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}

/**
 * A booking's chat: messages (polled every 30 s), composer and image viewer. Customers use it
 * as is; the staff request page passes `api={createChatApi(staffClient, 'staff')}` so that the
 * same panel reads and answers with the staff token, as 'Équipe', and `side="team"` so that its
 * texts speak to the team. `canHide`: a member of a surprise booking may hide a line from the
 * guests of honour (docs/decisions.md, "Group shares").
 */
export function ChatPanel({
  bookingId,
  api,
  header,
  side = 'customer',
  canHide = false,
}: {
  bookingId: string;
  api?: ChatApi;
  header?: ReactNode;
  side?: ChatSide;
  canHide?: boolean;
}) {
  const panel = (
    <Stack gap="4" data-testid="chat-panel">
      {header}
      <Conversation bookingId={bookingId} side={side} canHide={canHide} />
    </Stack>
  );
  return api ? <ChatApiContext.Provider value={api}>{panel}</ChatApiContext.Provider> : panel;
}
