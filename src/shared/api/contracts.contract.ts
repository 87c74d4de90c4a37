import { z } from 'zod';
import { defineCall } from './contract';

/**
 * The booking contract (SPEC.md §7 "Contracts"): a PDF rendered by the server from the booking,
 * for its members and the staff only (anyone else gets a 404). Shared by the renderer's download
 * and the desktop app's print (src/main/print.ts).
 */
export const contractCalls = {
  contract: defineCall({
    method: 'GET',
    path: '/api/v1/contracts/:filename',
    access: 'customer',
    params: z.object({ filename: z.string() }),
    binaryResponse: ['application/pdf'],
    summary: 'Le contrat PDF (membres de la réservation et équipe)',
  }),
} as const;

export { contractFileOf } from '../contract-file';
