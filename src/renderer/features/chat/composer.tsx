import { Box, Button, CloseButton, Flex, HStack, Image, Stack, Text, Textarea } from '@chakra-ui/react';
import { EyeOff, FileText, Paperclip, Send } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  ATTACHMENT_MIME_TYPES,
  MESSAGE_TEXTS,
  messageLength,
} from '@shared/chat-texts';
import { MESSAGE_MAX_LENGTH, MESSAGE_WARNING_LENGTH } from '@shared/constants';
import { isBlank } from '@shared/validation';
import { serverMessage } from '@renderer/shared/api/error-message';
import { notify } from '@renderer/shared/ui/toaster';
import { formatSize } from './attachments';
import { useSendMessage } from './use-chat';

export const SEND_ERROR = "Erreur lors de l'envoi du message";
/** SPEC.md §9: the input grows with its text up to 120 px, then scrolls. */
export const COMPOSER_MAX_HEIGHT = 120;

/** Files the picker accepts: the server checks their content again. */
export function checkFiles(current: File[], added: File[]): { files: File[]; errors: string[] } {
  const errors: string[] = [];
  const files = [...current];
  for (const file of added) {
    if (!(ATTACHMENT_MIME_TYPES as readonly string[]).includes(file.type))
      errors.push(MESSAGE_TEXTS.fileType(file.name));
    else if (file.size > ATTACHMENT_MAX_BYTES) errors.push(MESSAGE_TEXTS.fileTooLarge(file.name));
    else if (files.length >= ATTACHMENT_MAX_FILES) {
      if (!errors.includes(MESSAGE_TEXTS.tooManyFiles)) errors.push(MESSAGE_TEXTS.tooManyFiles);
    } else files.push(file);
  }
  return { files, errors };
}

function FilePreview({ file, onRemove }: { file: File; onRemove: () => void }) {
  const [url, setUrl] = useState<string>();
  const isImage = file.type.startsWith('image/');
  useEffect(() => {
    if (!isImage) return;
    const created = URL.createObjectURL(file);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the preview URL lives as long as this effect
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file, isImage]);
  return (
    <HStack as="li" gap="2" borderWidth="1px" rounded="md" p="1" pe="0" bg="bg" maxW="full" data-testid="file-preview">
      {isImage && url ? (
        <Image src={url} alt="" w="10" h="10" objectFit="cover" rounded="sm" />
      ) : (
        <Box color="fg.muted" p="2">
          <FileText aria-hidden size={20} />
        </Box>
      )}
      <Stack gap="0" minW="0">
        <Text fontSize="sm" truncate maxW="40">
          {file.name}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {formatSize(file.size)}
        </Text>
      </Stack>
      <CloseButton size="sm" aria-label={`Retirer ${file.name}`} onClick={onRemove} />
    </HStack>
  );
}

/** The choice of a member of a surprise booking, and the mark of the lines it hides (docs/decisions.md, "Group shares"). */
export const HIDDEN_FROM_GUEST_TEXT = 'Caché pour l’invité d’honneur';

/**
 * The composer of SPEC.md §5: blank never sent, n/2000 counter, Enter sends, Shift+Enter adds a line.
 * With `canHide` (surprise mode, the writer not a guest of honour) a checkbox hides the line from the guests of honour.
 */
