import { z } from 'zod';
import { isCalendarDay } from './api/booking-request.schema';
import { hasControlCharacter } from './validation';

// IPC arguments arrive as the positional list given to ipcRenderer.invoke; each channel's list is
// parsed as a tuple so an extra or missing argument is refused too.

/** A session token is opaque to the desktop app; the bounds only stop abuse of the vault. */
export const tokenArg = z.string().min(1).max(4096);
export const tokenSetArgs = z.tuple([tokenArg]);
export const noArgs = z.tuple([]);

export const qrCodeUrlArg = z.url({ protocol: /^https?$/ }).max(2048);
export const qrCodeLabelArg = z.string().trim().min(1).max(200);
export const printQrCodeArgs = z.tuple([qrCodeUrlArg, qrCodeLabelArg]);

/**
 * A contract's file name (the last segment of a booking's `contractUrl`, decoded): one path
 * segment, never a way out of /api/v1/contracts/ ('..', a slash) nor a control character.
 */
export const contractFileArg = z
  .string()
  .min(1)
  .max(200)
  .refine((name) => name !== '.' && name !== '..' && !/[/\\\t\n\r]/.test(name) && !hasControlCharacter(name));
export const printContractArgs = z.tuple([contractFileArg]);

/** A calendar day 'yyyy-MM-dd' that exists (2027-02-30 is refused before any call to the server). */
export const calendarDayArg = z.string().refine((day) => isCalendarDay(day));
export const printDayPassesArgs = z.tuple([calendarDayArg]);

export type TokenSetArgs = z.infer<typeof tokenSetArgs>;
export type PrintQrCodeArgs = z.infer<typeof printQrCodeArgs>;
export type PrintContractArgs = z.infer<typeof printContractArgs>;
export type PrintDayPassesArgs = z.infer<typeof printDayPassesArgs>;
