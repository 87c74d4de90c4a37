/**
 * The booking chat's limits and French texts, without the schemas of its calls
 * (api/messages.schema.ts re-exports them): the booking page's chat does not load zod with them
 * (docs/decisions.md, performance rule 24).
 */
import { MESSAGE_MAX_LENGTH } from './constants';

/** Limits of the booking chat (SPEC.md §5, §9). */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_MAX_FILES = 5;
export const ATTACHMENT_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type AttachmentMimeType = (typeof ATTACHMENT_MIME_TYPES)[number];

/** The French texts of the chat calls, spelled out once for the server, the renderer and the tests. */
/** The most messages one call marks as read: two of the chat's pages of 50 lines. */
export const CHAT_READ_MAX = 100;

export const MESSAGE_TEXTS = {
  guestCannotHide: 'Un invité d’honneur ne peut pas cacher un message',
  hiddenInvalid: 'Indiquez si le message est caché pour l’invité d’honneur',
  contentRequired: 'Le message ne peut pas être vide',
  contentTooLong: `Le message ne peut pas dépasser ${MESSAGE_MAX_LENGTH} caractères`,
  controlCharacters: 'Le message contient des caractères non autorisés',
  messageNotFound: 'Message non trouvé',
  onlyAuthorDeletes: 'Seul l’auteur d’un message peut le supprimer',
  alreadyDeleted: 'Ce message a déjà été supprimé',
  tooManyFiles: `Vous pouvez joindre au maximum ${ATTACHMENT_MAX_FILES} fichiers par message`,
  fileTooLarge: (name: string) => `Le fichier « ${name} » dépasse la taille maximale de 10 Mo`,
  fileType: (name: string) =>
    `Le fichier « ${name} » n’est pas accepté : seuls les images JPEG, PNG, WebP et les documents PDF le sont`,
  fileUnreadable: (name: string) => `Le fichier « ${name} » est illisible ou endommagé`,
  attachmentNotFound: 'Pièce jointe non trouvée',
  sent: 'Message envoyé',
  deleted: 'Message supprimé',
  read: 'Message marqué comme lu',
  readMany: 'Messages marqués comme lus',
  readIdsInvalid: `Indiquez de 1 à ${CHAT_READ_MAX} identifiants de messages valides`,
} as const;

/** Length as a person counts it: an emoji is one character, not two UTF-16 units. */
export function messageLength(value: string): number {
  return Array.from(value).length;
}
