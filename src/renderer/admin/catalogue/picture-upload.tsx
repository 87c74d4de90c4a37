import { Box, Button, Field, Flex, Image, Input, Stack, Text } from '@chakra-ui/react';
import { Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  PICTURE_MAX_BYTES,
  PICTURE_MIME_TYPES,
  STAFF_MESSAGES,
  type StaffCatalogueItem,
} from '@shared/api/staff.schema';
import { mediaUrl } from '@renderer/shared/api/media-url';
import { errorMessage } from '@renderer/shared/api/error-message';
import { notify } from '@renderer/shared/ui/toaster';
import { useUploadPicture, type CatalogueKind } from './api/staff-catalogue';

/**
 * A first check in the browser (type and size, with the server's messages) so the team sees the
 * problem before the upload; the server checks the content itself (a renamed file is refused).
 */
export function pictureProblem(file: File): string | null {
  if (!(PICTURE_MIME_TYPES as readonly string[]).includes(file.type)) return STAFF_MESSAGES.pictureType;
  if (file.size > PICTURE_MAX_BYTES) return STAFF_MESSAGES.pictureTooLarge;
  return null;
}

export function PictureUpload({ kind, item }: { kind: CatalogueKind; item: StaffCatalogueItem }) {
  const upload = useUploadPicture(kind, item._id);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The send button is disabled while sending, and again once its file is sent: the focus, which
  // it loses then, goes to the file field, where the next picture or the error message is.
  const fileInputRef = useRef<HTMLInputElement>(null);

  // The preview's object URL is released when replaced or when the editor closes.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setPreview(chosen ? URL.createObjectURL(chosen) : null);
  };

  const current = mediaUrl(item.image);
  const send = async () => {
    if (!file) return setProblem(STAFF_MESSAGES.pictureMissing);
    try {
      const { message } = await upload.mutateAsync(file);
      notify.success(message ?? STAFF_MESSAGES.pictureSaved);
      choose(null);
    } catch (error) {
      setProblem(errorMessage(error));
    }
    fileInputRef.current?.focus();
  };

  return (
    <Stack gap="3" as="fieldset">
      <Text as="legend" fontWeight="semibold" mb="2">
        Image
      </Text>
      <Flex gap="3" wrap="wrap">
        {current && (
          <Box>
            <Text fontSize="xs" color="fg.muted">
              Image actuelle
            </Text>
            <Image src={current} alt={`Image actuelle de ${item.name}`} maxH="24" rounded="md" />
          </Box>
        )}
        {preview && (
          <Box>
            <Text fontSize="xs" color="fg.muted">
              Aperçu
            </Text>
            <Image
              src={preview}
              alt="Aperçu de la nouvelle image"
              maxH="24"
              rounded="md"
              data-testid="picture-preview"
            />
          </Box>
        )}
      </Flex>
      <Field.Root invalid={Boolean(problem)}>
        <Field.Label>Nouvelle image (JPEG, PNG ou WebP, 5 Mo maximum)</Field.Label>
        <Input
          ref={fileInputRef}
          type="file"
          accept={PICTURE_MIME_TYPES.join(',')}
          p="1"
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0] ?? null;
            const issue = chosen ? pictureProblem(chosen) : null;
            setProblem(issue);
            choose(issue ? null : chosen);
          }}
        />
        {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
      </Field.Root>
      <Button
        size="sm"
        variant="outline"
        alignSelf="flex-start"
        onClick={() => void send()}
        loading={upload.isPending}
        disabled={!file}
      >
        <Upload aria-hidden />
        Envoyer l’image
      </Button>
    </Stack>
  );
}