export function Composer({ bookingId, canHide = false }: { bookingId: string; canHide?: boolean }) {
  const [text, setText] = useState('');
  const [hidden, setHidden] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const area = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const send = useSendMessage(bookingId);
  const ids = { counter: useId(), hint: useId(), errors: useId() };

  const length = messageLength(text);
  const blank = isBlank(text);
  const tooLong = messageLength(text.trim()) > MESSAGE_MAX_LENGTH;
  const canSend = !blank && !tooLong && !send.isPending;

  useLayoutEffect(() => {
    const node = area.current;
    if (!node) return;
    node.style.height = 'auto';
    // Empty, the box keeps its one-line height: reading scrollHeight would lay the whole page out
    // in the task that mounts the chat (docs/decisions.md, performance rule 25).
    if (text === '') return;
    node.style.height = `${Math.min(node.scrollHeight, COMPOSER_MAX_HEIGHT)}px`;
  }, [text]);

  const submit = () => {
    if (!canSend) return;
    send.mutate(
      { content: text.trim(), files, hiddenFromGuests: canHide && hidden },
      {
        onSuccess: () => {
          setText('');
          setHidden(false);
          setFiles([]);
          setFileErrors([]);
        },
        onError: (error) => notify.error(SEND_ERROR, { description: serverMessage(error) }),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Stack
      as="form"
      gap="2"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      aria-label="Écrire un message"
    >
      <Textarea
        ref={area}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Votre message…"
        aria-label="Votre message"
        aria-describedby={`${ids.counter} ${ids.hint}`}
        aria-invalid={tooLong || undefined}
        rows={1}
        resize="none"
        minH="11"
        maxH={`${COMPOSER_MAX_HEIGHT}px`}
        overflowY="auto"
        bg="bg"
        data-testid="chat-input"
      />
      <Flex justify="space-between" gap="2" wrap="wrap" fontSize="xs" color="fg.muted">
        <Text id={ids.hint}>Entrée pour envoyer, Maj + Entrée pour aller à la ligne</Text>
        <Text
          id={ids.counter}
          color={length > MESSAGE_WARNING_LENGTH ? 'fg.error' : 'fg.muted'}
          fontWeight={length > MESSAGE_WARNING_LENGTH ? 'semibold' : 'normal'}
          data-testid="chat-counter"
        >
          {length}/{MESSAGE_MAX_LENGTH}
        </Text>
      </Flex>
      {canHide && (
        <HStack as="label" gap="2" fontSize="sm" cursor="pointer" minH="11" alignSelf="flex-start">
          <input
            type="checkbox"
            checked={hidden}
            onChange={(event) => setHidden(event.target.checked)}
            style={{ width: '1.25rem', height: '1.25rem' }}
            data-testid="chat-hide-from-guest"
          />
          <EyeOff aria-hidden size={16} />
          <span>{HIDDEN_FROM_GUEST_TEXT}</span>
        </HStack>
      )}
      {files.length > 0 && (
        <Flex as="ul" listStyleType="none" gap="2" wrap="wrap" aria-label="Fichiers à envoyer">
          {files.map((file, index) => (
            <FilePreview
              key={`${file.name}-${file.size}-${index}`}
              file={file}
              onRemove={() => setFiles((current) => current.filter((_, i) => i !== index))}
            />
          ))}
        </Flex>
      )}
      {fileErrors.length > 0 && (
        <Stack id={ids.errors} gap="0" role="alert" color="fg.error" fontSize="sm">
          {fileErrors.map((error) => (
            <Text key={error}>{error}</Text>
          ))}
        </Stack>
      )}
      <Flex gap="2" justify="space-between" align="center" wrap="wrap">
        <Box>
          <input
            ref={picker}
            type="file"
            multiple
            accept={ATTACHMENT_MIME_TYPES.join(',')}
            hidden
            data-testid="chat-file-input"
            onChange={(event) => {
              const result = checkFiles(files, Array.from(event.target.files ?? []));
              setFiles(result.files);
              setFileErrors(result.errors);
              event.target.value = '';
            }}
          />
          <Button
            variant="outline"
            size="md"
            onClick={() => picker.current?.click()}
            disabled={files.length >= ATTACHMENT_MAX_FILES}
          >
            <Paperclip aria-hidden />
            Joindre un fichier
          </Button>
          <Text fontSize="xs" color="fg.muted" mt="1">
            JPEG, PNG, WebP ou PDF · 10 Mo et {ATTACHMENT_MAX_FILES} fichiers au plus
          </Text>
        </Box>
        <Button
          type="submit"
          colorPalette="brand"
          size="md"
          disabled={!canSend}
          loading={send.isPending}
          loadingText="Envoi..."
        >
          <Send aria-hidden />
          Envoyer
        </Button>
      </Flex>
    </Stack>
  );
}
