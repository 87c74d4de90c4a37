import { Box, Button, Center, CloseButton, Dialog, Flex, Image, Portal, Spinner, Text } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { FileText, ImageOff } from 'lucide-react';
import { useState } from 'react';
import type { MessageAttachment } from '@shared/api/messages.schema';
import { notify } from '@renderer/shared/ui/toaster';
import { useAttachmentUrl, useChatApi } from './use-chat';

export const IMAGE_LOAD_ERROR = "Impossible de charger l'image";

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} o`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} Ko`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} Mo`;
}

function ImageThumb({ attachment, onOpen }: { attachment: MessageAttachment; onOpen: () => void }) {
  const { url, isError, isPending } = useAttachmentUrl(attachment.relativePath);
  const [broken, setBroken] = useState(false);
  return (
    <Button
      variant="outline"
      p="0"
      w="24"
      h="24"
      overflow="hidden"
      onClick={onOpen}
      aria-label={`Agrandir l’image ${attachment.originalName}`}
      data-testid="attachment-thumbnail"
    >
      {isError || broken ? (
        <Center flexDirection="column" gap="1" color="fg.muted" px="1">
          <ImageOff aria-hidden size={20} />
          <Text fontSize="2xs" whiteSpace="normal" textAlign="center">
            {IMAGE_LOAD_ERROR}
          </Text>
        </Center>
      ) : isPending || !url ? (
        <Spinner size="sm" aria-hidden />
      ) : (
        <Image src={url} alt="" w="full" h="full" objectFit="cover" onError={() => setBroken(true)} />
      )}
    </Button>
  );
}

function DocumentLink({ attachment }: { attachment: MessageAttachment }) {
  const api = useChatApi();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const blob = await api.attachment(attachment.relativePath);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = attachment.originalName;
      link.rel = 'noopener';
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      notify.error('Impossible de télécharger le fichier');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" loading={busy} onClick={() => void download()} maxW="full">
      <FileText aria-hidden />
      <Text as="span" truncate>
        {attachment.originalName}
      </Text>
      <Text as="span" color="fg.muted" fontWeight="normal">
        ({formatSize(attachment.size)})
      </Text>
    </Button>
  );
}

/** A message's files: image thumbnails that open the viewer, PDFs to download. */
export function AttachmentList({
  attachments,
  onOpenImage,
}: {
  attachments: MessageAttachment[];
  onOpenImage: (attachment: MessageAttachment) => void;
}) {
  if (attachments.length === 0) return null;
  return (
    <Flex gap="2" wrap="wrap" mt="2" as="ul" listStyleType="none" aria-label="Pièces jointes">
      {attachments.map((attachment) => (
        <li key={attachment.relativePath}>
          {attachment.mimetype === 'application/pdf' ? (
            <DocumentLink attachment={attachment} />
          ) : (
            <ImageThumb attachment={attachment} onOpen={() => onOpenImage(attachment)} />
          )}
        </li>
      ))}
    </Flex>
  );
}

function ViewerImage({ attachment }: { attachment: MessageAttachment }) {
  const { url, isError, isPending } = useAttachmentUrl(attachment.relativePath);
  const [broken, setBroken] = useState(false);
  if (isError || broken) {
    return (
      <Center flexDirection="column" gap="3" py="12" color="fg.muted" role="alert">
        <ImageOff aria-hidden size={40} />
        <Text>{IMAGE_LOAD_ERROR}</Text>
      </Center>
    );
  }
  if (isPending || !url) {
    return (
      <Center py="12">
        <Spinner role="status" size="lg" aria-label="Chargement de l’image" />
      </Center>
    );
  }
  return (
    <Image
      src={url}
      alt={attachment.originalName}
      maxH="75vh"
      maxW="full"
      mx="auto"
      objectFit="contain"
      onError={() => setBroken(true)}
      data-testid="image-viewer-image"
    />
  );
}

/** The image viewer of SPEC.md §2: Escape or a click outside closes it. */
export function ImageViewer({ attachment, onClose }: { attachment: MessageAttachment | null; onClose: () => void }) {
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open={attachment !== null}
      onOpenChange={(event) => {
        if (!event.open) onClose();
      }}
      size="xl"
      placement="center"
      closeOnEscape
      closeOnInteractOutside
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content data-testid="image-viewer">
            <Dialog.Header pe="14">
              <Dialog.Title truncate>{attachment?.originalName ?? 'Image'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Box>{attachment && <ViewerImage attachment={attachment} />}</Box>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton aria-label="Fermer l’image" size="md" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
