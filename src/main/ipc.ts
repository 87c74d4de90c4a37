import type { IpcMain } from 'electron';
import type { z } from 'zod';
import {
  IPC_ERRORS,
  ipcError,
  ipcOk,
  type IpcChannelValues,
  type IpcInvokeChannel,
  type IpcResult,
} from '../shared/desktop-bridge';
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

/**
 * Parses the positional arguments of one channel with its zod schema from src/shared. The error
 * never echoes them (they may hold a token).
 */
export function parseArgs<T extends z.ZodType>(schema: T, args: unknown[]): IpcResult<z.infer<T>> {
  const result = schema.safeParse(args);
  return result.success ? ipcOk(result.data) : ipcError(IPC_ERRORS.invalidArguments);
}

/** One channel's handler: its raw arguments in, an {@link IpcResult} out, never a throw on purpose. */
export type IpcHandler<C extends IpcInvokeChannel = IpcInvokeChannel> = (
  args: unknown[],
) => Promise<IpcResult<IpcChannelValues[C]>>;
export type IpcHandlers = { [C in IpcInvokeChannel]?: IpcHandler<C> };

/** What ipcMain runs for a channel: the sender check, then the handler. */
export type GuardedHandler<C extends IpcInvokeChannel = IpcInvokeChannel> = (
  event: IpcSender,
  ...args: unknown[]
) => Promise<IpcResult<IpcChannelValues[C]>>;

/**
 * Wraps a handler with the sender check, and turns anything it throws into an unexpected error
 * (logged with the channel only, never the arguments). Exported so tests call exactly what ipcMain
 * runs.
 */
export function guard<C extends IpcInvokeChannel>(
  channel: C,
  origins: readonly string[],
  handler: IpcHandler<C>,
  log: (message: string) => void = console.warn,
): GuardedHandler<C> {
  return async (event, ...args) => {
    if (!isTrustedSender(event, origins)) {
      log(`[parc] IPC call refused on ${channel}: untrusted sender`);
      return ipcError(IPC_ERRORS.refused);
    }
    try {
      return await handler(args);
    } catch (error) {
      log(`[parc] IPC handler of ${channel} failed: ${error instanceof Error ? error.message : String(error)}`);
      return ipcError(IPC_ERRORS.unexpected);
    }
  };
}

export function registerIpcHandlers(
  ipcMain: Pick<IpcMain, 'handle'>,
  origins: readonly string[],
  handlers: IpcHandlers,
  log: (message: string) => void = console.warn,
): void {
  for (const channel of Object.keys(handlers) as IpcInvokeChannel[]) {
    const handler = handlers[channel] as IpcHandler | undefined;
    if (handler) ipcMain.handle(channel, guard(channel, origins, handler, log));
  }
}
