import type { IpcMain } from 'electron';
import type { z } from 'zod';
import type { IpcChannel } from '../shared/desktop-bridge';
import { isAppUrl } from './navigation';

/** The part of `IpcMainInvokeEvent` the sender check reads. */
export interface IpcSender {
  senderFrame: { url: string; parent: unknown } | null;
}

/**
 * Only the app's own top frame may call the bridge (Electron security checklist 17): not a
 * Stripe iframe, not a page the window was somehow navigated to, not a frame already gone.
 */
export function isTrustedSender(event: IpcSender, origins: readonly string[]): boolean {
  const frame = event.senderFrame;
  return frame !== null && frame.parent === null && isAppUrl(frame.url, origins);
}

export class IpcRefusal extends Error {
  override name = 'IpcRefusal';
}

/** Parses the positional arguments of one channel; the message never echoes them (tokens). */
export function parseArgs<T extends z.ZodType>(channel: IpcChannel, schema: T, args: unknown[]): z.infer<T> {
  const result = schema.safeParse(args);
  if (!result.success) throw new IpcRefusal(`Invalid arguments for ${channel}`);
  return result.data;
}

export type IpcHandler = (args: unknown[]) => unknown;
export type IpcHandlers = Partial<Record<IpcChannel, IpcHandler>>;

/** Wraps a handler with the sender check; exported so tests call exactly what ipcMain runs. */
export function guard(channel: IpcChannel, origins: readonly string[], handler: IpcHandler) {
  return (event: IpcSender, ...args: unknown[]): unknown => {
    if (!isTrustedSender(event, origins)) {
      throw new IpcRefusal(`Untrusted sender for ${channel}`);
    }
    return handler(args);
  };
}

export function registerIpcHandlers(ipcMain: IpcMain, origins: readonly string[], handlers: IpcHandlers): void {
  for (const [channel, handler] of Object.entries(handlers) as [IpcChannel, IpcHandler][]) {
    ipcMain.handle(channel, guard(channel, origins, handler));
  }
}
