import { z } from 'zod';

// IPC arguments arrive as the positional list given to ipcRenderer.invoke; each channel's list is
// parsed as a tuple so an extra or missing argument is refused too.

/** A session token is opaque to the desktop app; the bounds only stop abuse of the vault. */
export const tokenArg = z.string().min(1).max(4096);
export const tokenSetArgs = z.tuple([tokenArg]);
export const noArgs = z.tuple([]);

export const qrCodeUrlArg = z.url({ protocol: /^https?$/ }).max(2048);
export const qrCodeLabelArg = z.string().trim().min(1).max(200);
export const printQrCodeArgs = z.tuple([qrCodeUrlArg, qrCodeLabelArg]);

/** Booking ids are database uuids; `guid` accepts any 8-4-4-4-12 hex form the seed may use. */
export const bookingIdArg = z.guid();
export const printContractArgs = z.tuple([bookingIdArg]);

export type TokenSetArgs = z.infer<typeof tokenSetArgs>;
export type PrintQrCodeArgs = z.infer<typeof printQrCodeArgs>;
export type PrintContractArgs = z.infer<typeof printContractArgs>;
