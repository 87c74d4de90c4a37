/**
 * The reception kiosk's idle reset (DESIGN.md §6): after 3 minutes without input the session is
 * reset, and the last 20 seconds show a warning that any input cancels. Pure and timer-injected,
 * so it is tested with fake timers; the React overlay only wires events and shows the phase.
 */
export const KIOSK_IDLE_MS = 3 * 60_000;
export const KIOSK_WARNING_MS = 20_000;

export type IdlePhase = 'stopped' | 'active' | 'warning' | 'resetting';

export interface IdleTimerOptions {
  /** Time without input after which the session is reset. */
  idleMs?: number;
  /** Length of the warning, counted back from the reset. */
  warningMs?: number;
  /** The warning starts; `deadline` is when the reset will run (same clock as `now`). */
  onWarning: (deadline: number) => void;
  /** An input cancelled the warning. */
  onWarningCancelled: () => void;
  /** Runs once per idle period; the timer restarts when it settles. */
  onReset: () => void | Promise<void>;
  /**
   * Whether there is anything to reset (a session, a page other than the home page). When there
   * is not, the kiosk stays quiet instead of warning an empty screen every 3 minutes.
   */
  hasSomethingToReset?: () => boolean;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface IdleTimer {
  start(): void;
  /** Any user input: a touch, a key, the wheel. */
  activity(): void;
  stop(): void;
  phase(): IdlePhase;
}

export function createIdleTimer(options: IdleTimerOptions): IdleTimer {
  const idleMs = options.idleMs ?? KIOSK_IDLE_MS;
  const warningMs = Math.min(options.warningMs ?? KIOSK_WARNING_MS, idleMs);
  const quietMs = idleMs - warningMs;
  const now = options.now ?? (() => Date.now());
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));

  let phase: IdlePhase = 'stopped';
  let lastInput = 0;
  let timer: unknown;

  function schedule(callback: () => void, ms: number) {
    if (timer !== undefined) clearTimer(timer);
    timer = setTimer(
      () => {
        timer = undefined;
        callback();
      },
      Math.max(0, ms),
    );
  }

  function cancelTimer() {
    if (timer !== undefined) clearTimer(timer);
    timer = undefined;
  }

  function beginActive() {
    phase = 'active';
    lastInput = now();
    schedule(checkQuiet, quietMs);
  }

  /**
   * Inputs only record their time: the timer is not re-armed on every pointer move, it checks
   * when it fires whether the quiet period really elapsed.
   */
  function checkQuiet() {
    if (phase !== 'active') return;
    const elapsed = now() - lastInput;
    if (elapsed < quietMs) {
      schedule(checkQuiet, quietMs - elapsed);
      return;
    }
    if (options.hasSomethingToReset && !options.hasSomethingToReset()) {
      beginActive();
      return;
    }
    phase = 'warning';
    schedule(reset, warningMs);
    options.onWarning(now() + warningMs);
  }

  function reset() {
    if (phase !== 'warning') return;
    phase = 'resetting';
    let outcome: void | Promise<void>;
    try {
      outcome = options.onReset();
    } catch (error) {
      outcome = Promise.reject(error);
    }
    void Promise.resolve(outcome)
      .catch((error: unknown) => {
        console.error('[parc] kiosk reset failed', error);
      })
      .finally(() => {
        if (phase === 'resetting') beginActive();
      });
  }

  return {
    start() {
      if (phase === 'stopped') beginActive();
    },
    activity() {
      if (phase === 'active') {
        lastInput = now();
      } else if (phase === 'warning') {
        beginActive();
        options.onWarningCancelled();
      }
      // 'resetting': too late, the session is already being wiped; 'stopped': nothing to do.
    },
    stop() {
      cancelTimer();
      phase = 'stopped';
    },
    phase: () => phase,
  };
}

/** Seconds left before `deadline`, rounded up so the countdown shows 20 … 1, never 0 early. */
export function secondsLeft(deadline: number, at: number): number {
  return Math.max(0, Math.ceil((deadline - at) / 1000));
}
